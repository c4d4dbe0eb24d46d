"""Checks that must hold after every move; the simulator and the property tests run them."""

from __future__ import annotations

from urland.engine.player_counts import ICHTOS_PER_COLOUR
from urland.engine.state import OVER, PANIC, GameState


def violations(state: GameState, previous_track: list[int] | None = None) -> list[str]:
    """Every broken invariant, in words; an empty list when all is well."""
    problems = []
    n = state.n
    for seat in range(n):
        total = state.on_board(seat) + state.reserve[seat] + 1
        if total != ICHTOS_PER_COLOUR:
            problems.append(f"seat {seat}: board + reserve + marker = {total}, not 28")
        if state.reserve[seat] < 0:
            problems.append(f"seat {seat}: negative reserve")
    if min(state.counts) < 0:
        problems.append("a negative count of Ichtos")
    if len(set(state.track)) != n:
        problems.append(f"two markers share a track space: {state.track}")
    if previous_track is not None and any(
            a < b for a, b in zip(state.track, previous_track, strict=True)):
        problems.append(f"a marker moved back: {previous_track} -> {state.track}")
    chips = list(state.pile) + list(state.hand) + list(state.board_chips) + list(state.out_chips)
    if state.chosen >= 0:
        chips.append(state.chosen)
    if state.panic_aside:
        chips.append(PANIC)
    expected = sorted([PANIC, *state.board.region_numbers])
    if sorted(chips) != expected:
        problems.append(f"chips not accounted for exactly once: {sorted(chips)}")
    for region, parent in enumerate(state.parent):
        if parent != region:
            for seat in range(n):
                if state.count(region, seat):
                    problems.append(f"Ichtos left on merged region {region}")
    if state.phase != OVER and state.phase is None:
        problems.append("no decision pending in a game that is not over")
    return problems
