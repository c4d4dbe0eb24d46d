"""The actions every Ichto player has (rules 4.2), and the turn's double-turn chip and end."""

from __future__ import annotations

from urland.engine import events as ev
from urland.engine.actions.base import (
    Action,
    Turn,
    area_named,
    need_area,
    need_ocean,
    need_own,
    need_region,
    refuse,
    shared_options,
)
from urland.engine.errors import IllegalMoveError
from urland.engine.events import say
from urland.engine.flow import end_ichto_turn
from urland.engine.genes import CARE_OF_YOUNG, TURBO
from urland.engine.moves import Move, Option, PickSpec
from urland.engine.queries import land_per_action
from urland.engine.state import GameState


def proliferation_gain(count: int, care_of_young: bool) -> int:
    """Ichtos gained before the reserve limit: 3-5 → 1, 6+ → 2; with Care of Young 2-3/4-5/6+."""
    if care_of_young:
        return 0 if count < 2 else 1 if count < 4 else 2 if count < 6 else 3
    return 0 if count < 3 else 1 if count < 6 else 2


def relocate(state: GameState, move: Move) -> None:
    """Carry the actor's Ichtos from `move.src` to `move.dst` and tell it."""
    p = state.actor
    n = state.n
    count = move.count or 1
    state.counts[move.src * n + p] -= count
    state.counts[move.dst * n + p] += count
    if state.events is not None:  # a playout records nothing
        say(state, move.kind, seat=p, src=move.src, dst=move.dst, count=count)


class Proliferate(Action):
    kind = "proliferate"
    fields = ("src",)
    event = ev.Proliferated
    menu = 0
    sweep = "ocean"

    def ocean_options(self, turn: Turn, ocean: int, own: int, out: list[Option]) -> None:
        if turn.reserve and own >= (2 if turn.genes & CARE_OF_YOUNG else 3):
            out.append(_proliferate(ocean))

    def check_fields(self, state: GameState, move: Move) -> None:
        need_ocean(state, move.src)
        if state.reserve[state.actor] == 0:
            raise refuse("Your reserve is empty: you cannot gain Ichtos by proliferating.")
        coy = bool(state.genes[state.actor] & CARE_OF_YOUNG)
        if not proliferation_gain(state.count(move.src, state.actor), coy):
            raise refuse("You would gain nothing in {area_label}: you need {count} Ichtos there to "
                         "proliferate.", area=area_named(state, move.src), count=2 if coy else 3)

    def play(self, state: GameState, move: Move) -> None:
        n = state.n
        counts = state.counts
        gains = {}
        base = move.src * n
        for s in range(n):
            g = min(proliferation_gain(counts[base + s], bool(state.genes[s] & CARE_OF_YOUNG)),
                    state.reserve[s])
            if g:
                counts[base + s] += g
                state.reserve[s] -= g
                gains[s] = g
        if state.events is not None:  # a playout records nothing
            say(state, "proliferate", seat=state.actor, ocean=move.src, gains=gains)


_PROLIFERATE: dict[int, Option] = {}


def _proliferate(ocean: int) -> Option:
    option = _PROLIFERATE.get(ocean)
    if option is None:
        option = _PROLIFERATE[ocean] = Option(Move("proliferate", ocean))
    return option


class Land(Action):
    kind = "land"
    fields = ("src", "dst", "count")
    event = ev.Moved
    menu = 5
    sweep = "ocean"
    drag = "own"

    def ocean_options(self, turn: Turn, ocean: int, own: int, out: list[Option]) -> None:
        if own:
            top = min(own, land_per_action(turn.state, turn.p))
            out.extend(shared_options("land", ocean, turn.state.ocean_regions[
                ocean - turn.regions], top))

    def check_fields(self, state: GameState, move: Move) -> None:
        board = state.board
        need_ocean(state, move.src)
        need_region(state, move.dst)
        if move.dst not in state.ocean_regions[move.src - board.n_regions]:
            raise refuse("Region {region} does not border {area_label}.",
                         region=board.region_numbers[move.dst], area=area_named(state, move.src))
        if not 1 <= move.count <= land_per_action(state, state.actor):
            raise refuse("Land 1 Ichto per action (2 with Legs or Turbo).")
        need_own(state, move.src, move.count)

    def play(self, state: GameState, move: Move) -> None:
        relocate(state, move)


class Swim(Action):
    kind = "swim"
    fields = ("src", "dst", "count")
    event = ev.Moved
    menu = 8
    sweep = "ocean"
    drag = "own"

    def ocean_options(self, turn: Turn, ocean: int, own: int, out: list[Option]) -> None:
        if own:
            board = turn.board
            out.extend(shared_options("swim", ocean, board.ocean_areas if turn.genes & TURBO
                                      else board.ocean_neighbours[ocean - turn.regions], own))

    def check_fields(self, state: GameState, move: Move) -> None:
        board = state.board
        need_ocean(state, move.src)
        need_ocean(state, move.dst)
        if move.src == move.dst:
            raise refuse("Swim to a different ocean.")
        if not state.genes[state.actor] & TURBO and move.dst not in board.ocean_neighbours[
                move.src - board.n_regions]:
            raise refuse("{area_label} is not next to {other_label} (Turbo would allow it).",
                         area=area_named(state, move.dst), other=area_named(state, move.src))
        if move.count < 1:
            raise refuse("Swim with at least 1 Ichto.")
        need_own(state, move.src, move.count)

    def play(self, state: GameState, move: Move) -> None:
        relocate(state, move)


_RETREAT = Move("retreat")
_RETREATS: dict[tuple[tuple[int, int], ...], Option] = {}  # the option, by what may retreat


class Retreat(Action):
    kind = "retreat"
    fields = ("picks",)
    event = ev.Retreated
    menu = 9
    sweep = "turn"
    drag = "own"

    def turn_options(self, turn: Turn, out: list[Option]) -> None:
        limits = tuple([(a, c) for a, c in enumerate(turn.own) if c])
        if limits:
            option = _RETREATS.get(limits)
            if option is None:
                if len(_RETREATS) > 4096:  # positions repeat; keep the dictionary small
                    _RETREATS.clear()
                option = _RETREATS[limits] = Option(_RETREAT, picks=PickSpec(
                    limits, 1, sum(c for _, c in limits)))
            out.append(option)

    def carried(self, move: Move, src: int) -> int:
        return dict(move.picks).get(src, 0)

    def check_fields(self, state: GameState, move: Move) -> None:
        if not move.picks:
            raise refuse("Retreat at least 1 Ichto.")
        seen = set()
        for area, k in move.picks:
            need_area(state, area, "area")
            if area in seen or k < 1:
                raise refuse("Name each area once, with at least 1 Ichto.")
            seen.add(area)
            need_own(state, area, k)

    def play(self, state: GameState, move: Move) -> None:
        p = state.actor
        n = state.n
        total = 0
        for area, k in move.picks:
            state.counts[area * n + p] -= k
            total += k
        state.reserve[p] += total
        if state.events is not None:  # a playout records nothing
            say(state, "retreat", seat=p, picks=move.picks)


class Double(Action):
    """Hand in a double-turn chip for 2 more actions, once the actions are used (rules 4.3)."""

    kind = "double"
    fields = ()
    event = ev.SeatOnly
    sweep = "spent"
    once_per_turn = True
    _OPTION = Option(Move("double"))

    def turn_options(self, turn: Turn, out: list[Option]) -> None:
        if turn.state.double_chips[turn.p] > 0:
            out.append(self._OPTION)

    def cost(self, state: GameState, move: Move) -> int:
        return 0

    def repeat_refusal(self) -> IllegalMoveError:
        return refuse("Only one double-turn chip may be handed in per turn.")

    def check(self, state: GameState, move: Move) -> None:
        self.check_unused(state)
        if state.double_chips[state.actor] <= 0:
            raise refuse("You have no double-turn chip left.")
        if state.actions_left > 0:
            raise refuse("Use your actions first; then you may hand in a double-turn chip.")

    def play(self, state: GameState, move: Move) -> None:
        p = state.actor
        state.double_chips[p] -= 1
        state.actions_left += 2
        if state.events is not None:  # a playout records nothing
            say(state, "double", seat=p)


class End(Action):
    """End the Ichto turn; the next player (or the scoring) follows, so it cannot be undone."""

    kind = "end"
    fields = ()
    event = None  # what follows (the next turn, a scoring) tells its own events
    sweep = "spent"  # offered last, whether actions are left or not
    undoable = False
    OPTION = Option(Move("end"))

    def cost(self, state: GameState, move: Move) -> int:
        return 0

    def check(self, state: GameState, move: Move) -> None:
        return

    def play(self, state: GameState, move: Move) -> None:
        end_ichto_turn(state)


# Every Ichto player's actions, listed before the gene actions; then the turn's own two.
ICHTO_ACTIONS: tuple[Action, ...] = (Proliferate(), Land(), Swim(), Retreat())
TURN_ACTIONS: tuple[Action, ...] = (Double(), End())
