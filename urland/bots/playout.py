"""Playouts for the expert search: every seat plays the medium policy, loosened by a softmax.

Each seat decides from its own view of the sampled position, so nobody sees what it could not.
Ichto actions are drawn from the medium bot's ranked candidates with weights e^(value / T):
the best move is the likeliest, but iterations explore other lines, which the medium policy's
single answer never does. Every other decision (the scoring chip, bids, purchases, Panic) is the
medium bot's. A playout runs on through `turns` turn ends (the current turn's scoring, then
the next turns' with the other players' replies) and stops at the next scoring chip to be
laid, or at the end of the game.
"""

from __future__ import annotations

import math
import random

from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import evaluate, pending_distribution
from urland.bots.greedy import GreedyBot, no_worse_than_ending
from urland.engine import ACTION, CHIP, GameState, Move, apply_move, legal_options, view

TEMPERATURE = 0.3  # points of the medium heuristic that make a move e (2.7) times likelier


class PlayoutPolicy:
    """The medium policy with a softmax over its Ichto actions; it remembers its rankings."""

    def __init__(self, rng: random.Random, temperature: float = TEMPERATURE) -> None:
        self.rng = rng
        self.temperature = temperature
        self.medium = GreedyBot(0, remember=False)
        self.medium.rng = rng
        self._ranked: dict[tuple, list[tuple[float, Move]]] = {}

    def forget(self) -> None:
        self._ranked.clear()

    def move(self, state: GameState) -> Move:
        if state.phase == CHIP:
            # The environment player's own hand: a sampled position does not mark the chips
            # filled into it as seen by their holder, so its view would hide them.
            return self.medium.choose_chip(state, legal_options(state))
        if state.phase != ACTION:
            return self.medium.choose(view(state, state.actor))
        scored = self.ranked(state)
        if len(scored) == 1 or self.temperature <= 0:
            return max(scored, key=lambda vm: vm[0])[1]
        high = max(v for v, _ in scored)
        weights = [math.exp((v - high) / self.temperature) for v, _ in scored]
        return self.rng.choices([m for _, m in scored], weights)[0]

    def ranked(self, state: GameState) -> list[tuple[float, Move]]:
        """The actor's candidate actions with the medium heuristic's value (public facts only,
        so remembered by the public position)."""
        key = (state.epoch, state.turn, state.actor, state.actions_left, state.double_used,
               tuple(state.counts), tuple(state.reserve), tuple(state.track),
               tuple(state.genes), tuple(state.double_chips), tuple(state.parent))
        scored = self._ranked.get(key)
        if scored is None:
            scored = self._ranked[key] = self._rank(state)
        return scored

    def _rank(self, state: GameState) -> list[tuple[float, Move]]:
        seen = view(state, state.actor)
        moves = candidate_moves(state, seen.legal_options())
        pending = pending_distribution(seen)
        if {m.kind for m in moves} == {"double", "end"}:
            return [(0.0, self._double_or_end(state, pending))]
        moves = self.medium.sensible(state, moves)
        return no_worse_than_ending(self.medium.scored(state, moves, pending))

    def _double_or_end(self, state: GameState, pending: dict[int, float]) -> Move:
        """The medium bot's rule for a double-turn chip, looking one action ahead, not two
        (half the cost, in the decision playouts meet most)."""
        now = evaluate(state, state.actor, pending, self.medium.weights)
        trial = state.clone()
        apply_move(trial, Move("double"), advance=False)
        gain = self.medium.best_line(trial, pending, 1) - now
        return Move("double") if gain > self.medium.double_margin else Move("end")


def play_on(state: GameState, policy: PlayoutPolicy, turns: int) -> None:
    """Play `state` on until `turns` turns have ended and the next scoring chip is to be laid
    (or the game is over)."""
    last = (state.epoch, state.turn)
    ended = 0
    while not state.over:
        now = (state.epoch, state.turn)
        if now != last:
            ended += 1
            last = now
        if ended >= turns and state.phase == CHIP:
            return
        apply_move(state, policy.move(state))
