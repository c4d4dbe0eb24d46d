"""Positions as text: a whole `GameState` as one line of `key=value` fields.

See docs/position-notation.md.

    text = position_to_text(state)          # canonical: fields in a fixed order, defaults left out
    state = position_from_text(text)        # PositionError saying which field and what is wrong

`position_from_text(position_to_text(s)).key() == s.key()` for every state the rules reach (and
for every view). The board is not written: the reader takes it as an argument. Merged regions are
not written either: they follow from the chips out of the game, whose volcanoes erupted in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from urland.engine import volcano
from urland.engine.actions import ONCE_PER_TURN_KINDS
from urland.engine.board import Board, standard_board
from urland.engine.errors import PositionError
from urland.engine.flow import STEPS
from urland.engine.genes import BIT, GENE_INDEX, genes_in
from urland.engine.player_counts import ICHTOS_PER_COLOUR, numbers_for
from urland.engine.state import FIELDS as STATE_FIELDS
from urland.engine.state import PANIC, PHASES, GameState
from urland.engine.view import UNKNOWN

MAGIC = "upn1"  # Urland position notation, version 1
NONE = "-"  # an empty list, or no value (no phase, no actor, no chosen chip ...)
T = TypeVar("T")

# Every field in the order the writer writes them: the state's fields that have a notation key.
FIELDS = tuple(f.notation for f in STATE_FIELDS if f.notation)
_ATTRIBUTE = {f.notation: f.name for f in STATE_FIELDS if f.notation}
# Keys of older texts, still read: `double_used=1` is `used=double`.
LEGACY_FIELDS = ("double_used",)


# --- writing --------------------------------------------------------------------------------

def position_to_text(state: GameState) -> str:
    """The position as one line of notation; fields equal to their default are left out."""
    defaults = _defaults(state.n, state.counts, len(state.out_chips), state.board)
    texts = ((key, _WRITERS[key](state)) for key in FIELDS)
    return " ".join([MAGIC] + [f"{k}={v}" for k, v in texts if v != defaults.get(k)])


def _field_texts(s: GameState) -> dict[str, str]:
    return {key: _WRITERS[key](s) for key in FIELDS}


def _ichtos_text(s: GameState) -> str:
    b = s.board
    return _listing(f"{b.area_name(a)}:{_per_seat(s.area_counts(a))}"
                    for a in range(b.n_areas) if s.area_total(a))


def _seen_text(s: GameState) -> str:
    return _listing(f"{_chip_text(c)}:" + "".join(_seat_text(p) for p in range(s.n) if m >> p & 1)
                    for c, m in enumerate(s.seen) if m)


def _area_or_none_text(s: GameState, area: int) -> str:
    return NONE if area == -1 else s.board.area_name(area)


_WRITERS: dict[str, Callable[[GameState], str]] = {
    "players": lambda s: str(s.n),
    "colours": lambda s: "".join(str(c) for c in s.colours),
    "phase": lambda s: s.phase or NONE,
    "actor": lambda s: _seat_text(s.actor),
    "actions": lambda s: str(s.actions_left),
    "used": lambda s: _listing(sorted(s.used_this_turn)),
    "env": lambda s: _seat_text(s.env),
    "turn": lambda s: str(s.turn),
    "epoch": lambda s: str(s.epoch),
    "track": lambda s: _per_seat(s.track),
    "reserve": lambda s: _per_seat(s.reserve),
    "double": lambda s: _per_seat(s.double_chips),
    "genes": lambda s: ".".join("+".join(genes_in(g)) or NONE for g in s.genes),
    "ichtos": _ichtos_text,
    "pile": lambda s: _listing(_chip_text(c) for c in s.pile),
    "hand": lambda s: _listing(_chip_text(c) for c in s.hand),
    "chosen": lambda s: NONE if s.chosen == -1 else _chip_text(s.chosen),
    "aside": lambda s: _flag(s.panic_aside),
    "scored": lambda s: _listing(_chip_text(c) for c in s.board_chips),
    "out": lambda s: _listing(_chip_text(c) for c in s.out_chips),
    "volcanoes": lambda s: str(s.volcanoes),
    "seen": _seen_text,
    "display": lambda s: _listing(s.display),
    "deck": lambda s: _listing(s.deck),
    "mutated": lambda s: _listing(str(space) for i, space in enumerate(s.board.mutation_spaces)
                                  if s.mutations_done >> i & 1),
    "mutations": lambda s: str(s.mutations),
    "panics": lambda s: str(s.panics),
    "bids": lambda s: ".".join(_bid_text(v) for v in s.bids) or NONE,
    "ranking": lambda s: _listing(_seat_text(p) for p in s.ranking),
    "bought": lambda s: str(s.bought),
    "must_buy": lambda s: _flag(s.must_buy),
    "choices": lambda s: _listing(s.board.area_name(a) for a in s.choices),
    "queue": lambda s: _listing(f"{_seat_text(p)}:{s.board.area_name(a)}:{k}"
                                for p, a, k in s.queue),
    "focus": lambda s: _area_or_none_text(s, s.focus),
    "focus_ocean": lambda s: _area_or_none_text(s, s.focus_ocean),
    "agenda": lambda s: _listing(":".join(map(str, step)) for step in s.agenda),
    "ending": lambda s: _flag(s.ending),
    "winner": lambda s: _seat_text(s.winner),
    "rng": lambda s: f"{s.rng:x}",
}


def _defaults(players: int, counts: list[int], out: int, board: Board) -> dict[str, str]:
    """The text a field takes when left out: its start value's (engine/state.py), but the
    reserve (every Ichto not on the board), the double-turn chips and the volcanoes."""
    defaults = dict(_start_texts(board, players))
    defaults["reserve"] = _per_seat([ICHTOS_PER_COLOUR - 1 - sum(counts[p::players])
                                     for p in range(players)])
    defaults["volcanoes"] = str(out)
    return defaults


_START_TEXTS: dict[tuple[int, int], tuple[Board, dict[str, str]]] = {}


def _start_texts(board: Board, players: int) -> dict[str, str]:
    """The texts of a blank state's fields, worked out once per board and player count (a
    board is looked up by identity: hashing one reads all its fields)."""
    known = _START_TEXTS.get((id(board), players))
    if known is None or known[0] is not board:
        texts = _field_texts(GameState.blank(board, players))
        texts["double"] = _per_seat([numbers_for(players).double_turn_chips] * players)
        del texts["players"]
        known = _START_TEXTS[(id(board), players)] = (board, texts)
    return known[1]


def _per_seat(values: list[int]) -> str:
    return ".".join(map(str, values))


def _listing(items) -> str:
    return ",".join(items) or NONE


def _flag(value: bool) -> str:
    return "1" if value else "0"


def _seat_text(seat: int) -> str:
    return NONE if seat == -1 else f"p{seat + 1}"


def _chip_text(chip: int) -> str:
    return "?" if chip == UNKNOWN else "P" if chip == PANIC else str(chip)


def _bid_text(bid: int) -> str:
    return "?" if bid == UNKNOWN else "_" if bid == -1 else str(bid)


# --- reading --------------------------------------------------------------------------------

def position_from_text(text: str, board: Board | None = None, events: bool = True) -> GameState:
    """The position the text describes. Fields may come in any order; left out, a field takes
    its default. Raises PositionError naming the field (and its token) for anything wrong."""
    return _Reader(text, board or standard_board()).read(events)


class _Reader:
    def __init__(self, text: str, board: Board) -> None:
        self.board = board
        tokens = text.split() if isinstance(text, str) else []
        if not tokens or tokens[0] != MAGIC:
            raise PositionError(f"Not an Urland position: the text must begin with {MAGIC!r}.")
        self.fields: dict[str, tuple[int, str]] = {}
        for i, token in enumerate(tokens[1:], start=2):
            key, sep, value = token.partition("=")
            if not sep:
                raise PositionError(f"Position, token {i} {token!r}: expected key=value.")
            if key not in FIELDS and key not in LEGACY_FIELDS:
                raise PositionError(f"Position, token {i}: unknown field {key!r} (known: "
                                    f"{', '.join(FIELDS)}).")
            if key in self.fields:
                raise PositionError(f"Position, token {i}: field {key!r} given twice.")
            if not value:
                raise PositionError(f"Position, field {key!r} (token {i}): empty value.")
            self.fields[key] = (i, value)
        if "players" not in self.fields:
            raise PositionError("Position: the field 'players' (3, 4 or 5) is required.")
        self.n = 0
        self.defaults: dict[str, str] = {}

    # -- the field readers: each knows its field's name and token for the error ------------

    def fail(self, key: str, why: str) -> PositionError:
        where = f"token {self.fields[key][0]}" if key in self.fields else "its default"
        return PositionError(f"Position, field {key!r} ({where}): {why}.")

    def value(self, key: str) -> str:
        if key in self.fields:
            return self.fields[key][1]
        return self.defaults[key]

    def parse(self, key: str, convert: Callable[[str], T]) -> T:
        """Apply `convert` to the field's text; a ValueError becomes a PositionError."""
        try:
            return convert(self.value(key))
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None

    def items(self, key: str, convert: Callable[[str], T], sep: str = ",") -> list[T]:
        text = self.value(key)
        if text == NONE:
            return []
        try:
            return [convert(item) for item in text.split(sep)]
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None

    def per_seat(self, key: str, convert: Callable[[str], T]) -> list[T]:
        values = self.items(key, convert, ".")
        if len(values) != self.n:
            raise self.fail(key, f"expected {self.n} values separated by '.', one per seat, "
                                 f"got {len(values)}")
        return values

    # -- putting the state together -------------------------------------------------------

    def read(self, events: bool) -> GameState:
        board = self.board
        n = self.n = self.parse("players", _players)
        self.defaults = _defaults(n, [0] * (board.n_areas * n), 0, board)
        s = GameState.blank(board, n)
        s.colours = tuple(self.parse("colours", _colours(n)))
        s.counts = [0] * (board.n_areas * n)
        for area, counts in self.items("ichtos", self._area_counts):
            for seat, k in enumerate(counts):
                s.counts[area * n + seat] = k
        self.defaults = _defaults(n, s.counts, 0, board)
        s.out_chips = self.items("out", self._chip)
        self._merge(s)
        self.defaults = _defaults(n, s.counts, len(s.out_chips), board)
        s.volcanoes = self.parse("volcanoes", _count)

        for key in FIELDS:
            if key not in _READ_FIRST:
                setattr(s, _ATTRIBUTE[key], _READERS[key](self))
        s.events = [] if events else None
        return s

    def _used(self) -> frozenset[str]:
        used = frozenset(self.items("used", _action_kind))
        if "double_used" in self.fields and self.parse("double_used", _bool):
            used |= {"double"}
        return used

    def _chosen(self, text: str) -> int:
        return -1 if text == NONE else self._chip_or_unknown(text)

    def _seen(self) -> list[int]:
        seen = [0] * (self.board.n_regions + 1)
        for chip, mask in self.items("seen", self._seen_entry):
            seen[chip] = mask
        return seen

    def _bids(self) -> list[int]:
        return [] if self.value("bids") == NONE else self.per_seat("bids", _bid)

    def _merge(self, s: GameState) -> None:
        """Regions merged as the volcanoes of the chips out of the game erupted, in order (R1)."""
        board = self.board
        s.parent = list(range(board.n_regions))
        s.region_oceans = list(board.region_oceans)
        s.region_straits = list(board.region_straits)
        s.ocean_regions = []
        volcano.recompute_adjacency(s)
        counts, s.counts = s.counts, [0] * len(s.counts)
        s.events, s.volcanoes = None, 0
        for i, chip in enumerate(s.out_chips):
            if chip == PANIC:
                raise self.fail("out", "the Panic chip never leaves the game")
            if chip in s.out_chips[:i]:
                raise self.fail("out", f"chip {chip} is out twice")
            volcano.erupt(s, s.chip_area(chip))
        s.counts = counts

    # -- items that need the board or the player count ------------------------------------

    def _seat(self, text: str) -> int:
        if len(text) == 2 and text[0] == "p" and _digits(text[1]) and 1 <= int(text[1]) <= self.n:
            return int(text[1]) - 1
        raise ValueError(f"{text!r} is not a seat (p1 to p{self.n})")

    def _seat_or_none(self, text: str) -> int:
        return -1 if text == NONE else self._seat(text)

    def _area(self, text: str) -> int:
        return self.board.parse_area(text)

    def _area_or_none(self, text: str) -> int:
        return -1 if text == NONE else self._area(text)

    def _chip(self, text: str) -> int:
        if text == "P":
            return PANIC
        if _digits(text) and int(text) in self.board.region_numbers:
            return int(text)
        raise ValueError(f"{text!r} is not a chip (a region number, or P for Panic)")

    def _chip_or_unknown(self, text: str) -> int:
        return UNKNOWN if text == "?" else self._chip(text)

    def _area_counts(self, text: str) -> tuple[int, list[int]]:
        name, sep, rest = text.partition(":")
        counts = rest.split(".")
        if not sep or len(counts) != self.n:
            raise ValueError(f"{text!r} is not AREA:count.count..., one count per seat")
        return self._area(name), [_count(k) for k in counts]

    def _seen_entry(self, text: str) -> tuple[int, int]:
        chip, sep, seats = text.partition(":")
        if not sep or not seats or len(seats) % 2:
            raise ValueError(f"{text!r} is not CHIP:seats (e.g. 5:p1p3)")
        mask = 0
        for i in range(0, len(seats), 2):
            mask |= 1 << self._seat(seats[i:i + 2])
        return self._chip(chip), mask

    def _mutation_bit(self, text: str) -> int:
        spaces = self.board.mutation_spaces
        if _digits(text) and int(text) in spaces:
            return 1 << spaces.index(int(text))
        raise ValueError(f"{text!r} is not a mutation space of the track "
                         f"({', '.join(map(str, spaces))})")

    def _queue_entry(self, text: str) -> tuple[int, int, int]:
        parts = text.split(":")
        if len(parts) != 3:
            raise ValueError(f"{text!r} is not SEAT:REGION:COUNT")
        return self._seat(parts[0]), self._area(parts[1]), _count(parts[2])


# The fields read before the others, in this order: the regions merged depend on them.
_READ_FIRST = ("players", "colours", "ichtos", "out", "volcanoes")
_READERS: dict[str, Callable[[_Reader], object]] = {
    "phase": lambda r: r.parse("phase", _phase),
    "actor": lambda r: r.parse("actor", r._seat_or_none),
    "actions": lambda r: r.parse("actions", _count),
    "used": _Reader._used,
    "env": lambda r: r.parse("env", r._seat),
    "turn": lambda r: r.parse("turn", _count),
    "epoch": lambda r: r.parse("epoch", _count),
    "track": lambda r: r.per_seat("track", _count),
    "reserve": lambda r: r.per_seat("reserve", _count),
    "double": lambda r: r.per_seat("double", _count),
    "genes": lambda r: r.per_seat("genes", _gene_set),
    "pile": lambda r: r.items("pile", r._chip_or_unknown),
    "hand": lambda r: r.items("hand", r._chip_or_unknown),
    "chosen": lambda r: r.parse("chosen", r._chosen),
    "aside": lambda r: r.parse("aside", _bool),
    "scored": lambda r: r.items("scored", r._chip),
    "seen": _Reader._seen,
    "display": lambda r: r.items("display", _gene),
    "deck": lambda r: r.items("deck", _gene),
    "mutated": lambda r: sum(r.items("mutated", r._mutation_bit)),
    "mutations": lambda r: r.parse("mutations", _count),
    "panics": lambda r: r.parse("panics", _count),
    "bids": _Reader._bids,
    "ranking": lambda r: r.items("ranking", r._seat),
    "bought": lambda r: r.parse("bought", _count),
    "must_buy": lambda r: r.parse("must_buy", _bool),
    "choices": lambda r: r.items("choices", r._area),
    "queue": lambda r: r.items("queue", r._queue_entry),
    "focus": lambda r: r.parse("focus", r._area_or_none),
    "focus_ocean": lambda r: r.parse("focus_ocean", r._area_or_none),
    "agenda": lambda r: r.items("agenda", _step),
    "ending": lambda r: r.parse("ending", _bool),
    "winner": lambda r: r.parse("winner", r._seat_or_none),
    "rng": lambda r: r.parse("rng", _rng),
}


# --- items that need nothing else -----------------------------------------------------------

def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _count(text: str) -> int:
    if not _digits(text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def _players(text: str) -> int:
    n = _count(text)
    numbers_for(n)  # ValueError unless 3, 4 or 5
    return n


def _colours(n: int) -> Callable[[str], list[int]]:
    def convert(text: str) -> list[int]:
        if len(text) != n or not all(c in "01234" for c in text) or len(set(text)) != n:
            raise ValueError(f"expected {n} different colour digits 0-4, e.g. "
                             f"{''.join(map(str, range(n)))}")
        return [int(c) for c in text]
    return convert


def _bool(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"expected 0 or 1, not {text!r}")
    return text == "1"


def _phase(text: str) -> str | None:
    if text == NONE:
        return None
    if text not in PHASES:
        raise ValueError(f"unknown phase {text!r} (one of {', '.join(PHASES)}, or -)")
    return text


def _gene(text: str) -> str:
    if text not in GENE_INDEX:
        raise ValueError(f"unknown gene {text!r}")
    return text


def _action_kind(text: str) -> str:
    if text not in ONCE_PER_TURN_KINDS:
        raise ValueError(f"{text!r} is not an action taken once per turn (one of "
                         f"{', '.join(sorted(ONCE_PER_TURN_KINDS))})")
    return text


def _gene_set(text: str) -> int:
    return 0 if text == NONE else sum(BIT[_gene(g)] for g in set(text.split("+")))


def _bid(text: str) -> int:
    return UNKNOWN if text == "?" else -1 if text == "_" else _count(text)


_STEP_ARGUMENTS = {"ichto": 1, "erupt": 2}  # the other steps take none


def _step(text: str) -> tuple:
    name, *args = text.split(":")
    if name not in STEPS:
        raise ValueError(f"unknown agenda step {name!r}")
    want = _STEP_ARGUMENTS.get(name, 0)
    if len(args) != want:
        raise ValueError(f"step {name!r} takes " + ("no number" if want == 0 else
                                                    "1 number" if want == 1 else
                                                    f"{want} numbers"))
    return (name, *(_count(a) for a in args))


def _rng(text: str) -> int:
    try:
        value = int(text, 16)
    except ValueError:
        raise ValueError(f"{text!r} is not a hexadecimal number") from None
    if not 0 <= value < 1 << 64:
        raise ValueError("the generator state has 64 bits")
    return value
