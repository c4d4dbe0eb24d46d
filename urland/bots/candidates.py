"""A short list of concrete moves worth considering, from the engine's legal options.

Options with a free count or free picks stand for many moves; bots weigh a handful of them:
the extremes and the counts that keep 3 Ichtos in an ocean for breeding, retreating all or one
from each area, and for paying a gene the cheapest Ichtos first.
"""

from __future__ import annotations

from urland.engine import CARE_OF_YOUNG, GameState, Move, Option, proliferation_gain


def candidate_moves(state: GameState, options: list[Option]) -> list[Move]:
    moves: list[Move] = []
    for option in options:
        if option.complete:
            moves.append(option.move)
        elif option.counts is not None:
            lo, hi = option.counts
            if option.move.kind == "bid":
                values = bid_levels(lo, hi)
            elif hi - lo <= 3:
                values = list(range(lo, hi + 1))
            else:
                values = sorted({lo, hi, hi - 3, (lo + hi) // 2} & set(range(lo, hi + 1)))
            moves.extend(option.with_count(v) for v in values)
        else:
            kind = option.move.kind
            if kind == "retreat":
                assert option.picks is not None
                for area, top in option.picks.limits:
                    moves.append(option.with_picks(((area, top),)))
                    if top > 1:
                        moves.append(option.with_picks(((area, 1),)))
            elif kind == "buy":
                moves.append(option.with_picks(cheapest_payment(state, option)))
    return moves


def bid_levels(lo: int, hi: int) -> list[int]:
    return sorted({v for v in (0, 1, 2, 3, 4, 5, 6, 8, 10, 13) if lo <= v <= hi} | {lo})


def cheapest_payment(state: GameState, option: Option) -> tuple[tuple[int, int], ...]:
    """Pay a price with the Ichtos that matter least: the surplus in oceans that would still
    breed with one fewer, then oceans where breeding is out of reach, then land where the seat
    is weakest (the breeding threshold is the engine's: 3, or 2 with Care of Young)."""
    assert option.picks is not None
    price = option.picks.lo
    seat = state.actor
    regions = state.board.n_regions
    left = dict(option.picks.limits)
    paid: dict[int, int] = {}

    coy = state.has(seat, CARE_OF_YOUNG)

    def cost(area: int) -> float:
        k = left[area]
        if area >= regions:
            return (0.0 if proliferation_gain(k - 1, coy) else 2.0 if proliferation_gain(k, coy)
                    else 1.0)
        rivals = max(state.count(area, s) for s in range(state.n) if s != seat)
        return 3.0 + (2.0 if k == rivals + 1 else 0.0) + (1.0 if k == 1 else 0.0)

    for _ in range(price):
        area = min((a for a, k in left.items() if k), key=cost)
        left[area] -= 1
        paid[area] = paid.get(area, 0) + 1
    return tuple(sorted(paid.items()))
