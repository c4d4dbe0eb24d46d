"""`tournament --report FILE`: a tournament's per-game log read back and told as its table.

Per player count (and, in the log of a paired run, per side), per bot: its wins, win share with
its 95% Wilson interval, the even share, mean score and decision seconds (mean, median, 95th
percentile, worst), as a tournament prints them (tournament_report.py). A paired run's log also
gets the paired comparison of its two sides, and two logs given together are paired game by game
(paired.py). Which set of seeds the games come from is said from the run's seed itself
(seed_sets.py): a log cannot make a tuning seed read as fresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from urland.tools.paired import compare, report_lines, sides
from urland.tools.seed_sets import seed_set
from urland.tools.tournament_report import summarise, table_lines


@dataclass
class LoggedGame:
    """One game of a log, in the shape the tournament's summary reads."""

    seats: list[str]
    winner: int
    track: list[int]
    times: dict[str, list[float]] = field(default_factory=dict)
    iterations: dict[str, list[int]] = field(default_factory=dict)


def logged_game(record: dict) -> LoggedGame:
    game = LoggedGame(record["seats"], record["winner"], record["track"])
    seat_times = record.get("seat_times") or [[] for _ in record["seats"]]
    for name, seconds in zip(record["seats"], seat_times, strict=True):
        game.times.setdefault(name, []).extend(seconds)
    return game


def seeds_said(games: Sequence[dict]) -> str:
    """Which set of seeds the games were played from, by their runs' seeds."""
    runs = sorted({g["run_seed"] for g in games if "run_seed" in g})
    if not runs or any("run_seed" not in g for g in games):
        return "seeds: not recorded in every game (a log of an earlier version)"
    sets = sorted({seed_set(r) for r in runs})
    named = ", ".join(str(r) for r in runs)
    return f"seeds: {' and '.join(sets)} (--seed {named})"


def log_tables(games: Sequence[dict]) -> dict:
    """The summary per player count and side (`"4"`, or `"4 A"` and `"4 B"` for a paired
    run), in the tournament's form (tournament_report.summarise)."""
    groups: dict[str, list[dict]] = {}
    for g in games:
        key = f"{g['players']} {g['side']}" if g.get("side") else str(g["players"])
        groups.setdefault(key, []).append(g)
    out = {}
    for key, group in sorted(groups.items()):
        lineup = _lineup(group[0])
        out[key] = summarise([logged_game(g) for g in group], lineup, seconds=0.0)
    return out


def _lineup(record: dict) -> list[str]:
    """The line-up (the bot under test first) of a logged game, whose seats are rotated."""
    seats, first = record["seats"], record["subject_seat"]
    return seats[first:] + seats[:first]


def report(first: Sequence[dict], second: Sequence[dict] | None = None) -> dict:
    """What `--report` says of one log (or of two paired): its tables and, for a paired run's
    log or two logs, the paired comparison."""
    pairs = (list(first), list(second)) if second is not None else sides(first)
    games = list(first) + list(second or [])
    return {"seeds": seeds_said(games), "tables": log_tables(first) if second is None else {},
            "paired": compare(*pairs) if pairs else {}}


def report_text(found: dict) -> list[str]:
    """The report for people."""
    lines = [found["seeds"]]
    for key, summary in found["tables"].items():
        side = key.partition(" ")[2]
        table = table_lines(summary)
        table[0] = (f"\n{summary['players']} players{f', side {side}' if side else ''}, "
                    f"{summary['games']} games ({','.join(summary['bots'])})")
        lines += table
    if found["paired"]:
        lines += ["", *report_lines(found["paired"])]
    elif not found["tables"]:
        lines += report_lines({})
    return lines
