"""What a tournament reports: per bot and per player count, the figures a reviewer needs.

Kept apart from the playing of games: `summarise` turns the results of one player count's games
into numbers, `report` gathers the player counts into the one JSON object `--json` ends with, and
`table_lines` prints them for people.

Per bot (seats of the same bot pooled): wins, win rate with a 95% Wilson interval, the even share
for comparison (1 / players), mean final score, seconds per decision (mean, median, 95th
percentile, worst) and, for bots that search, the mean search iterations per searched decision.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Protocol


class GameRecord(Protocol):
    seats: list[str]  # bot name per seat
    winner: int
    track: list[int]
    times: dict[str, list[float]]  # decision seconds per bot name
    iterations: dict[str, list[int]]  # search iterations per searched decision, per bot name


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound at 0% and 100% and for small n)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def summarise(results: Sequence[GameRecord], lineup: Sequence[str], seconds: float) -> dict:
    """The figures of one player count's games."""
    names = list(dict.fromkeys(lineup))
    games = len(results)
    players = len(lineup)
    wins = dict.fromkeys(names, 0)
    scores: dict[str, list[int]] = {n: [] for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    iterations: dict[str, list[int]] = {n: [] for n in names}
    for r in results:
        wins[r.seats[r.winner]] += 1
        for seat, name in enumerate(r.seats):
            scores[name].append(r.track[seat])
        for name, ts in r.times.items():
            times[name].extend(ts)
        for name, its in r.iterations.items():
            iterations[name].extend(its)
    per_bot = {}
    for n in names:
        seats = lineup.count(n)
        lo, hi = wilson(wins[n], games)
        per_bot[n] = {
            "seats": seats,
            "wins": wins[n],
            "win_rate": round(wins[n] / games, 4) if games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "even_share": round(seats / players, 4),
            "mean_score": _mean(scores[n], 2),
            "decisions": len(times[n]),
            "mean_decision_seconds": _mean(times[n], 4),
            "median_decision_seconds": round(statistics.median(times[n]), 4) if times[n] else 0.0,
            "p95_decision_seconds": round(percentile(times[n], 0.95), 4),
            "max_decision_seconds": round(max(times[n]), 4) if times[n] else 0.0,
            "searched_decisions": len(iterations[n]),
            "mean_search_iterations": _mean(iterations[n], 1),
        }
    return {"players": players, "bots": list(lineup), "games": games,
            "seconds": round(seconds, 2), "per_bot": per_bot}


def report(runs: Iterable[dict], bots: Sequence[str], games: int, seed: int,
           workers: int) -> dict:
    """The one object a tournament ends with: its settings and a summary per player count."""
    by_players = {str(run["players"]): run for run in runs}
    return {"bots": list(bots), "games": games, "seed": seed, "workers": workers,
            "seconds": round(sum(r["seconds"] for r in by_players.values()), 2),
            "by_players": by_players}


def table_lines(summary: dict) -> list[str]:
    """The per-bot figures of one player count, as a text table."""
    lines = [f"\n{summary['players']} players, {summary['games']} games "
             f"({','.join(summary['bots'])}) in {summary['seconds']:.1f} s",
             f"{'bot':8} {'wins':>5} {'win rate':>9} {'95% CI':>16} {'even':>6} {'score':>6} "
             f"{'mean s':>7} {'p95 s':>7} {'max s':>7} {'iterations':>10}"]
    for name, b in summary["per_bot"].items():
        lo, hi = b["ci95"]
        iters = f"{b['mean_search_iterations']:.0f}" if b["searched_decisions"] else "-"
        lines.append(f"{name:8} {b['wins']:5d} {b['win_rate']:9.1%} "
                     f"{f'[{lo:.1%}, {hi:.1%}]':>16} {b['even_share']:6.1%} "
                     f"{b['mean_score']:6.2f} {b['mean_decision_seconds']:7.3f} "
                     f"{b['p95_decision_seconds']:7.3f} {b['max_decision_seconds']:7.3f} "
                     f"{iters:>10}")
    return lines


def _mean(values: Sequence[float], digits: int) -> float:
    return round(statistics.fmean(values), digits) if values else 0.0
