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

Its thinking time buys comparisons: it plays the hard bot's best moves through the turn search
one after another, in the hard bot's order, until it has compared `MOVES` of them or its budget
is spent, and plays the best it has compared; with no time to compare even the first, it plays
the hard bot's choice. The budget (budget.py) is processor time of the bot's own thread, which a
busy machine does not cut short, with a cap of WALL_FACTOR budgets on the clock so that a
starved machine still answers. Each decision has the whole budget, from the start of the hard
bot's search (which stops at its iterations or at HARD_SHARE of the budget, whichever comes
first) to the last comparison (checked before each; one under way is finished). The decisions
of a turn (each action, those a double-turn chip buys too, the scoring chip as environment
player) each get a budget of their own; what one leaves unused is not carried to the next, so a
turn's thinking never depends on how its earlier decisions went. Bids, purchases and Panic
choices take far less (the hard bot's quick reasoning); of them only the chip's search is held
to the budget (its HARD_SHARE). Time beyond what the six comparisons take is left unused: every
use of it measured so far (wider replies, more chips, more moves compared, deeper searches,
rollouts past the turn, rivals' replies drawn as hard players spread them, the hidden pile and
hands drawn again and again) did no better than the six comparisons alone, or lost
(docs/bot-strength.md).

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

from urland.bots.bidding import best_bid, strong_rivals
from urland.bots.budget import Budget, Clock
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.ismcts import HardBot
from urland.bots.judge import learned_win_chance
from urland.bots.turn_search import TurnSearch
from urland.engine import ACTION, BID, Move, PlayerView

SECONDS = 1.0  # default thinking time per decision, at most
WALL_FACTOR = 4.0  # the most a decision may take on the clock, in budgets
# The share of the budget its hard search may take (as the hard bot's own 0.8-s limit did at the
# 1-s default), so that the comparisons always keep a fifth of it.
HARD_SHARE = 0.8
MOVES = 6  # the hard bot's best moves compared, at most
WIDTH = 5  # replies each later decision of the turn weighs
CHIPS = 6  # face-down chips the turn's end is scored under, at most


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int = 0, seconds: float = SECONDS,
                 hard_iterations: int | None = None,
                 clocks: tuple[Clock, Clock] | None = None) -> None:
        """`clocks`: the processor and the wall clock the budget reads (tests drive them)."""
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.clocks = clocks
        # Its memory of the table, its first ranking and its other decisions; a fixed number
        # of iterations (tests) makes them the same on any machine: such a search runs them all.
        self.fixed_search = hard_iterations is not None
        self.hard = HardBot(seed, max_iterations=hard_iterations, read_styles=True,
                            budget=None if self.fixed_search else self.budget.share(HARD_SHARE))

    @property
    def budget(self) -> Budget:
        """A decision's budget: `seconds` of processor time, at most WALL_FACTOR times that on
        the clock."""
        if self.clocks is None:
            return Budget.processor(self.seconds, WALL_FACTOR)
        return Budget.processor(self.seconds, WALL_FACTOR, *self.clocks)
        self.last_compared = 0  # the hard bot's moves compared for the last decision
        self.last_iterations = 0  # lines the turn search played for the last decision
        self.last_stop = ""  # what ended the last comparisons: "processor", "clock" or ""

    def choose(self, view: PlayerView) -> Move:
        self.last_compared = self.last_iterations = 0
        self.last_stop = ""
        if not self.fixed_search:  # the chip's search too, at the budget of now
            self.hard.budget = self.budget.share(HARD_SHARE)
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
        """The best of the hard bot's best `MOVES` by the turn search, compared in the hard
        bot's order while the budget (which the hard bot's search spends first) lasts; the hard
        bot's choice if it runs out before the first comparison."""
        budget = self.budget
        deadline = budget.start()
        ranked = self.hard.search(view, None if self.fixed_search
                                  else budget.share(HARD_SHARE).start())
        if len(ranked) == 1:
            return ranked[0]
        # Built before the clock is read: its draws from self.rng do not depend on the time.
        search = TurnSearch.of(view, self.hard.belief, self.rng, WIDTH, CHIPS,
                               replies=self.hard.replies, judge=learned_win_chance)
        best, best_value = ranked[0], float("-inf")
        for move in ranked[:MOVES]:
            if deadline.over():
                break
            value = search.value(move)
            self.last_compared += 1
            if value > best_value:
                best, best_value = move, value
        self.last_iterations = search.lines
        self.last_stop = deadline.reason
        return best
