"""The Ichto players' actions (rules 4.2) and the gene actions (rules 7), one class per kind.

`ACTIONS` maps each move kind of the action phase to its `Action`; the three questions the
rules ask of an action are loops over it or a lookup in it:

    action_options(state)      # every legal action of the actor, in one fixed order
    check_action(state, move)  # raises IllegalMoveError with a reason, changes nothing
    do_action(state, move)     # spends the move's cost and plays it

A new action is one class in `ichto.py` or `gene_actions.py`, listed there (`GENE_ACTIONS`)
in the place its options should be listed; docs/adding-a-gene.md has the whole recipe.
"""

from __future__ import annotations

from functools import cache

from urland.engine.actions.base import Action, Turn, refuse
from urland.engine.actions.gene_actions import GENE_ACTIONS
from urland.engine.actions.ichto import ICHTO_ACTIONS, TURN_ACTIONS, End, proliferation_gain
from urland.engine.events import FLOW_EVENT_DATA, Moved, SeatOnly
from urland.engine.moves import Move, Option, declare_kinds
from urland.engine.state import GameState

# In the order their options are listed within each sweep (see base.py).
ACTIONS: dict[str, Action] = {a.kind: a for a in (*ICHTO_ACTIONS, *GENE_ACTIONS, *TURN_ACTIONS)}
declare_kinds({kind: a.fields for kind, a in ACTIONS.items()})  # the save notation's fields

_AREA_GENES = 0  # the genes that give an action in the area sweep
for _action in ACTIONS.values():
    if _action.sweep == "area":
        _AREA_GENES |= _action.gene
_END_ACTION: Action = ACTIONS["end"]
_END = End.OPTION

UNDOABLE_KINDS = frozenset(kind for kind, a in ACTIONS.items() if a.undoable)
ONCE_PER_TURN_KINDS = frozenset(kind for kind, a in ACTIONS.items() if a.once_per_turn)
_RELOCATION_KINDS = frozenset(kind for kind, a in ACTIONS.items() if a.event is Moved)
_PLAYER_MOVE_KINDS = frozenset(kind for kind, a in ACTIONS.items()
                               if a.event is not None and a.event is not SeatOnly)
# The schema of every kind of event: the actions' own, then the rest (engine/events.py).
EVENT_DATA: dict[str, type] = {a.kind: a.event for a in ACTIONS.values() if a.event} | (
    FLOW_EVENT_DATA)

__all__ = ["ACTIONS", "EVENT_DATA", "ONCE_PER_TURN_KINDS", "UNDOABLE_KINDS", "Action",
           "action_cost", "action_options", "check_action", "do_action", "player_move_kinds",
           "proliferation_gain", "relocation_kinds"]


def relocation_kinds() -> frozenset[str]:
    """The actions that carry the actor's own Ichtos from one area to another (their event is
    `Moved`: Land, Swim, Walk, Fly ...)."""
    return _RELOCATION_KINDS


def player_move_kinds() -> frozenset[str]:
    """The actions whose event changes the board: the moves a player makes (not the
    consequences the flow tells, nor the double-turn chip or the turn's end)."""
    return _PLAYER_MOVE_KINDS


@cache
def _sweeps(genes: int, used: frozenset[str]) -> tuple[tuple[Action, ...], ...]:
    """The actions a gene set allows, once-per-turn kinds already `used` left out, by sweep:
    oceans, the turn, any area, land areas, and when the actions are spent."""
    held = [a for a in ACTIONS.values()
            if (not a.gene or genes & a.gene) and not (a.once_per_turn and a.kind in used)]
    return (tuple(a for a in held if a.sweep == "ocean"),
            tuple(a for a in held if a.sweep == "turn"),
            tuple(a for a in held if a.sweep == "area" and not a.land_only),
            tuple(a for a in held if a.sweep == "area" and a.land_only),
            tuple(a for a in held if a.sweep == "spent" and a is not _END_ACTION))


def action_options(state: GameState) -> list[Option]:
    turn = Turn(state)
    out: list[Option] = []
    oceans, whole, anywhere, land_only, spent = _sweeps(turn.genes, state.used_this_turn)
    if turn.left > 0:
        own = turn.own
        for ocean in turn.board.ocean_areas:
            k = own[ocean]
            if k:
                for action in oceans:
                    action.ocean_options(turn, ocean, k, out)
        for action in whole:
            action.turn_options(turn, out)
        if turn.genes & _AREA_GENES:
            _area_sweep(turn, out, anywhere, land_only)
    else:
        for action in spent:
            action.turn_options(turn, out)
    out.append(_END)
    return out


def _area_sweep(turn: Turn, out: list[Option], anywhere: tuple[Action, ...],
                land_only: tuple[Action, ...]) -> None:
    state = turn.state
    n, p, counts, regions = turn.n, turn.p, state.counts, turn.regions
    turn.areas = areas = state.live_regions() + list(turn.board.ocean_areas)
    for a in areas:
        own = counts[a * n + p]
        if not own:
            continue
        others = [(s, counts[a * n + s]) for s in range(n) if s != p and counts[a * n + s]]
        for action in anywhere:
            action.area_options(turn, a, own, others, out)
        if a < regions:
            for action in land_only:
                action.area_options(turn, a, own, others, out)


def check_action(state: GameState, move: Move) -> None:
    action = ACTIONS.get(move.kind)
    if action is None:
        if state.actions_left <= 0:
            raise refuse("You have no actions left.")
        raise refuse("This move is not an action of the game.", kind=move.kind)
    action.check(state, move)


def action_cost(state: GameState, move: Move) -> int:
    return ACTIONS[move.kind].cost(state, move)


def do_action(state: GameState, move: Move) -> None:
    """Play a checked action, spend its cost and, once per turn, mark its kind used."""
    action = ACTIONS[move.kind]
    state.actions_left -= action.cost(state, move)
    if action.once_per_turn:
        state.used_this_turn = state.used_this_turn | {action.kind}
    action.play(state, move)
