"""The hard bot's bid: its own bid against bids sampled for each rival, auction played out.

Each rival's bid is drawn from what its reserve, board and genes make plausible (the medium
bot's reasoning, with its jitter), the same samples for every candidate bid so that they are
compared fairly. For each sample the ranking and the purchases that follow are played out as the
rules order them (rules 6.1): the first-ranked must buy, later ones buy when a gene is worth its
price, nobody pays more than it has on the board. A bid is worth the genes it brings, less the
Ichtos paid from the board, measured against what the rivals gain.

Rivals are expected to want genes as the medium bot's table rates them (`GENE_WORTH`), as
the medium and easy bots do; the bidder may rate them otherwise (`worth`, for the hard bot the
measured table of gene_worth.py), and it judges every purchase, its own and the rivals', by its
own rating.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from urland.bots.evaluate import GENE_WORTH, time_left
from urland.engine import GameState, gene_price, numbers_for

ICHTO_PAID = 0.9  # track points lost per Ichto paid from the board
FOOTHOLD_KEPT = 3  # Ichtos a bot keeps on the board whatever it bids
SAMPLES = 24


def for_sale(state: GameState) -> int:
    """Genes a mutation sells at most (rules 6.1: 2 at three players, else 3)."""
    return numbers_for(state.n).genes_per_mutation


def rival_bid(state: GameState, seat: int, rng: random.Random) -> int:
    """A plausible bid for a rival, from public information only."""
    tl = time_left(state)
    best = max((GENE_WORTH[g] * tl for g in state.display), default=0.0)
    owned = gene_price(state, seat, 0)
    want = round(best * 0.9 - owned + rng.choice((-1, 0, 0, 1)))
    affordable = max(0, state.on_board(seat) - owned - 4)
    return max(0, min(state.reserve[seat], affordable, want))


def auction_gains(state: GameState, bids: list[int], bidder: int | None = None,
                  worth: Mapping[str, float] = GENE_WORTH) -> list[float]:
    """What each seat gains (points) from the auction these bids lead to, as `bidder` rates
    the genes (`worth`); everybody else picks by the medium bot's table."""
    tl = time_left(state)
    display = sorted(state.display, key=lambda g: -GENE_WORTH[g])
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
        picks_by = worth if seat == bidder else GENE_WORTH  # what this seat wants most
        gene = max(display, key=picks_by.__getitem__)
        if must or picks_by[gene] * tl >= 0.4 * price:
            display.remove(gene)
            gains[seat] = worth[gene] * tl - ICHTO_PAID * price
            bought += 1
            must = False
    return gains


def best_bid(state: GameState, seat: int, rng: random.Random, samples: int = SAMPLES,
             worth: Mapping[str, float] = GENE_WORTH) -> int:
    """The bid with the best average standing after the auction, over sampled rival bids,
    with the genes rated by `worth`."""
    top = min(state.reserve[seat],
              max(0, state.on_board(seat) - gene_price(state, seat, 0) - FOOTHOLD_KEPT))
    if top == 0 or not state.display:
        return 0
    rivals = [s for s in range(state.n) if s != seat]
    draws = [[rival_bid(state, s, rng) for s in rivals] for _ in range(samples)]
    best, best_value = 0, float("-inf")
    for bid in range(top + 1):
        total = 0.0
        for drawn in draws:
            bids = [0] * state.n
            bids[seat] = bid
            for s, b in zip(rivals, drawn, strict=True):
                bids[s] = b
            gains = auction_gains(state, bids, seat, worth)
            others = [gains[s] for s in rivals]
            total += gains[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)
        if total > best_value + 1e-9:
            best, best_value = bid, total
    return best
