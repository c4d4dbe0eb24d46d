"""A game played on this computer, behind the table's door: a client of the game's room.

The game is a room of the master in this process (`urland.table.room.LocalRoom`): a move or an
undo made here is asked of the room, which checks it, keeps it in the game's save and tells
the seats played here; the bots are the room's, so their moves arrive as news (`arrived`), as
a game held elsewhere does. The `Session` is the game's record: its seats, its save and, at
the end, its story and replay.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable

from urland.bots.registry import BotPlan, bot_seed
from urland.engine import Event, IllegalMoveError, Move, PlayerView
from urland.master.room import MoveRefused
from urland.table.now import SeatNow, TableNow
from urland.table.room import LocalRoom
from urland.table.session import Session


class LocalTable:
    """`TableDoor` over a local room: hot-seat humans here, the room's bots, nobody elsewhere.

    `pace()`: the settings' AI pace; `block`: how long a frame may wait for a thinking bot;
    `wait`: how the pace is waited for (a test's own clock)."""

    def __init__(self, session: Session, pace: Callable[[], float] = lambda: 0.0,
                 block: float = 0.0,
                 wait: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.session = session
        self.room = LocalRoom(session, pace, block, wait)
        self._told = len(session.game.log)  # the events of the log given to the table so far
        self._now: tuple[Hashable, TableNow] | None = None

    def now(self) -> TableNow:
        """The table's snapshot, built once per position (and again when a save fails or
        succeeds again)."""
        key = (self.session.position(), self.session.save_problem)
        if self._now is None or self._now[0] != key:
            self._now = (key, self._build_now())
        return self._now[1]

    def _build_now(self) -> TableNow:
        """A game here: nobody waits to start, no connection to lose, one game that every
        seat knows at the same position, the room's master plays the bots (their moves
        arrive as news), and every seat is played at this screen or by a bot of the room."""
        session = self.session
        viewer = session.table_viewer()
        return TableNow(
            position=session.position(), board=session.board, view=session.view(None),
            decision=session.decision(), log=tuple(session.log(viewer)),
            seats=tuple(SeatNow(s.name, s.colour, s.kind) for s in session.seats),
            here=tuple(self.room.here), viewer=viewer, shared_screen=session.shared_screen,
            over=session.over, waiting=False, cut_off=False,
            save_problem=session.save_problem, settled=True,
            can_undo=_can_undo(session, self.room), moves_played=session.moves_played,
            bots_here=_bots_here(session), plays_bots=True)

    def position(self) -> Hashable:
        return self.session.position()

    def view(self, seat: int | None = None) -> PlayerView:
        return self.session.view(seat)

    def log(self, seat: int | None) -> list[Event]:
        return self.session.log(seat)

    def last_decided(self, seat: int) -> tuple[int, PlayerView] | None:
        return self.session.after_last_move_of(seat)

    def play(self, move: Move) -> list[Event]:
        seat, game = self.session.decision().seat, self.session.game
        at = len(game.moves)
        try:
            self.room.play(seat, move)
        except MoveRefused as exc:
            raise IllegalMoveError(str(exc)) from None
        # this move's events only: a bot of the room may have played on already
        end = game.move_log_start[at + 1] if len(game.move_log_start) > at + 1 else len(game.log)
        self._told = end
        return self.room.seen_here(game.move_log_start[at], end)

    def hold(self, held: bool) -> None:
        self.room.hold(held)

    def arrived(self) -> list[Event]:
        """The events of the bots' moves the room played since the last call."""
        self.room.step()
        log = self.session.game.log
        self._told = min(self._told, len(log))  # an undo cut the log back
        events, self._told = self.room.seen_here(self._told), len(log)
        return events

    def undo(self) -> Move | None:
        if not _can_undo(self.session, self.room):
            return None
        undone = self.session.game.moves[-1]
        try:
            self.room.undo(self.session.decision().seat)
        except MoveRefused:
            return None
        self._told = min(self._told, len(self.session.game.log))
        return undone

    def leave(self) -> None:
        self.session.save()  # the game left last is the one Continue resumes
        self.close()

    def close(self) -> None:
        """The table is gone: the room's bots stop (every change is in the save already)."""
        self.room.close()

    def finished(self) -> Session:
        if not self.session.over:
            raise ValueError("the game is not over: its secrets are not open yet")
        return self.session


def _bots_here(session: Session) -> dict[int, BotPlan]:
    """The room's bots, each seat's with its plan (kind, seed and, when set, thinking time)."""
    seed = session.seed
    return {i: (s.kind, bot_seed(seed, i)) if s.think is None
            else (s.kind, bot_seed(seed, i), s.think)
            for i, s in enumerate(session.seats) if not s.human}


def _can_undo(session: Session, room: LocalRoom) -> bool:
    """The seat played here that decides may take back its last action (the room says so in
    its latest news of that seat, for this very position)."""
    if session.over:
        return False
    news = room.update(session.decision().seat)
    return news is not None and news.at == session.moves_played and news.can_undo
