"""Moves in words, for menus, hints and the undo button."""

from __future__ import annotations

from collections.abc import Sequence

from urland.engine import GameState, Move, gene_name
from urland.engine.events import ichtos


def describe(move: Move, state: GameState, names: Sequence[str] | None = None) -> str:
    """`move` in words; `names[seat]` is what to call each seat (its colour by default)."""
    b = state.board
    if names is None:
        names = [state.colour_name(s) for s in range(state.n)]

    def area(a: int) -> str:
        return b.area_label(a)

    def seats(t: tuple[int, ...]) -> str:
        return " and ".join(names[s] for s in t)

    k = move.kind
    if k == "land":
        return f"Land {ichtos(move.count)} from {b.area_name(move.src)} on {area(move.dst)}"
    if k == "swim":
        return f"Swim {ichtos(move.count)} from {b.area_name(move.src)} to {area(move.dst)}"
    if k == "proliferate":
        return f"Proliferate in {area(move.src)}"
    if k == "retreat":
        total = sum(n for _, n in move.picks)
        where = ", ".join(f"{n} from {b.area_name(a)}" for a, n in move.picks)
        return f"Retreat {ichtos(total)} ({where})"
    if k == "assimilate":
        return f"Assimilate {seats(move.target)} in {area(move.src)} (2 actions)"
    if k == "walk":
        return f"Walk across the strait from {area(move.src)} to {area(move.dst)}"
    if k == "egg":
        return f"Lay an egg in {area(move.dst)}"
    if k == "fly":
        return f"Fly {ichtos(move.count)} from {area(move.src)} to {area(move.dst)}"
    if k == "stink":
        return f"Stinkglands: drive {seats(move.target)} from {area(move.src)} into " \
               f"{b.area_name(move.dst)}"
    if k == "bite":
        return f"Bite {seats(move.target)} in {area(move.src)}"
    if k == "double":
        return "Hand in a double-turn chip (+2 actions)"
    if k == "end":
        return "End the turn"
    if k == "chip":
        return f"Score chip {move.count}"
    if k == "bid":
        return f"Bid {move.count}"
    if k == "buy":
        return f"Buy {gene_name(move.gene)}"
    if k == "pass":
        return "Pass"
    if k == "panic_region":
        return f"Panic in {area(move.src)}"
    if k in ("panic_ocean", "ears_dive"):
        return f"Into {area(move.dst)}"
    if k == "ears_stay":
        return f"Keep {ichtos(move.count)} on land"
    return k
