"""A finished game, step by step: the position after every move, with its events in the open.

No pygame: the replay scene draws a `Replay`, tests check it against `Game.replay`. Step 0 is
the position after set-up; step i the position after the first i moves. Since the game is over,
nothing in it is secret any more: the events meant for one seat (a drawn chip, the chip laid face
down, a bid) are told to everybody, in the third person.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from urland.engine.events import Event
from urland.engine.game import Game
from urland.engine.genes import GENES
from urland.engine.queries import hand_holder
from urland.engine.state import BID, PANIC, GameState
from urland.texts.events import event_sentence
from urland.texts.genes import gene_name
from urland.texts.i18n import _, fmt
from urland.texts.log import UNTOLD, as_told
from urland.texts.words import colour_names

# Public placeholders that the open version of a secret event says better.
_REPLACED = {"draw", "bid_hidden", "chips_received"}


@dataclass(frozen=True)
class Line:
    """One line of the open log."""

    step: int  # the step whose move caused it (0: set-up)
    kind: str
    text: str
    secret: bool  # was secret while the game was played


def _seat(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def open_text(event: Event, name: Callable[[int], str],
              sentence: Callable[[Event], str]) -> str | None:
    """The event told to everybody; None for a public line a secret one tells better."""
    if event.visible_to is None:
        return None if event.kind in _REPLACED | UNTOLD else sentence(event)
    d = event.data
    seat = _seat(event.visible_to)
    if event.kind == "draw_secret":
        return fmt("{seat} draws chip {chip}.", seat=name(seat), chip=d["chip"])
    if event.kind == "chip_secret":
        passed = fmt("{a} and {b}", a=d["passed"][0], b=d["passed"][-1])
        return fmt("{seat}'s face-down chip is {chip}; the chips passed are {passed}.",
                   seat=name(seat), chip=d["chip"], passed=passed)
    if event.kind == "bid_placed":
        return fmt("{seat} bids {amount} in secret.", seat=name(d["seat"]), amount=d["amount"])
    if event.kind == "chips_received":
        return None
    return fmt("{seat} (secret): {sentence}", seat=name(seat), sentence=sentence(event))


def _chips(chips: list[int]) -> str:
    return ", ".join(_("Panic") if c == PANIC else str(c) for c in chips) or _("none")


def secrets(state: GameState, names: Sequence[str] | None = None) -> list[str]:
    """What nobody at the table could see at this moment, in plain words."""
    name = state.colour_name if names is None else names.__getitem__
    out: list[str] = []
    if state.over:
        return out
    if state.chosen >= 0:
        out.append(fmt("Face-down scoring chip: {chip}", chip=state.chosen))
    if state.hand:
        # the dead player holds the two passed chips from the Ichto actions to the end of the
        # turn (a mutation included); otherwise they are the environment player's
        holder = hand_holder(state)
        out.append(fmt("Chips in {seat}'s hand: {chips}", seat=name(holder),
                       chips=_chips(sorted(state.hand))))
    if state.pile:
        out.append(fmt("Next chip to be drawn: {chip}  ({count} in the pile)",
                       chip=_chips(state.pile[-1:]), count=len(state.pile)))
    if state.phase == BID:
        placed = [f"{name(s)} {b}" for s, b in enumerate(state.bids) if b >= 0]
        if placed:
            out.append(fmt("Bids so far: {bids}", bids=", ".join(placed)))
    return out


def genes_of(state: GameState, seat: int) -> list[str]:
    """The names of the genes a seat owns."""
    return [gene_name(g) for i, g in enumerate(GENES) if state.genes[seat] >> i & 1]


class Replay:
    """Every position of a finished game, and its log told in the open. `names[seat]` names the
    players and `sentence(event)` tells an event (by default the colours' names and the
    sentences of `urland.texts.events`)."""

    def __init__(self, game: Game, names: Sequence[str] | None = None,
                 sentence: Callable[[Event], str] | None = None) -> None:
        self.game = game
        self.names = list(names) if names is not None else colour_names(game.state.colours)
        self.sentence = sentence or (lambda event: event_sentence(event, self.names, game.board))
        again = game.again()  # dealt with the game's own edition
        # Game.play keeps each position as a new object, so the list holds every step as it was.
        self.states: list[GameState] = [again.state]
        for move in game.moves:
            again.play(move)
            self.states.append(again.state)
        self.lines = self._open_log(again)
        self.step = 0
        self.turn_starts = self._turn_starts()
        self.epoch_starts = [step for step in range(1, len(self.states))
                             if self.states[step].epoch > self.states[step - 1].epoch]

    # --- what there is ------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> GameState:
        return self.states[self.step]

    def _open_log(self, game: Game) -> list[Line]:
        starts = [*game.move_log_start, len(game.log)]
        lines = []
        step = 0
        for i, event in enumerate(game.log):
            while step < len(game.moves) and i >= starts[step]:
                step += 1
            told = as_told(event, game.log[i - 1] if i else None)
            text = open_text(told, self.names.__getitem__, self.sentence)
            if text is not None:
                lines.append(Line(step, event.kind, text, event.visible_to is not None))
        return lines

    def _turn_starts(self) -> list[int]:
        """The first step of each turn: turn t (1, 2, ...) starts at turn_starts[t - 1]."""
        starts: list[int] = []
        for step, state in enumerate(self.states):
            while len(starts) < state.turn:
                starts.append(step)
        return starts

    def turn_of(self, step: int) -> int:
        return self.states[step].turn

    def lines_until(self, step: int) -> list[Line]:
        return [line for line in self.lines if line.step <= step]

    def lines_of(self, step: int) -> list[Line]:
        return [line for line in self.lines if line.step == step]

    def heading(self, step: int) -> str:
        """Whose move led to `step`, in words."""
        if step == 0:
            return _("The set-up")
        before = self.states[step - 1]
        return fmt("Move {step}: {seat}", step=step, seat=self.names[before.actor])

    # --- moving through it --------------------------------------------------------------------

    def seek(self, step: int) -> int:
        self.step = max(0, min(self.last, step))
        return self.step

    def forward(self, k: int = 1) -> int:
        return self.seek(self.step + k)

    def back(self, k: int = 1) -> int:
        return self.seek(self.step - k)

    def seek_start(self) -> int:
        return self.seek(0)

    def seek_end(self) -> int:
        return self.seek(self.last)

    def seek_turn(self, turn: int) -> int:
        turn = max(1, min(len(self.turn_starts), turn))
        return self.seek(self.turn_starts[turn - 1])

    def next_turn(self) -> int:
        later = [s for s in self.turn_starts if s > self.step]
        return self.seek(later[0] if later else self.last)

    def previous_turn(self) -> int:
        earlier = [s for s in self.turn_starts if s < self.step]
        return self.seek(earlier[-1] if earlier else 0)
