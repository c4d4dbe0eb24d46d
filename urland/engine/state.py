"""The complete game state: plain integers and flat lists, so that a clone costs microseconds.

Ichto counts are one flat list indexed `area * n_players + seat`. Regions merged by volcanoes
(rule R1) are a union-find over region indices: only a root holds Ichtos, and the per-root
adjacency (`region_oceans`, `region_straits`, `ocean_regions`) is recomputed on each merge.

`phase` names the decision the engine waits for (None while it runs automatic steps), `actor`
the seat that must make it. `agenda` is a stack of automatic steps still to run; see flow.py.

Every field is declared once, in `FIELDS`; the class's slots, `clone()`, `key()`,
`public_key()`, `blank()` (the start values set-up and the notation reader begin from) and the
position notation's order and defaults (engine/position.py) all follow from that table. A new
field is one row there (and, when it has a notation key, its writer and reader in position.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from urland.engine import rng
from urland.engine.board import Board

PANIC = 0  # chip id of the Panic chip; region chips are the region numbers

CHIP = "choose_chip"
ACTION = "action"
PANIC_REGION = "panic_region"
PANIC_OCEAN = "panic_ocean"
PANIC_EARS = "panic_ears"
VOLCANO_EARS = "volcano_ears"
BID = "bid"
BUY = "buy"
OVER = "game_over"

PHASES = (CHIP, ACTION, PANIC_REGION, PANIC_OCEAN, PANIC_EARS, VOLCANO_EARS, BID, BUY, OVER)

COLOUR_NAMES = ("White", "Black", "Grey", "Purple", "Green")

NOTHING_USED: frozenset[str] = frozenset()  # no once-per-turn action used yet this turn

Shape = Literal["list", "scalar", "log"]


@dataclass(frozen=True)
class Field:
    """One field of the state.

    `shape`: "list" (a list, copied on clone), "scalar" (an immutable value, shared on clone)
    or "log" (the events, never copied). `start` is the value a new state begins with: a
    constant, or for a list a function of (board, players). `notation` is the field's key in
    the position notation (None: not written, it follows from the others). `public`: every seat
    may know it (so the bots may remember a move by it; see `public_key`).
    """

    name: str
    type: str
    shape: Shape
    start: object
    notation: str | None
    public: bool = True


def _per_seat(value: int) -> Callable[[Board, int], list[int]]:
    return lambda board, n: [value] * n


def _empty(board: Board, n: int) -> list:
    return []


# In the position notation's order; the fields it does not write come last.
FIELDS: tuple[Field, ...] = (
    Field("n", "int", "scalar", 0, "players"),
    Field("colours", "tuple[int, ...]", "scalar", (), "colours"),
    Field("phase", "str | None", "scalar", None, "phase"),
    Field("actor", "int", "scalar", -1, "actor"),
    Field("actions_left", "int", "scalar", 0, "actions"),
    Field("used_this_turn", "frozenset[str]", "scalar", NOTHING_USED, "used"),
    Field("env", "int", "scalar", 0, "env"),
    Field("turn", "int", "scalar", 1, "turn"),
    Field("epoch", "int", "scalar", 1, "epoch"),
    Field("track", "list[int]", "list", _per_seat(0), "track"),
    Field("reserve", "list[int]", "list", _per_seat(0), "reserve"),
    Field("double_chips", "list[int]", "list", _per_seat(0), "double"),
    Field("genes", "list[int]", "list", _per_seat(0), "genes"),
    Field("counts", "list[int]", "list", lambda board, n: [0] * (board.n_areas * n), "ichtos"),
    Field("pile", "list[int]", "list", _empty, "pile", public=False),
    Field("hand", "list[int]", "list", _empty, "hand", public=False),
    Field("chosen", "int", "scalar", -1, "chosen", public=False),
    Field("panic_aside", "bool", "scalar", False, "aside"),
    Field("board_chips", "list[int]", "list", _empty, "scored"),
    Field("out_chips", "list[int]", "list", _empty, "out"),
    Field("volcanoes", "int", "scalar", 0, "volcanoes"),
    Field("seen", "list[int]", "list", lambda board, n: [0] * (board.n_regions + 1), "seen",
          public=False),
    Field("display", "list[str]", "list", _empty, "display"),
    Field("deck", "list[str]", "list", _empty, "deck", public=False),
    Field("mutations_done", "int", "scalar", 0, "mutated"),
    Field("mutations", "int", "scalar", 0, "mutations"),
    Field("panics", "int", "scalar", 0, "panics"),
    Field("bids", "list[int]", "list", _empty, "bids", public=False),
    Field("ranking", "list[int]", "list", _empty, "ranking"),
    Field("bought", "int", "scalar", 0, "bought"),
    Field("must_buy", "bool", "scalar", False, "must_buy"),
    Field("choices", "list[int]", "list", _empty, "choices"),
    Field("queue", "list[tuple]", "list", _empty, "queue"),
    Field("focus", "int", "scalar", -1, "focus"),
    Field("focus_ocean", "int", "scalar", -1, "focus_ocean"),
    Field("agenda", "list[tuple]", "list", _empty, "agenda"),
    Field("ending", "bool", "scalar", False, "ending"),
    Field("winner", "int", "scalar", -1, "winner"),
    Field("rng", "int", "scalar", 0, "rng", public=False),
    Field("board", "Board", "scalar", None, None),
    Field("parent", "list[int]", "list", lambda board, n: list(range(board.n_regions)), None),
    Field("region_oceans", "list[tuple[int, ...]]", "list",
          lambda board, n: list(board.region_oceans), None),
    Field("region_straits", "list[tuple[int, ...]]", "list",
          lambda board, n: list(board.region_straits), None),
    Field("ocean_regions", "list[tuple[int, ...]]", "list", _empty, None),
    Field("events", "list | None", "log", None, None),
)
FIELD_NAMES = tuple(f.name for f in FIELDS)
_KEY_FIELDS = tuple(f.name for f in FIELDS if f.shape != "log" and f.name != "board")
_PUBLIC_FIELDS = tuple(f for f in _KEY_FIELDS if next(x for x in FIELDS if x.name == f).public)


def _key_source(name: str, fields: tuple[str, ...]) -> str:
    """A method returning `fields` as one tuple (lists as tuples), written out so it runs fast."""
    shape = {f.name: f.shape for f in FIELDS}
    items = ", ".join(f"tuple(self.{f})" if shape[f] == "list" else f"self.{f}" for f in fields)
    return f"def {name}(self):\n    return ({items},)\n"


def _clone_source() -> str:
    lines = ["def clone(self, events=False):", "    c = _new(GameState)"]
    for f in FIELDS:
        if f.shape == "list":
            lines.append(f"    c.{f.name} = self.{f.name}[:]")
        elif f.shape == "scalar":
            lines.append(f"    c.{f.name} = self.{f.name}")
        else:
            lines.append(f"    c.{f.name} = [] if events else None")
    lines.append("    return c")
    return "\n".join(lines) + "\n"


def _compiled(source: str, name: str) -> Callable:
    namespace: dict = {"_new": object.__new__, "GameState": GameState}
    exec(compile(source, f"<GameState.{name}>", "exec"), namespace)  # our own text, from FIELDS
    return namespace[name]


class GameState:
    """One position of the game; its fields are the rows of `FIELDS` (see the module's
    docstring). `clone`, `key` and `public_key` are written out from that table once, below
    the class, so that they run as fast as hand-written ones."""

    __slots__ = FIELD_NAMES
    __annotations__ = {f.name: f.type for f in FIELDS}

    @classmethod
    def blank(cls, board: Board, players: int) -> GameState:
        """A state holding every field's start value (`Field.start`), before set-up."""
        s = cls.__new__(cls)
        for f in FIELDS:
            setattr(s, f.name, f.start(board, players) if callable(f.start) else f.start)
        s.board, s.n, s.colours = board, players, tuple(range(players))
        return s

    @property
    def double_used(self) -> bool:
        """Was a double-turn chip handed in this turn (rules 4.3)?"""
        return "double" in self.used_this_turn

    # --- small helpers used all over the rules -------------------------------------------

    def count(self, area: int, seat: int) -> int:
        return self.counts[area * self.n + seat]

    def area_counts(self, area: int) -> list[int]:
        base = area * self.n
        return self.counts[base:base + self.n]

    def area_total(self, area: int) -> int:
        base = area * self.n
        return sum(self.counts[base:base + self.n])

    def on_board(self, seat: int) -> int:
        n = self.n
        return sum(self.counts[seat::n])

    def on_land(self, seat: int) -> int:
        n = self.n
        return sum(self.counts[seat:self.board.n_regions * n:n])

    def has(self, seat: int, gene_bit: int) -> bool:
        return bool(self.genes[seat] & gene_bit)

    def root(self, region: int) -> int:
        parent = self.parent
        while parent[region] != region:
            region = parent[region]
        return region

    def live_regions(self) -> list[int]:
        """Roots: the land regions on the board now (merged regions count once)."""
        return [r for r, p in enumerate(self.parent) if p == r]

    def region_chips(self, root: int) -> list[int]:
        """The chips still in the game whose region now belongs to `root`."""
        gone = set(self.out_chips)
        return [self.board.region_numbers[r] for r in range(len(self.parent))
                if self.root(r) == root and self.board.region_numbers[r] not in gone]

    def rearmost(self) -> int:
        """The seat furthest back on the score track (ties cannot happen: one marker a space)."""
        track = self.track
        return min(range(self.n), key=track.__getitem__)

    def colour_name(self, seat: int) -> str:
        return COLOUR_NAMES[self.colours[seat]]

    def rand_below(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        return value

    def shuffle(self, items: list) -> None:
        self.rng = rng.shuffle(self.rng, items)

    @property
    def dead(self) -> int:
        return (self.env + 1) % self.n

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def chip_area(self, chip: int) -> int:
        """The region index of a region chip."""
        return self.board.region_numbers.index(chip)


GameState.clone = _compiled(_clone_source(), "clone")
GameState.clone.__doc__ = ("An independent copy. Events are not copied; pass events=True to "
                           "record new ones.")
GameState.key = _compiled(_key_source("key", _KEY_FIELDS), "key")
GameState.key.__doc__ = "Everything that decides the future of the game, as one comparable value."
GameState.public_key = _compiled(_key_source("public_key", _PUBLIC_FIELDS), "public_key")
GameState.public_key.__doc__ = (
    "What every seat knows of the position, as one comparable value: two positions whose "
    "legal Ichto actions differ never share it, so a bot may remember a move by it.")
