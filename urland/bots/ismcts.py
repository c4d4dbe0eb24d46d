"""The hard bot: Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

Each iteration samples the hidden information the bot cannot see (`determinize`, with the
bot's own generator so the game's randomness is never touched), walks a tree of the bot's own
decisions until the end of the current turn, lets the other seats answer with a fast playout
policy, and scores the position reached with the shared heuristic. Children are chosen by UCB
counted over the iterations in which they were available (single-observer ISMCTS). The search
stops at its time limit (or iteration cap); the most visited move is played.
"""

from __future__ import annotations

import math
import random
import time

from urland.bots.candidates import candidate_moves
from urland.bots.determinize import determinize
from urland.bots.evaluate import MEDIUM, evaluate, pending_distribution
from urland.bots.greedy import GreedyBot
from urland.bots.playout import playout_move
from urland.engine.errors import IllegalMoveError
from urland.engine.moves import Move
from urland.engine.rules import apply_move, check_move, legal_options
from urland.engine.state import GameState
from urland.engine.view import PlayerView

ROOT_WIDTH = 8  # candidate moves kept at the root, best first by the medium heuristic
NODE_WIDTH = 5  # ... and at deeper nodes of the bot's own turn
REWARD_SCALE = 2.5  # heuristic points that turn a coin flip into a 73% favourite


class Node:
    __slots__ = ("available", "children", "moves", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.moves: list[Move] | None = None  # candidates, ranked once when first reached
        self.total = 0.0
        self.visits = 0
        self.available = 0


class HardBot:
    name = "hard"

    def __init__(self, seed: int = 0, time_limit: float = 0.8,
                 max_iterations: int | None = None, exploration: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.greedy = GreedyBot(seed)
        self.last_iterations = 0
        self._pending: dict[int, float] = {}

    def choose(self, view: PlayerView) -> Move:
        options = view.legal_options()
        if len(options) == 1 and options[0].complete:
            return options[0].move
        seat = view.seat
        assert seat is not None
        root = Node()
        self._pending = pending_distribution(view)
        root.moves = self._ranked(view.state, self._pending, ROOT_WIDTH)
        if len(root.moves) == 1:
            return root.moves[0]
        deadline = time.perf_counter() + self.time_limit
        iterations = 0
        while True:
            if self.max_iterations is not None and iterations >= self.max_iterations:
                break
            if self.max_iterations is None and time.perf_counter() >= deadline:
                break
            self._iterate(root, determinize(view, self.rng), seat)
            iterations += 1
        self.last_iterations = iterations
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total))
        return best[0]

    # --- one iteration ---------------------------------------------------------------------

    def _iterate(self, root: Node, state: GameState, seat: int) -> None:
        turn = state.turn
        path = [root]
        node = root
        rng = self.rng
        while not self._horizon(state, turn):
            if state.actor != seat:
                apply_move(state, playout_move(state, rng))
                continue
            if node.moves is None:
                # ranked with what the bot knows, not with this sample's hidden chip
                node.moves = self._ranked(state, self._pending, NODE_WIDTH)
            available = [m for m in node.moves if _legal(state, m)]
            if not available:
                apply_move(state, playout_move(state, rng))
                continue
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
            node = child
            path.append(node)
        reward = self._reward(state, seat)
        for n in path:
            n.visits += 1
            n.total += reward

    @staticmethod
    def _horizon(state: GameState, turn: int) -> bool:
        return state.over or (state.turn > turn and state.phase == "choose_chip")

    @staticmethod
    def _reward(state: GameState, seat: int) -> float:
        if state.over:
            return 1.0 if state.winner == seat else 0.0
        value = evaluate(state, seat, {}, MEDIUM)
        return 1.0 / (1.0 + math.exp(-value / REWARD_SCALE))

    def _ranked(self, state: GameState, pending: dict[int, float], width: int) -> list[Move]:
        moves = candidate_moves(state, legal_options(state))
        if len(moves) <= width:
            return moves
        if state.phase == "action":
            scored = self.greedy.scored(state, moves, pending)
            scored.sort(key=lambda vm: -vm[0])
            top = [m for _, m in scored[:width]]
            if Move("end") not in top:
                top.append(Move("end"))
            return top
        return moves


def _legal(state: GameState, move: Move) -> bool:
    try:
        check_move(state, move)
    except IllegalMoveError:
        return False
    return True


def _ucb(child: Node, log_total: float, c: float) -> float:
    return child.total / child.visits + c * math.sqrt(log_total / child.visits)
