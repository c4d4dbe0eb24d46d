"""A game at the table: the engine's Game plus who sits where (names, humans or AI levels).

No pygame here: the table reaches a Session through its door (`urland.table.LocalTable`), and
tests can drive it directly. The session autosaves after every decision and keeps a finished
game in the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from urland import paths
from urland.engine import Board, Decision, Event, Game, Move, PlayerView, SaveError, view
from urland.engine.save import load_game, save_game
from urland.records import history
from urland.seats import PERSON_HERE, seat_kind
from urland.texts.describe import describe
from urland.texts.events import event_sentence
from urland.texts.i18n import fmt
from urland.texts.words import colour_word
from urland.userfiles import save_status

KINDS = history.SEAT_KINDS

# Every autosave carries `meta.order`, one more than any save this installation has seen, so
# Continue finds the game saved last even when the clock went back (file dates do not count).
_last_order = 0


def note_order(order: int) -> None:
    """A save with this order exists: the next save gets a higher one."""
    global _last_order
    _last_order = max(_last_order, order)


def _next_order() -> int:
    note_order(_last_order + 1)
    return _last_order


def _order(meta: dict) -> int:
    order = meta.get("order") if isinstance(meta, dict) else None
    return order if type(order) is int and order > 0 else 0


@dataclass
class Seat:
    name: str
    colour: int
    kind: str = "human"
    think: float | None = None  # seconds a decision, for a bot that takes a thinking time

    @property
    def human(self) -> bool:
        return seat_kind(self.kind) is PERSON_HERE

    @property
    def label(self) -> str:
        return f"{self.name} ({colour_word(self.colour)})"


class Session:
    def __init__(self, game: Game, seats: list[Seat], autosave: Path | None = None,
                 history_dir: Path | None = None) -> None:
        self.game = game
        self.seats = seats
        self.autosave = autosave
        # Where the game is kept when it ends (None: not kept), and what became of it.
        self.history_dir = history_dir
        self.record: Path | None = None
        self.record_error = ""
        # Why the last autosave failed, in a sentence for the table's banner; None once a
        # save succeeds (again). A failed save never stops the game: the next decision retries.
        self.save_problem: str | None = None
        self._decision: tuple[tuple, Decision] | None = None  # asked once per position
        self.order = 0  # this game's place among the saves (see _next_order); 0: unknown
        # The finished game is in the history (or was, before a player deleted it there):
        # written into the autosave as `recorded`, so a record that failed is retried later.
        self.recorded = False

    @classmethod
    def new(cls, seats: list[Seat], seed: int, autosave: Path | None = None) -> Session:
        game = Game.new(seed, len(seats), [s.colour for s in seats])
        session = cls(game, seats, autosave, paths.history_dir() if autosave else None)
        session.save()
        return session

    @classmethod
    def load(cls, path: Path | None = None) -> Session:
        """Resume a saved session; raises SaveError with a message for a damaged file."""
        path = path or paths.autosave_path()
        game, meta = load_game(path)
        session = cls(game, _seats(game, meta), path, paths.history_dir())
        session.order = _order(meta)
        # Finished saves from before this field: no retry (their record may have been deleted).
        session.recorded = game.over and meta.get("recorded") is not False
        note_order(session.order)
        return session

    @classmethod
    def from_record(cls, path: Path) -> Session:
        """A finished game from the history, to look at: it saves nothing anywhere."""
        game, meta = history.load_record(path)
        return cls(game, _seats(game, meta))

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def moves_played(self) -> int:
        return len(self.game.moves)

    @property
    def finished_game(self) -> Game:
        """The finished game with every secret open, for its story and its replay."""
        if not self.game.over:
            raise ValueError("the game is not over: its secrets are not open yet")
        return self.game

    def position(self) -> tuple:
        """A key that changes with every move played or taken back."""
        moves = self.game.moves
        return (len(moves), moves[-1] if moves else None)

    def decision(self) -> Decision:
        """The engine's pending decision, asked once per position."""
        key = self.position()
        if self._decision is None or self._decision[0] != key:
            self._decision = (key, self.game.decision())
        return self._decision[1]

    def log(self, seat: int | None) -> list[Event]:
        """The log as `seat` may read it (None: public events only)."""
        return self.game.log_for(seat)

    def sentence(self, event: Event) -> str:
        """What players are told of an event, with their names."""
        return event_sentence(event, self.names, self.game.board)

    def describe(self, move: Move) -> str:
        """A move in words, with the players' names."""
        return describe(move, self.game.state, self.names)

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

    def after_last_move_of(self, seat: int) -> tuple[int, PlayerView] | None:
        """The table's log length and view just after `seat`'s last move (None before its
        first): where "since my turn" starts, also in a game just continued."""
        game, viewer = self.game, self.table_viewer()
        if len(game.before) != len(game.moves):  # (the states before the moves are not kept)
            return None
        for i in reversed(range(len(game.moves))):
            state = game.before[i]
            if state is None:  # (forgotten, `Game.settle`)
                return None
            if state.actor == seat:
                later = i + 1 < len(game.moves)
                after = game.before[i + 1] if later else game.state
                assert after is not None  # (before[i + 1] was looked at first)
                end = game.move_log_start[i + 1] if later else len(game.log)
                return sum(1 for e in game.log[:end] if e.visible(viewer)), view(after, viewer)
        return None

    def actor_is_human(self) -> bool:
        state = self.game.state
        return not state.over and self.seats[state.actor].human

    # --- playing ----------------------------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        events = self.game.play(move)
        self.save()
        if self.game.over:
            self.keep_in_history()
        return events

    def undo(self, seat: int) -> Move:
        move = self.game.undo(seat)
        self.save()
        return move

    def can_undo(self) -> bool:
        """Undo is for the human whose decision it is, within their own turn."""
        return self.actor_is_human() and self.game.undo_depth(self.game.state.actor) > 0

    def undo_for_human(self) -> Move | None:
        """Take back the acting human's last action; None when there is nothing of theirs."""
        if not self.can_undo():
            return None
        return self.undo(self.game.state.actor)

    def seat_meta(self) -> list[dict]:
        """The seats as saves and records keep them: name, kind and, for a bot given a
        thinking time, that time (so a game continued or replayed knows it)."""
        return [{"name": s.name, "kind": s.kind} | ({} if s.think is None else {"think": s.think})
                for s in self.seats]

    def save(self) -> bool:
        """Autosave; on failure set `save_problem` and carry on. True when the game is saved."""
        if self.autosave is None:
            return True
        order = _next_order()
        try:
            meta = {"seats": self.seat_meta(), "order": order}
            if self.game.over:
                meta["recorded"] = self.recorded
            save_game(self.game, self.autosave, meta)
        except OSError as exc:
            why = (exc.strerror or str(exc) or type(exc).__name__).lower()
            self.save_problem = (fmt(
                "The finished game could not be saved ({why}). Urland keeps it and writes it, "
                "with its history record, as soon as the disk allows: it tries again every few "
                "seconds, as the window closes and at the next start.", why=why)
                if self.game.over else fmt("The game could not be saved ({why}). Play on: "
                                           "Urland tries again after every move.", why=why))
            save_status.record_failure(self.autosave, self.save_problem)
            return False
        self.save_problem = None
        self.order = order
        save_status.record_success(self.autosave, len(self.game.moves), self.game.over)
        return True

    def keep_in_history(self, when: datetime | None = None) -> None:
        """Write the finished game to the history, once (a record of this very game already
        there counts), then note it in the autosave; a failure is noted, never raised. A
        finished game loaded from a save that says it is not recorded yet comes here again
        (urland.table.library.scan), so a record that failed at the end is written later."""
        if (self.history_dir is None or self.record is not None or self.recorded
                or not self.game.over):
            return
        try:
            self.record = (history.find_record(self.game, self.history_dir)
                           or history.write_record(self.game, self.seat_meta(),
                                                   self.history_dir, when))
            self.record_error = ""
        except (OSError, SaveError) as exc:
            self.record_error = fmt("The game could not be kept in the history: {why}", why=exc)
            return
        self.recorded = True
        self.save()


def _seats(game: Game, meta: dict) -> list[Seat]:
    colours = list(game.options.resolved_colours())
    names, kinds = history.seats_from_meta(meta, colours)
    thinks = history.thinking_from_meta(meta, len(colours))
    return [Seat(name, colour, kind, think) for name, colour, kind, think
            in zip(names, colours, kinds, thinks, strict=True)]
