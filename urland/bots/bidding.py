"""The hard bot's bid: its own bid against bids sampled for each rival, auction played out.

Each rival's bid is drawn from what its reserve, board and genes make plausible (the medium
bot's reasoning, with its jitter), the same samples for every candidate bid so that they are
compared fairly. For each sample the ranking and the purchases that follow are played out as the
rules order them (rules 6.1): the first-ranked must buy, later ones buy when a gene is worth its
price, nobody pays more than it has on the board. A bid is worth the genes it brings, less the
Ichtos paid from the board, measured against what the rivals gain.

The bidder rates genes by `worth` (for the hard bot the measured table of gene_worth.py) and
judges every purchase, its own and the rivals', by that rating. What it expects of its rivals is
a `RivalModel`: the hard bot expects them to bid and buy as the medium bot does, by the hand-made
table (the default); the expert expects them to bid as well as the hard bot and to want what
the measured table rates highest (`strong_rivals`), so it sees which genes will be fought over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from urland.bots.evaluate import GENE_WORTH, time_left
from urland.engine import GameState, gene_price, numbers_for

ICHTO_PAID = 0.9  # track points lost per Ichto paid from the board
FOOTHOLD_KEPT = 3  # Ichtos a bot keeps on the board whatever it bids
SAMPLES = 24
STRONG_RIVAL_SAMPLES = 6  # the samples a strong rival's own bid is worked out from


def for_sale(state: GameState) -> int:
    """Genes a mutation sells at most (rules 6.1: 2 at three players, else 3)."""
    return numbers_for(state.n).genes_per_mutation


def rival_bid(state: GameState, seat: int, rng: random.Random) -> int:
    """A plausible bid for a rival, from public information only (the medium bot's reasoning,
    with its jitter)."""
    tl = time_left(state)
    best = max((GENE_WORTH[g] * tl for g in state.display), default=0.0)
    owned = gene_price(state, seat, 0)
    want = round(best * 0.9 - owned + rng.choice((-1, 0, 0, 1)))
    affordable = max(0, state.on_board(seat) - owned - 4)
    return max(0, min(state.reserve[seat], affordable, want))


@dataclass(frozen=True)
class RivalModel:
    """What a bidder expects of its rivals: how each bids, and the table each buys by."""

    bid: Callable[[GameState, int, random.Random], int]
    wants: Mapping[str, float]
    draws: int  # sampled rival bids per candidate bid


def strong_rivals(worth: Mapping[str, float]) -> RivalModel:
    """Rivals who bid as the hard bot does (each its own auction played out against sampled
    bids) and buy by `worth`."""
    def bid(state: GameState, seat: int, rng: random.Random) -> int:
        return best_bid(state, seat, rng, STRONG_RIVAL_SAMPLES, worth)

    return RivalModel(bid, worth, SAMPLES // 3)


def auction_gains(state: GameState, bids: list[int], bidder: int | None = None,
                  worth: Mapping[str, float] = GENE_WORTH,
                  rivals_want: Mapping[str, float] = GENE_WORTH) -> list[float]:
    """What each seat gains (points) from the auction these bids lead to, as `bidder` rates
    the genes (`worth`); everybody else picks by `rivals_want`."""
    tl = time_left(state)
    display = sorted(state.display, key=lambda g: -rivals_want[g])
    ranking = sorted(range(state.n), key=lambda s: (-bids[s], state.track[s]))
    gains = [0.0] * state.n
    bought = 0
    must = True
    for seat in ranking:
        if bought >= for_sale(state) or not display:
            break
        price = bids[seat] + gene_price(state, seat, 0)
        if state.on_board(seat) < price:
            continue  # cannot pay: out of this auction
        picks_by = worth if seat == bidder else rivals_want  # what this seat wants most
        gene = max(display, key=picks_by.__getitem__)
        if must or picks_by[gene] * tl >= 0.4 * price:
            display.remove(gene)
            gains[seat] = worth[gene] * tl - ICHTO_PAID * price
            bought += 1
            must = False
    return gains


def best_bid(state: GameState, seat: int, rng: random.Random, samples: int = SAMPLES,
             worth: Mapping[str, float] = GENE_WORTH, rivals: RivalModel | None = None) -> int:
    """The bid with the best average standing after the auction, over sampled rival bids,
    with the genes rated by `worth`; `rivals` says what the rivals are expected to do (by
    default `samples` bids each, as the medium bot would bid)."""
    model = rivals or RivalModel(rival_bid, GENE_WORTH, samples)
    top = min(state.reserve[seat],
              max(0, state.on_board(seat) - gene_price(state, seat, 0) - FOOTHOLD_KEPT))
    if top == 0 or not state.display:
        return 0
    others = [s for s in range(state.n) if s != seat]
    draws = [[model.bid(state, s, rng) for s in others] for _ in range(model.draws)]
    best, best_value = 0, float("-inf")
    for bid in range(top + 1):
        total = 0.0
        for drawn in draws:
            bids = [0] * state.n
            bids[seat] = bid
            for s, b in zip(others, drawn, strict=True):
                bids[s] = b
            gains = auction_gains(state, bids, seat, worth, model.wants)
            theirs = [gains[s] for s in others]
            total += gains[seat] - 0.5 * max(theirs) - 0.5 * sum(theirs) / len(theirs)
        if total > best_value + 1e-9:
            best, best_value = bid, total
    return best
