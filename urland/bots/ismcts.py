"""The hard bot: Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

For an Ichto player's turn the bot searches the tree of its own action sequences (which
actions, in which order, whether to hand in a double-turn chip, when to stop). Each iteration
samples the hidden information from the bot's own view (`determinize`, with the bot's own
generator, so the game's randomness is never touched): where every unseen chip lies (the
face-down scoring chip drawn from a belief that the environment player chose well), the gene
deck's order and any unrevealed bids. It walks the tree by UCB, counted over the iterations in
which a move was available (single-observer ISMCTS), and expands one move. The playout then
finishes the turn: the bot's remaining actions and the later Ichto players' whole turns are
played by the medium policy (each from its own view of the sample, so they never see the
sampled chip), the sampled chip scores for real, and the playout is cut there, at the next
decision that is not an action, with the shared heuristic. The policy's answers depend only on
public information, so they are remembered across iterations. The search stops at its time
limit (or iteration cap) and plays the most visited move.

The other decisions (the scoring chip, bids, purchases, Panic and Ears choices) reuse the
medium bot's reasoning, which already weighs what the bot knows and believes.
"""

from __future__ import annotations

import math
import random
import time

from urland.bots.candidates import candidate_moves
from urland.bots.determinize import determinize
from urland.bots.evaluate import MEDIUM, evaluate, pending_distribution
from urland.bots.greedy import GreedyBot
from urland.engine.moves import Move
from urland.engine.rules import apply_move, legal_options
from urland.engine.state import ACTION, GameState
from urland.engine.view import PlayerView, view

WIDTH = 10  # candidate moves kept at a node, best first by the medium heuristic
REWARD_SCALE = 1.5  # heuristic points that turn a coin flip into a 73% favourite


class Node:
    __slots__ = ("available", "children", "moves", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.moves: list[Move] | None = None  # ranked once, when first reached
        self.total = 0.0
        self.visits = 0
        self.available = 0


class HardBot:
    name = "hard"

    def __init__(self, seed: int = 0, time_limit: float = 0.8,
                 max_iterations: int | None = None, exploration: float = 0.3,
                 depth: int = 1) -> None:
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.depth = depth  # own decisions in the tree; the playout policy plays the rest
        self.greedy = GreedyBot(seed)
        self.last_iterations = 0
        self._pending: dict[int, float] = {}
        self._policy: dict[tuple, Move] = {}  # public position -> the medium policy's move

    def choose(self, view: PlayerView) -> Move:
        options = view.legal_options()
        if len(options) == 1 and options[0].complete:
            return options[0].move
        if view.state.phase != ACTION:
            return self.greedy.choose(view)
        seat = view.seat
        assert seat is not None
        self._pending = pending_distribution(view)
        self._policy = {}
        root = Node()
        root.moves = self._ranked(view.state)
        if len(root.moves) == 1:
            return root.moves[0]
        beliefs = self._chip_beliefs(view)
        deadline = time.perf_counter() + self.time_limit
        iterations = 0
        while (iterations < self.max_iterations if self.max_iterations is not None
               else time.perf_counter() < deadline):
            self._iterate(root, determinize(view, self.rng, beliefs), seat)
            iterations += 1
        self.last_iterations = iterations
        return max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total))[0]

    def _chip_beliefs(self, view: PlayerView) -> dict[int, float]:
        """How likely each unseen chip is the face-down one: the pending distribution, per
        chip (regions merged by a volcano share their weight among their chips)."""
        state = view.state
        weights: dict[int, float] = {}
        for chip in view.unseen_chips:
            if chip:
                root = state.root(state.chip_area(chip))
                weights[chip] = self._pending.get(root, 0.0) + 1e-6
        return weights

    # --- one iteration ---------------------------------------------------------------------

    def _iterate(self, root: Node, state: GameState, seat: int) -> None:
        path = [root]
        node = root
        parent_moves: list[Move] = []
        last: Move | None = None
        while state.phase == ACTION and state.actor == seat:
            if node.moves is None:
                node.moves = self._child_moves(state, parent_moves, last)
            available = node.moves  # actions depend on public information only
            for m in available:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            untried = [m for m in available if m not in node.children]
            if untried:
                move = untried[0]
                child = node.children[move] = Node()
                child.available = 1
            else:
                log_total = math.log(sum(node.children[m].available for m in available))
                move = max(available, key=lambda m: _ucb(node.children[m], log_total,
                                                          self.exploration))
                child = node.children[move]
            apply_move(state, move)
            parent_moves, last = available, move
            node = child
            path.append(node)
            if untried or len(path) > self.depth:
                break  # one expansion per iteration; the playout finishes the turn
        self._playout(state)
        reward = self._reward(state, seat)
        for n in path:
            n.visits += 1
            n.total += reward

    def _playout(self, state: GameState) -> None:
        """Finish the turn's actions with the medium policy; the engine then scores the sampled
        chip and runs on to the next decision that is not an action."""
        while state.phase == ACTION:
            key = (state.actor, state.actions_left, state.double_used, tuple(state.counts),
                   tuple(state.reserve))
            move = self._policy.get(key)
            if move is None:
                move = self._policy[key] = self.greedy.choose(view(state, state.actor))
            apply_move(state, move)

    def _reward(self, state: GameState, seat: int) -> float:
        if state.over:
            return 1.0 if state.winner == seat else 0.0
        value = evaluate(state, seat, {}, MEDIUM)
        return 1.0 / (1.0 + math.exp(-value / REWARD_SCALE))

    @staticmethod
    def _child_moves(state: GameState, parent: list[Move], last: Move | None) -> list[Move]:
        """A deeper node's candidates, cheaply: the parent's (ranked) moves still legal, then
        what the last move opened up from where it went."""
        moves = candidate_moves(state, legal_options(state))
        legal = set(moves)
        keep = [m for m in parent if m in legal and m.kind not in ("end", "double")]
        if last is not None and last.dst >= 0:
            keep += [m for m in moves if m.src == last.dst and m not in keep][:4]
        keep += [m for m in moves if m.kind in ("double", "end")]
        return keep or moves

    def _ranked(self, state: GameState) -> list[Move]:
        moves = candidate_moves(state, legal_options(state))
        if len(moves) <= WIDTH:
            return moves
        scored = self.greedy.scored(state, moves, self._pending)
        scored.sort(key=lambda vm: -vm[0])
        top = [m for _, m in scored[:WIDTH]]
        if Move("end") not in top and any(m.kind == "end" for m in moves):
            top.append(Move("end"))
        return top


def _ucb(child: Node, log_total: float, c: float) -> float:
    return child.total / child.visits + c * math.sqrt(log_total / child.visits)
