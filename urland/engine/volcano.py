"""Volcanoes (rules 6.3 and R1): merging regions, and the losses in a freshly erupted region."""

from __future__ import annotations

from urland.engine.events import say
from urland.engine.genes import EARS
from urland.engine.state import VOLCANO_EARS, GameState

# Boards, merges and the neighbours they leave repeat from game to game: the answers by
# (board, merges, neighbours before), the board kept in the answer so a reused id never matches.
_ADJACENCY: dict[tuple, tuple] = {}


def recompute_adjacency(state: GameState) -> None:
    """Rebuild the per-root ocean and strait neighbours after a merge (R1)."""
    key = (id(state.board), tuple(state.parent), tuple(state.region_oceans),
           tuple(state.region_straits))
    known = _ADJACENCY.get(key)
    if known is None or known[0] is not state.board:
        _recompute(state)
        if len(_ADJACENCY) > 2048:
            _ADJACENCY.clear()
        _ADJACENCY[key] = (state.board, tuple(state.region_oceans),
                           tuple(state.region_straits), tuple(state.ocean_regions))
        return
    _, region_oceans, region_straits, ocean_regions = known
    state.region_oceans = list(region_oceans)
    state.region_straits = list(region_straits)
    state.ocean_regions = list(ocean_regions)


def _recompute(state: GameState) -> None:
    board = state.board
    roots = state.live_regions()
    members: dict[int, list[int]] = {r: [] for r in roots}
    for region in range(board.n_regions):
        members[state.root(region)].append(region)
    region_oceans = list(state.region_oceans)
    region_straits = list(state.region_straits)
    for r, parts in members.items():
        oceans = sorted({o for p in parts for o in board.region_oceans[p]})
        straits = sorted({state.root(q) for p in parts for q in board.region_straits[p]} - {r})
        region_oceans[r] = tuple(oceans)
        region_straits[r] = tuple(straits)
    state.region_oceans = region_oceans
    state.region_straits = region_straits
    state.ocean_regions = [
        tuple(r for r in roots if ocean in region_oceans[r]) for ocean in board.ocean_areas
    ]


def join_regions(state: GameState, mine: int, theirs: int) -> None:
    """The land of root `mine` becomes part of root `theirs`' (R1): its Ichtos count there."""
    n = state.n
    counts = state.counts
    for s in range(n):
        counts[theirs * n + s] += counts[mine * n + s]
        counts[mine * n + s] = 0
    state.parent[mine] = theirs
    recompute_adjacency(state)


def erupt(state: GameState, region: int) -> int:
    """Region `region` erupts: it joins its bridge neighbour's (extended) region. Returns the root.

    The chip of the erupting region leaves the game; the caller moves it.
    """
    board = state.board
    mine = state.root(region)
    theirs = state.root(board.volcano_bridge[region])
    state.volcanoes += 1
    bridge = board.volcano_bridge[region]
    if mine == theirs:  # the bridge is already part of the same land: nothing new joins
        say(state, "eruption", region=region, root=theirs, bridge=bridge, joined=False)
        return theirs
    join_regions(state, mine, theirs)
    say(state, "eruption", region=region, root=theirs, bridge=bridge, joined=True)
    return theirs


def volcano_losses(state: GameState, roots: list[int]) -> None:
    """Each colour keeps at most 1 Ichto in each freshly erupted region; Ears owners dive.

    Ears owners whose region borders several oceans are queued to choose one (VOLCANO_EARS).
    """
    n = state.n
    counts = state.counts
    for root in roots:
        oceans = state.region_oceans[root]
        for s in range(n):
            excess = counts[root * n + s] - 1
            if excess <= 0:
                continue
            if state.genes[s] & EARS:
                if len(oceans) == 1:
                    dive(state, s, root, oceans[0], excess)
                else:
                    state.queue.append((s, root, excess))
                continue
            counts[root * n + s] -= excess
            state.reserve[s] += excess
            say(state, "volcano_loss", seat=s, region=root, count=excess)


def dive(state: GameState, seat: int, root: int, ocean: int, excess: int) -> None:
    n = state.n
    state.counts[root * n + seat] -= excess
    state.counts[ocean * n + seat] += excess
    say(state, "ears_dive", seat=seat, region=root, ocean=ocean, count=excess)


def next_volcano_ears(state: GameState) -> None:
    if state.queue:
        state.phase = VOLCANO_EARS
        state.actor = state.queue[0][0]
        state.choices = list(state.region_oceans[state.queue[0][1]])
