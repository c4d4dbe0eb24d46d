"""The automatic parts of a turn, run as a stack of steps between decisions.

`state.agenda` is a stack (last in, first out) of `(step name, *arguments)`. `run` pops and runs
steps while no decision is pending (`state.phase is None`). A step either finishes on its own,
pushes further steps, or asks for a decision by setting `phase` and `actor`; the move answering
that decision clears `phase` and `run` carries on. This keeps every rule's order explicit:

    chip chosen → Ichto players 1..k → scoring → mutations → end of turn → draw (Panic, epoch end)
"""

from __future__ import annotations

from urland.engine import auction, panic, volcano
from urland.engine.events import say
from urland.engine.player_counts import HAND_SIZE
from urland.engine.queries import actions_per_turn
from urland.engine.scoring import final_scoring, newly_reached_mutations, reached_end, score_region
from urland.engine.state import ACTION, CHIP, NOTHING_USED, OVER, PANIC, GameState

VOLCANO_TILES = 7  # R5: one at set-up and two per epoch end


def run(state: GameState) -> None:
    agenda = state.agenda
    while state.phase is None:
        step = agenda.pop()  # (name, *arguments)
        STEPS[step[0]](state, *step[1:])


def _everyone(state: GameState) -> int:
    return (1 << state.n) - 1


def start_turn(state: GameState) -> None:
    state.phase = CHIP
    state.actor = state.env
    if state.events is not None:  # a playout records nothing
        say(state, "turn", env=state.env, dead=state.dead, turn=state.turn)


def choose_chip(state: GameState, chip: int) -> None:
    env, dead = state.env, state.dead
    state.chosen = chip
    state.hand.remove(chip)
    # Face down, the chips lose their places for everybody else: whoever knew a chip of this
    # hand no longer knows whether it was chosen or passed.
    state.seen[chip] = 1 << env
    for c in state.hand:
        state.seen[c] = 1 << env | 1 << dead
    if state.events is not None:  # a playout records nothing
        say(state, "chip_chosen", env=env, dead=dead)
        say(state, "chip_secret", visible_to=1 << env, chip=chip, passed=sorted(state.hand),
            dead=dead)
        say(state, "chips_received", visible_to=1 << dead, passed=sorted(state.hand), env=env)
    state.phase = None
    state.agenda += [("end_turn",), ("score_chosen",), ("ichto", 0)]


def ichto_turn(state: GameState, index: int) -> None:
    if index >= state.n - 2:
        return
    seat = (state.env + 2 + index) % state.n
    state.phase = ACTION
    state.actor = seat
    state.actions_left = actions_per_turn(state, seat)
    state.used_this_turn = NOTHING_USED  # the once-per-turn actions are free again
    if state.events is not None:  # a playout records nothing
        say(state, "ichto_turn", seat=seat, actions=state.actions_left)


def end_ichto_turn(state: GameState) -> None:
    index = (state.actor - state.env - 2) % state.n
    state.phase = None
    state.actions_left = 0
    state.agenda.append(("ichto", index + 1))


def score_chosen(state: GameState) -> None:
    chip = state.chosen
    state.chosen = -1
    state.seen[chip] = _everyone(state)
    if state.events is not None:  # a playout records nothing
        say(state, "reveal", chip=chip, seat=state.env)
    score_region(state, state.root(state.chip_area(chip)), chip)
    state.board_chips.append(chip)
    new = newly_reached_mutations(state)
    if reached_end(state):
        _game_ends(state, new)
    else:
        state.agenda += [("mutation",)] * new


def _game_ends(state: GameState, skipped_mutations: int, *then: tuple) -> None:
    state.ending = True
    state.agenda.clear()
    state.agenda.append(("final",))
    state.agenda += then
    # R8: a mutation the last scoring reaches does not happen
    say(state, "game_ends", threshold=state.board.end_threshold, skipped=bool(skipped_mutations))


def end_turn(state: GameState) -> None:
    state.env = (state.env + 1) % state.n
    state.turn += 1
    state.agenda += [("start_turn",), ("draw",)]


def draw(state: GameState) -> None:
    if len(state.hand) >= HAND_SIZE:
        return
    if not state.pile:
        state.agenda.append(("epoch_end",))
        return
    chip = state.pile.pop()
    env = state.env
    if chip == PANIC:
        state.panic_aside = True
        state.seen[PANIC] = _everyone(state)
        say(state, "panic_drawn", seat=env)
        state.agenda += [("draw",), ("panic",)]
        return
    state.hand.append(chip)
    state.seen[chip] |= 1 << env
    if state.events is not None:  # a playout records nothing
        say(state, "draw", seat=env)
        say(state, "draw_secret", visible_to=1 << env, chip=chip)
    state.agenda.append(("draw",))


def epoch_end(state: GameState) -> None:
    """The pile ran out: one of the two chips in hand scores at random, both volcanoes erupt."""
    first = state.rand_below(2)
    scored, other = state.hand[first], state.hand[1 - first]
    state.hand = []
    everyone = _everyone(state)
    state.seen[scored] = state.seen[other] = everyone
    last = state.volcanoes + 2 > VOLCANO_TILES
    # R5: with no volcano tiles left, the game ends
    say(state, "epoch_end", scored=scored, other=other, last=last, epoch=state.epoch)
    score_region(state, state.root(state.chip_area(scored)), scored)
    new = newly_reached_mutations(state)
    if last:
        state.board_chips.append(scored)
        state.hand = [other]
        _game_ends(state, new)
    elif reached_end(state):
        _game_ends(state, new, ("erupt", scored, other))
    else:
        state.agenda += [("new_epoch",)] + [("mutation",)] * new + [("erupt", scored, other)]


def erupt_pair(state: GameState, first: int, second: int) -> None:
    areas = [state.chip_area(first), state.chip_area(second)]
    for area in areas:
        volcano.erupt(state, area)
    state.out_chips += [first, second]
    roots = list(dict.fromkeys(state.root(a) for a in areas))
    volcano.volcano_losses(state, roots)
    volcano.next_volcano_ears(state)


def new_epoch(state: GameState) -> None:
    state.epoch += 1
    pile = [*state.board_chips, PANIC]
    state.board_chips = []
    state.panic_aside = False
    for chip in pile:
        state.seen[chip] = 0
    state.shuffle(pile)
    state.pile = pile
    say(state, "new_epoch", epoch=state.epoch, chips=len(pile) - 1)
    state.agenda.append(("draw",))


def finish(state: GameState) -> None:
    final_scoring(state)
    track = state.track
    state.winner = max(range(state.n), key=track.__getitem__)
    state.phase = OVER
    state.actor = -1
    say(state, "winner", winner=state.winner, track=list(track))


def _mutation(state: GameState) -> None:
    auction.start_mutation(state)


def _panic(state: GameState) -> None:
    panic.start_panic(state)


STEPS = {
    "start_turn": start_turn,
    "ichto": ichto_turn,
    "score_chosen": score_chosen,
    "end_turn": end_turn,
    "draw": draw,
    "epoch_end": epoch_end,
    "erupt": erupt_pair,
    "new_epoch": new_epoch,
    "mutation": _mutation,
    "panic": _panic,
    "final": finish,
}
