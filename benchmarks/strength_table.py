"""How the expert's strength grows with its thinking time: the table of docs/bot-strength.md.

    python benchmarks/strength_table.py [--seconds 0.5,1,2,4] [--games 40] [--seed 1]
                                        [--players 4] [--against hard] [--workers 2]
                                        [--bot expert] [--baseline hard] [--log FILE]
                                        [--baseline-seconds S] [--report]

For each thinking time, the expert sits in one seat against `--against` bots in the others, on
the same games as `python -m urland tournament --bots expert,hard,hard,hard --games N --seed S
--think T` (the first N of any longer run with that seed: seats rotated, the same deals).
Each finished game is appended to `--log` as one JSON line, so a run that is stopped keeps
what it played and a rerun with the same log skips the games already there. Prints per
thinking time: games, the expert's wins with the 95% Wilson interval, its mean margin over the
best rival and its decision time (mean, 95th percentile), and, when the log holds games of
`--baseline` in the first seat (`--bot hard`: the hard bot in the expert's seat of the same
deals; or `--baseline expert --baseline-seconds 1`: the expert itself at 1 s), the margin
gained over it game by game with its standard error. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from urland.tools.paired import margin as seat_margin
from urland.tools.paired import mean_and_error
from urland.tools.tournament import planned_tables, play_table
from urland.tools.tournament_report import percentile, wilson


def run(tables: list[tuple], bot: str, log: Path, workers: int) -> None:
    """Play the tables not yet in the log, appending each game as it ends."""
    done = {(r.get("bot", "expert"), r["seed"], r["think"]) for r in read(log)}
    todo = [(g, t) for g, t in enumerate(tables) if (bot, t[0], t[2]) not in done]
    if not todo:
        return
    with ProcessPoolExecutor(workers) as pool, log.open("a", encoding="utf-8") as out:
        games = pool.map(play_table, *zip(*(t for _, t in todo), strict=True))
        for (g, table), result in zip(todo, games, strict=True):
            out.write(json.dumps({"bot": bot, "game": g, "seed": table[0], "think": table[2],
                                  "seats": result.seats, "winner": result.winner,
                                  "track": result.track, "times": result.times}) + "\n")
            out.flush()


def read(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]


def margin(record: dict, seat: int) -> int:
    return seat_margin(record["track"], seat)


def summary(records: dict[int, dict], bot: str, players: int) -> str:
    """The bot's results in the games of `records` ({game number: record}); the bot sits in
    seat game mod players (the tournament's rotation)."""
    wins = sum(r["winner"] == g % players for g, r in records.items())
    lo, hi = wilson(wins, len(records))
    margins = [margin(r, g % players) for g, r in records.items()]
    times = [t for r in records.values() for t in r["times"].get(bot, [])]
    timing = (f"decision mean {statistics.fmean(times):.2f} s, p95 "
              f"{percentile(times, 0.95):.2f} s" if times else "decision times not logged")
    return (f"{len(records):4d} games  {bot} wins {wins / len(records):6.1%} "
            f"[{lo:.1%}, {hi:.1%}]  margin over the best rival {statistics.fmean(margins):+.2f}"
            f"  {timing}")


def paired(records: dict[int, dict], baseline: dict[int, dict], players: int) -> str:
    """The margin gained over the baseline bot sitting in the same seat of the same deals."""
    games = sorted(set(records) & set(baseline))
    diffs = [margin(records[g], g % players) - margin(baseline[g], g % players) for g in games]
    if len(diffs) < 2:
        return "too few games with a baseline"
    mean, error = mean_and_error(diffs)
    return (f"{len(diffs)} games: margin {mean:+.2f} +- {error:.2f} "
            "against the baseline in the same seat")


def by_game(log: Path, bot: str, think: float | None, players: int, games: int,
            seed: int) -> dict[int, dict]:
    seeds = [t[0] for t in planned_tables(["x"] * players, games, seed)]
    found = {}
    for r in read(log):
        if (r.get("bot", "expert") == bot and (think is None or r["think"] == think)
                and len(r["seats"]) == players and r["seed"] in seeds):
            found[seeds.index(r["seed"])] = r
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", default="0.5,1,2,4")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="expert", help="the bot in the first seat")
    parser.add_argument("--against", default="hard")
    parser.add_argument("--baseline", default="hard",
                        help="compare, game by game, with this bot's games in the log")
    parser.add_argument("--baseline-seconds", type=float, default=None,
                        help="only the baseline's games at this thinking time (to compare the "
                             "expert with itself at another budget)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, default=Path("strength_table.jsonl"))
    parser.add_argument("--report", action="store_true",
                        help="only summarise the games already in the log")
    args = parser.parse_args()
    n = args.players
    lineup = [args.bot] + [args.against] * (n - 1)
    baseline = by_game(args.log, args.baseline, args.baseline_seconds, n, args.games, args.seed)
    for think in (float(t) for t in args.seconds.split(",")):
        if not args.report:
            run(planned_tables(lineup, args.games, args.seed, think), args.bot, args.log,
                args.workers)
        records = by_game(args.log, args.bot, think, n, args.games, args.seed)
        if not records:
            print(f"{think:g} s a decision: no games yet", flush=True)
            continue
        print(f"{think:g} s a decision: {summary(records, args.bot, n)}", flush=True)
        itself = args.bot == args.baseline and args.baseline_seconds in (None, think)
        if baseline and not itself:
            print(f"      {paired(records, baseline, n)}", flush=True)


if __name__ == "__main__":
    main()
