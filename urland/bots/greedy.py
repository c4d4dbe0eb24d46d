"""The easy and medium bots: one look ahead over their candidate moves, weighed by the heuristic.

Both decide from the seat's view alone. Actions are tried on a copy of the view's position
without advancing past the move, so no hidden chip is ever needed. Medium also weighs the coming
scoring (where the face-down chip may be), the auction and the double-turn chips; easy is
short-sighted and picks among its better moves at random, like a beginner who knows the rules.

Both keep to a few habits any player would: never move Ichtos back where they came from in the
same turn, use a double-turn chip once it is handed in, and bid only what they could pay.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping

from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import (
    EASY,
    FOOTHOLD,
    GENE_WORTH,
    MEDIUM,
    Weights,
    evaluate,
    pending_distribution,
    points_of,
    region_of_chip,
    time_left,
)
from urland.engine import (
    ACTION,
    BID,
    BUY,
    CHIP,
    PANIC_OCEAN,
    PANIC_REGION,
    GameState,
    Move,
    PlayerView,
    actions_per_turn,
    after_panic,
    apply_move,
    gene_price,
    ichto_players,
    land_per_action,
    legal_options,
    muscles,
    relocation_kinds,
)

RELOCATIONS = relocation_kinds()  # the actions carrying one's own Ichtos (engine)


class GreedyBot:
    name = "medium"
    weights: Weights = MEDIUM
    temperature = 0.0  # 0: always the best move; above 0: softmax choice among candidates
    double_margin = 0.1  # what two more actions must gain over keeping the chip

    def __init__(self, seed: int = 0, remember: bool = True,
                 worth_for_players: Callable[[int], Mapping[str, float]] | None = None
                 ) -> None:
        self.rng = random.Random(seed)
        self.remember = remember
        # players -> {gene: worth} for bids and purchases; None: the hand-made GENE_WORTH
        self.worth_for_players = worth_for_players
        self._turn: tuple[int, int, int] | None = None  # (epoch, turn, seat) of _trips
        self._trips: set[tuple[int, int]] = set()  # (src, dst) of this turn's relocations

    # --- the decision ------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Move:
        move = self._decide(view)
        self.note(view.state, move)
        return move

    def note(self, state: GameState, move: Move) -> None:
        """Remember a move played in `state`, so as not to undo it later in the turn."""
        if self.remember and state.phase == ACTION and move.kind in RELOCATIONS:
            self._trips_of(state).add((move.src, move.dst))

    def _decide(self, view: PlayerView) -> Move:
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
        if phase == ACTION:
            if {m.kind for m in moves} == {"double", "end"}:
                return self.choose_double(state, pending)
            moves = self.sensible(state, moves)
            return self.pick(no_worse_than_ending(self.scored(state, moves, pending)))
        return self.pick(self.scored(state, moves, pending))

    def _trips_of(self, state: GameState) -> set[tuple[int, int]]:
        turn = (state.epoch, state.turn, state.actor)
        if turn != self._turn:
            self._turn, self._trips = turn, set()
        return self._trips

    def sensible(self, state: GameState, moves: list[Move]) -> list[Move]:
        """Leave out what a player would find silly: moving Ichtos back where they came from
        this turn, and ending (or only retreating) right after handing in a double-turn chip."""
        trips = self._trips_of(state) if self.remember else set()
        kept = [m for m in moves if not (m.kind in RELOCATIONS and (m.dst, m.src) in trips)]
        if state.double_used and state.actions_left == 2:  # the chip was just handed in
            useful = [m for m in kept if m.kind not in ("end", "retreat")]
            if useful:
                kept = useful
        seat = state.actor
        if state.on_board(seat) < FOOTHOLD and state.reserve[seat] and any(
                m.kind in ("land", "proliferate") for m in kept):
            kept = [m for m in kept if m.kind != "end"]  # a thin board needs every action
        return kept or moves

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
        return self.pick([(chip_score(state, o.move.count, self.weights.loss), o.move)
                          for o in options])

    def choose_double(self, state: GameState, pending: dict[int, float]) -> Move:
        """Hand in a double-turn chip when two more actions gain more than keeping it is worth
        (the heuristic values a chip held, less and less as the game nears its end)."""
        seat = state.actor
        now = evaluate(state, seat, pending, self.weights)
        trial = state.clone()
        apply_move(trial, Move("double"), advance=False)
        gain = self.best_line(trial, pending, 2) - now
        return Move("double") if gain > self.double_margin else Move("end")

    def best_line(self, state: GameState, pending: dict[int, float], depth: int) -> float:
        """The value after the greedy best `depth` actions from `state` (the actor's)."""
        moves = [m for m in candidate_moves(state, legal_options(state))
                 if m.kind not in ("end", "double")]
        if not moves:
            return evaluate(state, state.actor, pending, self.weights)
        value, move = max(self.scored(state, moves, pending), key=lambda vm: vm[0])
        if depth <= 1 or state.actions_left <= 1:
            return value
        trial = state.clone()
        apply_move(trial, move, advance=False)
        return max(value, self.best_line(trial, pending, depth - 1))

    def gene_value(self, state: GameState, gene: str) -> float:
        """What owning `gene` from now on is worth, in track points."""
        worth = (GENE_WORTH if self.worth_for_players is None
                 else self.worth_for_players(state.n))
        return worth[gene] * time_left(state)

    def affordable_bid(self, state: GameState) -> int:
        """The highest bid the seat could pay for while keeping a foothold on the board."""
        seat = state.actor
        return max(0, state.on_board(seat) - gene_price(state, seat, 0) - 4)

    def choose_bid(self, state: GameState, options) -> Move:
        seat = state.actor
        top = options[0].counts[1] if options[0].counts else 0
        best = max((self.gene_value(state, g) for g in state.display), default=0.0)
        owned = gene_price(state, seat, 0)
        want = round(best * 0.9 - owned + self.rng.choice((-1, 0, 0, 1)))
        return Move("bid", count=max(0, min(top, self.affordable_bid(state), want)))

    def choose_purchase(self, state: GameState, options) -> Move:
        seat = state.actor
        price = gene_price(state, seat)
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
        scored = []
        for option in options:
            move = option.move
            regions = [move.src] if move.kind == "panic_region" else [state.focus]
            best = -math.inf
            for region in regions:
                oceans = ([move.dst] if move.kind == "panic_ocean"
                          else list(state.region_oceans[region]))
                for ocean in oceans:
                    trial = after_panic(state, region, ocean)
                    best = max(best, evaluate(trial, seat, pending, self.weights))
            scored.append((best, move))
        return self.pick(scored)


class EasyBot(GreedyBot):
    """Short-sighted and a little random: understandable, beatable moves."""

    name = "easy"
    weights = EASY
    temperature = 0.6
    double_margin = 0.3

    def choose_bid(self, state: GameState, options) -> Move:
        top = options[0].counts[1] if options[0].counts else 0
        return Move("bid", count=min(top, self.affordable_bid(state), self.rng.randint(0, 3)))


def no_worse_than_ending(scored: list[tuple[float, Move]]) -> list[tuple[float, Move]]:
    """The actions that leave the position at least as good as ending the turn would."""
    end = next((v for v, m in scored if m.kind == "end"), None)
    if end is None:
        return scored
    return [(v, m) for v, m in scored if v >= end - 1e-9]


def best_scored(scored: list[tuple[float, Move]], width: int) -> list[Move]:
    """The `width` best scored moves, best first (on a tie, in their order)."""
    return [m for _, m in sorted(scored, key=lambda vm: -vm[0])[:width]]


def best_with_ending(scored: list[tuple[float, Move]], width: int, moves: list[Move]
                     ) -> list[Move]:
    """The `width` best scored moves, best first, and ending the turn whenever `moves` allows
    it: the moves a search compares."""
    top = best_scored(scored, width)
    if Move("end") not in top and any(m.kind == "end" for m in moves):
        top.append(Move("end"))
    return top


def chip_score(state: GameState, chip: int, loss: float) -> float:
    """How good laying `chip` face down is for the environment player: its margin over the
    best rival in that region now and after the likeliest threat, an Ichto player landing all
    it can there before the scoring."""
    env = state.env
    flexed = muscles(state)
    root = region_of_chip(state, chip)
    counts = state.area_counts(root)
    now = _margin(points_of(counts, flexed, loss), env)
    worst = now
    for seat in ichto_players(state):
        threat = counts[:]
        threat[seat] += landing_reach(state, seat, root)
        worst = min(worst, _margin(points_of(threat, flexed, loss), env))
    return 0.4 * now + 0.6 * worst


def landing_reach(state: GameState, seat: int, root: int) -> int:
    """How many Ichtos `seat` could land in `root` during one Ichto turn."""
    near = sum(state.count(o, seat) for o in state.region_oceans[root])
    return min(near, actions_per_turn(state, seat) * land_per_action(state, seat))


def _margin(points: list[float], seat: int) -> float:
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - max(others)
