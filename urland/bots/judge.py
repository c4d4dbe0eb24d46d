"""The expert bot's judge: a position's worth in points of final score margin, learned from games.

A seat's margin is its final score less the mean of its rivals' final scores. The judge predicts
it as a linear model over the seat's position features, each taken against the mean of the
rivals' (`FEATURES`): the track, the points the regions still to score this epoch would give
now, Ichtos on the board, on land and in the reserve, oceans where it can breed, its genes
(measured worth), double-turn chips still held, how far its board is below a foothold, and its
share of the two final-scoring prizes. Each feature has two weights, one as it stands and one
scaled by the share of the game still to come (`time_left`), so the fit decides how much a
feature's worth fades towards the end. The weights, one set per player count, are data in
judge_weights.py, fitted from self-play by `benchmarks/judge_fit.py`.
"""

from __future__ import annotations

from urland.bots.evaluate import FOOTHOLD, _points, _roots_in_play, time_left
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.judge_weights import WEIGHTS
from urland.engine import GameState, genes_in, muscles, seat_counts

FEATURES = ("track", "regions", "on_board", "on_land", "reserve", "breeding", "genes",
            "double_chips", "thin_board", "board_prize", "land_prize")
LOSS = 0.45  # points lost per Ichto a competition sends back (as the shared heuristic)


def seat_features(state: GameState) -> list[list[float]]:
    """Each seat's raw features, in the order of FEATURES."""
    n = state.n
    regions = state.board.n_regions
    flexed = tuple(muscles(state))
    region_points = [0.0] * n
    for root in _roots_in_play(state.board, tuple(state.parent), tuple(state.board_chips),
                               tuple(state.out_chips)):
        for s, v in enumerate(_points(tuple(state.area_counts(root)), flexed, LOSS)):
            region_points[s] += v
    worth = measured_gene_worth(n)
    rows = []
    land_of = []
    board_of = []
    for s in range(n):
        own = seat_counts(state, s)
        land = sum(own[:regions])
        board = land + sum(own[regions:])
        land_of.append(land)
        board_of.append(board)
        rows.append([
            float(state.track[s]), region_points[s], float(board), float(land),
            float(state.reserve[s]), float(sum(1 for k in own[regions:] if k >= 3)),
            _genes(state.genes[s], worth), float(state.double_chips[s]),
            float(max(0, FOOTHOLD - board)), 0.0, 0.0])
    for tally, column, prize in ((board_of, 9, 3.0), (land_of, 10, 2.0)):
        best = max(tally)
        winners = [s for s in range(n) if tally[s] == best]
        for s in winners:
            rows[s][column] = prize / len(winners)
    return rows


def _genes(mask: int, worth) -> float:
    return sum(worth[g] for g in genes_in(mask))


def relative_rows(state: GameState) -> list[list[float]]:
    """Each seat's model inputs: its features less the rivals' mean, then the same scaled by
    the share of the game still to come."""
    rows = seat_features(state)
    n = len(rows)
    totals = [sum(col) for col in zip(*rows, strict=True)]
    tl = time_left(state)
    out = []
    for row in rows:
        diff = [v - (t - v) / (n - 1) for v, t in zip(row, totals, strict=True)]
        out.append(diff + [tl * d for d in diff])
    return out


def judge_all(state: GameState) -> list[float]:
    """Every seat's expected final margin over the mean of its rivals, in points."""
    if state.over:
        return final_margins(state.track)
    weights = WEIGHTS[state.n]
    return [sum(w * x for w, x in zip(weights, row, strict=True))
            for row in relative_rows(state)]


def final_margins(track: list[int]) -> list[float]:
    n = len(track)
    total = sum(track)
    return [t - (total - t) / (n - 1) for t in track]
