"""Checks that must hold after every move; the simulator and the property tests run them."""

from __future__ import annotations

from functools import cache

from urland.engine.player_counts import ICHTOS_PER_COLOUR
from urland.engine.state import OVER, PANIC, GameState


@cache
def _all_chips(region_numbers: tuple[int, ...]) -> list[int]:
    """Every chip of a board in sorted order: the Panic chip and one per region (never changed
    by the caller: it is only compared with)."""
    return sorted([PANIC, *region_numbers])


def violations(state: GameState, previous_track: list[int] | None = None) -> list[str]:
    """Every broken invariant, in words; an empty list when all is well. (Run after every move
    of every simulated game, so it reads the state's lists directly.)"""
    problems = []
    n = state.n
    counts, reserve, track = state.counts, state.reserve, state.track
    for seat in range(n):
        total = sum(counts[seat::n]) + reserve[seat] + 1
        if total != ICHTOS_PER_COLOUR:
            problems.append(f"seat {seat}: board + reserve + marker = {total}, not 28")
        if reserve[seat] < 0:
            problems.append(f"seat {seat}: negative reserve")
    if min(counts) < 0:
        problems.append("a negative count of Ichtos")
    if len(set(track)) != n:
        problems.append(f"two markers share a track space: {track}")
    if previous_track is not None and any(
            a < b for a, b in zip(track, previous_track, strict=True)):
        problems.append(f"a marker moved back: {previous_track} -> {track}")
    chips = [*state.pile, *state.hand, *state.board_chips, *state.out_chips]
    if state.chosen >= 0:
        chips.append(state.chosen)
    if state.panic_aside:
        chips.append(PANIC)
    chips.sort()
    if chips != _all_chips(state.board.region_numbers):
        problems.append(f"chips not accounted for exactly once: {chips}")
    for region, parent in enumerate(state.parent):
        if parent != region:
            base = region * n
            for seat in range(n):
                if counts[base + seat]:
                    problems.append(f"Ichtos left on merged region {region}")
    if state.phase != OVER and state.phase is None:
        problems.append("no decision pending in a game that is not over")
    return problems
