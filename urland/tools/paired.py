"""Paired comparisons: the same deals played with bot A and with bot B in one seat.

Two tournaments with the same `--seed`, `--players` and number of games deal the same games and
rotate the seats the same way; with `--log FILE` each writes one JSON line per game. In every
game the line-up's first bot sits in `subject_seat`. Pairing the two logs game by game (by deal
and seat) takes the luck of the deal out of the comparison: what is left is the difference the
bot in that seat made.

    python -m urland tournament --bots expert,hard,hard,hard --games 200 --seed 9 --log a.jsonl
    python -m urland tournament --bots hard,hard,hard,hard --games 200 --seed 9 --log b.jsonl
    python -m urland tournament --paired a.jsonl b.jsonl [--json]

Reported per player count: the pairs found, each side's wins and mean margin over its best rival,
and the mean difference of margins (A - B) with its standard error and 95% interval.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path


class LogError(ValueError):
    """A per-game log that cannot be read, said in words."""


def margin(track: Sequence[int], seat: int) -> int:
    """The seat's final score minus the best score among the others."""
    return track[seat] - max(t for s, t in enumerate(track) if s != seat)


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 with fewer than two values)."""
    if not values:
        return 0.0, 0.0
    if len(values) < 2:
        return statistics.fmean(values), 0.0
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def read_log(path: Path) -> list[dict]:
    """The games of a tournament's `--log` file."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise LogError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    games = []
    seen: dict[tuple[int, int, int], int] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            deal = _deal(record)
            well_formed = _well_formed(record)
        except (ValueError, KeyError, TypeError):
            well_formed = False
        if not well_formed:
            raise LogError(f"{path}, line {number}: not a game of a tournament log")
        if deal in seen:
            raise LogError(f"{path}, line {number}: the game of line {seen[deal]} again (one "
                           "log holds one run)")
        seen[deal] = number
        games.append(record)
    return games


def _well_formed(record: dict) -> bool:
    players, seats, track = record["players"], record["seats"], record["track"]
    return (type(players) is int and isinstance(seats, list) and isinstance(track, list)
            and len(seats) == len(track) == players
            and all(type(t) is int for t in track)
            and type(record["winner"]) is int and 0 <= record["winner"] < players
            and type(record["subject_seat"]) is int and 0 <= record["subject_seat"] < players)


def _deal(record: dict) -> tuple[int, int, int]:
    return record["players"], record["seed"], record["subject_seat"]


def compare(a: Iterable[dict], b: Iterable[dict]) -> dict:
    """The paired report of two logs, per player count."""
    b_by_deal = {_deal(r): r for r in b}
    by_players: dict[int, list[tuple[dict, dict]]] = {}
    for record in a:
        other = b_by_deal.get(_deal(record))
        if other is not None:
            by_players.setdefault(record["players"], []).append((record, other))
    return {str(players): _summary(pairs) for players, pairs in sorted(by_players.items())}


def _summary(pairs: list[tuple[dict, dict]]) -> dict:
    seat_margins = [(margin(a["track"], a["subject_seat"]), margin(b["track"], b["subject_seat"]))
                    for a, b in pairs]
    diff, error = mean_and_error([x - y for x, y in seat_margins])
    return {
        "pairs": len(pairs),
        "bot_a": pairs[0][0]["seats"][pairs[0][0]["subject_seat"]],
        "bot_b": pairs[0][1]["seats"][pairs[0][1]["subject_seat"]],
        "wins_a": sum(a["winner"] == a["subject_seat"] for a, _ in pairs),
        "wins_b": sum(b["winner"] == b["subject_seat"] for _, b in pairs),
        "margin_a": round(statistics.fmean(x for x, _ in seat_margins), 3),
        "margin_b": round(statistics.fmean(y for _, y in seat_margins), 3),
        "difference": round(diff, 3),
        "standard_error": round(error, 3),
        "ci95": [round(diff - 1.96 * error, 3), round(diff + 1.96 * error, 3)],
    }


def report_lines(report: dict) -> list[str]:
    """The paired report for people."""
    if not report:
        return ["no game of the first log was dealt in the second (same --seed, --players and "
                "--games?)"]
    lines = []
    for players, s in report.items():
        lo, hi = s["ci95"]
        lines.append(
            f"{players} players, {s['pairs']} paired games: {s['bot_a']} wins {s['wins_a']}, "
            f"{s['bot_b']} wins {s['wins_b']} in the same seat; margin over the best rival "
            f"{s['margin_a']:+.2f} against {s['margin_b']:+.2f}: difference "
            f"{s['difference']:+.2f} +- {s['standard_error']:.2f} (95% [{lo:+.2f}, {hi:+.2f}])")
    return lines
