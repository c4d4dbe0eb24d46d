"""What the master tells a seat, and the small interface a transport fills to carry it.

A seat is told only what its player may know: its own view (a redacted state), the events of
its own log it has not had yet, who sits where, and at the end the game's record. The master
hands each piece of news to an `Outlet`, which writes it on its wire (the WebSocket server) or
delivers it in-process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from urland.engine import Event, Game, PlayerView

if TYPE_CHECKING:
    from urland.master.room import Room


@dataclass(frozen=True)
class Update:
    """The seat's view after a change, and the events of its log from `log_from` on."""

    at: int  # moves played
    view: PlayerView
    log_from: int
    events: tuple[Event, ...]
    undoable: str  # the seat's own move an undo would take back, as the log writes it ('')

    @property
    def can_undo(self) -> bool:
        return bool(self.undoable)


@dataclass(frozen=True)
class Finished:
    """The game is over: its record, every secret open, with the seats as the history has them."""

    game: Game
    seats: tuple[dict[str, str], ...]


@dataclass(frozen=True)
class Presence:
    """Who sits where: names, who is connected, who has joined, each seat's kind as records
    write it, whether the room still waits for its host, and the stand-ins."""

    names: tuple[str, ...]
    connected: tuple[bool, ...]
    joined: tuple[bool, ...]
    kinds: tuple[str, ...]
    lobby: bool
    stand_in: tuple[bool, ...]  # an AI plays for the missing player now
    stand_in_in: tuple[float | None, ...]  # seconds until one does (None: no one waits)


News = Update | Finished | Presence


class Outlet(Protocol):
    """Carries the master's news to the seats linked to a room."""

    def send(self, room: Room, seat: int, news: News) -> None:
        """Deliver `news` to the player of `seat` (a seat linked through `Master.join`)."""
        ...
