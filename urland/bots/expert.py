"""The expert bot: the hard bot's search, then the rest of each turn played by look-ahead players.

The hard bot (ismcts.py) judges its moves by letting the medium policy finish the turn, so it
expects its rivals to reply as the medium bot would. The expert takes the hard bot's best moves,
in the hard bot's order, and plays each through the rest of the turn with the turn search
(turn_search.py): every later decision of the turn, its own and its rivals', looks one move
ahead as the hard bot does, and the scoring that ends the turn is weighed over the likeliest
face-down chips. It plays the move the turn search values most (on a tie, the hard bot's
order decides).

It judges the end of each turn for itself by a judge learned from self-play (judge.py: each
seat's chance of winning, fitted to who won self-play games), and expects the other players to
judge theirs as hard players do, by the hand-set weights (evaluate.py): the rivals it meets are
modelled as they think, its own choice by what wins.

Its thinking time buys width: the search runs in `STAGES`, each weighing more replies at every
decision and more of the likely chips. A wider stage is tried only with a budget of at least its
`seconds` (the default budget plays the first stage, the one measured strongest against hard
bots: docs/bot-strength.md), and only if, at the pace of the stage before, it fits in what is
left of the budget (processor time, at most WALL_FACTOR times that on the clock); a stage cut
short by the clock is dropped and the last finished one decides.

It reads the face-down chip better than the hard bot: the hard bot expects every environment
player to choose by the board, the expert also weighs the turn played out (the way the hard bot
and the expert themselves choose), each seat's revealed chips telling it which of the two that
seat follows (chip_styles.py).

In an auction it expects its rivals to bid as well as the hard bot does (bidding.py,
`strong_rivals`): it sees which genes the others will fight over. Its purchases, Panic choices
and scoring chips are the hard bot's.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from urland.bots.bidding import best_bid, strong_rivals
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.ismcts import HardBot
from urland.bots.judge import learned_win_chance
from urland.bots.turn_search import TurnSearch
from urland.engine import ACTION, BID, Move, PlayerView

SECONDS = 1.0  # default thinking time per decision, at most
WALL_FACTOR = 2.0  # the most a decision may take on the clock, in budgets


@dataclass(frozen=True)
class Stage:
    """How wide one pass of the turn search looks, and the thinking time that tries it."""

    moves: int  # the hard bot's best moves compared
    width: int  # replies each later decision of the turn weighs
    chips: int  # face-down chips the turn's end is scored under, at most
    seconds: float = 0.0  # tried only with a budget of at least this many seconds

    @property
    def size(self) -> int:
        return self.moves * self.width * self.chips


STAGES = (Stage(6, 5, 6), Stage(6, 8, 9, seconds=2.0), Stage(6, 12, 12, seconds=4.0))


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int = 0, seconds: float = SECONDS,
                 stages: tuple[Stage, ...] = STAGES, hard_iterations: int | None = None
                 ) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.stages = stages
        # Its memory of the table, its first ranking and its other decisions; a fixed number
        # of iterations (tests) makes them the same on any machine.
        self.hard = HardBot(seed, max_iterations=hard_iterations, read_styles=True)
        self.last_iterations = 0  # lines the turn search played for the last decision
        self.last_stage = 0  # the widest stage finished for the last decision (1-based)

    def choose(self, view: PlayerView) -> Move:
        self.last_iterations = self.last_stage = 0
        state = view.state
        options = view.legal_options()
        if len(options) == 1 and options[0].complete:
            return self.hard.choose(view)
        if state.phase == BID:
            worth = measured_gene_worth(state.n)
            return Move("bid", count=best_bid(state, state.actor, self.rng, worth=worth,
                                              rivals=strong_rivals(worth)))
        if state.phase != ACTION:
            return self.hard.choose(view)
        move = self._action(view)
        self.hard.greedy.note(state, move)
        self.hard.memory.note(view, move)
        return move

    def watch(self, view: PlayerView) -> None:
        """See the table after every move, as a player does (beliefs.py)."""
        self.hard.watch(view)

    def _action(self, view: PlayerView) -> Move:
        cpu_start, wall_start = time.thread_time(), time.perf_counter()
        cpu_end = cpu_start + self.seconds
        wall_end = wall_start + WALL_FACTOR * self.seconds
        ranked = self.hard.search(view)
        if len(ranked) == 1:
            return ranked[0]
        belief = self.hard.belief  # the search's belief about the face-down chip
        choice, pace = ranked[0], 0.0  # pace: processor seconds per unit of stage size
        for number, stage in enumerate(self.stages, 1):
            began = time.thread_time()
            if stage.seconds > self.seconds or (pace and began + pace * stage.size > cpu_end):
                break
            best = self._stage(view, ranked[:stage.moves], belief, stage,
                               None if number == 1 else (cpu_end, wall_end))
            if best is None:
                break
            choice, self.last_stage = best, number
            pace = (time.thread_time() - began) / stage.size
        return choice

    def _stage(self, view: PlayerView, moves: list[Move], belief: dict[int, float],
               stage: Stage, ends: tuple[float, float] | None) -> Move | None:
        """The best of `moves` by one pass of the turn search; None if the time ran out before
        `ends` (processor time, clock); without `ends` (the first stage) it always finishes."""
        search = TurnSearch.of(view, belief, self.rng, stage.width, stage.chips,
                               replies=self.hard.replies, judge=learned_win_chance)
        best, best_value = moves[0], float("-inf")
        for move in moves:
            if ends and (time.thread_time() > ends[0] or time.perf_counter() > ends[1]):
                return None
            value = search.value(move)
            if value > best_value:
                best, best_value = move, value
        self.last_iterations += search.lines
        return best
