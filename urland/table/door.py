"""THE contract between the table's scenes and a game: `TableDoor`.

The table (its scene, gestures and dialogs) and the turn flow reach a game only through this
door. A game played on this computer fills it as a client of its room in this process
(`urland.table.local`); a game held elsewhere fills it from what it is sent (its seats'
views, the pending decision, their log and the events to animate) and sends back moves in
their notation. Everything here is expressed in what the engine already hands a player:
`PlayerView`, `Decision`, `Event`, `Move`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Protocol

from urland.engine import Board, Decision, Event, Move, Option, PlayerView

if TYPE_CHECKING:
    from urland.bots.registry import BotPlan
    from urland.table.session import Seat, Session


class TableDoor(Protocol):
    """What a table may know and do. THE contract a remote implementation fills.

    Rules of the door:

    * it never hands out the true state: only views of seats that may be seen here (the
      table's viewer, the seats played here, the bots run here), their log, and the pending
      decision as far as this side may know it;
    * `play` checks the move (an illegal one raises `IllegalMoveError` with its reason and
      changes nothing) and returns the events it caused that this side may see;
    * `position()` changes whenever a move is played or taken back, so answers computed for an
      older position (a bot's move, a hint) can be recognised and dropped;
    * no pygame, no scene: the door is plain data in, plain data out.
    """

    @property
    def seats(self) -> Sequence[Seat]:
        """Every seat in order: name, colour, kind ("human", a bot level, ...)."""
        ...

    @property
    def names(self) -> list[str]: ...

    @property
    def board(self) -> Board:
        """The board's geography (public)."""
        ...

    @property
    def here(self) -> list[int]:
        """The seats whose decisions are made by people at this screen."""
        ...

    @property
    def viewer(self) -> int | None:
        """Whose view the table shows: the only seat played here, else None (public only)."""
        ...

    @property
    def shared_screen(self) -> bool:
        """Several people at this screen: their secrets need hand-over curtains."""
        ...

    @property
    def over(self) -> bool: ...

    # Only a game held elsewhere (`urland.table.remote`) has these; a game here has none.
    online: bool  # held on a server or hosted: the player list marks the seats played here
    host_seats: Sequence[int]  # a game hosted from another computer: the host's seats
    host_name: str | None  # that host's name (None: a server's game, or a game here)
    server_restarts: int  # how many times the server restarted while the table was open

    @property
    def waiting_to_start(self) -> bool:
        """A hosted game its host has not started yet: players are still joining, nobody
        acts."""
        ...

    @property
    def cut_off(self) -> bool:
        """The connection to the game is lost for now: nobody here can move until it is back."""
        ...

    @property
    def save_problem(self) -> str | None:
        """Why the game could not be kept safe just now, in a sentence; None when it is."""
        ...

    def seat_status(self, seat: int) -> str:
        """"online": a person plays `seat` elsewhere; "away": that person's connection is lost
        (and no AI stands in); "stand-in": an AI plays for that person meanwhile; "to join":
        nobody has taken the seat yet; "": the seat is played here, or by the computer."""
        ...

    def stand_in_in(self, seat: int) -> float | None:
        """Seconds until an AI plays for the person of `seat` whose connection is lost; None
        when nobody is waited for there, or no AI will stand in."""
        ...

    def bots_here(self) -> dict[int, BotPlan]:
        """The seats a bot plays on this side (the room's bots at this computer, a seat's own
        bot online): seat -> (bot kind, seed) or (bot kind, seed, seconds a decision) for a
        bot given its thinking time. The table never plays them: their moves arrive as news."""
        ...

    def plays_bots(self) -> bool:
        """The game's bots are played by a room at this computer, which waits while the
        table is held (`hold`); False: they play wherever the game is held, or on the seat's
        own link, whatever the table shows."""
        ...

    def hold(self, held: bool) -> None:
        """`held`: the table is showing a move or a page the players must see first, so the
        game's bots wait; False: they may play on. (A game held elsewhere: nothing.)"""
        ...

    def moves_played(self) -> int:
        """How many moves have been played so far."""
        ...

    def position(self) -> Hashable:
        """A key that changes with every move played or taken back."""
        ...

    def settled(self) -> bool:
        """Every seat played here knows the same position (seats held elsewhere, each over its
        own connection, hear of a move a moment apart): the flow waits until they do."""
        ...

    def view(self, seat: int | None = None) -> PlayerView:
        """The table's view (seat None), or a seat's own view (a seat played or run here)."""
        ...

    def decision(self) -> Decision:
        """The pending decision, from the deciding seat's view when it may be seen here.

        While a seat seen nowhere here decides, a table reads only who decides (`seat`),
        what (`kind`, `prompt`, `allows`) and `over`; `Decision.of` on this side's own view
        gives that much."""
        ...

    def log(self, seat: int | None) -> list[Event]:
        """The game's log as `seat` may read it (None: public events only)."""
        ...

    def last_decided(self, seat: int) -> tuple[int, PlayerView] | None:
        """The table's log length and view just after `seat`'s last move, where known here
        (None: "since my turn" starts when the table opens)."""
        ...

    def play(self, move: Move) -> list[Event]:
        """Play the pending decision's move; the events it caused."""
        ...

    def arrived(self) -> list[Event]:
        """The events of moves made elsewhere since the last call, in order, as this side may
        see them; never those `play` already returned (a game on this computer: none, its
        moves are all made through `play`)."""
        ...

    def can_undo(self) -> bool:
        """The seat played here that decides may take back its last action."""
        ...

    def undo(self) -> Move | None:
        """Take back that action; None when there is nothing to take back."""
        ...

    def sentence(self, event: Event) -> str:
        """An event in the player's language, with the players' names."""
        ...

    def describe(self, move: Move) -> str:
        """A move in the player's language, with the players' names."""
        ...

    def suggested_payment(self, option: Option) -> dict[int, int]:
        """The Ichtos to offer first when paying for `option` (area -> count)."""
        ...

    def leave(self) -> None:
        """The players leave the table (the game stays where it is, to be continued)."""
        ...

    def finished(self) -> Session:
        """The finished game with every secret open (only once `over`): its story, replay
        and record in the history."""
        ...
