"""What sentence builders need besides a catalogue: the players' names and the board's areas."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from urland.engine import COLOUR_NAMES, Board
from urland.texts import assets
from urland.texts.messages import Catalogue


def sentences() -> Catalogue | None:
    """The sentences players read (assets/texts/sentences.yaml); None when it is damaged."""
    return assets.sentences()


def colour_names(colours: Sequence[int]) -> list[str]:
    """The default names: each seat's colour."""
    return [COLOUR_NAMES[c] for c in colours]


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
        return self.say("ocean_label", id=b.ocean_ids[i], name=b.ocean_names[i])

    def number(self, area: int) -> int:
        return self.board.region_numbers[area]

    def listing(self, items: Sequence[Any], style: str = "and") -> str:
        return self.texts.join(list(items), style)

    def scores(self, points: dict[int, int], message_id: str = "points") -> str:
        """'White +3, Black +2' (each item from the message `message_id`)."""
        return self.texts.join([self.say(message_id, seat=self.name(s), points=p)
                                for s, p in points.items()], "comma")
