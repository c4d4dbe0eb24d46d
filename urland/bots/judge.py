"""The expert's judge: each seat's chance of winning from a position, learned from self-play.

The hard bot judges a position by the hand-set weights of evaluate.py through a logistic curve.
The expert's judge was fitted instead (`benchmarks/judge_fit.py`, as gene_worth.py's tables
were): 1,500 self-play games of medium bots per player count were stopped at the end of every
turn, where the expert's turn search judges its lines, each seat's `features` read there, and
a conditional-logit model of which seat went on to win fitted per player count. A
seat's chance is then exp(w·x) over the table's sum of the same, so the chances add up to 1 and
only the differences between seats count.

The features are the parts of the hand-made value, kept apart so the fit weighs each one:
points already on the track (and again scaled by how far the game has run, since a lead late
counts for more), points the regions still to score this epoch would give as the board stands
and the Ichtos they would send back, the Ichtos on the board and on land and in the reserve,
oceans to breed in, genes, double-turn chips and a board too thin to score with (each of
these scaled by the share of the game still to come), and the final scoring's bonus as the
board stands (scaled by how far the game has run). A seat's Ichtos on the board and in the
reserve always add up to the same number, so only the difference of those two weights means
anything: an Ichto brought into play is worth the one less the other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from urland.bots.evaluate import (
    FOOTHOLD,
    final_bonus,
    regions_to_score,
    scored_points,
    time_left,
)
from urland.bots.gene_worth import measured_gene_worth
from urland.engine import (
    CARE_OF_YOUNG,
    GameState,
    genes_in,
    muscles,
    proliferation_gain,
    seat_counts,
)

FEATURES = (
    "track", "track_late", "to_score", "sent_back", "on_board", "on_land", "reserve",
    "breeding", "genes", "double_chips", "thin_board", "final_bonus",
)

# Fitted by `python benchmarks/judge_fit.py` (see its docstring for the games), per player count.
WEIGHTS: dict[int, tuple[float, ...]] = {
    3: (0.0147, 0.2801, 0.0733, 0.075, 0.0245, 0.0408, -0.0245, 0.44, 0.3017, 0.4428, -0.9664,
        0.0364),
    4: (0.0238, 0.2874, 0.0759, 0.0554, 0.0202, 0.0542, -0.0202, 0.5088, 0.2641, 0.5868,
        -0.9732, -0.0064),
    5: (-0.0381, 0.3202, 0.0767, 0.0637, -0.001, 0.0776, 0.001, 0.6089, 0.3063, 0.47, -1.2457,
        0.0275),
}


def features(state: GameState) -> list[list[float]]:
    """Each seat's features (in the order of FEATURES) in `state`."""
    n = state.n
    left = time_left(state)
    late = 1.0 - left
    flexed = tuple(muscles(state))
    to_score = [0.0] * n
    sent_back = [0.0] * n
    for root in regions_to_score(state):
        counts = tuple(state.area_counts(root))
        kept, lost = scored_points(counts, flexed, 0.0), scored_points(counts, flexed, 1.0)
        for s in range(n):
            to_score[s] += kept[s]
            sent_back[s] += kept[s] - lost[s]
    worth = measured_gene_worth(n)
    bonus = final_bonus(state)
    regions = state.board.n_regions
    rows = []
    for s in range(n):
        own = seat_counts(state, s)
        land = sum(own[:regions])
        board = land + sum(own[regions:])
        rows.append([
            float(state.track[s]), late * state.track[s], to_score[s], sent_back[s],
            float(board), float(land), float(state.reserve[s]),
            left * sum(1 for k in own[regions:]
                       if proliferation_gain(k, bool(state.genes[s] & CARE_OF_YOUNG))),
            left * sum(worth[g] for g in genes_in(state.genes[s])),
            left * state.double_chips[s],
            left * max(0, FOOTHOLD - board),
            late * bonus[s],
        ])
    return rows


def win_shares(rows: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """Each seat's chance of winning by the conditional-logit model: exp(w·x) over the sum."""
    z = [sum(a * b for a, b in zip(row, weights, strict=True)) for row in rows]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return [v / total for v in e]


def learned_win_chance(state: GameState, seat: int) -> float:
    """How likely `seat` is to win from `state`, 0 to 1, by the learned judge; the game's result
    once it is over."""
    if state.over:
        return 1.0 if state.winner == seat else 0.0
    return win_shares(features(state), WEIGHTS[state.n])[seat]
