"""A table for one seat of a game held elsewhere, filled only from what that seat may be sent:
its own view, its own log and the events it may see. It shows that the table's door can be
filled without the true state; `FarSide` stands in for whoever holds the game."""

from __future__ import annotations

from urland.engine import Decision, Event, IllegalMoveError, Move
from urland.table.now import SeatNow, TableNow
from urland.table.session import Seat, Session


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
        view = self.far.session.view(self.seat)  # what the far side sends this seat
        self._log = self.far.session.log(self.seat)
        self._now = TableNow(
            position=self.moves, board=self._board, view=view, decision=Decision.of(view.state),
            log=tuple(self._log), seats=tuple(SeatNow(s.name, s.colour, s.kind)
                                             for s in self._seats),
            here=(self.seat,), viewer=self.seat, shared_screen=False, over=view.state.over,
            waiting=False, cut_off=False, save_problem=None, settled=True, can_undo=False,
            moves_played=self.moves)

    def now(self) -> TableNow:
        return self._now

    def hold(self, held: bool) -> None:
        pass

    def position(self) -> int:
        return self.moves

    def view(self, seat: int | None = None):
        if seat not in (None, self.seat):
            raise ValueError("only this table's own seat is seen here")
        return self._now.view

    def log(self, seat: int | None) -> list[Event]:
        return [e for e in self._log if e.visible(seat)]

    def last_decided(self, seat: int):
        return None  # this side keeps no past positions

    def play(self, move: Move) -> list[Event]:
        events = self.far.play(self.seat, move)
        self.moves += 1
        self._refresh()
        return events

    def arrived(self) -> list[Event]:
        batches, self.far.outbox[self.seat] = self.far.outbox[self.seat], []
        if batches:
            self.moves += len(batches)
            self._refresh()
        return [e for batch in batches for e in batch]

    def undo(self) -> Move | None:
        return None

    def leave(self) -> None:
        pass

    def finished(self) -> Session:
        return self.far.record()
