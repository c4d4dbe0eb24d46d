"""The in-game rules as pages (no pygame here): one page per topic of assets/texts/rules.yaml,
with its worked examples as diagrams (a position, and the move that shows the rule), and one
page per gene card with its example; a search by word; the page that fits where the player is.

A diagram's "after" position is played by the engine itself, so a picture can never show
something the rules would not do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from urland.engine import (
    Game,
    GameState,
    UrlandError,
    parse_move,
    position_from_text,
)
from urland.texts.assets import gene_examples, gene_texts, rules_text
from urland.texts.i18n import _, fmt
from urland.texts.words import sentences


@dataclass(frozen=True)
class Diagram:
    before: GameState
    after: GameState | None
    glow: frozenset[int]
    caption: str
    focus: tuple[int, ...] = ()  # areas the picture zooms in on (none: the whole board)
    track: tuple[int, int] | None = None  # track spaces the picture must show, first and last


@dataclass(frozen=True)
class Page:
    key: str  # "rules:<n>" or "gene:<gene key>"
    title: str
    text: str
    diagrams: tuple[Diagram, ...] = ()
    gene: str = ""  # the gene key, for a gene card's page
    example: str = ""
    words: str = field(default="", repr=False)  # what the search looks in, lower case

    def matches(self, query: str) -> bool:
        return all(word in self.words for word in query.lower().split())


def _diagram(raw: dict) -> Diagram | None:
    """A diagram from its data; None (the page shows its text alone) when it is damaged."""
    try:
        before = position_from_text(str(raw["position"]))
        after = None
        if raw.get("move"):  # one move, or a list of them played in turn
            game = Game.from_position(before)
            moves = raw["move"] if isinstance(raw["move"], list) else [raw["move"]]
            for move in moves:
                game.play(parse_move(str(move), game.board))
            after = game.state
        board = before.board
        glow = frozenset(board.parse_area(str(a)) for a in raw.get("glow", ()))
        focus = tuple(board.parse_area(str(a)) for a in raw.get("focus", ()))
        track = tuple(int(v) for v in raw["track"]) if raw.get("track") else None
        return Diagram(before, after, glow, str(raw.get("caption", "")), focus,
                       track)  # type: ignore[arg-type]
    except (UrlandError, KeyError, TypeError, ValueError):
        return None


def pages() -> tuple[Page, ...]:
    """Every page; built again only when the texts were read again."""
    sections, cards, examples = rules_text(), gene_texts(), gene_examples()
    return _pages(_Texts(sections), _Texts(cards), _Texts(examples))


class _Texts:
    """The texts a set of pages was made from, compared by identity (they are read once)."""

    def __init__(self, value) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Texts) and other.value is self.value

    def __hash__(self) -> int:
        return id(self.value)


@lru_cache(maxsize=1)
def _pages(sections: _Texts, cards: _Texts, example_texts: _Texts) -> tuple[Page, ...]:
    out: list[Page] = []
    for n, section in enumerate(sections.value):
        raw = section.get("diagrams") or []
        diagrams = tuple(d for d in (_diagram(r) for r in raw if isinstance(r, dict)) if d)
        words = " ".join([section["title"], section["text"]] + [d.caption for d in diagrams])
        out.append(Page(f"rules:{section.get('id', n)}", section["title"], section["text"],
                        diagrams, words=words.lower()))
    examples = example_texts.value
    for key, card in cards.value.items():
        kind = _("always on") if card["kind"] == "always" else _("action")
        example = examples.get(key, "")
        out.append(Page(f"gene:{key}", fmt("{gene} ({kind})", gene=card["name"], kind=kind),
                        card["text"], gene=key, example=example,
                        words=" ".join([card["name"], card["text"], example, _("gene"),
                                        _move_words(card["move"])]).lower()))
    return tuple(out)


def _move_words(move: str) -> str:
    """The words of a gene's move as the area menu offers it ("Bite an Ichto of ..."), so
    that searching for the verb finds the gene; its placeholders left out."""
    texts = sentences()
    template = texts.messages.get(f"move_{move}", "") if texts is not None and move else ""
    kept, depth = [], 0
    for char in template:
        depth += (char == "{") - (char == "}")
        if depth == 0 and char != "}":
            kept.append(char)
    return "".join(kept)


def search(query: str) -> list[Page]:
    """The pages that hold every word of the query (all pages for an empty query), those
    whose title holds them first ("scor" opens "Scoring a region", not "The aim")."""
    words = query.lower().split()
    found = [p for p in pages() if p.matches(query)]
    return sorted(found, key=lambda p: not all(w in p.title.lower() for w in words))


def page_index(key: str | None) -> int:
    """Where a topic's page is (0, the first, for an unknown or no topic)."""
    if key and not key.startswith(("rules:", "gene:")):
        key = TOPIC_OF_DECISION.get(key)
    return next((i for i, p in enumerate(pages()) if p.key == key), 0)


# The page that fits a decision the table is waiting for (a rules.yaml section's id).
TOPIC_OF_DECISION = {
    "choose_chip": "rules:roles", "action": "rules:actions", "bid": "rules:mutations",
    "buy": "rules:mutations", "panic_region": "rules:panic", "panic_ocean": "rules:panic",
    "panic_ears": "rules:panic", "volcano_ears": "rules:volcanoes", "game_over": "rules:end",
}
