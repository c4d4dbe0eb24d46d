"""Small questions about a position that bots and front ends ask, answered by the engine.

Each answer is the rules' own: the turn order of the Ichto players, how many actions a seat has,
how far a landing reaches, and what a Panic would leave behind (what a gene costs is
`auction.gene_price`). Nothing here
changes the state it is given.
"""

from __future__ import annotations

from collections.abc import Mapping

from urland.engine import panic
from urland.engine.genes import EARS, LEGS, MUSCLES, TURBO, WARM_BLOOD
from urland.engine.player_counts import numbers_for
from urland.engine.state import ACTION, BID, BUY, GameState


def hand_holder(state: GameState) -> int:
    """Who holds the chips in hand now (rules 4.1): the environment player while choosing
    (and while a drawn Panic is settled), the dead player once two chips are passed on, from
    the Ichto actions to the end of the turn."""
    return state.dead if state.phase in (ACTION, BID, BUY) else state.env


def ichto_players(state: GameState) -> list[int]:
    """This turn's Ichto players in the order they act: from the dead player's left (rules 4)."""
    return [(state.env + 2 + i) % state.n for i in range(state.n - 2)]


def actions_per_turn(state: GameState, seat: int) -> int:
    """Actions of an Ichto turn before any double-turn chip: 2 (3 with 3 players), +1 with Warm
    Blood (rules 4.2, 7)."""
    return numbers_for(state.n).actions + (1 if state.genes[seat] & WARM_BLOOD else 0)


def land_per_action(state: GameState, seat: int) -> int:
    """Ichtos one land action may carry: 1, or 2 with Legs or Turbo (rules 7)."""
    return 2 if state.genes[seat] & (LEGS | TURBO) else 1


def seat_counts(state: GameState, seat: int) -> list[int]:
    """The seat's Ichtos in each area, indexed by area (regions first, then oceans)."""
    return state.counts[seat::state.n]


def muscles(state: GameState) -> list[bool]:
    """Per seat, whether Muscles adds its half in scorings (R6)."""
    return [bool(g & MUSCLES) for g in state.genes]


def after_panic(state: GameState, region: int, ocean: int,
                stay: Mapping[int, int] | None = None) -> GameState:
    """A copy of the position after `region` panics into `ocean` (rules 6.2): every Ichto there
    flees, except the `stay` count of each Ears owner named in it. For looking at only."""
    preview = state.clone()
    preview.focus = region
    preview.focus_ocean = ocean
    keep = stay or {}
    for seat in range(state.n):
        k = state.count(region, seat)
        stays = min(k, keep.get(seat, 0)) if state.genes[seat] & EARS else 0
        if k > stays:
            panic.move_out(preview, seat, k - stays)
    return preview
