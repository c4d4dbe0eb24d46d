"""What sentence builders need besides a catalogue: the players' names and the board's areas."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from urland.engine import COLOUR_NAMES, Board
from urland.texts import assets
from urland.texts.i18n import N_, _, pgettext
from urland.texts.messages import Catalogue


def sentences() -> Catalogue | None:
    """The sentences players read (assets/texts/sentences.yaml); None when it is damaged."""
    return assets.sentences()


# the engine's COLOUR_NAMES, in the same order, marked for the catalogue
_COLOURS = (N_("White"), N_("Black"), N_("Grey"), N_("Purple"), N_("Green"))
assert len(_COLOURS) == len(COLOUR_NAMES)




def colour_word(colour: int) -> str:
    """A colour's name in the current language."""
    return _(_COLOURS[colour])


SOFT_HYPHEN = "\u00ad"  # where a translated ocean name may break on the board ("West-ozean")


def ocean_name(name: str, breakable: bool = False) -> str:
    """An ocean's name (assets/board.yaml) in the current language; `breakable` keeps the soft
    hyphens a translation may put where the board can break a long name."""
    translated = pgettext("ocean", name)
    return translated if breakable else translated.replace(SOFT_HYPHEN, "")


def colour_names(colours: Sequence[int]) -> list[str]:
    """The default names: each seat's colour."""
    return [colour_word(c) for c in colours]


class Words:
    """A catalogue with `names[seat]` for each seat and the board for area names."""

    def __init__(self, texts: Catalogue, names: Sequence[str], board: Board) -> None:
        self.texts = texts
        self.names = names
        self.board = board

    def say(self, message_id: str, **values: Any) -> str:
        return self.texts.say(message_id, **values)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def seats(self, seats: Sequence[int], style: str = "and") -> str:
        return self.texts.join([self.names[s] for s in seats], style)

    def area(self, area: int) -> str:
        """The area's short name: '5' or 'O2'."""
        return self.board.area_name(area)

    def label(self, area: int) -> str:
        """The area as a sentence names it: 'region 5' or 'O2 (North Ocean)'."""
        b = self.board
        if area < b.n_regions:
            return self.say("region_label", number=b.region_numbers[area])
        i = area - b.n_regions
        return self.say("ocean_label", id=b.ocean_ids[i], name=ocean_name(b.ocean_names[i]))

    def kind(self, area: int) -> str:
        """'region' or 'ocean': a template selects on it to choose its article and preposition."""
        return "region" if area < self.board.n_regions else "ocean"

    def place(self, area: int, prefix: str = "area") -> dict[str, Any]:
        """The values a template names an area with: {area} ('5', 'O2'), {area_label}
        ('region 5', 'O2 (North Ocean)') and {area_kind} ('region' or 'ocean')."""
        return {prefix: self.area(area), f"{prefix}_label": self.label(area),
                f"{prefix}_kind": self.kind(area)}

    def number(self, area: int) -> int:
        return self.board.region_numbers[area]

    def listing(self, items: Sequence[Any], style: str = "and") -> str:
        return self.texts.join(list(items), style)

    def scores(self, points: dict[int, int], message_id: str = "points") -> str:
        """'White +3, Black +2' (each item from the message `message_id`)."""
        return self.texts.join([self.say(message_id, seat=self.name(s), points=p)
                                for s, p in points.items()], "comma")


def area_label(board: Board, area: int) -> str:
    """An area as a sentence names it ('region 5', 'O2 (North Ocean)'), in the current
    language; the board's own label when the sentence file is damaged."""
    texts = sentences()
    if texts is None:
        return board.area_label(area)
    return Words(texts, (), board).label(area)


def area_values(board: Board, area: int, prefix: str = "area") -> dict[str, Any]:
    """The values a template names an area with (see `Words.place`): {area} ('5', 'O2'),
    {area_label} ('region 5', 'O2 (North Ocean)') and {area_kind} ('region' or 'ocean')."""
    return {prefix: board.area_name(area), f"{prefix}_label": area_label(board, area),
            f"{prefix}_kind": "region" if area < board.n_regions else "ocean"}


def joined_list(items: Sequence[str], style: str = "and") -> str:
    """'5', '5 and 6', '4, 5 and 6' in the current language."""
    texts = sentences()
    return texts.join(items, style) if texts is not None else ", ".join(items)
