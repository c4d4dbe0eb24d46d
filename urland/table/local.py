"""A game played on this computer, behind the table's door: a `Session` (the true game, its
seats and its autosave) offering only what `TableDoor` promises."""

from __future__ import annotations

from collections.abc import Hashable

from urland.bots.candidates import cheapest_payment
from urland.bots.registry import BotPlan, bot_seed
from urland.engine import Board, Decision, Event, Move, Option, PlayerView
from urland.table import unsaved
from urland.table.session import Seat, Session


class LocalTable:
    """`TableDoor` over a Session: hot-seat humans here, bots run here, nobody elsewhere."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @property
    def seats(self) -> list[Seat]:
        return self.session.seats

    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def board(self) -> Board:
        return self.session.board

    @property
    def here(self) -> list[int]:
        return self.session.humans

    @property
    def viewer(self) -> int | None:
        return self.session.table_viewer()

    @property
    def shared_screen(self) -> bool:
        return self.session.shared_screen

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def waiting_to_start(self) -> bool:
        return False  # a game here starts when it is made

    @property
    def cut_off(self) -> bool:
        return False  # nothing to lose a connection to

    @property
    def save_problem(self) -> str | None:
        return self.session.save_problem

    def seat_status(self, seat: int) -> str:
        return ""  # everybody plays at this screen or is a bot run here

    def stand_in_in(self, seat: int) -> float | None:
        return None  # nobody is waited for

    def bots_here(self) -> dict[int, BotPlan]:
        seed = self.session.seed
        return {i: (s.kind, bot_seed(seed, i)) if s.think is None
                else (s.kind, bot_seed(seed, i), s.think)
                for i, s in enumerate(self.seats) if not s.human}

    def moves_played(self) -> int:
        return self.session.moves_played

    def position(self) -> Hashable:
        return self.session.position()

    def settled(self) -> bool:
        return True  # one game here: every seat knows the same position

    def view(self, seat: int | None = None) -> PlayerView:
        return self.session.view(seat)

    def decision(self) -> Decision:
        return self.session.decision()

    def log(self, seat: int | None) -> list[Event]:
        return self.session.log(seat)

    def last_decided(self, seat: int) -> tuple[int, PlayerView] | None:
        return self.session.after_last_move_of(seat)

    def play(self, move: Move) -> list[Event]:
        events = self.session.play(move)
        if self.session.over:  # kept in memory and retried while the disk refuses it
            unsaved.hold(self.session)
        return events

    def arrived(self) -> list[Event]:
        return []  # every move of a game here is made through `play`

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def undo(self) -> Move | None:
        return self.session.undo_for_human()

    def sentence(self, event: Event) -> str:
        return self.session.sentence(event)

    def describe(self, move: Move) -> str:
        return self.session.describe(move)

    def suggested_payment(self, option: Option) -> dict[int, int]:
        """The bots' cheapest payment, worked out from the paying seat's own view."""
        return dict(cheapest_payment(self.decision().state, option))

    def leave(self) -> None:
        self.session.save()  # the game left last is the one Continue resumes

    def finished(self) -> Session:
        if not self.over:
            raise ValueError("the game is not over: its secrets are not open yet")
        return self.session
