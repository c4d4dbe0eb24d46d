"""The engine's front door: what may be done now, why a move is refused, and playing a move.

    options = legal_options(state)     # every legal move, "any number" choices as one Option
    check_move(state, move)            # raises IllegalMoveError with a reason, changes nothing
    apply_move(state, move)            # checks, plays, runs automatic steps to the next decision
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from urland.engine import auction, panic, volcano
from urland.engine.actions import action_options, check_action, do_action
from urland.engine.errors import IllegalMoveError, Named, Refusal
from urland.engine.flow import choose_chip, end_ichto_turn, run
from urland.engine.genes import GENE_NAMES
from urland.engine.moves import KINDS, Move, Option, PickSpec, stray_fields
from urland.engine.state import (
    ACTION,
    BID,
    BUY,
    CHIP,
    OVER,
    PANIC_EARS,
    PANIC_OCEAN,
    PANIC_REGION,
    VOLCANO_EARS,
    GameState,
)

# What each phase asks, in words a turn banner can use.
PHASE_PROMPTS = {
    CHIP: "choose the scoring chip",
    ACTION: "take actions",
    PANIC_REGION: "choose which tied region panics",
    PANIC_OCEAN: "choose the ocean the panicking Ichtos flee to",
    PANIC_EARS: "choose how many of your Ichtos stay on land (Ears)",
    VOLCANO_EARS: "choose the ocean your excess Ichtos dive into (Ears)",
    BID: "place a secret bid",
    BUY: "buy a gene or pass",
    OVER: "the game is over",
}


# The moves each single-purpose phase accepts (ACTION accepts the actions; see actions.py).
_KINDS_OF_PHASE = {CHIP: ("chip",), BID: ("bid",), BUY: ("buy", "pass"),
                   PANIC_REGION: ("panic_region",), PANIC_OCEAN: ("panic_ocean",),
                   PANIC_EARS: ("ears_stay",), VOLCANO_EARS: ("ears_dive",)}


# Why a move of the wrong kind is refused in each single-purpose phase (seat: whose decision it is).
_WRONG_KIND = {
    CHIP: lambda seat: Refusal("Now {seat} must choose the scoring chip.", seat=seat),
    BID: lambda seat: Refusal("Now {seat} must place a secret bid.", seat=seat),
    BUY: lambda seat: Refusal("Now {seat} must buy a gene or pass.", seat=seat),
    PANIC_REGION: lambda seat: Refusal("Now {seat} must choose which tied region panics.",
                                       seat=seat),
    PANIC_OCEAN: lambda seat: Refusal(
        "Now {seat} must choose the ocean the panicking Ichtos flee to.", seat=seat),
    PANIC_EARS: lambda seat: Refusal(
        "Now {seat} must choose how many of their Ichtos stay on land (Ears).", seat=seat),
    VOLCANO_EARS: lambda seat: Refusal(
        "Now {seat} must choose the ocean their excess Ichtos dive into (Ears).", seat=seat),
}


def _refuse(template: str, **values: object) -> IllegalMoveError:
    return IllegalMoveError(Refusal(template, **values))


def _board_limits(state: GameState, seat: int) -> tuple[tuple[int, int], ...]:
    n = state.n
    counts = state.counts
    return tuple((a, c) for a in range(state.board.n_areas) if (c := counts[a * n + seat]))


def legal_options(state: GameState) -> list[Option]:
    phase = state.phase
    if phase == ACTION:
        return action_options(state)
    if phase == CHIP:
        return [Option(Move("chip", count=c)) for c in sorted(state.hand)]
    if phase == BID:
        top = state.reserve[state.actor]
        return [Option(Move("bid"), counts=(0, top))] if top else [Option(Move("bid", count=0))]
    if phase == BUY:
        seat = state.actor
        cost = auction.gene_price(state, seat)
        limits = _board_limits(state, seat)
        opts = [Option(Move("buy", gene=g), picks=PickSpec(limits, cost, cost)) if cost
                else Option(Move("buy", gene=g)) for g in state.display]
        if not state.must_buy:
            opts.append(Option(Move("pass")))
        return opts
    if phase == PANIC_REGION:
        return [Option(Move("panic_region", src=r)) for r in state.choices]
    if phase == PANIC_OCEAN:
        return [Option(Move("panic_ocean", dst=o)) for o in state.choices]
    if phase == PANIC_EARS:
        return [Option(Move("ears_stay"), counts=(0, state.queue[0][2]))]
    if phase == VOLCANO_EARS:
        return [Option(Move("ears_dive", dst=o)) for o in state.choices]
    return []


def check_move(state: GameState, move: Move) -> None:
    """Raise IllegalMoveError saying why `move` is not allowed now; otherwise return None."""
    if not isinstance(move, Move):
        raise _refuse("Not a move: {move}.", move=repr(move))
    phase = state.phase
    if phase == OVER:
        raise _refuse("The game is over.")
    kind = move.kind
    if kind not in KINDS:
        raise _refuse("Unknown move kind {kind}.", kind=repr(kind))
    stray = stray_fields(move)
    if stray:
        raise _refuse("A '{kind}' move takes no {fields}.", kind=kind, fields=", ".join(stray))
    expected = _KINDS_OF_PHASE.get(phase)
    if expected is not None and kind not in expected:
        seat = Named("seat", state.actor, state.colour_name(state.actor))
        raise IllegalMoveError(_WRONG_KIND[phase](seat))
    if phase == ACTION:
        check_action(state, move)
    elif phase == CHIP:
        if move.count not in state.hand:
            raise _refuse("Chip {chip} is not among your chips.", chip=move.count)
    elif phase == BID:
        top = state.reserve[state.actor]
        if not 0 <= move.count <= top:
            raise _refuse("Bid from 0 to {top} (the Ichtos in your reserve).", top=top)
    elif phase == BUY:
        _check_buy(state, move)
    elif phase in (PANIC_REGION, PANIC_OCEAN, VOLCANO_EARS):
        chosen = move.src if phase == PANIC_REGION else move.dst
        if chosen not in state.choices:
            raise _refuse("Choose one of: {areas}.", areas=", ".join(
                state.board.area_name(a) for a in state.choices))
    elif phase == PANIC_EARS:
        most = state.queue[0][2]
        if not 0 <= move.count <= most:
            raise _refuse("Keep from 0 to {most} Ichtos on land.", most=most)


def _check_buy(state: GameState, move: Move) -> None:
    if move.kind == "pass":
        if state.must_buy:
            raise _refuse("The highest bidder must buy a gene.")
        return
    if move.gene not in state.display:
        raise _refuse("{gene} is not on display.", gene=Named(
            "gene", move.gene, GENE_NAMES.get(move.gene, move.gene)))
    cost = auction.gene_price(state, state.actor)
    paid = 0
    seen = set()
    for area, k in move.picks:
        if not 0 <= area < state.board.n_areas or area in seen or k < 1:
            raise _refuse("Name each area of the board once, with at least 1 Ichto.")
        seen.add(area)
        if state.count(area, state.actor) < k:
            raise _refuse("You have only {count} Ichtos in {area}.",
                           count=state.count(area, state.actor),
                           area=Named("area", area, state.board.area_label(area)))
        paid += k
    if paid != cost:
        raise _refuse("The price is {cost} Ichtos from the board (your bid plus the genes you "
                       "own); you picked {paid}.", cost=cost, paid=paid)


def apply_move(state: GameState, move: Move, advance: bool = True) -> None:
    """Play `move` for the seat whose decision it is. Illegal moves change nothing.

    With `advance=False` the automatic steps that follow (the next player's turn, a scoring, a
    draw) are left pending: a bot can look at the position the move itself makes without
    knowing any hidden chip. Such a state is for looking at only.
    """
    check_move(state, move)
    phase = state.phase
    seat = state.actor
    kind = move.kind
    if phase == ACTION:
        if kind == "end":
            end_ichto_turn(state)
        else:
            do_action(state, move)  # the turn ends when the player says so ("end")
    elif phase == CHIP:
        choose_chip(state, move.count)
    elif phase == BID:
        auction.place_bid(state, seat, move.count)
    elif phase == BUY:
        state.phase = None
        if kind == "pass":
            auction.pass_purchase(state, seat)
        else:
            auction.buy(state, seat, move.gene, move.picks)
    elif phase == PANIC_REGION:
        state.phase = None
        panic.choose_panic_region(state, move.src)
    elif phase == PANIC_OCEAN:
        state.phase = None
        panic.choose_panic_ocean(state, move.dst)
    elif phase == PANIC_EARS:
        state.phase = None
        panic.ears_stay(state, seat, move.count)
    elif phase == VOLCANO_EARS:
        state.phase = None
        _, root, excess = state.queue.pop(0)
        volcano.dive(state, seat, root, move.dst, excess)
        volcano.next_volcano_ears(state)
    if advance:
        run(state)


def expand(option: Option, limit: int | None = None) -> Iterator[Move]:
    """Every concrete move of an option (beware: picks can be many; `limit` stops early)."""
    if option.counts is not None:
        lo, hi = option.counts
        moves: Iterator[Move] = (option.with_count(k) for k in range(lo, hi + 1))
    elif option.picks is not None:
        moves = _expand_picks(option)
    else:
        moves = iter((option.move,))
    for i, m in enumerate(moves):
        if limit is not None and i >= limit:
            return
        yield m


def _expand_picks(option: Option) -> Iterator[Move]:
    spec = option.picks
    assert spec is not None
    areas = [a for a, _ in spec.limits]
    for combo in product(*(range(c + 1) for _, c in spec.limits)):
        if spec.lo <= sum(combo) <= spec.hi:
            yield option.with_picks(tuple(zip(areas, combo, strict=True)))


def option_allows(option: Option, move: Move) -> bool:
    """Whether `move` is one of the concrete moves `option` stands for."""
    if option.counts is not None:
        lo, hi = option.counts
        return move._replace(count=option.move.count) == option.move and lo <= move.count <= hi
    if option.picks is not None:
        if move._replace(picks=()) != option.move:
            return False
        limits = dict(option.picks.limits)
        total = 0
        for area, k in move.picks:
            if k < 1 or k > limits.get(area, 0):
                return False
            total += k
        return option.picks.lo <= total <= option.picks.hi and len(
            {a for a, _ in move.picks}) == len(move.picks)
    return move == option.move


def is_legal(state: GameState, move: Move) -> bool:
    return any(option_allows(o, move) for o in legal_options(state))
