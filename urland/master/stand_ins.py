"""When the stand-in bot may play the seat of a person whose connection is lost.

A seat's clock starts when its player leaves (or when a room is read back, nobody connected
yet) and stops when the player is back; once `after` seconds have passed the room's master lets
the stand-in level (`urland.seats.STAND_IN`) play that seat until the player returns.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from urland.master.room import SeatSlot

SeatKey = tuple[str, int]  # (the room's normal code, the seat)


class StandIns:
    """The away clocks of every room's seats; `after()` None: no AI ever stands in (read at
    each look, so an operator's change counts at once)."""

    def __init__(self, after: Callable[[], float | None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.after = after
        self.clock = clock
        self.away_since: dict[SeatKey, float] = {}

    def away(self, seat: SeatKey) -> None:
        """The seat's player has left (or is not connected yet)."""
        self.away_since[seat] = self.clock()

    def back(self, seat: SeatKey) -> None:
        self.away_since.pop(seat, None)

    def left(self, seat: SeatKey, slot: SeatSlot) -> float | None:
        """Seconds until an AI may stand in for the missing player of `seat` (0 or less: it
        may now); None when nobody is waited for there, or no AI stands in."""
        since, after = self.away_since.get(seat), self.after()
        if since is None or after is None or not slot.taken:
            return None
        return since + after - self.clock()

    def standing_in(self, seat: SeatKey, slot: SeatSlot) -> bool:
        left = self.left(seat, slot)
        return slot.remote and left is not None and left <= 0

    def stand_in_in(self, seat: SeatKey, slot: SeatSlot) -> float | None:
        """Seconds until an AI stands in for the missing player of `seat`; None when nobody
        is waited for there, an AI already stands in, or none will."""
        left = self.left(seat, slot)
        if left is None or left <= 0 or not slot.remote:
            return None
        return round(left, 1)
