"""How long the game review takes for a whole game, with the budget the Review page uses.

    python benchmarks/review_bench.py [--people 1] [--games all]

Prints figures; asserts nothing. Reviews the recorded games of tests/games (3, 4 and 5
players) as if the first `--people` seats had been people: the decisions judged, the seconds
per decision, the whole review (replay, judging, the contrasts of the marked decisions) in
wall-clock seconds, and the decisions marked. The page promises at most 60 s for a game.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from urland.engine.save import load_game
from urland.records.review import BUDGET_SECONDS, Review

GAMES = sorted((Path(__file__).parent.parent / "tests" / "games").glob("*.yaml"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=1,
                        help="how many seats (from the first) count as people")
    args = parser.parse_args()
    print(f"budget for judging: {BUDGET_SECONDS:.0f} s a game")
    worst = 0.0
    for path in GAMES:
        game, _ = load_game(path)
        start = time.perf_counter()
        review = Review(game, range(args.people))
        review.run()
        seconds = time.perf_counter() - start
        worst = max(worst, seconds)
        print(f"{path.stem}: {len(game.moves)} moves, {len(review.steps)} decisions judged "
              f"({review.spent / max(1, len(review.steps)):.2f} s each); whole review "
              f"{seconds:.1f} s; "
              f"{len(review.marked())} marked")
    print(f"slowest whole review: {worst:.1f} s (promised: at most 60 s)")


if __name__ == "__main__":
    main()
