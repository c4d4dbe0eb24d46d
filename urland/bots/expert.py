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

It thinks for a time budget per decision (`seconds`); more time, more playouts. Bids, purchases
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
EXPLORATION = 1.0  # UCB exploration, in standard deviations of the playouts' results


@dataclass
class Arm:
    """One root move and what its playouts judged it worth."""

    move: Move
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else -math.inf


@dataclass
class Search:
    """UCB over the root moves of one decision, each iteration a fresh sample of the hidden
    information and a varied playout."""

    view: PlayerView
    moves: list[Move]
    rng: random.Random
    beliefs: dict[int, float]
    turns: int = TURNS
    arms: list[Arm] = field(init=False)
    results: list[float] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.arms = [Arm(m) for m in self.moves]
        self.policy = PlayoutPolicy(self.rng)
        seat = self.view.seat
        assert seat is not None
        self.seat = seat

    def run(self, seconds: float, max_iterations: int | None = None) -> int:
        deadline = time.perf_counter() + seconds
        done = 0
        while time.perf_counter() < deadline and (max_iterations is None
                                                 or done < max_iterations):
            self.iterate()
            done += 1
        return done

    def iterate(self) -> None:
        arm = self._pick()
        state = sample_hidden(self.view, self.rng, self.beliefs)
        apply_move(state, arm.move)
        play_on(state, self.policy, self.turns)
        value = judge_all(state)[self.seat]
        arm.visits += 1
        arm.total += value
        self.results.append(value)

    def _pick(self) -> Arm:
        for arm in self.arms:
            if not arm.visits:
                return arm
        spread = max(0.5, statistics.pstdev(self.results[-200:]))
        log_total = math.log(sum(a.visits for a in self.arms))
        return max(self.arms, key=lambda a: a.mean + EXPLORATION * spread
                   * math.sqrt(log_total / a.visits))

    def best(self) -> Move:
        return max(self.arms, key=lambda a: (a.visits, a.mean)).move

    def appraisal(self) -> list[tuple[Move, float]]:
        searched = [a for a in self.arms if a.visits]
        searched.sort(key=lambda a: -a.mean)
        return [(a.move, a.mean) for a in searched]


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int = 0, seconds: float = SECONDS,
                 max_iterations: int | None = None, turns: int = TURNS) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.max_iterations = max_iterations
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
        self.last_iterations = search.run(self.seconds, self.max_iterations)
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


def appraise(view: PlayerView, seconds: float, seed: int,
             include: Move | None = None) -> list[tuple[Move, float]]:
    """Every sensible move of the seat's current decision (the medium heuristic's best
    `WIDTH`, and `include` if given, e.g. the move a player made) with its expected worth in
    points of final score margin: the seat's final score less the mean of its rivals' final
    scores, as the expert's search judges it from `view` alone. Best first."""
    greedy = GreedyBot(seed, remember=False, worth_for_players=measured_gene_worth)
    beliefs = chosen_chip_belief(view)
    moves = root_moves(view, greedy, beliefs)
    if include is not None and include not in moves:
        moves.append(include)
    search = Search(view, moves, random.Random(seed), beliefs)
    search.run(seconds, None)
    while any(a.visits == 0 for a in search.arms):  # every move gets at least one look
        search.iterate()
    return search.appraisal()
