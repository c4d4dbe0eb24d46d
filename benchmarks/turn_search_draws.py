"""Would the expert choose differently if its turn search drew the hidden pile and hands more often?

    python benchmarks/turn_search_draws.py [--games 4] [--draws 1,4,16,64] [--seed 9300]

The turn search (urland/bots/turn_search.py) plays each of the expert's compared moves once in
one position per likely face-down chip; everything else hidden (the draw pile, the hands) is
drawn once for each of those positions. It matters only when the turn's end draws a Panic or
ends the epoch, so averaging over more draws is a way a search could spend more time. Plays
`--games` four-player games of the expert (1 s a decision) against three hard bots. At each of
the expert's Ichto actions with more than one move to compare, it values the same moves with
each number of draws of `--draws` per likely chip (fresh draws each time), and prints, per
number of draws: how often its choice differs from the choice with the most draws, the win
chance that difference costs by the values with the most draws, and the mean processor time
(the first valuation fills the memory of replies the later ones share, so it is the slowest).
Also counts the decisions where more draws moved any move's value at all. Asserts nothing; the
hard search is run again for the expert's own choice, so the games differ from a tournament's.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from expert_games import game_set_options, play_against_hard

from urland.bots.expert import CHIPS, MOVES, WIDTH, ExpertBot
from urland.bots.judge import learned_win_chance
from urland.bots.turn_search import TurnSearch
from urland.engine import Move, PlayerView


@dataclass
class Decision:
    values: list[list[float]]  # per number of draws, each compared move's value
    seconds: list[float]  # per number of draws, the processor time of the search


class DrawingExpert(ExpertBot):
    """The expert at its default budget, which first values its compared moves with each
    number of draws."""

    def __init__(self, seed: int, draws: list[int]) -> None:
        super().__init__(seed)
        self.draws = draws
        self.found: list[Decision] = []
        self.extra = random.Random(seed + 1)

    def _action(self, view: PlayerView) -> Move:
        moves = self.hard.search(view)[:MOVES]
        if len(moves) > 1:
            values, seconds = [], []
            for draws in self.draws:
                start = time.thread_time()
                search = TurnSearch.of(view, self.hard.belief, random.Random(self.extra.random()),
                                       WIDTH, CHIPS, replies=self.hard.replies,
                                       judge=learned_win_chance, draws=draws)
                values.append([search.value(m) for m in moves])
                seconds.append(time.thread_time() - start)
            self.found.append(Decision(values, seconds))
        return super()._action(view)


def best(values: list[float]) -> int:
    """The index of the move valued most (the first on a tie, as the expert chooses)."""
    return max(range(len(values)), key=lambda i: values[i])


def main() -> None:
    parser = game_set_options(__doc__, 9300)
    parser.add_argument("--draws", default="1,4,16,64")
    args = parser.parse_args()
    draws = [int(d) for d in args.draws.split(",")]
    experts = play_against_hard(lambda game: DrawingExpert(game, draws), args.games, args.seed)
    found = [decision for expert in experts for decision in expert.found]
    if not found:
        print("no decision had more than one move to compare")
        return
    moved = sum(any(abs(a - b) > 1e-9 for v in d.values
                    for a, b in zip(v, d.values[-1], strict=True)) for d in found)
    print(f"{len(found)} decisions with more than one move to compare; more draws moved a "
          f"value in {moved}")
    for i, n in enumerate(draws):
        differs = sum(best(d.values[i]) != best(d.values[-1]) for d in found)
        cost = statistics.fmean(d.values[-1][best(d.values[-1])] - d.values[-1][best(d.values[i])]
                                for d in found)
        seconds = statistics.fmean(d.seconds[i] for d in found)
        print(f"{n} draws a chip: chooses otherwise than {draws[-1]} in {differs}, costing "
              f"{cost:.5f} of a win chance a decision; {seconds:.3f} s")


if __name__ == "__main__":
    main()
