"""The engine's front door: what may be done now, why a move is refused, and playing a move.

    options = legal_options(state)     # every legal move, "any number" choices as one Option
    check_move(state, move)            # raises IllegalMoveError with a reason, changes nothing
    apply_move(state, move)            # checks, plays, runs automatic steps to the next decision
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from urland.engine.actions.base import refuse
from urland.engine.errors import IllegalMoveError, Named
from urland.engine.flow import run
from urland.engine.moves import KINDS, Move, Option, stray_fields
from urland.engine.phases import PHASES
from urland.engine.state import OVER, GameState

# What each phase asks, in words a turn banner can use.
PHASE_PROMPTS = {key: phase.prompt for key, phase in PHASES.items()} | {
    OVER: "the game is over"}


def legal_options(state: GameState) -> list[Option]:
    phase = PHASES.get(state.phase)  # type: ignore[arg-type]
    return phase.options(state) if phase is not None else []


def check_move(state: GameState, move: Move) -> None:
    """Raise IllegalMoveError saying why `move` is not allowed now; otherwise return None."""
    if not isinstance(move, Move):
        raise refuse("Not a move: {move}.", move=repr(move))
    if state.phase == OVER:
        raise refuse("The game is over.")
    kind = move.kind
    if kind not in KINDS:
        raise refuse("Unknown move kind {kind}.", kind=repr(kind))
    stray = stray_fields(move)
    if stray:
        raise refuse("This kind of move carries values it does not take.", kind=kind,
                     fields=", ".join(stray))
    phase = PHASES.get(state.phase)  # type: ignore[arg-type]
    if phase is None:
        return
    if phase.wrong_kind is not None and kind not in phase.kinds:
        seat = Named("seat", state.actor, state.colour_name(state.actor))
        raise IllegalMoveError(phase.wrong_kind(seat))
    phase.check(state, move)


def apply_move(state: GameState, move: Move, advance: bool = True) -> None:
    """Play `move` for the seat whose decision it is. Illegal moves change nothing.

    With `advance=False` the automatic steps that follow (the next player's turn, a scoring, a
    draw) are left pending: a bot can look at the position the move itself makes without
    knowing any hidden chip. Such a state is for looking at only.
    """
    check_move(state, move)
    PHASES[state.phase].play(state, move)  # type: ignore[index]
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
