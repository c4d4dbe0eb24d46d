"""The table's snapshot of one position: `TableNow`, what a table scene reads in a frame.

A door builds it once per position (`TableDoor.now()`, cached until the position, or for a game
held elsewhere the news of who is connected, changes), so the many questions a frame asks (who
decides, what may be clicked, who is where, may the last action be taken back) are attribute
reads, not calls down through the door, its room and the engine. It is plain data: no pygame,
no scene, and only what this side may know (the table's view, the pending decision as far as
it is seen here, the table's log).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from urland.bots.candidates import cheapest_payment
from urland.bots.registry import BotPlan
from urland.engine import Board, Decision, Event, Move, Option, PlayerView
from urland.table.session import Seat
from urland.texts.describe import describe
from urland.texts.events import event_sentence


@dataclass(frozen=True)
class SeatNow:
    """One seat as the table shows it now. `status`: "online" (a person plays it elsewhere),
    "away" (that person's connection is lost and no AI stands in), "stand-in" (an AI plays
    for them meanwhile), "to join" (nobody has taken it yet), "" (played here, or by the
    computer); `stand_in_at`: when (time.monotonic) an AI will play for a person away."""

    name: str
    colour: int
    kind: str = "human"
    status: str = ""
    stand_in_at: float | None = None

    @property
    def seat(self) -> Seat:
        return Seat(self.name, self.colour, self.kind)


@dataclass(frozen=True)
class TableNow:
    """Everything a table frame reads of its game at one position (see the module's text)."""

    position: Hashable  # changes with every move played or taken back
    board: Board
    view: PlayerView  # the table's view: the viewer's own, else public only
    decision: Decision  # from the deciding seat's view when it may be seen here
    log: tuple[Event, ...]  # the table's log: the viewer's, else the public events
    seats: tuple[SeatNow, ...]
    here: tuple[int, ...]  # the seats whose decisions are made by people at this screen
    viewer: int | None  # whose view the table shows: the only seat played here, else None
    shared_screen: bool  # several people at this screen: secrets need hand-over curtains
    over: bool
    waiting: bool  # a hosted game its host has not started yet: nobody acts
    cut_off: bool  # the connection to the game is lost for now: nobody here can move
    save_problem: str | None  # why the game is not kept safe (or cannot go on) just now
    settled: bool  # every seat played here knows this same position
    can_undo: bool  # the seat played here that decides may take back its last action
    moves_played: int
    bots_here: Mapping[int, BotPlan] = field(default_factory=dict)  # seat -> its bot's plan
    plays_bots: bool = False  # the game plays `bots_here` itself (their moves arrive as news)
    online: bool = False  # a game held on a server: the player list marks the seats here
    host_name: str | None = None  # the player whose computer holds this game, if not here
    host_seats: tuple[int, ...] = ()  # that player's seats
    server_restarts: int = 0  # how many times the server restarted while the table was open
    _asked: dict[tuple, object] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @cached_property
    def clickable(self) -> frozenset[int]:
        """The areas a click chooses now (a Panic or Ears choice)."""
        return frozenset(self.decision.clickable)

    def drops(self, src: int, owner: int, carrying: int = 1) -> dict[int, tuple[Move, ...]]:
        """Where `carrying` of `owner`'s Ichtos lifted at `src` may be put down, with the move
        each drop makes (`Decision.drops`, asked once per snapshot: a drag asks every frame)."""
        key = ("drops", src, owner, carrying)
        if key not in self._asked:
            self._asked[key] = self.decision.drops(src, owner, carrying)
        return self._asked[key]  # type: ignore[return-value]

    def carry_limit(self, src: int, owner: int) -> int:
        """The most Ichtos one drag from `src` may carry (`Decision.carry_limit`, once)."""
        key = ("carry_limit", src, owner)
        if key not in self._asked:
            self._asked[key] = self.decision.carry_limit(src, owner)
        return self._asked[key]  # type: ignore[return-value]

    @property
    def deciding_here(self) -> bool:
        """The game goes on and a seat played here decides."""
        return not self.over and self.decision.seat in self.here

    @property
    def acting_here(self) -> bool:
        """A seat played here decides and may act now (the game started, not cut off)."""
        return self.deciding_here and not self.waiting and not self.cut_off

    def status(self, seat: int) -> str:
        return self.seats[seat].status if 0 <= seat < len(self.seats) else ""

    def stand_in_in(self, seat: int, clock: Callable[[], float] = time.monotonic) -> float | None:
        """Seconds until an AI plays for the person away at `seat`; None when nobody is waited
        for there, or no AI will stand in."""
        if self.status(seat) != "away":
            return None
        at = self.seats[seat].stand_in_at
        return None if at is None else max(0.0, at - clock())

    def sentence(self, event: Event) -> str:
        """An event in the player's language, with the players' names."""
        return event_sentence(event, self.names, self.board)

    def describe(self, move: Move) -> str:
        """A move in the player's language, with the players' names."""
        return describe(move, self.decision.state, self.names)

    def suggested_payment(self, option: Option) -> dict[int, int]:
        """The Ichtos to offer first when paying for `option` (area -> count): the bots'
        cheapest payment, from the paying seat's own view."""
        return dict(cheapest_payment(self.decision.state, option))
