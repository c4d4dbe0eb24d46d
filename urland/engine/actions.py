"""Ichto players' actions (rules 4.2) and the gene actions (rules 7).

Three functions per the engine's pattern: `action_options` lists what the actor may do,
`check_action` explains why a move is refused (before anything changes), `do_action` plays it.
"""

from __future__ import annotations

from urland.engine.errors import IllegalMoveError
from urland.engine.events import ichtos, say
from urland.engine.genes import (
    ASSIMILATION,
    CARE_OF_YOUNG,
    EARS,
    EGG,
    LEGS,
    STINKGLANDS,
    TEETH,
    TURBO,
    WINGS,
    gene_name,
    gene_of_move,
    genes_in,
)
from urland.engine.moves import Move, Option, PickSpec
from urland.engine.state import GameState


def proliferation_gain(count: int, care_of_young: bool) -> int:
    """Ichtos gained before the reserve limit: 3-5 → 1, 6+ → 2; with Care of Young 2-3/4-5/6+."""
    if care_of_young:
        return 0 if count < 2 else 1 if count < 4 else 2 if count < 6 else 3
    return 0 if count < 3 else 1 if count < 6 else 2


def action_cost(state: GameState, move: Move) -> int:
    kind = move.kind
    if kind in ("double", "end"):
        return 0
    if kind == "assimilate":
        return 2
    if kind == "egg":
        if 0 <= move.dst < state.board.n_regions:
            return 2 if state.count(move.dst, state.actor) == 1 else 1
        return 1
    return 1


def valid_areas(state: GameState) -> list[int]:
    return state.live_regions() + list(state.board.ocean_areas)


# Options are immutable, so the common ones are built once and shared between calls.
_OPTIONS: dict[tuple, Option] = {}


def _shared(kind: str, src: int, dst: int, count: int, top: int) -> Option:
    """The option to move 1..top Ichtos (a complete move when top is 1)."""
    key = (kind, src, dst, top)
    option = _OPTIONS.get(key)
    if option is None:
        option = (Option(Move(kind, src, dst, 1)) if top == 1
                  else Option(Move(kind, src, dst), counts=(count, top)))
        _OPTIONS[key] = option
    return option


def _proliferate(ocean: int) -> Option:
    key = ("proliferate", ocean)
    option = _OPTIONS.get(key)
    if option is None:
        option = _OPTIONS[key] = Option(Move("proliferate", ocean))
    return option


_END = Option(Move("end"))
_DOUBLE = Option(Move("double"))
_RETREAT = Move("retreat")


def action_options(state: GameState) -> list[Option]:
    p = state.actor
    n = state.n
    board = state.board
    regions = board.n_regions
    own = state.counts[p::n]  # this seat's Ichtos per area
    genes = state.genes[p]
    left = state.actions_left
    opts: list[Option] = []
    if left > 0:
        reserve = state.reserve[p]
        two = genes & (LEGS | TURBO)
        needed = 2 if genes & CARE_OF_YOUNG else 3
        turbo = genes & TURBO
        ocean_regions = state.ocean_regions
        neighbours = board.ocean_neighbours
        for o in board.ocean_areas:
            k = own[o]
            if reserve and k >= needed:
                opts.append(_proliferate(o))
            if not k:
                continue
            land_top = 2 if two and k >= 2 else 1
            for r in ocean_regions[o - regions]:
                opts.append(_shared("land", o, r, 1, land_top))
            for t in (board.ocean_areas if turbo else neighbours[o - regions]):
                if t != o:
                    opts.append(_shared("swim", o, t, 1, k))
        limits = tuple((a, c) for a, c in enumerate(own) if c)
        if limits:
            total = sum(c for _, c in limits)
            opts.append(Option(_RETREAT, picks=PickSpec(limits, 1, total)))
        if genes & ~(CARE_OF_YOUNG | TURBO | EARS):
            _gene_options(state, opts, p, genes, left, reserve)
    elif not state.double_used and state.double_chips[p] > 0:
        opts.append(_DOUBLE)
    opts.append(_END)
    return opts


def _gene_options(state: GameState, opts: list[Option], p: int, genes: int, left: int,
                  reserve: int) -> None:
    n = state.n
    counts = state.counts
    roots = state.live_regions()
    areas = roots + list(state.board.ocean_areas)
    regions = state.board.n_regions
    for a in areas:
        own = counts[a * n + p]
        if not own:
            continue
        others = [(s, counts[a * n + s]) for s in range(n) if s != p and counts[a * n + s]]
        land = a < regions
        if genes & ASSIMILATION and left >= 2 and reserve and sum(k for _, k in others) >= 2:
            for i, (s1, k1) in enumerate(others):
                if k1 >= 2:
                    opts.append(Option(Move("assimilate", a, target=(s1, s1))))
                for s2, _ in others[i + 1:]:
                    opts.append(Option(Move("assimilate", a, target=(s1, s2))))
        if genes & TEETH:
            for s, _ in others:
                if not (land and state.genes[s] & EARS):
                    opts.append(Option(Move("bite", a, target=(s,))))
        if not land:
            continue
        if genes & LEGS:
            for t in state.region_straits[a]:
                opts.append(Option(Move("walk", a, t)))
        if genes & EGG and reserve and left >= (2 if own == 1 else 1):
            opts.append(Option(Move("egg", dst=a)))
        if genes & WINGS:
            for t in areas:
                if t != a:
                    opts.append(Option(Move("fly", a, t), counts=(1, 2)) if own >= 2
                                else Option(Move("fly", a, t, 1)))
        if genes & STINKGLANDS:
            for s, _ in others:
                for o in state.region_oceans[a]:
                    opts.append(Option(Move("stink", a, o, target=(s,))))


def _refuse(why: str) -> IllegalMoveError:
    return IllegalMoveError(why)


def _area_ok(state: GameState, area: int, what: str) -> None:
    board = state.board
    if not 0 <= area < board.n_areas:
        raise _refuse(f"There is no such {what}.")
    if area < board.n_regions and state.parent[area] != area:
        root = state.root(area)
        raise _refuse(f"Region {board.region_numbers[area]} is now part of region "
                      f"{board.region_numbers[root]}: use that number.")


def _need_ocean(state: GameState, area: int) -> None:
    _area_ok(state, area, "ocean")
    if not state.board.is_ocean(area):
        raise _refuse(f"{state.board.area_label(area).capitalize()} is land, not an ocean.")


def _need_region(state: GameState, area: int) -> None:
    _area_ok(state, area, "region")
    if state.board.is_ocean(area):
        raise _refuse(f"{state.board.area_label(area)} is an ocean, not a land region.")


def _need_own(state: GameState, area: int, k: int) -> None:
    have = state.count(area, state.actor)
    if have < k:
        raise _refuse(f"You have {'no' if have == 0 else 'only ' + str(have)} "
                      f"{'Ichto' if have == 1 else 'Ichtos'} in {state.board.area_label(area)}.")


def _need_opponent(state: GameState, area: int, target: tuple[int, ...], k: int) -> int:
    if len(target) != k:
        raise _refuse(f"Name {k} opponent{'s' if k > 1 else ''}.")
    for s in target:
        if not 0 <= s < state.n or s == state.actor:
            raise _refuse("The target must be an opponent at this table.")
    return target[0]


def check_action(state: GameState, move: Move) -> None:
    p = state.actor
    kind = move.kind
    board = state.board
    if kind == "end":
        return
    if kind == "double":
        if state.double_used:
            raise _refuse("Only one double-turn chip may be handed in per turn.")
        if state.double_chips[p] <= 0:
            raise _refuse("You have no double-turn chip left.")
        if state.actions_left > 0:
            raise _refuse("Use your actions first; then you may hand in a double-turn chip.")
        return
    gene = gene_of_move(kind)
    if gene and not state.genes[p] & gene:
        raise _refuse(f"That action needs the gene {gene_name(genes_in(gene)[0])}.")
    if state.actions_left <= 0:
        raise _refuse("You have no actions left.")
    if kind == "land":
        _need_ocean(state, move.src)
        _need_region(state, move.dst)
        if move.dst not in state.ocean_regions[move.src - board.n_regions]:
            raise _refuse(f"Region {board.region_numbers[move.dst]} does not border "
                          f"{board.area_label(move.src)}.")
        most = 2 if state.genes[p] & (LEGS | TURBO) else 1
        if not 1 <= move.count <= most:
            raise _refuse("Land 1 Ichto per action (2 with Legs or Turbo).")
        _need_own(state, move.src, move.count)
    elif kind == "proliferate":
        _need_ocean(state, move.src)
        if state.reserve[p] == 0:
            raise _refuse("Your reserve is empty: you cannot gain Ichtos by proliferating.")
        coy = bool(state.genes[p] & CARE_OF_YOUNG)
        if not proliferation_gain(state.count(move.src, p), coy):
            raise _refuse(f"You would gain nothing in {board.area_label(move.src)}: you need "
                          f"{2 if coy else 3} Ichtos there to proliferate.")
    elif kind == "swim":
        _need_ocean(state, move.src)
        _need_ocean(state, move.dst)
        if move.src == move.dst:
            raise _refuse("Swim to a different ocean.")
        if not state.genes[p] & TURBO and move.dst not in board.ocean_neighbours[
                move.src - board.n_regions]:
            raise _refuse(f"{board.area_label(move.dst)} is not next to "
                          f"{board.area_label(move.src)} (Turbo would allow it).")
        if move.count < 1:
            raise _refuse("Swim with at least 1 Ichto.")
        _need_own(state, move.src, move.count)
    elif kind == "retreat":
        if not move.picks:
            raise _refuse("Retreat at least 1 Ichto.")
        seen = set()
        for area, k in move.picks:
            _area_ok(state, area, "area")
            if area in seen or k < 1:
                raise _refuse("Name each area once, with at least 1 Ichto.")
            seen.add(area)
            _need_own(state, area, k)
    elif kind == "assimilate":
        if state.actions_left < 2:
            raise _refuse("Assimilation costs 2 actions.")
        _area_ok(state, move.src, "area")
        _need_own(state, move.src, 1)
        if state.reserve[p] == 0:
            raise _refuse("Assimilation needs an Ichto in your reserve.")
        _need_opponent(state, move.src, move.target, 2)
        a, b = move.target
        need = {a: 2} if a == b else {a: 1, b: 1}
        for s, k in need.items():
            if state.count(move.src, s) < k:
                raise _refuse(f"{state.colour_name(s)} has fewer than {k} "
                              f"{'Ichto' if k == 1 else 'Ichtos'} in "
                              f"{board.area_label(move.src)}.")
    elif kind == "walk":
        _need_region(state, move.src)
        _need_region(state, move.dst)
        if move.dst not in state.region_straits[move.src]:
            raise _refuse(f"Regions {board.region_numbers[move.src]} and "
                          f"{board.region_numbers[move.dst]} are not across a strait.")
        _need_own(state, move.src, 1)
    elif kind == "egg":
        _need_region(state, move.dst)
        _need_own(state, move.dst, 1)
        if state.reserve[p] == 0:
            raise _refuse("Egg needs an Ichto in your reserve.")
        if action_cost(state, move) > state.actions_left:
            raise _refuse("With only 1 Ichto there, Egg costs 2 actions.")
    elif kind == "fly":
        _need_region(state, move.src)
        _area_ok(state, move.dst, "area")
        if move.dst == move.src:
            raise _refuse("Fly to another region or ocean.")
        if not 1 <= move.count <= 2:
            raise _refuse("Wings carry 1 or 2 Ichtos.")
        _need_own(state, move.src, move.count)
    elif kind == "stink":
        _need_region(state, move.src)
        _need_own(state, move.src, 1)
        s = _need_opponent(state, move.src, move.target, 1)
        if not state.count(move.src, s):
            raise _refuse(f"{state.colour_name(s)} has no Ichtos in "
                          f"{board.area_label(move.src)}.")
        _need_ocean(state, move.dst)
        if move.dst not in state.region_oceans[move.src]:
            raise _refuse(f"{board.area_label(move.dst)} does not border "
                          f"{board.area_label(move.src)}.")
    elif kind == "bite":
        _area_ok(state, move.src, "area")
        _need_own(state, move.src, 1)
        s = _need_opponent(state, move.src, move.target, 1)
        if not state.count(move.src, s):
            raise _refuse(f"{state.colour_name(s)} has no Ichtos in "
                          f"{board.area_label(move.src)}.")
        if move.src < board.n_regions and state.genes[s] & EARS:
            raise _refuse(f"{state.colour_name(s)} has Ears: on land they hear you coming.")
    else:
        raise _refuse(f"'{kind}' is not an action.")


# Moves that carry the actor's Ichtos from one area to another, with their sentences.
_RELOCATIONS = {
    "land": "{name} lands {ichtos} from {src} on region {dst}.",
    "swim": "{name} swims {ichtos} from {src} to {dst}.",
    "walk": "{name} walks an Ichto across the strait from region {src} to {dst} (Legs).",
    "fly": "{name} flies {ichtos} from region {src} to {dst} (Wings).",
}


def do_action(state: GameState, move: Move) -> None:
    """Play a checked action and spend its cost."""
    p = state.actor
    n = state.n
    counts = state.counts
    board = state.board
    kind = move.kind
    name = state.colour_name(p)
    state.actions_left -= action_cost(state, move)
    if kind == "double":
        state.double_used = True
        state.double_chips[p] -= 1
        state.actions_left += 2
        say(state, "double", lambda: f"{name} hands in a double-turn chip: 2 more actions.",
            seat=p)
    elif kind in _RELOCATIONS:
        counts[move.src * n + p] -= move.count or 1
        counts[move.dst * n + p] += move.count or 1
        say(state, kind, lambda: _RELOCATIONS[kind].format(
            name=name, ichtos=ichtos(move.count or 1), src=board.area_name(move.src),
            dst=board.area_name(move.dst)), seat=p, src=move.src, dst=move.dst,
            count=move.count or 1)
    elif kind == "proliferate":
        gains = {}
        base = move.src * n
        for s in range(n):
            g = min(proliferation_gain(counts[base + s], bool(state.genes[s] & CARE_OF_YOUNG)),
                    state.reserve[s])
            if g:
                counts[base + s] += g
                state.reserve[s] -= g
                gains[s] = g
        say(state, "proliferate", lambda: f"{name} proliferates in {board.area_name(move.src)}: "
            + ", ".join(f"{state.colour_name(s)} +{g}" for s, g in gains.items()) + ".",
            seat=p, ocean=move.src, gains=gains)
    elif kind == "retreat":
        total = 0
        for area, k in move.picks:
            counts[area * n + p] -= k
            total += k
        state.reserve[p] += total
        say(state, "retreat", lambda: f"{name} retreats {ichtos(total)} to the reserve.",
            seat=p, picks=move.picks)
    elif kind == "assimilate":
        for s in move.target:
            counts[move.src * n + s] -= 1
            state.reserve[s] += 1
        counts[move.src * n + p] += 1
        state.reserve[p] -= 1
        say(state, "assimilate", lambda: f"{name} assimilates in {board.area_name(move.src)}: "
            + " and ".join(f"{state.colour_name(s)}'s Ichto" for s in move.target)
            + f" return to reserve, 1 {name} Ichto arrives.", seat=p, area=move.src,
            targets=move.target)
    elif kind == "egg":
        counts[move.dst * n + p] += 1
        state.reserve[p] -= 1
        say(state, "egg", lambda: f"{name} lays an egg in region "
            f"{board.region_numbers[move.dst]}.", seat=p, dst=move.dst)
    elif kind == "stink":
        s = move.target[0]
        k = counts[move.src * n + s]
        counts[move.src * n + s] = 0
        counts[move.dst * n + s] += k
        say(state, "stink", lambda: f"{name}'s Stinkglands drive {state.colour_name(s)}'s "
            f"{ichtos(k)} from region {board.region_numbers[move.src]} into "
            f"{board.area_name(move.dst)}.", seat=p, target=s, src=move.src, dst=move.dst,
            count=k)
    elif kind == "bite":
        s = move.target[0]
        counts[move.src * n + s] -= 1
        state.reserve[s] += 1
        say(state, "bite", lambda: f"{name} bites: {state.colour_name(s)}'s Ichto in "
            f"{board.area_name(move.src)} returns to reserve (Teeth).", seat=p, target=s,
            area=move.src)
