"""Bots against bots, seats rotated so every bot sits in every seat equally often.

    python -m urland tournament --bots hard,random,random,random --games N --seed S [--json]

Reports per bot name (seats of the same bot pooled): win rate with a 95% Wilson interval, mean
final score, and mean and 95th-percentile seconds per decision.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from urland.bots.registry import make_bot
from urland.engine import Move, new_game
from urland.loop import StateTable, play_out


@dataclass
class TableResult:
    seats: list[str]  # bot name per seat
    winner: int
    track: list[int]
    times: dict[str, list[float]]  # decision seconds per bot name


def play_table(seed: int, seats: list[str]) -> TableResult:
    state = new_game(seed, len(seats), events=False)
    bots = {i: make_bot(name, seed * 7919 + i) for i, name in enumerate(seats)}
    times: dict[str, list[float]] = {name: [] for name in seats}

    def timed(seat: int, move: Move, seconds: float) -> None:
        times[seats[seat]].append(seconds)

    play_out(StateTable(state), bots, timed)
    return TableResult(seats, state.winner, state.track[:], times)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def tournament(bot_names: list[str], games: int, seed: int, workers: int = 1,
               as_json: bool = False, out=print) -> dict:
    players = len(bot_names)
    seeds = random.Random(seed)
    tables = []
    for g in range(games):
        shift = g % players
        seats = [bot_names[(s - shift) % players] for s in range(players)]
        tables.append((seeds.getrandbits(32), seats))
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_table, *zip(*tables, strict=True)))
    else:
        results = [play_table(s, seats) for s, seats in tables]
    seconds = time.perf_counter() - start
    names = list(dict.fromkeys(bot_names))
    wins = dict.fromkeys(names, 0)
    scores: dict[str, list[int]] = {n: [] for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    for i, r in enumerate(results):
        wins[r.seats[r.winner]] += 1
        for seat, name in enumerate(r.seats):
            scores[name].append(r.track[seat])
        for name, ts in r.times.items():
            times[name].extend(ts)
        if not as_json:
            out(f"game {i + 1:3d}: seats {','.join(r.seats)}  winner {r.seats[r.winner]} "
                f"(seat {r.winner + 1})  track {r.track}")
    summary = {
        "games": games,
        "bots": bot_names,
        "seed": seed,
        "seconds": round(seconds, 2),
        "win_rate_by_bot": {n: round(wins[n] / games, 4) if games else 0.0 for n in names},
        "wins_by_bot": wins,
        "ci95_by_bot": {n: [round(x, 4) for x in wilson(wins[n], games)] for n in names},
        "mean_score_by_bot": {n: round(statistics.fmean(scores[n]), 2) if scores[n] else 0.0
                              for n in names},
        "mean_decision_seconds_by_bot": {n: round(statistics.fmean(times[n]), 4)
                                         if times[n] else 0.0 for n in names},
        "median_decision_seconds_by_bot": {n: round(statistics.median(times[n]), 4)
                                           if times[n] else 0.0 for n in names},
        "p95_decision_seconds_by_bot": {n: round(percentile(times[n], 0.95), 4) for n in names},
        "decisions_by_bot": {n: len(times[n]) for n in names},
    }
    if as_json:
        out(json.dumps(summary))
    else:
        out(f"\n{games} games in {seconds:.1f} s")
        out(f"{'bot':8} {'win rate':>9} {'95% CI':>17} {'mean score':>11} {'mean s':>8} "
            f"{'median s':>9} {'p95 s':>8}")
        for n in names:
            lo, hi = summary["ci95_by_bot"][n]
            out(f"{n:8} {summary['win_rate_by_bot'][n]:9.1%} {f'[{lo:.1%}, {hi:.1%}]':>17} "
                f"{summary['mean_score_by_bot'][n]:11.2f} "
                f"{summary['mean_decision_seconds_by_bot'][n]:8.4f} "
                f"{summary['median_decision_seconds_by_bot'][n]:9.4f} "
                f"{summary['p95_decision_seconds_by_bot'][n]:8.4f}")
    return summary
