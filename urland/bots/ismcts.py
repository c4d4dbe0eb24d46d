"""The hard bot: Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

The bot searches its decisions that shape the coming scoring: each action of its Ichto turn,
and, as environment player, which chip to lay face down. Each iteration samples the hidden
information from the bot's own view (the engine's `sample_hidden`, with the bot's own
generator, so the game's randomness is never touched): where every unseen chip lies (the
face-down scoring chip drawn from the belief of beliefs.py: the hands the environment player
could have held, the chips the bot itself passed into that hand, and a sensible choice from
each, judged on the board the chip was laid on, which the bot remembers by watching the table),
the gene deck's order and any unrevealed bids. A move is chosen by UCB, counted over the
iterations in which it was available (single-observer ISMCTS). The playout then finishes the
turn: the bot's remaining actions and the other Ichto players' turns are played by the medium
policy (each from its own view of the sample, so nobody sees the sampled chip), the chip scores
for real, and the playout is cut at the next decision that is not an action, where the shared
heuristic judges the position. The policy's answers depend only on public information, so they
are remembered across iterations. The search stops at its iteration cap or its time limit,
whichever comes first, and plays the most visited move.

The position is judged with the hard weights: a double-turn chip still held and a board that
can breed keep their worth past this turn, so the search does not spend its chips early or let
its board wither. Bids are chosen by playing the auction out against bids sampled for each rival
(bidding.py). For its bids and purchases it rates genes by what they were measured to win
(gene_worth.py), not by the medium bot's hand-made table, which the position's judge still
uses; purchases, Panic and Ears choices reuse the medium bot's one-step reasoning. Moves that
would undo one of its own moves this turn are never considered.
"""

from __future__ import annotations

import math
import random

from urland.bots.beliefs import ChipMemory, region_belief
from urland.bots.bidding import best_bid
from urland.bots.budget import Budget, Deadline
from urland.bots.candidates import candidate_moves
from urland.bots.chip_styles import Styles
from urland.bots.evaluate import pending_distribution, win_chance
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.greedy import GreedyBot, best_with_ending
from urland.engine import (
    ACTION,
    BID,
    CHIP,
    GameState,
    Move,
    PlayerView,
    apply_move,
    legal_options,
    sample_hidden,
    view,
)

WIDTH = 10  # candidate moves kept at a node, best first by the medium heuristic
# The playouts follow policies that read public information only, so after a root move the
# rest of the turn is the same in every iteration; iterations only average over the hidden
# chip. A few hundred settle the choice as well as thousands: past this many the bot stops.
# At five players more chips are unseen, so the samples of the hidden chip spread wider:
# 3,000 iterations there (docs/bot-strength.md, third round and the bar's check).
ITERATIONS = {3: 500, 4: 500, 5: 3000}
TIME_LIMIT = 0.8  # seconds a search may take on the clock, whatever its iterations


class Node:
    """The root (the decision searched) or one of its moves."""

    __slots__ = ("available", "children", "moves", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.moves: list[Move] | None = None  # the root's candidates, best first
        self.total = 0.0
        self.visits = 0
        self.available = 0


class HardBot:
    name = "hard"

    def __init__(self, seed: int = 0, time_limit: float | None = None,
                 max_iterations: int | None = None, exploration: float = 0.3,
                 read_styles: bool = False, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        # A search given its number of iterations (tests, benchmarks) runs them all, so that it
        # plays the same moves on a busy machine; the bot at the table also has a clock, or the
        # `budget` of the bot it serves (the expert's processor time).
        if time_limit is None:
            time_limit = TIME_LIMIT if max_iterations is None else math.inf
        self.time_limit = time_limit
        self.budget = budget
        self.max_iterations = max_iterations  # None: ITERATIONS for the player count
        self.exploration = exploration
        # Its own habits, and the decisions it does not search (purchases by measured worth).
        self.greedy = GreedyBot(seed, worth_for_players=measured_gene_worth)
        self.policy = GreedyBot(seed, remember=False)  # everybody's moves in the playouts
        self.last_iterations = 0
        # The hard bot reads every environment player as choosing by the board; the expert's
        # search also weighs the turn played out, as each seat's revealed chips bear out.
        self.memory = ChipMemory(Styles(seed) if read_styles else None)
        self.belief: dict[int, float] = {}  # the last search's belief about the face-down chip
        self._pending: dict[int, float] = {}
        self.replies: dict[tuple, Move] = {}  # public position -> the medium policy's move

    def choose(self, view: PlayerView) -> Move:
        move = self._decide(view)
        self.memory.note(view, move)
        return move

    def watch(self, view: PlayerView) -> None:
        """See the table after every move, as a player does (beliefs.py)."""
        self.memory.watch(view)

    def _decide(self, view: PlayerView) -> Move:
        self.last_iterations = 0  # stays 0 for decisions answered without a search
        options = view.legal_options()
        if len(options) == 1 and options[0].complete:
            return options[0].move
        if view.state.phase == BID:
            state = view.state
            return Move("bid", count=best_bid(state, state.actor, self.rng,
                                              worth=measured_gene_worth(state.n)))
        if view.state.phase not in (ACTION, CHIP):
            return self.greedy.choose(view)
        moves = self.search(view)
        self.greedy.note(view.state, moves[0])
        return moves[0]

    def search(self, view: PlayerView, deadline: Deadline | None = None) -> list[Move]:
        """The searched decision's moves (an Ichto action or the scoring chip), the most
        visited first: the first is the hard bot's choice. The search stops at its iteration
        cap or at the `deadline` (by default one of its own budget, begun now)."""
        seat = view.seat
        assert seat is not None
        beliefs = self.belief = self.memory.belief(view)
        self._pending = (region_belief(view.state, beliefs) if beliefs
                         else pending_distribution(view))
        self.replies = {}
        root = Node()
        candidates = root.moves = self._ranked(view.state)
        if len(candidates) == 1:
            return candidates
        if deadline is None:
            deadline = (self.budget or Budget.clock(self.time_limit)).start()
        iterations = 0
        cap = self.max_iterations or ITERATIONS[view.state.n]
        while iterations < cap and not deadline.over():
            self._iterate(root, sample_hidden(view, self.rng, beliefs), seat)
            iterations += 1
        self.last_iterations = iterations
        ranked = sorted(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total),
                        reverse=True)
        # A deadline spent before the first iteration (a busy machine) leaves the candidates
        # in their own order: the bot still answers.
        return [m for m, _ in ranked] or candidates

    # --- one iteration ---------------------------------------------------------------------

    def _iterate(self, root: Node, state: GameState, seat: int) -> None:
        moves = root.moves or []
        for m in moves:  # the bot's own options depend on public information only
            child = root.children.get(m)
            if child is not None:
                child.available += 1
        untried = [m for m in moves if m not in root.children]
        if untried:
            move = untried[0]
            child = root.children[move] = Node()
            child.available = 1
        else:
            log_total = math.log(sum(root.children[m].available for m in moves))
            move = max(moves, key=lambda m: _ucb(root.children[m], log_total, self.exploration))
            child = root.children[move]
        apply_move(state, move)
        self._playout(state)
        reward = win_chance(state, seat)
        for node in (root, child):
            node.visits += 1
            node.total += reward

    def _playout(self, state: GameState) -> None:
        """Finish the turn's actions with the medium policy; the engine then scores the sampled
        chip and runs on to the next decision that is not an action."""
        while state.phase == ACTION:
            key = state.public_key()
            move = self.replies.get(key)
            if move is None:
                move = self.replies[key] = self.policy.choose(view(state, state.actor))
            apply_move(state, move)

    def _ranked(self, state: GameState) -> list[Move]:
        moves = candidate_moves(state, legal_options(state))
        if state.phase == ACTION:
            moves = self.greedy.sensible(state, moves)
        if len(moves) <= WIDTH:
            return moves
        return best_with_ending(self.greedy.scored(state, moves, self._pending), WIDTH, moves)


def _ucb(child: Node, log_total: float, c: float) -> float:
    return child.total / child.visits + c * math.sqrt(log_total / child.visits)
