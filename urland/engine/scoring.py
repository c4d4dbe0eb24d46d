"""Scoring a region (rules section 5), moving markers on the track, and final scoring (8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from urland.engine.events import say
from urland.engine.genes import MUSCLES
from urland.engine.state import GameState


def move_markers(state: GameState, points: dict[int, int]) -> None:
    """Move markers furthest-ahead first; each point is one empty space (occupied ones jumped)."""
    track = state.track
    for seat in sorted(points, key=track.__getitem__, reverse=True):
        steps = points[seat]
        if steps <= 0:
            continue
        occupied = set(track)
        pos = track[seat]
        start = pos
        while steps:
            pos += 1
            if pos not in occupied:
                steps -= 1
        track[seat] = pos
        jumped = pos - start - points[seat]
        say(state, "track", seat=seat, start=start, end=pos, jumped=jumped)


def scoring_outcome(counts: list[int], muscles: list[bool]
                    ) -> tuple[str, dict[int, int], dict[int, int]]:
    """What scoring a region with these counts would do: (outcome, points, Ichtos removed).

    `muscles[seat]` adds one half to that seat's count where it has Ichtos (R6). Pure: bots use
    it to weigh positions without touching a state.
    """
    present = [s for s, k in enumerate(counts) if k]
    if not present:
        return "empty", {}, {}
    if len(present) == 1:
        return "monopoly", {present[0]: 3}, {}
    strength = {s: 2 * counts[s] + (1 if muscles[s] else 0) for s in present}
    values = set(strength.values())
    if len(values) == 1:
        return "coexistence", dict.fromkeys(present, 2), {}
    low = min(values)
    removed = {s: counts[s] for s in present if strength[s] == low}
    stay = [s for s in present if s not in removed]
    high = max(strength[s] for s in stay)
    return "competition", {s: 3 if strength[s] == high else 2 for s in stay}, removed


def muscles_of(state: GameState) -> list[bool]:
    return [bool(g & MUSCLES) for g in state.genes]


def score_region(state: GameState, root: int, chip: int) -> None:
    """Score the (possibly extended) region `root` as chip `chip` asks (rules 5, R6)."""
    n = state.n
    base = root * n
    present = state.counts[base:base + n]
    outcome, points, removed = scoring_outcome(present, muscles_of(state))
    for s, k in removed.items():
        state.counts[base + s] = 0
        state.reserve[s] += k
    say(state, "score", chip=chip, region=root, outcome=outcome, points=points,
        removed=removed, counts=present)
    move_markers(state, points)


def newly_reached_mutations(state: GameState) -> int:
    """Mark mutation spaces reached for the first time (R2) and say how many there are."""
    lead = max(state.track)
    new = 0
    for i, space in enumerate(state.board.mutation_spaces):
        if lead >= space and not state.mutations_done >> i & 1:
            state.mutations_done |= 1 << i
            new += 1
    return new


def reached_end(state: GameState) -> bool:
    return max(state.track) >= state.board.end_threshold


def leaders(value: Mapping[int, int], among: Sequence[int]) -> tuple[int, list[int]]:
    """The most any seat of `among` has (0 when none) and the seats that have it."""
    best = max((value[s] for s in among), default=0)
    return best, [s for s in among if value[s] == best]


def prize_split(value: Mapping[int, int], prize: int, among: Sequence[int]) -> dict[int, int]:
    """A final-scoring prize among the seats `among`: the seats with the most (`value`) share
    it, rounded down; nobody scores when the most is 0 or the share rounds to 0."""
    return _shared(*leaders(value, among), prize)


def _shared(best: int, winners: list[int], prize: int) -> dict[int, int]:
    """`prize` shared by the seats that have the most (`best`; see `prize_split`)."""
    if best == 0:
        return {}
    each = prize // len(winners)
    return {s: each for s in winners if each}


def final_scoring(state: GameState) -> None:
    """Total (3) then Land (2), each moved like any other points; Muscles does not count."""
    seats = list(range(state.n))
    total = {s: state.on_board(s) for s in seats}
    best_total, total_winners = leaders(total, seats)
    total_points = _shared(best_total, total_winners, 3)
    say(state, "final_total", counts=total, points=total_points, winners=total_winners,
        best=best_total)
    move_markers(state, total_points)

    land = {s: state.on_land(s) for s in seats}
    sole = total_winners[0] if len(total_winners) == 1 else None
    contenders = [s for s in seats if s != sole]
    best_land, land_winners = leaders(land, contenders)
    land_points = _shared(best_land, land_winners, 2)
    say(state, "final_land", counts=land, points=land_points, excluded=sole,
        winners=land_winners, best=best_land)
    move_markers(state, land_points)
