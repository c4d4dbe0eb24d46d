"""The expert bot: a search that looks past the turn and grows stronger with its thinking time.

Like the hard bot (ismcts.py) it searches the decisions that shape the coming scorings (its Ichto
actions and, as environment player, the chip it lays face down), sampling the hidden information
from its own view each iteration (the face-down chip from the belief of beliefs.py). Unlike the
hard bot, whose playouts stop at the end of the turn and follow one fixed policy, so that its
iterations only average over the hidden chip:

* a playout runs on through the end of this turn and the next (`TURNS`): the bot's own rest of
  the turn, the other players' replies, their next turn, and the scorings on the way;
* the playouts vary: every seat draws its actions from the medium policy's ranked moves with a
  softmax (playout.py), so iterations explore different lines;
* the position a playout reaches is judged by a model learned from self-play (judge.py): each
  seat's expected final score less the mean of its rivals', in points.

It thinks for a time budget per decision (`seconds` of processor time, at most twice that on
the clock); more time, more playouts. Bids, purchases
and Panic choices are the hard bot's (bidding model and measured gene worth).

`appraise` gives every sensible move of a decision with its expected final margin, for the game
review.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

from urland.bots.beliefs import ChipMemory, chosen_chip_belief, region_belief
from urland.bots.bidding import best_bid
from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import pending_distribution
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.greedy import GreedyBot
from urland.bots.judge import judge_all
from urland.bots.playout import PlayoutPolicy, play_on
from urland.engine import ACTION, BID, CHIP, Move, PlayerView, apply_move, sample_hidden

SECONDS = 1.0  # default thinking time per searched decision
TURNS = 2  # turn ends a playout runs through: this turn's scoring and the next turn's
WIDTH = 10  # root moves searched, best first by the medium heuristic
KEEP = 3  # moves the screen passes on to the deep playouts
SCREEN_ROUNDS = 24  # the screen's rounds at most ...
SCREEN_SHARE = 0.2  # ... and its share of the time
WALL_FACTOR = 2.0  # the most a decision may take on the clock, in budgets


@dataclass
class Arm:
    """One root move and what its playouts judged it worth: first in the quick screen, then
    in the deep playouts."""

    move: Move
    screened: list[float] = field(default_factory=list)
    deep: list[float] = field(default_factory=list)

    @property
    def value(self) -> float:
        """The deep playouts' mean once there are any, else the screen's."""
        results = self.deep or self.screened
        return statistics.fmean(results) if results else -math.inf


@dataclass
class Search:
    """The expert's look at one decision, in rounds. Every round samples the hidden information
    once and plays each move searched from that same sample with the same dice, so moves are
    compared on equal luck. A quick screen first (one deterministic playout to the end of the
    turn per move and round, as the hard bot's) keeps the KEEP most promising moves; deep,
    varied playouts through the next turn then share the rest of the time among them."""

    view: PlayerView
    moves: list[Move]
    rng: random.Random
    beliefs: dict[int, float]
    turns: int = TURNS
    keep: int = KEEP
    arms: list[Arm] = field(init=False)
    playouts: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.arms = [Arm(m) for m in self.moves]
        self.policy = PlayoutPolicy(random.Random(0))
        self.steady = PlayoutPolicy(random.Random(0), temperature=0.0)
        seat = self.view.seat
        assert seat is not None
        self.seat = seat

    def run(self, seconds: float, max_rounds: int | None = None) -> int:
        """Search for `seconds` of this thread's processor time (a busy machine costs playouts
        only once the clock passes WALL_FACTOR times the budget), or `max_rounds` deep rounds;
        the playouts done."""
        cpu_end = time.thread_time() + seconds
        wall_end = time.perf_counter() + WALL_FACTOR * seconds
        screen_end = time.thread_time() + SCREEN_SHARE * seconds

        def time_left(cpu_limit: float) -> bool:
            return time.thread_time() < cpu_limit and time.perf_counter() < wall_end

        arms = self.arms
        if len(arms) > self.keep:
            for done in range(SCREEN_ROUNDS):
                if done and not time_left(screen_end):
                    break
                self.round(arms, deep=False)
            arms = sorted(arms, key=lambda a: -a.value)[:self.keep]
        done = 0
        while (not done or time_left(cpu_end)) and (max_rounds is None or done < max_rounds):
            self.round(arms, deep=True)
            done += 1
        return self.playouts

    def round(self, arms: list[Arm], deep: bool) -> None:
        sample = sample_hidden(self.view, self.rng, self.beliefs)
        dice = self.rng.getrandbits(32)
        for arm in arms:
            state = sample.clone()
            apply_move(state, arm.move)
            if deep:
                self.policy.rng.seed(dice)
                play_on(state, self.policy, self.turns)
                arm.deep.append(judge_all(state)[self.seat])
            else:
                play_on(state, self.steady, 1)
                arm.screened.append(judge_all(state)[self.seat])
            self.playouts += 1

    def best(self) -> Move:
        return max(self.arms, key=lambda a: (bool(a.deep), a.value)).move

    def appraisal(self) -> list[tuple[Move, float]]:
        ranked = sorted(self.arms, key=lambda a: (-bool(a.deep), -a.value))
        return [(a.move, a.value) for a in ranked]


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int = 0, seconds: float = SECONDS,
                 max_rounds: int | None = None, turns: int = TURNS) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.max_rounds = max_rounds
        self.turns = turns
        self.greedy = GreedyBot(seed, worth_for_players=measured_gene_worth)
        self.memory = ChipMemory()
        self.last_iterations = 0

    def choose(self, view: PlayerView) -> Move:
        move = self._decide(view)
        self.memory.note(view, move)
        return move

    def watch(self, view: PlayerView) -> None:
        """See the table after every move, as a player does (beliefs.py)."""
        self.memory.watch(view)

    def _decide(self, view: PlayerView) -> Move:
        self.last_iterations = 0
        options = view.legal_options()
        if len(options) == 1 and options[0].complete:
            return options[0].move
        state = view.state
        if state.phase == BID:
            return Move("bid", count=best_bid(state, state.actor, self.rng,
                                              worth=measured_gene_worth(state.n)))
        if state.phase not in (ACTION, CHIP):
            return self.greedy.choose(view)
        beliefs = chosen_chip_belief(view, self.memory.passed_into(view),
                                     laid_on=self.memory.board_chip_laid_on(view))
        moves = root_moves(view, self.greedy, beliefs)
        if len(moves) == 1:
            self.greedy.note(state, moves[0])
            return moves[0]
        search = Search(view, moves, self.rng, beliefs, self.turns)
        self.last_iterations = search.run(self.seconds, self.max_rounds)
        move = search.best()
        self.greedy.note(state, move)
        return move


def root_moves(view: PlayerView, greedy: GreedyBot, beliefs: dict[int, float],
               width: int = WIDTH) -> list[Move]:
    """The moves worth searching, best first by the medium heuristic: at most `width`, and
    ending the turn whenever it is allowed."""
    state = view.state
    moves = candidate_moves(state, view.legal_options())
    if state.phase == ACTION:
        moves = greedy.sensible(state, moves)
    if len(moves) <= width:
        return moves
    pending = region_belief(state, beliefs) if beliefs else pending_distribution(view)
    scored = greedy.scored(state, moves, pending)
    scored.sort(key=lambda vm: -vm[0])
    top = [m for _, m in scored[:width]]
    if Move("end") not in top and any(m.kind == "end" for m in moves):
        top.append(Move("end"))
    return top


def appraise(view: PlayerView, seconds: float, seed: int, include: Move | None = None,
             max_rounds: int | None = None) -> list[tuple[Move, float]]:
    """Every sensible move of the seat's current decision (the medium heuristic's best
    `WIDTH`, and `include` if given, e.g. the move a player made) with its expected worth in
    points of final score margin: the seat's final score less the mean of its rivals' final
    scores, as the expert's search judges it from `view` alone. Best first. Every move is
    played out deeply from the same samples, at least once; `max_rounds` caps the rounds (for a
    result that does not depend on the machine's speed)."""
    greedy = GreedyBot(seed, remember=False, worth_for_players=measured_gene_worth)
    beliefs = chosen_chip_belief(view)
    moves = root_moves(view, greedy, beliefs)
    if include is not None and include not in moves:
        moves.append(include)
    search = Search(view, moves, random.Random(seed), beliefs, keep=len(moves))
    search.run(seconds, max_rounds)
    return search.appraisal()
