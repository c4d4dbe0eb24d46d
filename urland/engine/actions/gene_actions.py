"""The actions a gene allows (rules 7), one class each, in the order their options are listed."""

from __future__ import annotations

from urland.engine import events as ev
from urland.engine.actions.base import (
    Action,
    Turn,
    area_named,
    need_area,
    need_ocean,
    need_opponents,
    need_own,
    need_region,
    need_rival_there,
    one_option,
    refuse,
    seat_named,
)
from urland.engine.actions.ichto import relocate
from urland.engine.events import say
from urland.engine.genes import ASSIMILATION, EARS, EGG, LEGS, STINKGLANDS, TEETH, WINGS
from urland.engine.moves import Move, Option
from urland.engine.state import GameState


class Assimilate(Action):
    """Two opponents' Ichtos in an area go back to their reserves; one of yours arrives."""

    kind = "assimilate"
    fields = ("src", "target", "target")  # two opponents (may repeat)
    event = ev.Assimilated
    menu = 2
    gene = ASSIMILATION

    def area_options(self, turn: Turn, area: int, own: int, others: list[tuple[int, int]],
                     out: list[Option]) -> None:
        if turn.left >= 2 and turn.reserve and sum(k for _, k in others) >= 2:
            for i, (s1, k1) in enumerate(others):
                if k1 >= 2:
                    out.append(one_option("assimilate", area, target=(s1, s1)))
                for s2, _ in others[i + 1:]:
                    out.append(one_option("assimilate", area, target=(s1, s2)))

    def cost(self, state: GameState, move: Move) -> int:
        return 2

    def check_fields(self, state: GameState, move: Move) -> None:
        if state.actions_left < 2:
            raise refuse("Assimilation costs 2 actions.")
        need_area(state, move.src, "area")
        need_own(state, move.src, 1)
        if state.reserve[state.actor] == 0:
            raise refuse("Assimilation needs an Ichto in your reserve.")
        need_opponents(state, move.target, 2)
        a, b = move.target
        need = {a: 2} if a == b else {a: 1, b: 1}
        for s, k in need.items():
            if state.count(move.src, s) < k:
                if k == 1:
                    raise refuse("{seat} has no Ichto in {area_kind, select, region "
                                 "{region {area}} other {{area_label}}}.",
                                 seat=seat_named(state, s),
                                 area=area_named(state, move.src))
                raise refuse("{seat} has fewer than {count} Ichtos in "
                             "{area_kind, select, region {region {area}} other {{area_label}}}.",
                             count=k,
                             seat=seat_named(state, s), area=area_named(state, move.src))

    def play(self, state: GameState, move: Move) -> None:
        p = state.actor
        n = state.n
        for s in move.target:
            state.counts[move.src * n + s] -= 1
            state.reserve[s] += 1
        state.counts[move.src * n + p] += 1
        state.reserve[p] -= 1
        if state.events is not None:  # a playout records nothing
            say(state, "assimilate", seat=p, area=move.src, targets=move.target)


class Bite(Action):
    """One opponent's Ichto in an area goes back to its reserve (not on land against Ears)."""

    kind = "bite"
    fields = ("src", "target")
    event = ev.Bitten
    menu = 3
    gene = TEETH
    drag = "rival"

    def area_options(self, turn: Turn, area: int, own: int, others: list[tuple[int, int]],
                     out: list[Option]) -> None:
        land = area < turn.regions
        genes = turn.state.genes
        for s, _ in others:
            if not (land and genes[s] & EARS):
                out.append(one_option("bite", area, target=(s,)))

    def carried(self, move: Move, src: int) -> int:
        return 1

    def check_fields(self, state: GameState, move: Move) -> None:
        need_area(state, move.src, "area")
        need_own(state, move.src, 1)
        s = need_opponents(state, move.target, 1)
        need_rival_there(state, move.src, s)
        if move.src < state.board.n_regions and state.genes[s] & EARS:
            raise refuse("{seat} has Ears: on land, {seat}'s Ichtos hear you coming.",
                         seat=seat_named(state, s))

    def play(self, state: GameState, move: Move) -> None:
        p = state.actor
        s = move.target[0]
        state.counts[move.src * state.n + s] -= 1
        state.reserve[s] += 1
        if state.events is not None:  # a playout records nothing
            say(state, "bite", seat=p, target=s, area=move.src)


class Walk(Action):
    """One Ichto walks across a strait to the next region."""

    kind = "walk"
    fields = ("src", "dst")
    event = ev.Moved
    menu = 6
    gene = LEGS
    drag = "own"
    land_only = True

    def area_options(self, turn: Turn, area: int, own: int, others: list[tuple[int, int]],
                     out: list[Option]) -> None:
        for t in turn.state.region_straits[area]:
            out.append(one_option("walk", area, t))

    def carried(self, move: Move, src: int) -> int:
        return 1

    def check_fields(self, state: GameState, move: Move) -> None:
        need_region(state, move.src)
        need_region(state, move.dst)
        if move.dst not in state.region_straits[move.src]:
            raise refuse("Regions {region} and {other} are not across a strait.",
                         region=state.board.region_numbers[move.src],
                         other=state.board.region_numbers[move.dst])
        need_own(state, move.src, 1)

    def play(self, state: GameState, move: Move) -> None:
        relocate(state, move)


class Egg(Action):
    """An Ichto from the reserve hatches in a region one already occupies (2 actions with
    only 1 Ichto there)."""

    kind = "egg"
    fields = ("dst",)
    event = ev.Laid
    menu = 1
    gene = EGG
    land_only = True

    def area_options(self, turn: Turn, area: int, own: int, others: list[tuple[int, int]],
                     out: list[Option]) -> None:
        if turn.reserve and turn.left >= (2 if own == 1 else 1):
            out.append(one_option("egg", dst=area))

    def cost(self, state: GameState, move: Move) -> int:
        if 0 <= move.dst < state.board.n_regions:
            return 2 if state.count(move.dst, state.actor) == 1 else 1
        return 1

    def check_fields(self, state: GameState, move: Move) -> None:
        need_region(state, move.dst)
        need_own(state, move.dst, 1)
        if state.reserve[state.actor] == 0:
            raise refuse("Egg needs an Ichto in your reserve.")
        if self.cost(state, move) > state.actions_left:
            raise refuse("With only 1 Ichto there, Egg costs 2 actions.")

    def play(self, state: GameState, move: Move) -> None:
        p = state.actor
        state.counts[move.dst * state.n + p] += 1
        state.reserve[p] -= 1
        if state.events is not None:  # a playout records nothing
            say(state, "egg", seat=p, dst=move.dst)


class Fly(Action):
    """1 or 2 Ichtos fly from a region to any other region or ocean."""

    kind = "fly"
    fields = ("src", "dst", "count")
    event = ev.Moved
    menu = 7
    gene = WINGS
    drag = "own"
    land_only = True
    MOST = 2

    def area_options(self, turn: Turn, area: int, own: int, others: list[tuple[int, int]],
                     out: list[Option]) -> None:
        for t in turn.areas:
            if t != area:
                out.append(one_option("fly", area, t, top=self.MOST if own >= 2 else 1))

    def check_fields(self, state: GameState, move: Move) -> None:
        need_region(state, move.src)
        need_area(state, move.dst, "area")
        if move.dst == move.src:
            raise refuse("Fly to another region or ocean.")
        if not 1 <= move.count <= self.MOST:
            raise refuse("Wings carry 1 or 2 Ichtos.")
        need_own(state, move.src, move.count)

    def play(self, state: GameState, move: Move) -> None:
        relocate(state, move)


class Stink(Action):
    """R7: every Ichto of one opponent in a region flees into a bordering ocean."""

    kind = "stink"
    fields = ("src", "target", "dst")
    event = ev.Stunk
    menu = 4
    gene = STINKGLANDS
    drag = "rival"
    land_only = True

    def area_options(self, turn: Turn, area: int, own: int, others: list[tuple[int, int]],
                     out: list[Option]) -> None:
        oceans = turn.state.region_oceans[area]
        for s, _ in others:
            for o in oceans:
                out.append(one_option("stink", area, o, target=(s,)))

    def carried(self, move: Move, src: int) -> int:
        return 1

    def check_fields(self, state: GameState, move: Move) -> None:
        need_region(state, move.src)
        need_own(state, move.src, 1)
        s = need_opponents(state, move.target, 1)
        need_rival_there(state, move.src, s)
        need_ocean(state, move.dst)
        if move.dst not in state.region_oceans[move.src]:
            raise refuse("Region {region} does not border {area_label}.",
                         region=state.board.region_numbers[move.src],
                         area=area_named(state, move.dst))

    def play(self, state: GameState, move: Move) -> None:
        p = state.actor
        n = state.n
        s = move.target[0]
        k = state.counts[move.src * n + s]
        state.counts[move.src * n + s] = 0
        state.counts[move.dst * n + s] += k
        if state.events is not None:  # a playout records nothing
            say(state, "stink", seat=p, target=s, src=move.src, dst=move.dst, count=k)


# In the order their options are listed in each area (a new gene's action joins here).
GENE_ACTIONS: tuple[Action, ...] = (Assimilate(), Bite(), Walk(), Egg(), Fly(), Stink())
