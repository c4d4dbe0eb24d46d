"""How many of the hard bot's best moves the expert compares within each thinking time.

    python benchmarks/expert_comparisons.py [--games 4] [--seconds 0.1,0.25,0.5,1] [--seed 9100]

Plays `--games` four-player games of the expert (1 s a decision) against three hard bots. At each
of the expert's Ichto actions it first answers the same decision once per budget and once with
all the time it needs, and counts the moves compared each time. Prints, per budget and over the
decisions with more than one move to compare: how often it compared them all, the mean it
compared, and how many decisions compared 0, 1, ... 6. The extra answers draw on the expert's
random generators, so the games differ from a tournament's. Asserts nothing.
"""

from __future__ import annotations

import collections
import statistics

from expert_games import game_set_options, play_against_hard

from urland.bots.expert import ExpertBot
from urland.engine import ACTION, Move, PlayerView

UNHURRIED = 600.0  # a budget no search reaches


class CountingExpert(ExpertBot):
    """The expert at its default budget, which first answers each Ichto action at every budget
    of `budgets` and with no limit, noting (moves compared unhurried, compared at each budget)."""

    def __init__(self, seed: int, budgets: list[float]) -> None:
        super().__init__(seed)
        self.budgets = budgets
        self.counts: list[tuple[int, list[int]]] = []

    def choose(self, view: PlayerView) -> Move:
        if view.state.phase == ACTION and len(view.legal_options()) > 1:
            compared = [self._compared(view, seconds) for seconds in self.budgets]
            unhurried = self._compared(view, UNHURRIED)
            if unhurried > 1:
                self.counts.append((unhurried, compared))
        return super().choose(view)

    def _compared(self, view: PlayerView, seconds: float) -> int:
        default = self.seconds
        self.seconds, self.last_compared = seconds, 0
        self._action(view)
        self.seconds = default
        return self.last_compared


def main() -> None:
    parser = game_set_options(__doc__, 9100)
    parser.add_argument("--seconds", default="0.1,0.25,0.5,1")
    args = parser.parse_args()
    budgets = [float(s) for s in args.seconds.split(",")]
    experts = play_against_hard(lambda game: CountingExpert(game, budgets), args.games,
                                args.seed)
    counts = [count for expert in experts for count in expert.counts]
    if not counts:
        print("no decision had more than one move to compare")
        return
    print(f"{len(counts)} decisions with more than one move to compare, "
          f"{statistics.fmean(full for full, _ in counts):.2f} of them on average")
    for i, seconds in enumerate(budgets):
        compared = [c[i] for _, c in counts]
        whole = sum(c[i] == full for full, c in counts) / len(counts)
        spread = sorted(collections.Counter(compared).items())
        print(f"{seconds:g} s: all compared in {whole:.0%}, {statistics.fmean(compared):.2f} "
              f"on average; decisions by moves compared {spread}")


if __name__ == "__main__":
    main()
