"""A game at the table: the engine's Game plus who sits where (names, humans or AI levels).

No pygame here: the table scene drives a Session, and tests can too. The session autosaves
after every decision and knows when a shared screen must be handed over before a secret.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from urland import paths, save_status
from urland.engine.events import Event
from urland.engine.game import Game
from urland.engine.moves import Move
from urland.engine.save import load_game, save_game
from urland.engine.state import BID, CHIP, COLOUR_NAMES
from urland.engine.view import PlayerView

KINDS = ("human", "easy", "medium", "hard")


@dataclass
class Seat:
    name: str
    colour: int
    kind: str = "human"

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def label(self) -> str:
        return f"{self.name} ({COLOUR_NAMES[self.colour]})"


class Session:
    def __init__(self, game: Game, seats: list[Seat], autosave: Path | None = None) -> None:
        self.game = game
        self.seats = seats
        self.autosave = autosave
        # Why the last autosave failed, in a sentence for the table's banner; None once a
        # save succeeds (again). A failed save never stops the game: the next decision retries.
        self.save_problem: str | None = None
        # The seat whose private information was last unlocked by a hand-over screen.
        self.unlocked: int | None = None
        renamed = {COLOUR_NAMES[s.colour]: s.name for s in seats
                   if s.name != COLOUR_NAMES[s.colour]}
        self._names = renamed
        self._colour_words = (re.compile(r"\b(" + "|".join(renamed) + r")\b") if renamed
                              else None)

    @classmethod
    def new(cls, seats: list[Seat], seed: int, autosave: Path | None = None) -> Session:
        game = Game.new(seed, len(seats), [s.colour for s in seats])
        session = cls(game, seats, autosave)
        session.save()
        return session

    @classmethod
    def load(cls, path: Path | None = None) -> Session:
        """Resume a saved session; raises SaveError with a message for a damaged file."""
        path = path or paths.autosave_path()
        game, meta = load_game(path)
        raw = meta.get("seats") if isinstance(meta, dict) else None
        colours = game.options.resolved_colours()
        seats = []
        for i in range(game.options.players):
            entry = raw[i] if isinstance(raw, list) and i < len(raw) and isinstance(
                raw[i], dict) else {}
            kind = entry.get("kind") if entry.get("kind") in KINDS else "human"
            name = str(entry.get("name") or COLOUR_NAMES[colours[i]])[:24]
            seats.append(Seat(name, colours[i], kind))
        return cls(game, seats, path)

    def personalise(self, text: str) -> str:
        """Event sentences name colours; at the table, players have names."""
        if self._colour_words is None:
            return text
        return self._colour_words.sub(lambda m: self._names[m.group(1)], text)

    # --- who sees what ---------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def shared_screen(self) -> bool:
        """Several people at one screen: secrets need hand-over screens."""
        return len(self.humans) > 1

    def table_viewer(self) -> int | None:
        """Whose view the table shows: the only human's, or public information only."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def view(self, seat: int | None = None) -> PlayerView:
        return self.game.view(self.table_viewer() if seat is None else seat)

    def secret_decision(self) -> bool:
        """The pending decision shows private information (the chips in hand, a bid)."""
        return self.game.state.phase in (CHIP, BID)

    def needs_handover(self) -> int | None:
        """The human seat to hand the screen to before its next decision, or None."""
        state = self.game.state
        seat = state.actor
        if state.over or not self.seats[seat].human or not self.shared_screen:
            return None
        if self.secret_decision() and self.unlocked != seat:
            return seat
        return None

    def actor_is_human(self) -> bool:
        state = self.game.state
        return not state.over and self.seats[state.actor].human

    # --- playing ----------------------------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        seat = self.game.state.actor
        events = self.game.play(move)
        if self.unlocked == seat:
            self.unlocked = None
        self.save()
        return events

    def undo(self, seat: int) -> Move:
        move = self.game.undo(seat)
        self.save()
        return move

    def save(self) -> bool:
        """Autosave; on failure set `save_problem` and carry on. True when the game is saved."""
        if self.autosave is None:
            return True
        meta = {"seats": [{"name": s.name, "kind": s.kind} for s in self.seats]}
        try:
            save_game(self.game, self.autosave, meta)
        except OSError as exc:
            why = exc.strerror or str(exc) or type(exc).__name__
            self.save_problem = (f"The game could not be saved ({why.lower()}). Play on: "
                                 "Urland tries again after every move.")
            save_status.record_failure(self.autosave, self.save_problem)
            return False
        self.save_problem = None
        save_status.record_success(self.autosave, len(self.game.moves), self.game.over)
        return True
