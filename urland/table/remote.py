"""A game held on a server, behind the table's door: the seat played on this computer.

`RemoteTable` fills `TableDoor` from what the server sends this seat (its view, its log, the
events of moves made elsewhere) and sends back its moves. It never holds anything of another
seat's: the true state stays on the server. With `autoplay`, a bot plays the seat here, from
this seat's view only, through the same door.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from urland.bots.candidates import cheapest_payment
from urland.engine import (
    Board,
    Decision,
    Event,
    Game,
    IllegalMoveError,
    Move,
    Option,
    PlayerView,
    is_legal,
    standard_board,
)
from urland.net.link import LinkLost, NetLink
from urland.table.session import Seat, Session
from urland.texts.describe import describe
from urland.texts.events import event_sentence
from urland.texts.i18n import _, fmt


class RemoteTable:
    """`TableDoor` over a `NetLink`: one seat here, every other seat elsewhere."""

    def __init__(self, link: NetLink, autoplay: bool = False, seed: int = 0,
                 invitation: str = "", on_leave: Callable[[], None] | None = None) -> None:
        self.link = link
        self.autoplay, self.seed = autoplay, seed
        # What the host tells friends (addresses, port, room code) while seats are free.
        self.invitation = invitation
        self.on_leave = on_leave
        self._board = standard_board()
        self._shown = 0  # how many events of the log the table has been given
        self._sent: list[Move] = []  # this seat's moves, for undo to name
        self.patient = False  # frames that run back to back wait a little for the server
        with link.changed:
            self._shown = len(link.mirror.log)
        mirror = link.mirror
        self._seats = [Seat(name, colour, kind) for name, colour, kind in zip(
            mirror.names, mirror.colours, mirror.kinds, strict=True)]

    @property
    def me(self) -> int:
        seat = self.link.mirror.seat
        assert seat is not None
        return seat

    @property
    def seats(self) -> list[Seat]:
        for seat, name in zip(self._seats, self.link.mirror.names, strict=False):
            seat.name = name
        return self._seats

    @property
    def names(self) -> list[str]:
        return list(self.link.mirror.names)

    @property
    def board(self) -> Board:
        return self._board

    @property
    def here(self) -> list[int]:
        return [] if self.autoplay else [self.me]

    @property
    def viewer(self) -> int | None:
        return self.me

    @property
    def shared_screen(self) -> bool:
        return False

    @property
    def over(self) -> bool:
        return self.link.mirror.over

    @property
    def save_problem(self) -> str | None:
        """What keeps the game from going on: a lost connection, a player who is away."""
        if self.link.gone and self.link.client.refusal:
            return fmt("The server no longer takes your seat: {why}",
                       why=self.link.client.refusal)
        if self.link.gone:
            return _("The server cannot be reached any more. Your seat is kept: join again "
                     "with the same room code later.")
        if not self.link.online:
            return _("The connection to the server is lost. Trying again...")
        if self.over:
            return None
        away = self.link.mirror.waiting_for()
        if away:
            return fmt("Waiting for {name} to reconnect.", name=", ".join(away))
        if self.invitation and self.link.mirror.free_seats():
            return fmt("Waiting for players to join: {invitation}", invitation=self.invitation)
        return None

    def bots_here(self) -> dict[int, tuple[str, int]]:
        return {self.me: ("medium", self.seed)} if self.autoplay else {}

    def moves_played(self) -> int:
        return self.link.mirror.at

    def position(self) -> Hashable:
        m = self.link.mirror
        return (m.at, len(m.log))

    def view(self, seat: int | None = None) -> PlayerView:
        if seat not in (None, self.me):
            raise ValueError("only this seat's view is known here")
        view = self.link.mirror.view
        assert view is not None
        return view

    def decision(self) -> Decision:
        return Decision.of(self.view().state)

    def log(self, seat: int | None) -> list[Event]:
        return list(self.link.mirror.log)

    def play(self, move: Move) -> list[Event]:
        view = self.view()
        if not view.my_turn or not is_legal(view.state, move):
            raise IllegalMoveError(_("That move is not allowed now."))
        try:
            refused = self.link.play(move)
        except LinkLost:
            raise IllegalMoveError(_("The server did not answer: the move was not played. "
                                     "Try again in a moment.")) from None
        if refused and self.link.mirror.refused_code == "not-kept":
            raise IllegalMoveError(_("The server could not keep this move, so it was not "
                                     "played. Try again in a moment."))
        if refused:
            raise IllegalMoveError(refused)
        self._sent.append(move)
        return self.arrived()

    def arrived(self) -> list[Event]:
        with self.link.changed:
            if self.patient and len(self.link.mirror.log) == self._shown:
                self.link.changed.wait(0.01)
            log = self.link.mirror.log
            if len(log) < self._shown:  # an undo cut the log back
                self._shown = len(log)
            new, self._shown = log[self._shown:], len(log)
        return list(new)

    def can_undo(self) -> bool:
        m = self.link.mirror
        return not self.autoplay and m.can_undo and m.my_turn

    def undo(self) -> Move | None:
        if not self.can_undo():
            return None
        try:
            refused = self.link.undo()
        except LinkLost:
            return None
        if refused:
            return None
        self.arrived()
        return self._sent.pop() if self._sent else Move("end")

    def chat_lines(self) -> list[tuple[str, str]]:
        """What the players said, oldest first: (name, text)."""
        return list(self.link.mirror.chat)

    def chat(self, text: str) -> None:
        self.link.chat(text)

    def sentence(self, event: Event) -> str:
        return event_sentence(event, self.names, self.board)

    def describe(self, move: Move) -> str:
        return describe(move, self.view().state, self.names)

    def suggested_payment(self, option: Option) -> dict[int, int]:
        return dict(cheapest_payment(self.decision().state, option))

    def leave(self) -> None:
        self.link.close()  # the seat stays ours: its token is kept to come back with
        if self.on_leave is not None:
            self.on_leave()

    def finished(self) -> Session:
        record: Game | None = self.link.mirror.record
        if record is None:
            raise ValueError("the game is not over: its secrets are not open yet")
        session = Session(record, [Seat(s.name, s.colour, s.kind) for s in self.seats])
        session.record = self.link.record_path
        if self.link.record_path is None and self.link.history_dir is not None:
            session.record_error = _("The game could not be kept in the history.")
        return session
