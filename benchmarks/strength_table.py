"""How the expert's strength grows with its thinking time: the table of docs/bot-strength.md.

    python benchmarks/strength_table.py [--seconds 0.5,1,2,4] [--games 40] [--seed 1]
                                        [--players 4] [--against hard] [--workers 2]
                                        [--log FILE]

For each thinking time, the expert sits in one seat against `--against` bots in the others, on
the same games as `python -m urland tournament --bots expert,hard,hard,hard --games N --seed S
--think T` (the first N of any longer run with that seed: seats rotated, the same deals).
Each finished game is appended to `--log` as one JSON line, so a run that is stopped keeps
what it played and a rerun with the same log skips the games already there. Prints per
thinking time: games, the expert's wins with the 95% Wilson interval, its mean margin over the
best rival and its decision time (mean, 95th percentile). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from urland.tools.tournament import planned_tables, play_table
from urland.tools.tournament_report import percentile, wilson


def run(tables: list[tuple], log: Path, workers: int) -> None:
    done = {(r["seed"], r["think"]) for r in read(log)}
    todo = [t for t in tables if (t[0], t[2]) not in done]
    with ProcessPoolExecutor(workers) as pool, log.open("a", encoding="utf-8") as out:
        for table, result in zip(todo, pool.map(play_table, *zip(*todo, strict=True)),
                                 strict=True):
            out.write(json.dumps({"seed": table[0], "think": table[2], "seats": result.seats,
                                  "winner": result.winner, "track": result.track,
                                  "times": result.times}) + "\n")
            out.flush()


def read(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]


def summary(records: list[dict], bot: str) -> str:
    wins = sum(r["seats"][r["winner"]] == bot for r in records)
    lo, hi = wilson(wins, len(records))
    margins = []
    for r in records:
        seat = r["seats"].index(bot)
        margins.append(r["track"][seat] - max(t for s, t in enumerate(r["track"]) if s != seat))
    times = [t for r in records for t in r["times"][bot]]
    return (f"{len(records):4d} games  {bot} wins {wins / len(records):6.1%} "
            f"[{lo:.1%}, {hi:.1%}]  margin over the best rival {statistics.fmean(margins):+.2f}"
            f"  decision mean {statistics.fmean(times):.2f} s, p95 {percentile(times, 0.95):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", default="0.5,1,2,4")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--against", default="hard")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, default=Path("strength_table.jsonl"))
    args = parser.parse_args()
    lineup = ["expert"] + [args.against] * (args.players - 1)
    for think in (float(t) for t in args.seconds.split(",")):
        run(planned_tables(lineup, args.games, args.seed, think), args.log, args.workers)
        records = [r for r in read(args.log) if r["think"] == think
                   and len(r["seats"]) == args.players][:args.games]
        print(f"{think:4.1f} s a decision: {summary(records, 'expert')}", flush=True)

if __name__ == "__main__":
    main()
