"""Paired comparisons: the same deals played with bot A and with bot B in one seat.

Two tournaments with the same `--seed`, `--players` and number of games deal the same games and
rotate the seats the same way; with `--log FILE` each writes one JSON line per game. In every
game the line-up's first bot sits in `subject_seat`. Pairing the two logs game by game (by deal
and seat) takes the luck of the deal out of the comparison: what is left is the difference the
bot in that seat made.

    python -m urland tournament --paired expert hard --bots hard --players 4 --games 200 \
        --seed 1000002 --log pairs.jsonl      # plays both sides, reports the difference
    python -m urland tournament --report pairs.jsonl            # the same report, read back
    python -m urland tournament --bots expert,hard,hard,hard --games 200 --seed 9 --log a.jsonl
    python -m urland tournament --bots hard,hard,hard,hard --games 200 --seed 9 --log b.jsonl
    python -m urland tournament --report a.jsonl b.jsonl [--json]   # two runs' logs paired

Reported per player count: the pairs found; each side's wins, mean score and mean margin over
its best rival in the seat under test; and, game by game (A - B), the mean difference of final
score, of margin and of wins (1 for a win, 0 for a loss: the win-share difference), each with its
standard error and 95% interval (the mean +- 1.96 standard errors).
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path

from urland.tools.seed_sets import FRESH, seed_set


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
    seen: dict[tuple, int] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            deal = (*_deal(record), record.get("side", ""))
            well_formed = _well_formed(record)
        except (ValueError, KeyError, TypeError):
            well_formed = False
        if not well_formed:
            raise LogError(f"{path}, line {number}: not a game of a tournament log")
        if record.get("seed_set") == FRESH and seed_set(record["run_seed"]) != FRESH:
            raise LogError(f"{path}, line {number}: calls its games fresh, but seed "
                           f"{record['run_seed']} is kept for tuning")
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
            and type(record["subject_seat"]) is int and 0 <= record["subject_seat"] < players
            and record.get("side", "A") in ("A", "B")
            and type(record.get("run_seed", 0)) is int
            and _times_well_formed(record.get("seat_times", [[]] * players), players))


def _times_well_formed(times: object, players: int) -> bool:
    return (isinstance(times, list) and len(times) == players
            and all(isinstance(seat, list) and all(type(t) in (int, float) and t >= 0
                                                   for t in seat) for seat in times))


def _deal(record: dict) -> tuple[int, int, int]:
    return record["players"], record["seed"], record["subject_seat"]


def sides(games: Sequence[dict]) -> tuple[list[dict], list[dict]] | None:
    """The two sides of a paired run's log (its games with bot A, with bot B in the seat under
    test); None for the log of a plain tournament."""
    a = [g for g in games if g.get("side") == "A"]
    b = [g for g in games if g.get("side") == "B"]
    return (a, b) if a and b else None


def compare(a: Iterable[dict], b: Iterable[dict]) -> dict:
    """The paired report of two logs, per player count."""
    b_by_deal = {_deal(r): r for r in b}
    by_players: dict[int, list[tuple[dict, dict]]] = {}
    for record in a:
        other = b_by_deal.get(_deal(record))
        if other is not None:
            by_players.setdefault(record["players"], []).append((record, other))
    return {str(players): _summary(pairs) for players, pairs in sorted(by_players.items())}


def _subject(record: dict) -> tuple[int, int, int]:
    """The seat under test's final score, margin over its best rival, and win (1 or 0)."""
    seat = record["subject_seat"]
    return record["track"][seat], margin(record["track"], seat), int(record["winner"] == seat)


def difference(values: Sequence[float], bound: float = math.inf) -> dict:
    """The mean of paired differences, its standard error and 95% interval (kept within
    +-`bound`: a difference of win shares lies between -1 and 1)."""
    mean, error = mean_and_error(values)
    return {"mean": round(mean, 4), "standard_error": round(error, 4),
            "ci95": [round(max(-bound, mean - 1.96 * error), 4),
                     round(min(bound, mean + 1.96 * error), 4)]}


def _summary(pairs: list[tuple[dict, dict]]) -> dict:
    a_side = [_subject(a) for a, _ in pairs]
    b_side = [_subject(b) for _, b in pairs]
    margins = difference([x[1] - y[1] for x, y in zip(a_side, b_side, strict=True)])
    return {
        "pairs": len(pairs),
        "bot_a": pairs[0][0]["seats"][pairs[0][0]["subject_seat"]],
        "bot_b": pairs[0][1]["seats"][pairs[0][1]["subject_seat"]],
        "wins_a": sum(x[2] for x in a_side),
        "wins_b": sum(y[2] for y in b_side),
        "score_a": round(statistics.fmean(x[0] for x in a_side), 3),
        "score_b": round(statistics.fmean(y[0] for y in b_side), 3),
        "margin_a": round(statistics.fmean(x[1] for x in a_side), 3),
        "margin_b": round(statistics.fmean(y[1] for y in b_side), 3),
        "score_difference": difference([x[0] - y[0] for x, y in zip(a_side, b_side, strict=True)]),
        "win_difference": difference([x[2] - y[2] for x, y in zip(a_side, b_side, strict=True)],
                                     bound=1.0),
        "margin_difference": margins,
        # the margin's figures under their earlier names, which earlier scripts read
        "difference": round(margins["mean"], 3),
        "standard_error": round(margins["standard_error"], 3),
        "ci95": [round(v, 3) for v in margins["ci95"]],
    }


def report_lines(report: dict) -> list[str]:
    """The paired report for people."""
    if not report:
        return ["no game of the first log was dealt in the second (same --seed, --players and "
                "--games?)"]
    lines = []
    for players, s in report.items():
        lines += [
            f"{players} players, {s['pairs']} paired games ({s['bot_a']} - {s['bot_b']} in the "
            "same seat of the same deals):",
            f"  wins             {s['wins_a']:4d} against {s['wins_b']:4d}   win share "
            + _said(s["win_difference"], percent=True),
            f"  mean score      {s['score_a']:5.2f} against {s['score_b']:5.2f}  difference "
            + _said(s["score_difference"]),
            f"  margin over the best rival {s['margin_a']:+.2f} against {s['margin_b']:+.2f}  "
            "difference " + _said(s["margin_difference"])]
    return lines


def _said(d: dict, percent: bool = False) -> str:
    """A difference, its standard error and interval in words and figures."""
    lo, hi = d["ci95"]
    if percent:
        return (f"{d['mean']:+.1%} +- {d['standard_error']:.1%} "
                f"(95% [{lo:+.1%}, {hi:+.1%}])")
    return f"{d['mean']:+.2f} +- {d['standard_error']:.2f} (95% [{lo:+.2f}, {hi:+.2f}])"
