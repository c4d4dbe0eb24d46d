"""Moves, the legal options the engine offers, and the text notation used in saves.

Every decision is one `Move`. Most are offered complete. Choices of "any number of Ichtos" are
offered as one `Option` with the free part described instead of enumerated:

* `counts=(lo, hi)` — fill `Move.count` with any value in the range (bids, Swim, Ears);
* `picks=PickSpec(...)` — fill `Move.picks` with (area, how many) pairs (Retreat, paying for a
  gene), each area at most its limit, the total within [lo, hi].

Each kind declares the fields it uses, in `MOVE_FIELDS`: an action in its class
(`Action.fields`, engine/actions/), the other decisions' kinds here. The save notation writes
them in one fixed order (see `format_move`): areas are engine area indices, seats 0-based.

    src       an area the move starts from          target  one opponent seat (listed once
    dst       an area the move goes to                      per seat the kind names)
    count     a number of Ichtos, written xN        number  a number written bare (fills count)
    gene      a gene key                            picks   (area, how many) pairs
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from urland.engine.errors import IllegalMoveError
from urland.engine.genes import parse_gene

if TYPE_CHECKING:
    from urland.engine.board import Board


class _MoveFields(NamedTuple):
    kind: str
    src: int = -1
    dst: int = -1
    count: int = 0
    target: tuple[int, ...] = ()
    gene: str = ""
    picks: tuple[tuple[int, int], ...] = ()


class Move(_MoveFields):
    """One decision. Typed on construction: numbers must be whole numbers (`int`, never a bool
    or a float), or IllegalMoveError is raised, so no malformed move ever reaches a state."""

    __slots__ = ()

    def __new__(cls, kind: str, src: int = -1, dst: int = -1, count: int = 0,
                target: tuple[int, ...] = (), gene: str = "",
                picks: tuple[tuple[int, int], ...] = ()) -> Move:
        if type(kind) is not str or type(gene) is not str:
            raise IllegalMoveError(f"A move's kind and gene are words, not {kind!r}, {gene!r}.")
        for name, value in (("src", src), ("dst", dst), ("count", count)):
            if type(value) is not int:
                raise IllegalMoveError(f"{kind}: {name} must be a whole number, not {value!r}.")
        if not isinstance(target, tuple | list) or any(type(s) is not int for s in target):
            raise IllegalMoveError(f"{kind}: target must be seat numbers, not {target!r}.")
        if not isinstance(picks, tuple | list) or any(
                not isinstance(p, tuple | list) or len(p) != 2
                or type(p[0]) is not int or type(p[1]) is not int for p in picks):
            raise IllegalMoveError(f"{kind}: picks must be (area, count) whole-number pairs, "
                                   f"not {picks!r}.")
        if isinstance(target, list):
            target = tuple(target)
        if isinstance(picks, list) or any(isinstance(p, list) for p in picks):
            picks = tuple(tuple(p) for p in picks)
        return tuple.__new__(cls, (kind, src, dst, count, target, gene, picks))

    @classmethod
    def _make(cls, iterable: Iterable) -> Move:  # used by _replace: checked the same way
        return cls(*iterable)


class PickSpec(NamedTuple):
    limits: tuple[tuple[int, int], ...]  # (area, most Ichtos that may be taken there)
    lo: int
    hi: int


class Option(NamedTuple):
    move: Move
    counts: tuple[int, int] | None = None
    picks: PickSpec | None = None

    @property
    def complete(self) -> bool:
        return self.counts is None and self.picks is None

    def with_count(self, n: int) -> Move:
        if type(n) is not int:
            return self.move._replace(count=n)  # refused with the reason
        m = self.move  # already checked, and so is a whole-number count: no second check
        return tuple.__new__(Move, (m[0], m[1], m[2], n, m[4], m[5], m[6]))

    def with_picks(self, picks: dict[int, int] | tuple[tuple[int, int], ...]) -> Move:
        m = self.move  # already checked, and normalise_picks checks the picks: no second check
        return tuple.__new__(Move, (m[0], m[1], m[2], m[3], m[4], m[5], normalise_picks(picks)))


def normalise_picks(picks: dict[int, int] | tuple | list) -> tuple[tuple[int, int], ...]:
    """Sorted (area, count) pairs with zero counts dropped and repeated areas added up."""
    items = picks.items() if isinstance(picks, dict) else picks
    merged: dict[int, int] = {}
    for area, n in items:
        if type(area) is not int or type(n) is not int:
            raise IllegalMoveError(f"picks must be whole numbers, not {area!r}: {n!r}.")
        merged[area] = merged.get(area, 0) + n
    return tuple(sorted((a, n) for a, n in merged.items() if n))


Field = str  # "src", "dst", "count", "number", "target", "gene" or "picks"

# The fields of every move kind. The actions add theirs when they are defined (`Action.fields`,
# engine/actions/__init__.py); these are the other decisions' (engine/phases.py).
MOVE_FIELDS: dict[str, tuple[Field, ...]] = {
    "chip": ("number",),  # the chip chosen to score
    "panic_region": ("src",),
    "panic_ocean": ("dst",),
    "ears_stay": ("number",),  # Ichtos staying on land
    "ears_dive": ("dst",),
    "bid": ("number",),
    "buy": ("gene", "picks"),  # the gene, and the Ichtos paying its price
    "pass": (),
}
KINDS = MOVE_FIELDS.keys()  # every move kind there is
_MOVE_FIELD_OF = {"src": "src", "dst": "dst", "count": "count", "number": "count",
                  "target": "target", "gene": "gene", "picks": "picks"}


def declare_kinds(fields: dict[str, tuple[Field, ...]]) -> None:
    """Add move kinds and their fields (the actions do, once, as they are defined)."""
    for kind, used in fields.items():
        unknown = set(used) - set(_MOVE_FIELD_OF)
        if unknown or kind in MOVE_FIELDS:
            raise ValueError(f"move kind {kind!r}: declared twice or with unknown fields "
                             f"{sorted(unknown)}")
        MOVE_FIELDS[kind] = used


def _unused_fields(kind: str) -> tuple[tuple[int, str], ...]:
    used = {_MOVE_FIELD_OF[f] for f in MOVE_FIELDS[kind]}
    return tuple((i, f) for i, f in enumerate(Move._fields) if f != "kind" and f not in used)


_DEFAULTS = Move("")
# Per kind, filled on first use: its unused fields read at once, and what they read in a
# well-formed move.
_UNUSED: dict[str, tuple[tuple[int, str], ...]] = {}
_UNUSED_READ: dict[str, tuple[itemgetter, object]] = {}


def _unused_read(kind: str) -> tuple[itemgetter, object]:
    fields = _UNUSED[kind] = _unused_fields(kind)
    read = itemgetter(*(i for i, _ in fields))
    known = _UNUSED_READ[kind] = (read, read(_DEFAULTS))
    return known


def stray_fields(move: Move) -> list[str]:
    """Fields set that `move.kind` does not use (a well-formed move has none)."""
    read, clean = _UNUSED_READ.get(move.kind) or _unused_read(move.kind)
    if read(move) == clean:
        return []
    return [name for i, name in _UNUSED[move.kind] if move[i] != _DEFAULTS[i]]


def format_move(move: Move, board: Board) -> str:
    """The save notation, e.g. `swim O1 O2 x3`, `retreat 5:2 O1:1`, `buy wings 3:1`: the kind,
    then its fields (`MOVE_FIELDS`) in the order gene, src, target, dst, count or number, picks."""
    fields = MOVE_FIELDS[move.kind]
    parts = [move.kind]
    if "gene" in fields:
        parts.append(move.gene)
    if "src" in fields:
        parts.append(board.area_name(move.src))
    if "target" in fields:
        parts.extend(f"p{seat + 1}" for seat in move.target)
    if "dst" in fields:
        parts.append(board.area_name(move.dst))
    if "count" in fields:
        parts.append(f"x{move.count}")
    if "number" in fields:
        parts.append(str(move.count))
    if "picks" in fields:
        parts.extend(f"{board.area_name(a)}:{n}" for a, n in move.picks)
    return " ".join(parts)


_NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only; no move counts past six digits


def parse_move(text: str, board: Board) -> Move:
    """Inverse of `format_move`; raises IllegalMoveError saying what is wrong with the text."""
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move is written as text, not {text!r}")
    try:
        return _parse(text, board)
    except IllegalMoveError:
        raise
    except ValueError as exc:  # an unknown area or gene
        raise IllegalMoveError(str(exc)) from None


def _number(token: str, kind: str, what: str) -> int:
    if not _NUMBER.fullmatch(token):
        raise IllegalMoveError(f"{kind}: bad {what} {token!r}")
    return int(token)


def _parse(text: str, board: Board) -> Move:
    tokens = text.split()
    if not tokens:
        raise IllegalMoveError("empty move")
    kind = tokens[0]
    if kind not in KINDS:
        raise IllegalMoveError(f"unknown move kind {kind[:20]!r}")
    rest = tokens[1:]
    fields: dict = {}

    def take(what: str) -> str:
        if not rest:
            raise IllegalMoveError(f"{kind}: missing {what}")
        return rest.pop(0)

    used = MOVE_FIELDS[kind]
    if "gene" in used:
        fields["gene"] = parse_gene(take("gene"))
    if "src" in used:
        fields["src"] = board.parse_area(take("area"))
    if "target" in used:
        fields["target"] = tuple(_seat(take("seat"), kind) for _ in range(used.count("target")))
    if "dst" in used:
        fields["dst"] = board.parse_area(take("area"))
    if "count" in used or "number" in used:
        tok = take("number")
        fields["count"] = _number(tok[1:] if tok.startswith("x") else tok, kind, "number")
    if "picks" in used:
        fields["picks"] = normalise_picks([_pick(token, kind, board) for token in rest])
        rest.clear()
    if rest:
        raise IllegalMoveError(f"{kind}: unexpected {' '.join(rest)[:40]!r}")
    return Move(kind, **fields)


def _seat(token: str, kind: str) -> int:
    """`p1`..`p5` as a 0-based seat."""
    if not (token.startswith("p") and _NUMBER.fullmatch(token[1:]) and int(token[1:]) >= 1):
        raise IllegalMoveError(f"{kind}: bad seat {token!r} (expected p1..p5)")
    return int(token[1:]) - 1


def _pick(token: str, kind: str, board: Board) -> tuple[int, int]:
    """`AREA:N` as (area, N)."""
    area, sep, n = token.partition(":")
    if not sep or not _NUMBER.fullmatch(n):
        raise IllegalMoveError(f"{kind}: bad pick {token!r} (expected AREA:N)")
    return (board.parse_area(area), int(n))
