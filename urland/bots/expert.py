"""The expert bot: the hard bot's search, then deep playouts that grow stronger with time.

The hard bot (ismcts.py) plays out each candidate move only to the end of the turn, always with
the same policy, so its iterations just average over the hidden chip and thinking longer buys
nothing. The expert starts from the hard bot's search (its candidates, in the order the hard
bot would play them) and then spends the rest of its time budget on deep playouts of the best
KEEP of them:

* a playout runs on through the end of this turn and the next (`TURNS`): the bot's own rest of
  the turn, the other players' replies, their next turn, and the scorings on the way;
* the playouts vary: every seat draws its actions from the medium policy's ranked moves with a
  softmax (playout.py), so rounds explore different lines;
* the position a playout reaches is judged by a model learned from self-play (judge.py): the
  seat's expected final score less the mean of its rivals', in points;
* every round samples the hidden information (the face-down chip from the belief of
  beliefs.py) and the dice once for all the moves compared, so they meet the same luck.

It plays the hard bot's choice unless another move beats it in the deep playouts by more than
CONFIDENCE standard errors; the longer it thinks, the smaller the gains it can trust. Its
budget (`seconds`) is processor time, at most WALL_FACTOR times that on the clock. Bids,
purchases and Panic choices are the hard bot's.

`appraise` gives every sensible move of a decision with its expected final margin, for the game
review.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

from urland.bots.beliefs import chosen_chip_belief, region_belief
from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import pending_distribution
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.greedy import GreedyBot
from urland.bots.ismcts import HardBot
from urland.bots.judge import judge_all
from urland.bots.playout import PlayoutPolicy, play_on
from urland.engine import ACTION, CHIP, Move, PlayerView, apply_move, sample_hidden

SECONDS = 1.0  # default thinking time per searched decision
TURNS = 2  # turn ends a playout runs through: this turn's scoring and the next turn's
WIDTH = 10  # root moves searched, best first by the medium heuristic
KEEP = 3  # the hard search's best moves that the deep playouts compare
CONFIDENCE = 2.0  # standard errors by which a move must beat the hard search's choice ...
MIN_ROUNDS = 8  # ... over at least this many rounds
WALL_FACTOR = 2.0  # the most a decision may take on the clock, in budgets


@dataclass
class Arm:
    """One move and what the deep playouts judged it worth, round by round."""

    move: Move
    results: list[float] = field(default_factory=list)

    @property
    def value(self) -> float:
        return statistics.fmean(self.results) if self.results else -math.inf


@dataclass
class Search:
    """Deep playouts of a decision's moves, in rounds. Every round samples the hidden
    information once and plays each move from that same sample with the same dice, so the
    moves are compared on equal luck."""

    view: PlayerView
    moves: list[Move]
    rng: random.Random
    beliefs: dict[int, float]
    turns: int = TURNS
    arms: list[Arm] = field(init=False)
    playouts: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.arms = [Arm(m) for m in self.moves]
        self.policy = PlayoutPolicy(random.Random(0))
        seat = self.view.seat
        assert seat is not None
        self.seat = seat

    def run(self, seconds: float, max_rounds: int | None = None,
            wall_end: float | None = None) -> int:
        """Play rounds for `seconds` of this thread's processor time (a busy machine costs
        playouts only once the clock passes `wall_end`, by default WALL_FACTOR times the
        budget from now), at least one, at most `max_rounds`; the playouts done."""
        cpu_end = time.thread_time() + seconds
        if wall_end is None:
            wall_end = time.perf_counter() + WALL_FACTOR * seconds
        done = 0
        while (max_rounds is None or done < max_rounds) and (not done or (
                time.thread_time() < cpu_end and time.perf_counter() < wall_end)):
            self.round()
            done += 1
        return self.playouts

    def round(self) -> None:
        sample = sample_hidden(self.view, self.rng, self.beliefs)
        dice = self.rng.getrandbits(32)
        for arm in self.arms:
            state = sample.clone()
            apply_move(state, arm.move)
            self.policy.rng.seed(dice)
            play_on(state, self.policy, self.turns)
            arm.results.append(judge_all(state)[self.seat])
            self.playouts += 1

    def best(self) -> Move:
        """The first move (the favourite), unless another beats it clearly: by more than
        CONFIDENCE standard errors of the round-by-round differences, over MIN_ROUNDS rounds
        at least."""
        favourite = self.arms[0]
        best, best_gain = favourite.move, 0.0
        for arm in self.arms[1:]:
            diffs = [a - b for a, b in zip(arm.results, favourite.results, strict=True)]
            if len(diffs) < MIN_ROUNDS:
                continue
            gain = statistics.fmean(diffs)
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if gain > CONFIDENCE * error and gain > best_gain:
                best, best_gain = arm.move, gain
        return best

    def appraisal(self) -> list[tuple[Move, float]]:
        ranked = sorted(self.arms, key=lambda a: -a.value)
        return [(a.move, a.value) for a in ranked]


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int = 0, seconds: float = SECONDS,
                 max_rounds: int | None = None, turns: int = TURNS) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.max_rounds = max_rounds
        self.turns = turns
        self.hard = HardBot(seed)  # its screen, its memory and its other decisions
        self.last_iterations = 0

    def choose(self, view: PlayerView) -> Move:
        start = time.thread_time()
        wall_end = time.perf_counter() + WALL_FACTOR * self.seconds
        self.last_iterations = 0
        state = view.state
        options = view.legal_options()
        if state.phase not in (ACTION, CHIP) or (len(options) == 1 and options[0].complete):
            return self.hard.choose(view)
        ranked = self.hard.search(view)
        move = ranked[0]
        if len(ranked) > 1:
            memory = self.hard.memory
            beliefs = chosen_chip_belief(view, memory.passed_into(view),
                                         laid_on=memory.board_chip_laid_on(view))
            search = Search(view, ranked[:KEEP], self.rng, beliefs, self.turns)
            left = max(0.0, self.seconds - (time.thread_time() - start))
            self.last_iterations = search.run(left, self.max_rounds, wall_end)
            move = search.best()
        self.hard.greedy.note(state, move)
        self.hard.memory.note(view, move)
        return move

    def watch(self, view: PlayerView) -> None:
        """See the table after every move, as a player does (beliefs.py)."""
        self.hard.watch(view)


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
    search = Search(view, moves, random.Random(seed), beliefs)
    search.run(seconds, max_rounds)
    return search.appraisal()
