"""THE contract between the table's scenes and a game: `TableDoor`.

The table (its scene, gestures and dialogs) and the turn flow reach a game only through this
door. A game played on this computer fills it as a client of its room in this process
(`urland.table.local`); a game held elsewhere fills it from what it is sent (its seats'
views, the pending decision, their log and the events to animate) and sends back moves in
their notation. Everything here is expressed in what the engine already hands a player:
`PlayerView`, `Decision`, `Event`, `Move`, gathered once per position in a `TableNow`
(`urland.table.now`): what a frame reads is that snapshot's attributes, not the door's members.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol

from urland.engine import Event, Move, PlayerView

if TYPE_CHECKING:
    from urland.table.now import TableNow
    from urland.table.session import Session


class TableDoor(Protocol):
    """What a table may know and do. THE contract a remote implementation fills.

    Its members, and why each is one:

    * `now()` — the snapshot of the position (view, decision, log, seats and their status,
      over, waiting, cut off, save problem, undo, what may be clicked, the bots here), built
      once per position: everything a frame asks is one of its attributes;
    * `play`, `undo` — the two things a seat played here does to the game;
    * `arrived` — the news of moves made elsewhere (asked once a frame, by the flow);
    * `hold` — the table shows something first: the game's bots wait;
    * `position()` — the key `now()` is cached on, cheap to ask (a thinking bot's answer is
      kept for it);
    * `view(seat)`, `log(seat)` — a seat's own view and log, for its bot, its hint and its
      private dialogs (the table's own are in `now()`);
    * `last_decided(seat)` — where "since my turn" starts when the table opens;
    * `leave`, `finished` — the players go; the finished game with every secret open.

    Rules of the door:

    * it never hands out the true state: only views of seats that may be seen here (the
      table's viewer, the seats played here, the bots run here), their log, and the pending
      decision as far as this side may know it;
    * `play` checks the move (an illegal one raises `IllegalMoveError` with its reason and
      changes nothing) and returns the events it caused that this side may see;
    * `now().position` changes whenever a move is played or taken back, so answers computed
      for an older position (a bot's move, a hint) can be recognised and dropped;
    * no pygame, no scene: the door is plain data in, plain data out.
    """

    def now(self) -> TableNow:
        """The table's snapshot of the position (built once per position, then cached)."""
        ...

    def play(self, move: Move) -> list[Event]:
        """Play the pending decision's move; the events it caused."""
        ...

    def undo(self) -> Move | None:
        """Take back the last action of the seat played here that decides; None when there
        is nothing to take back."""
        ...

    def arrived(self) -> list[Event]:
        """The events of moves made elsewhere since the last call, in order, as this side may
        see them; never those `play` already returned."""
        ...

    def hold(self, held: bool) -> None:
        """`held`: the table is showing a move or a page the players must see first, so the
        game's bots wait; False: they may play on. (A game held elsewhere: nothing.)"""
        ...

    def position(self) -> Hashable:
        """A key that changes with every move played or taken back (`now().position`)."""
        ...

    def view(self, seat: int | None = None) -> PlayerView:
        """A seat's own view (a seat played or run here); None: the table's (`now().view`)."""
        ...

    def log(self, seat: int | None) -> list[Event]:
        """The game's log as `seat` may read it (None: public events only)."""
        ...

    def last_decided(self, seat: int) -> tuple[int, PlayerView] | None:
        """The table's log length and view just after `seat`'s last move, where known here
        (None: "since my turn" starts when the table opens)."""
        ...

    def leave(self) -> None:
        """The players leave the table (the game stays where it is, to be continued)."""
        ...

    def finished(self) -> Session:
        """The finished game with every secret open (only once `now().over`): its story,
        replay and record in the history."""
        ...
