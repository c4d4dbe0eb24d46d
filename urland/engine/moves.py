"""Moves, the legal options the engine offers, and the text notation used in saves.

Every decision is one `Move`. Most are offered complete. Choices of "any number of Ichtos" are
offered as one `Option` with the free part described instead of enumerated:

* `counts=(lo, hi)` — fill `Move.count` with any value in the range (bids, Swim, Ears);
* `picks=PickSpec(...)` — fill `Move.picks` with (area, how many) pairs (Retreat, paying for a
  gene), each area at most its limit, the total within [lo, hi].

Field use per kind (areas are engine area indices, seats are 0-based):

    chip          count = chip number chosen as the scoring chip
    land          src ocean, dst region, count Ichtos (2 only with Legs or Turbo)
    proliferate   src ocean
    swim          src ocean, dst ocean, count
    retreat       picks
    assimilate    src area, target = two opponent seats (may repeat)
    walk          src region, dst region across a strait (Legs)
    egg           dst region
    fly           src region, dst area, count 1-2 (Wings)
    stink         src region, target = (seat,), dst ocean (Stinkglands)
    bite          src area, target = (seat,) (Teeth)
    double        hand in a double-turn chip
    end           end the turn
    panic_region  src region;  panic_ocean  dst ocean
    ears_stay     count staying on land;  ears_dive  dst ocean
    bid           count;  buy  gene + picks paying the price;  pass
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from urland.engine.genes import parse_gene

if TYPE_CHECKING:
    from urland.engine.board import Board


class Move(NamedTuple):
    kind: str
    src: int = -1
    dst: int = -1
    count: int = 0
    target: tuple[int, ...] = ()
    gene: str = ""
    picks: tuple[tuple[int, int], ...] = ()


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
        return self.move._replace(count=n)

    def with_picks(self, picks: dict[int, int] | tuple[tuple[int, int], ...]) -> Move:
        return self.move._replace(picks=normalise_picks(picks))


def normalise_picks(picks: dict[int, int] | tuple | list) -> tuple[tuple[int, int], ...]:
    """Sorted (area, count) pairs with zero counts dropped and repeated areas added up."""
    items = picks.items() if isinstance(picks, dict) else picks
    merged: dict[int, int] = {}
    for area, n in items:
        merged[area] = merged.get(area, 0) + n
    return tuple(sorted((a, n) for a, n in merged.items() if n))


AREA_KINDS_SRC = {"land", "proliferate", "swim", "assimilate", "walk", "fly", "stink", "bite",
                  "panic_region"}
AREA_KINDS_DST = {"land", "swim", "walk", "egg", "fly", "stink", "panic_ocean", "ears_dive"}
COUNT_KINDS = {"chip", "land", "swim", "fly", "ears_stay", "bid"}
TARGET_KINDS = {"assimilate", "stink", "bite"}
PICK_KINDS = {"retreat", "buy"}
KINDS = AREA_KINDS_SRC | AREA_KINDS_DST | COUNT_KINDS | TARGET_KINDS | PICK_KINDS | {
    "double", "end", "pass"}


def _unused_fields(kind: str) -> tuple[tuple[int, str], ...]:
    used = {
        "src": kind in AREA_KINDS_SRC,
        "dst": kind in AREA_KINDS_DST,
        "count": kind in COUNT_KINDS,
        "target": kind in TARGET_KINDS,
        "gene": kind == "buy",
        "picks": kind in PICK_KINDS,
    }
    return tuple((Move._fields.index(f), f) for f, use in used.items() if not use)


_UNUSED = {kind: _unused_fields(kind) for kind in KINDS}
_DEFAULTS = Move("")


def stray_fields(move: Move) -> list[str]:
    """Fields set that `move.kind` does not use (a well-formed move has none)."""
    return [name for i, name in _UNUSED[move.kind] if move[i] != _DEFAULTS[i]]


def format_move(move: Move, board: Board) -> str:
    """The save notation, e.g. `swim O1 O2 x3`, `retreat 5:2 O1:1`, `buy wings 3:1`."""
    parts = [move.kind]
    if move.kind == "buy":
        parts.append(move.gene)
    if move.kind in AREA_KINDS_SRC:
        parts.append(board.area_name(move.src))
    if move.kind in TARGET_KINDS:
        parts.extend(f"p{seat + 1}" for seat in move.target)
    if move.kind in AREA_KINDS_DST:
        parts.append(board.area_name(move.dst))
    if move.kind in COUNT_KINDS:
        parts.append(str(move.count) if move.kind in ("chip", "bid", "ears_stay")
                     else f"x{move.count}")
    if move.kind in PICK_KINDS:
        parts.extend(f"{board.area_name(a)}:{n}" for a, n in move.picks)
    return " ".join(parts)


def parse_move(text: str, board: Board) -> Move:
    """Inverse of `format_move`; raises ValueError saying what is wrong with the text."""
    tokens = text.split()
    if not tokens:
        raise ValueError("empty move")
    kind = tokens[0]
    if kind not in KINDS:
        raise ValueError(f"unknown move kind {kind!r}")
    rest = tokens[1:]
    fields: dict = {}

    def take(what: str) -> str:
        if not rest:
            raise ValueError(f"{kind}: missing {what}")
        return rest.pop(0)

    if kind == "buy":
        fields["gene"] = parse_gene(take("gene"))
    if kind in AREA_KINDS_SRC:
        fields["src"] = board.parse_area(take("area"))
    if kind in TARGET_KINDS:
        seats = []
        want = 2 if kind == "assimilate" else 1
        for _ in range(want):
            tok = take("seat")
            if not (tok.startswith("p") and tok[1:].isdigit() and int(tok[1:]) >= 1):
                raise ValueError(f"{kind}: bad seat {tok!r} (expected p1..p5)")
            seats.append(int(tok[1:]) - 1)
        fields["target"] = tuple(seats)
    if kind in AREA_KINDS_DST:
        fields["dst"] = board.parse_area(take("area"))
    if kind in COUNT_KINDS:
        tok = take("number")
        digits = tok[1:] if tok.startswith("x") else tok
        if not digits.isdigit():
            raise ValueError(f"{kind}: bad number {tok!r}")
        fields["count"] = int(digits)
    if kind in PICK_KINDS:
        picks = []
        while rest:
            tok = rest.pop(0)
            area, sep, n = tok.partition(":")
            if not sep or not n.isdigit():
                raise ValueError(f"{kind}: bad pick {tok!r} (expected AREA:N)")
            picks.append((board.parse_area(area), int(n)))
        fields["picks"] = normalise_picks(picks)
    if rest:
        raise ValueError(f"{kind}: unexpected {' '.join(rest)!r}")
    return Move(kind, **fields)
