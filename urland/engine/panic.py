"""Panic (rules 6.2, R4): the fullest land region empties into one adjacent ocean.

Steps: choose the region (rearmost player on a tie), choose the ocean (rearmost player when there
are several), then each Ears owner with Ichtos there says how many stay; everybody else goes.
"""

from __future__ import annotations

from urland.engine.events import say
from urland.engine.genes import EARS
from urland.engine.state import PANIC_EARS, PANIC_OCEAN, PANIC_REGION, GameState


def start_panic(state: GameState) -> None:
    state.panics += 1
    roots = state.live_regions()
    totals = {r: state.area_total(r) for r in roots}
    most = max(totals.values())
    if most == 0:
        say(state, "panic")  # no land region holds an Ichto: nothing happens
        return
    candidates = [r for r in roots if totals[r] == most]
    if len(candidates) == 1:
        say(state, "panic", candidates=candidates, most=most)
        choose_panic_region(state, candidates[0])
    else:
        chooser = state.rearmost()
        say(state, "panic", candidates=list(candidates), chooser=chooser, most=most)
        state.phase = PANIC_REGION
        state.actor = chooser
        state.choices = candidates


def choose_panic_region(state: GameState, region: int) -> None:
    state.focus = region
    oceans = state.region_oceans[region]
    if len(oceans) == 1:
        choose_panic_ocean(state, oceans[0])
    else:
        state.phase = PANIC_OCEAN
        state.actor = state.rearmost()
        state.choices = list(oceans)


def choose_panic_ocean(state: GameState, ocean: int) -> None:
    region = state.focus
    state.focus_ocean = ocean
    n = state.n
    moved = []
    fled: dict[int, int] = {}
    for s in range(n):
        k = state.counts[region * n + s]
        if not k:
            continue
        if state.genes[s] & EARS:
            state.queue.append((s, region, k))
        else:
            move_out(state, s, k)
            moved.append(s)
            fled[s] = k
    say(state, "panic_move", region=region, ocean=ocean, seats=moved, fled=fled)
    next_panic_ears(state)


def move_out(state: GameState, seat: int, k: int) -> None:
    n = state.n
    state.counts[state.focus * n + seat] -= k
    state.counts[state.focus_ocean * n + seat] += k


def next_panic_ears(state: GameState) -> None:
    if state.queue:
        state.phase = PANIC_EARS
        state.actor = state.queue[0][0]
        state.choices = []


def ears_stay(state: GameState, seat: int, stay: int) -> None:
    _, region, k = state.queue.pop(0)
    move_out(state, seat, k - stay)
    say(state, "ears_stay", seat=seat, stay=stay, region=region, ocean=state.focus_ocean,
        fled=k - stay)
    next_panic_ears(state)
