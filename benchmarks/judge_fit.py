"""Fit the expert bot's judge (urland/bots/judge.py) from self-play: judge_weights.py.

    python benchmarks/judge_fit.py [--players 3,4,5] [--games 1000] [--seed 11] [--workers 2]
                                   [--write]

Plays games in which every seat follows the expert's playout policy (the medium policy with a
softmax over its actions, urland/bots/playout.py), so the judge learns on the kind of positions
the expert's playouts reach. At every scoring chip to be laid (where the playouts stop), each
seat's features against its rivals' mean (judge.relative_rows) are one row, and the seat's final
score less its rivals' mean final score is the target. A ridge least-squares fit per player
count gives the weights; the first half of the games fits and the second half measures (mean
absolute error against the track alone), then all games fit the weights that are kept.
`--write` stores them in urland/bots/judge_weights.py. 600 games of each player count take
about 5 minutes on two cores. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gene_worth_fit import solve  # the same least-squares solver

from urland.bots.judge import FEATURES, final_margins, relative_rows
from urland.bots.playout import PlayoutPolicy
from urland.engine import CHIP, apply_move, new_game

RIDGE = 1.0  # L2 penalty: keeps weights of rare situations from running off
WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "urland" / "bots" / "judge_weights.py"

Rows = list[tuple[list[float], float]]


def play(args: tuple[int, int]) -> Rows:
    """One self-play game: a (features, final margin) row per seat at every chip to be laid."""
    seed, players = args
    state = new_game(seed, players, events=False)
    policy = PlayoutPolicy(random.Random(seed))
    seen: set[tuple[int, int]] = set()
    positions: list[list[list[float]]] = []
    while not state.over:
        turn = (state.epoch, state.turn)
        if state.phase == CHIP and turn not in seen:
            seen.add(turn)
            positions.append(relative_rows(state))
        apply_move(state, policy.move(state))
    margins = final_margins(state.track)
    return [(row, margins[s]) for rows in positions for s, row in enumerate(rows)]


def fit(rows: Rows) -> list[float]:
    size = len(rows[0][0])
    a = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
    b = [0.0] * size
    for x, y in rows:
        for i in range(size):
            if x[i]:
                b[i] += x[i] * y
                for j in range(size):
                    a[i][j] += x[i] * x[j]
    return solve(a, b)


def error(rows: Rows, w: list[float]) -> float:
    return statistics.fmean(abs(y - sum(a * b for a, b in zip(w, x, strict=True)))
                            for x, y in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    fitted: dict[int, list[float]] = {}
    for players in (int(p) for p in args.players.split(",")):
        seeds = random.Random(args.seed * 100 + players)
        jobs = [(seeds.getrandbits(32), players) for _ in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, jobs, chunksize=8))
        half = len(games) // 2
        train = [r for g in games[:half] for r in g]
        test = [r for g in games[half:] for r in g]
        track_only = [0.0] * len(train[0][0])
        track_only[0] = 1.0
        w = fit(train)
        print(f"{players} players: {len(games)} games, {len(train) + len(test)} rows; "
              f"held-out mean absolute error {error(test, w):.2f} points "
              f"(track alone {error(test, track_only):.2f}, "
              f"nothing {statistics.fmean(abs(y) for _, y in test):.2f})")
        fitted[players] = fit(train + test)
        names = [*FEATURES, *(f"{f} x time left" for f in FEATURES)]
        for name, value in zip(names, fitted[players], strict=True):
            print(f"    {name:28s} {value:7.3f}")
    if args.write:
        write(fitted, args)


def write(fitted: dict[int, list[float]], args: argparse.Namespace) -> None:
    lines = [
        '"""The expert judge\'s weights (judge.py), per player count: written by',
        f"`python benchmarks/judge_fit.py --players {args.players} --games {args.games} "
        f"--seed {args.seed} --write`.",
        "",
        "Order: judge.FEATURES as they stand, then the same scaled by the share of the game",
        'still to come."""',
        "",
        "WEIGHTS: dict[int, tuple[float, ...]] = {",
    ]
    for players, w in sorted(fitted.items()):
        lines.append(f"    {players}: (")
        for k in range(0, len(w), 8):
            lines.append("        " + " ".join(f"{v:.4f}," for v in w[k:k + 8]))
        lines.append("    ),")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    WEIGHTS_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {WEIGHTS_FILE.name}")


if __name__ == "__main__":
    main()
