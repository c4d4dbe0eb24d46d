"""How good a position is for each seat: the heuristic every bot shares.

A seat's value is its track position plus what the board promises: the pending scoring (weighted
by where the face-down chip may be), the regions still to score this epoch, the Ichtos it has and
where they can breed, its genes, and the double-turn chips it still holds. Values are in track
points; everything that only pays later is scaled by the share of the game still to come
(`time_left`). Bots compare a seat's value with its rivals' (`relative`).
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import NamedTuple

from urland.engine import (
    CARE_OF_YOUNG,
    PANIC,
    UNKNOWN,
    GameState,
    PlayerView,
    genes_in,
    muscles,
    prize_split,
    proliferation_gain,
    scoring_outcome,
    seat_counts,
)

# What a gene is worth, in track points over the rest of a game that has just begun.
GENE_WORTH = {
    "warm_blood": 6.0, "turbo": 4.0, "legs": 4.5, "wings": 4.5, "egg": 4.0, "teeth": 3.5,
    "assimilation": 3.5, "care_of_young": 4.0, "muscles": 3.5, "ears": 2.5, "stinkglands": 3.0,
}


@cache
def genes_worth(mask: int) -> float:
    """The summed worth of the genes in an ownership mask (cached: masks repeat endlessly)."""
    return sum(GENE_WORTH[g] for g in genes_in(mask))


class Weights(NamedTuple):
    future: float = 0.35  # share of a region's current points expected from a later scoring
    loss: float = 0.45  # points lost per Ichto sent back to the reserve by a competition
    on_board: float = 0.2
    on_land: float = 0.08
    reserve: float = 0.03
    ocean_breeding: float = 0.25  # per ocean where the seat can proliferate
    genes: float = 1.0
    double_chip: float = 0.0  # a double-turn chip still held, early in the game
    foothold: float = 0.0  # per Ichto short of FOOTHOLD on the board (a withering board)


FOOTHOLD = 8  # fewer Ichtos on the board than this and a seat can neither score nor breed well

MEDIUM = Weights(double_chip=0.9, foothold=0.3)
EASY = Weights(future=0.0, on_land=0.0, ocean_breeding=0.0, genes=0.5, double_chip=0.6,
               foothold=0.3)
# The hard bot's search looks one turn ahead; an Ichto on the board is worth twice the medium
# bot's figure to it, so that it breeds and keeps a board for the turns after this one
# (docs/bot-strength.md has the tournament that chose this).
HARD = Weights(double_chip=1.2, foothold=0.5, ocean_breeding=0.45, on_board=0.4, reserve=0.0)


def time_left(state: GameState) -> float:
    """1 at the start, falling towards 0.15 as the leader nears the end of the track."""
    lead = max(state.track)
    return max(0.15, 1 - lead / state.board.end_threshold)


def points_of(counts: list[int], flexed: list[bool], loss: float) -> list[float]:
    """Each seat's points from scoring a region holding `counts`, less `loss` per Ichto sent
    back to the reserve."""
    return list(scored_points(tuple(counts), tuple(flexed), loss))


@lru_cache(maxsize=1 << 16)
def scored_points(counts: tuple[int, ...], flexed: tuple[bool, ...], loss: float
                  ) -> tuple[float, ...]:
    """points_of, remembered: searches meet the same few region counts over and over."""
    _, points, removed = scoring_outcome(list(counts), list(flexed))
    values = [0.0] * len(counts)
    for s, p in points.items():
        values[s] = p
    for s, k in removed.items():
        values[s] -= loss * k
    return tuple(values)


def region_points(state: GameState, root: int, flexed: list[bool], loss: float) -> list[float]:
    return points_of(state.area_counts(root), flexed, loss)


def _scorings(state: GameState, pending: dict[int, float], future: float
              ) -> list[tuple[int, float]]:
    """(region root, weight) of every scoring the position promises: the pending one, and at
    `future` weight each region still to score this epoch."""
    out = list(pending.items())
    if future:
        out += [(root, future) for root in regions_to_score(state) if root not in pending]
    return out


def regions_to_score(state: GameState) -> tuple[int, ...]:
    """The region root of each chip still to score this epoch (a root once per chip)."""
    return _roots_in_play(state.board, tuple(state.parent), tuple(state.board_chips),
                          tuple(state.out_chips))


@lru_cache(maxsize=1 << 12)
def _roots_in_play(board, parent: tuple[int, ...], on_board: tuple[int, ...],
                   out: tuple[int, ...]) -> tuple[int, ...]:
    """The region root of each chip still to score this epoch (a root once per chip)."""
    gone = set(on_board) | set(out)
    roots = []
    for chip in board.region_numbers:
        if chip in gone:
            continue
        region = board.region_numbers.index(chip)
        while parent[region] != region:
            region = parent[region]
        roots.append(region)
    return tuple(roots)


def chips_in_play(state: GameState) -> list[int]:
    """Region chips still to be scored in this epoch (public: the rest lie on the board)."""
    gone = set(state.board_chips) | set(state.out_chips)
    return [c for c in state.board.region_numbers if c not in gone]


def region_of_chip(state: GameState, chip: int) -> int:
    return state.root(state.chip_area(chip))


def pending_distribution(view: PlayerView) -> dict[int, float]:
    """Where the face-down scoring chip may be, as {region root: probability}."""
    state = view.state
    if state.chosen >= 0:
        return {region_of_chip(state, state.chosen): 1.0}
    if state.chosen != UNKNOWN:
        return {}
    flexed = muscles(state)
    env = state.env
    weights: dict[int, float] = {}
    for chip in view.unseen_chips:
        if chip == PANIC:
            continue
        root = region_of_chip(state, chip)
        # The environment player chose it: regions good for them are likelier.
        gain = region_points(state, root, flexed, 0.0)[env]
        weights[root] = weights.get(root, 0.0) + 1.0 + gain / 1.5
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()} if total else {}


def seat_values(state: GameState, pending: dict[int, float], w: Weights = MEDIUM) -> list[float]:
    n = state.n
    flexed = tuple(muscles(state))
    values = [float(t) for t in state.track]
    for root, p in _scorings(state, pending, w.future):
        for s, v in enumerate(scored_points(tuple(state.area_counts(root)), flexed, w.loss)):
            if v:
                values[s] += p * v
    regions = state.board.n_regions
    tl = time_left(state)
    for s in range(n):
        own = seat_counts(state, s)
        land = sum(own[:regions])
        sea = sum(own[regions:])
        values[s] += (w.on_board * (land + sea) + w.on_land * land + w.reserve * state.reserve[s])
        if w.ocean_breeding:
            coy = bool(state.genes[s] & CARE_OF_YOUNG)
            values[s] += w.ocean_breeding * tl * sum(1 for k in own[regions:]
                                                     if proliferation_gain(k, coy))
        if w.genes:
            values[s] += w.genes * tl * genes_worth(state.genes[s])
        if w.double_chip:
            values[s] += w.double_chip * tl * state.double_chips[s]
        if w.foothold and land + sea < FOOTHOLD:
            values[s] -= w.foothold * tl * (FOOTHOLD - land - sea)
    if tl < 0.4:
        _final_scoring_hint(state, values, 1 - tl)
    return values


def _final_scoring_hint(state: GameState, values: list[float], weight: float) -> None:
    for shares in prize_shares(state):
        for s, share in enumerate(shares):
            if share:
                values[s] += weight * share


def prize_shares(state: GameState) -> tuple[list[int], list[int]]:
    """What each of the final scoring's two prizes (3 for the most Ichtos on the board, 2 for
    the most on land) would give each seat as the board stands, a tied prize split and rounded
    down. An estimate: the land prize is split among all seats, where the final scoring leaves
    out the sole winner of the first prize (`final_scoring` in the engine; bots foreseeing that
    exactly were no stronger: docs/bot-strength.md)."""
    seats = range(state.n)
    board = prize_split({s: state.on_board(s) for s in seats}, 3, seats)
    land = prize_split({s: state.on_land(s) for s in seats}, 2, seats)
    return [board.get(s, 0) for s in seats], [land.get(s, 0) for s in seats]


def final_bonus(state: GameState) -> list[int]:
    """What the final scoring's two prizes together would give each seat as the board stands."""
    board, land = prize_shares(state)
    return [a + b for a, b in zip(board, land, strict=True)]


def relative(values: list[float], seat: int) -> float:
    """A seat's value against its rivals: half the best rival, half their average."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def evaluate(state: GameState, seat: int, pending: dict[int, float],
             w: Weights = MEDIUM) -> float:
    return relative(seat_values(state, pending, w), seat)


REWARD_SCALE = 1.5  # heuristic points that turn a coin flip into a 73% favourite


def win_chance(state: GameState, seat: int) -> float:
    """How good the position is for `seat`, from 0 to 1, as the searching bots judge it: the
    game's result once it is over, else the hard weights' value through a logistic."""
    if state.over:
        return 1.0 if state.winner == seat else 0.0
    return 1.0 / (1.0 + math.exp(-evaluate(state, seat, {}, HARD) / REWARD_SCALE))
