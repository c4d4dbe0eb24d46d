"""A fast, plausible policy for the parts of a search no tree covers (the other seats' moves).

It must be cheap, so it judges a move by the one region or ocean it changes: landing where the
seat gains points in regions still to score, breeding where it can, and ending the turn when
nothing helps. Where the face-down chip lies it does not know: all chips in play weigh alike.
"""

from __future__ import annotations

import random

from urland.bots.candidates import cheapest_payment
from urland.bots.evaluate import GENE_WORTH, chips_in_play, region_points, time_left
from urland.engine.genes import CARE_OF_YOUNG, MUSCLES
from urland.engine.moves import Move, Option
from urland.engine.rules import legal_options
from urland.engine.state import ACTION, BID, BUY, CHIP, GameState


def playout_move(state: GameState, rng: random.Random) -> Move:
    options = legal_options(state)
    if len(options) == 1 and options[0].complete:
        return options[0].move
    phase = state.phase
    if phase == ACTION:
        return _action(state, options, rng)
    if phase == CHIP:
        return _chip(state, options)
    if phase == BID:
        return _bid(state, options, rng)
    if phase == BUY:
        return _buy(state, options)
    option = options[rng.randrange(len(options))]
    if option.counts is not None:
        return option.with_count(option.counts[1])  # Ears: keep everybody on land
    return option.move


def _weights(state: GameState) -> dict[int, float]:
    chips = chips_in_play(state)
    if not chips:
        return {}
    share = 1.0 / len(chips)
    out: dict[int, float] = {}
    for chip in chips:
        root = state.root(state.chip_area(chip))
        out[root] = out.get(root, 0.0) + share
    return out


def _action(state: GameState, options: list[Option], rng: random.Random) -> Move:
    seat = state.actor
    n = state.n
    muscles = [bool(g & MUSCLES) for g in state.genes]
    weights = _weights(state)
    coy = bool(state.genes[seat] & CARE_OF_YOUNG)
    best, best_value = Move("end"), 0.05
    for option in options:
        move = option.move
        kind = move.kind
        if kind == "land":
            root = move.dst
            w = weights.get(root, 0.05)
            before = region_points(state, root, muscles, 0.45)[seat]
            state.counts[root * n + seat] += 1
            after = region_points(state, root, muscles, 0.45)[seat]
            state.counts[root * n + seat] -= 1
            value = w * (after - before) * 3 + 0.05
            if option.counts is not None:
                move = option.with_count(1)
        elif kind == "proliferate":
            k = state.count(move.src, seat)
            value = 0.35 * (1 + (k >= 6) + (coy and k >= 4))
        elif kind == "double":
            value = 0.3
        else:
            continue
        value += rng.random() * 0.1
        if value > best_value:
            best, best_value = move, value
    return best


def _chip(state: GameState, options: list[Option]) -> Move:
    env = state.env
    muscles = [bool(g & MUSCLES) for g in state.genes]

    def margin(option: Option) -> float:
        root = state.root(state.chip_area(option.move.count))
        points = region_points(state, root, muscles, 0.45)
        return points[env] - max(p for s, p in enumerate(points) if s != env)

    return max(options, key=margin).move


def _bid(state: GameState, options: list[Option], rng: random.Random) -> Move:
    top = options[0].counts[1] if options[0].counts else 0
    worth = max((GENE_WORTH[g] for g in state.display), default=0) * time_left(state)
    owned = state.genes[state.actor].bit_count()
    want = round(worth * 0.9 - owned) + rng.choice((-1, 0, 1))
    return Move("bid", count=max(0, min(top, state.on_board(state.actor) - owned - 4, want)))


def _buy(state: GameState, options: list[Option]) -> Move:
    buys = [o for o in options if o.move.kind == "buy"]
    best = max(buys, key=lambda o: GENE_WORTH[o.move.gene])
    seat = state.actor
    price = state.bids[seat] + state.genes[seat].bit_count()
    must = not any(o.move.kind == "pass" for o in options)
    if must or GENE_WORTH[best.move.gene] * time_left(state) >= 0.4 * price:
        return best.with_picks(cheapest_payment(state, best)) if best.picks else best.move
    return Move("pass")
