"""A table for one seat of a game held elsewhere, filled only from what that seat may be sent:
its own view, its own log and the events it may see. It shows that the table's door can be
filled without the true state; `FarSide` stands in for whoever holds the game."""

from __future__ import annotations

from urland.bots.candidates import cheapest_payment
from urland.engine import Decision, Event, IllegalMoveError, Move, Option
from urland.table.session import Seat, Session
from urland.texts.describe import describe
from urland.texts.events import event_sentence


class FarSide:
    """Holds the true game; sends each seat only its view, its log and the events it may see."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.outbox: dict[int, list[list[Event]]] = {s: [] for s in range(len(session.seats))}

    def play(self, seat: int, move: Move) -> list[Event]:
        if self.session.decision().seat != seat:
            raise IllegalMoveError("It is not your decision.")
        events = self.session.play(move)
        for other, box in self.outbox.items():
            if other != seat:
                box.append([e for e in events if e.visible(other)])
        return [e for e in events if e.visible(seat)]

    def record(self) -> Session:
        """The finished game, every secret open: sent to every side at the end."""
        assert self.session.over
        return Session(self.session.game, list(self.session.seats))


class OneSeatTable:
    """`TableDoor` for seat `seat`, from its own view, log and events only."""

    online = False  # held at the far side, which is no server nor a host elsewhere
    host_seats: tuple[int, ...] = ()
    host_name: str | None = None
    server_restarts = 0

    def __init__(self, far: FarSide, seat: int, seats: list[Seat]) -> None:
        self.far, self.seat, self._seats = far, seat, seats
        self._board = far.session.board  # the board's geography is public
        self.moves = 0
        self._refresh()

    def _refresh(self) -> None:
        self._view = self.far.session.view(self.seat)  # what the far side sends this seat
        self._log = self.far.session.log(self.seat)
        self._decision = Decision.of(self._view.state)

    seats = property(lambda self: self._seats)
    names = property(lambda self: [s.name for s in self._seats])
    board = property(lambda self: self._board)
    here = property(lambda self: [self.seat])
    viewer = property(lambda self: self.seat)
    shared_screen = property(lambda self: False)
    over = property(lambda self: self._view.state.over)
    save_problem = property(lambda self: None)

    def bots_here(self) -> dict[int, tuple[str, int]]:
        return {}

    def plays_bots(self) -> bool:
        return False

    def hold(self, held: bool) -> None:
        pass

    def moves_played(self) -> int:
        return self.moves

    def position(self) -> int:
        return self.moves

    def view(self, seat: int | None = None):
        if seat not in (None, self.seat):
            raise ValueError("only this table's own seat is seen here")
        return self._view

    def decision(self) -> Decision:
        return self._decision

    def log(self, seat: int | None) -> list[Event]:
        return [e for e in self._log if e.visible(seat)]

    def last_decided(self, seat: int):
        return None  # this side keeps no past positions

    def play(self, move: Move) -> list[Event]:
        events = self.far.play(self.seat, move)
        self.moves += 1
        self._refresh()
        return events

    waiting_to_start = False  # the far side's game has started
    cut_off = False  # the far side is always reachable

    def seat_status(self, seat: int) -> str:
        return ""  # the far side's seats are bots

    def stand_in_in(self, seat: int) -> float | None:
        return None  # nobody is waited for

    def settled(self) -> bool:
        return True  # one seat: nothing to wait for

    def arrived(self) -> list[Event]:
        batches, self.far.outbox[self.seat] = self.far.outbox[self.seat], []
        if batches:
            self.moves += len(batches)
            self._refresh()
        return [e for batch in batches for e in batch]

    def can_undo(self) -> bool:
        return False

    def undo(self) -> Move | None:
        return None

    def sentence(self, event: Event) -> str:
        return event_sentence(event, self.names, self._board)

    def describe(self, move: Move) -> str:
        return describe(move, self._view.state, self.names)

    def suggested_payment(self, option: Option) -> dict[int, int]:
        return dict(cheapest_payment(self._decision.state, option))

    def leave(self) -> None:
        pass

    def finished(self) -> Session:
        return self.far.record()
