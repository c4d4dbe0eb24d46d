"""The easy and medium bots: one look ahead over their candidate moves, weighed by the heuristic.

Both decide from the seat's view alone. Actions are tried on a copy of the view's position
without advancing past the move, so no hidden chip is ever needed. Medium also weighs the coming
scoring (where the face-down chip may be), the auction and the double-turn chips; easy is
short-sighted and picks among its better moves at random.
"""

from __future__ import annotations

import math
import random

from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import (
    EASY,
    GENE_WORTH,
    MEDIUM,
    Weights,
    evaluate,
    pending_distribution,
    region_points,
    time_left,
)
from urland.engine.genes import LEGS, MUSCLES, TURBO, WARM_BLOOD
from urland.engine.moves import Move
from urland.engine.rules import apply_move, legal_options
from urland.engine.state import ACTION, BID, BUY, CHIP, PANIC_OCEAN, PANIC_REGION, GameState
from urland.engine.view import PlayerView


class GreedyBot:
    name = "medium"
    weights: Weights = MEDIUM
    temperature = 0.0  # 0: always the best move; above 0: softmax choice among candidates
    double_threshold = 0.8

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # --- the decision ------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Move:
        state = view.state
        options = view.legal_options()
        if len(options) == 1 and options[0].complete:
            return options[0].move
        phase = state.phase
        if phase == CHIP:
            return self.choose_chip(state, options)
        if phase == BID:
            return self.choose_bid(state, options)
        if phase == BUY:
            return self.choose_purchase(state, options)
        if phase in (PANIC_REGION, PANIC_OCEAN):
            return self.choose_panic(state, options, view)
        pending = pending_distribution(view)
        moves = candidate_moves(state, options)
        if phase == ACTION and {m.kind for m in moves} == {"double", "end"}:
            return self.choose_double(state, pending)
        return self.pick(self.scored(state, moves, pending))

    def scored(self, state: GameState, moves: list[Move],
               pending: dict[int, float]) -> list[tuple[float, Move]]:
        seat = state.actor
        out = []
        for move in moves:
            trial = state.clone()
            apply_move(trial, move, advance=False)
            out.append((evaluate(trial, seat, pending, self.weights), move))
        return out

    def pick(self, scored: list[tuple[float, Move]]) -> Move:
        if self.temperature <= 0:
            best = max(v for v, _ in scored)
            top = [m for v, m in scored if v >= best - 1e-9]
            return top[self.rng.randrange(len(top))]
        high = max(v for v, _ in scored)
        weights = [math.exp((v - high) / self.temperature) for v, _ in scored]
        return self.rng.choices([m for _, m in scored], weights)[0]

    # --- decisions with their own reasoning -----------------------------------------------

    def choose_chip(self, state: GameState, options) -> Move:
        """Score where the environment player does best, allowing for the Ichto players'
        landings before the scoring."""
        env = state.env
        muscles = [bool(g & MUSCLES) for g in state.genes]
        scored = []
        for option in options:
            root = state.root(state.chip_area(option.move.count))
            now = _margin(region_points(state, root, muscles, self.weights.loss), env)
            worst = now
            for seat in self.ichto_players(state):
                threat = state.clone()
                threat.counts[root * state.n + seat] += self.landing_reach(state, seat, root)
                worst = min(worst, _margin(region_points(threat, root, muscles,
                                                         self.weights.loss), env))
            scored.append((0.4 * now + 0.6 * worst, option.move))
        return self.pick(scored)

    @staticmethod
    def ichto_players(state: GameState) -> list[int]:
        return [(state.env + 2 + i) % state.n for i in range(state.n - 2)]

    @staticmethod
    def landing_reach(state: GameState, seat: int, root: int) -> int:
        """How many Ichtos `seat` could land in `root` during one Ichto turn."""
        actions = (3 if state.n == 3 else 2) + (1 if state.genes[seat] & WARM_BLOOD else 0)
        per = 2 if state.genes[seat] & (LEGS | TURBO) else 1
        near = sum(state.count(o, seat) for o in state.region_oceans[root])
        return min(near, actions * per)

    def choose_double(self, state: GameState, pending: dict[int, float]) -> Move:
        seat = state.actor
        now = evaluate(state, seat, pending, self.weights)
        trial = state.clone()
        apply_move(trial, Move("double"), advance=False)
        moves = [m for m in candidate_moves(trial, legal_options(trial)) if m.kind != "end"]
        if not moves:
            return Move("end")
        gain = max(v for v, _ in self.scored(trial, moves, pending)) - now
        late = time_left(state) < 0.45 or state.epoch >= 3
        threshold = self.double_threshold * (0.4 if late else 1.0)
        return Move("double") if gain > threshold else Move("end")

    def gene_value(self, state: GameState, gene: str) -> float:
        return GENE_WORTH[gene] * time_left(state)

    def choose_bid(self, state: GameState, options) -> Move:
        seat = state.actor
        top = options[0].counts[1] if options[0].counts else 0
        best = max((self.gene_value(state, g) for g in state.display), default=0.0)
        owned = state.genes[seat].bit_count()
        affordable = state.on_board(seat) - owned - 4  # keep a foothold on the board
        want = round(best * 0.9 - owned + self.rng.choice((-1, 0, 0, 1)))
        return Move("bid", count=max(0, min(top, affordable, want)))

    def choose_purchase(self, state: GameState, options) -> Move:
        seat = state.actor
        price = state.bids[seat] + state.genes[seat].bit_count()
        buys = [o for o in options if o.move.kind == "buy"]
        best = max(buys, key=lambda o: self.gene_value(state, o.move.gene))
        move = candidate_moves(state, [best])[0]
        must = not any(o.move.kind == "pass" for o in options)
        if must or self.gene_value(state, best.move.gene) >= 0.4 * price:
            return move
        return Move("pass")

    def choose_panic(self, state: GameState, options, view: PlayerView) -> Move:
        """The rearmost player's choice: the region and ocean that hurt them least."""
        seat = state.actor
        pending = pending_distribution(view)
        n = state.n
        scored = []
        for option in options:
            move = option.move
            regions = [move.src] if move.kind == "panic_region" else [state.focus]
            best = -math.inf
            for region in regions:
                oceans = ([move.dst] if move.kind == "panic_ocean"
                          else list(state.region_oceans[region]))
                for ocean in oceans:
                    trial = state.clone()
                    for s in range(n):
                        k = trial.counts[region * n + s]
                        trial.counts[region * n + s] = 0
                        trial.counts[ocean * n + s] += k
                    best = max(best, evaluate(trial, seat, pending, self.weights))
            scored.append((best, move))
        return self.pick(scored)


class EasyBot(GreedyBot):
    """Short-sighted and a little random: understandable, beatable moves."""

    name = "easy"
    weights = EASY
    temperature = 0.6
    double_threshold = 0.3

    def choose_bid(self, state: GameState, options) -> Move:
        top = options[0].counts[1] if options[0].counts else 0
        return Move("bid", count=min(top, self.rng.randint(0, 3)))


def _margin(points: list[float], seat: int) -> float:
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - max(others)
