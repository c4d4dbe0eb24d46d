"""When to send a move again that the server refused because its disk could not keep it
(`refused` with code "not-kept": nothing happened, the server asks to try again).

The waits grow (1, 2, 4, 8, then 15 s) and the tries are bounded (MAX_TRIES, about four
minutes in all); any news of the game (an update) starts the count again. Used by `join
--autoplay` (`urland.net.seat_runner`) and by the window's table (`urland.table.remote`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

WAITS = (1.0, 2.0, 4.0, 8.0, 15.0)  # seconds before each new try (the last one repeats)
MAX_TRIES = 20


@dataclass
class Resend:
    clock: Callable[[], float] = time.monotonic
    tries: int = 0
    due: float | None = None  # when to send again (None: nothing to send again)
    given_up: bool = field(default=False)

    def refused(self) -> None:
        """The disk refused the move: send it again after the next wait (unless the tries are
        spent: then `given_up`, and the player is told)."""
        if self.tries >= MAX_TRIES:
            self.due, self.given_up = None, True
            return
        self.due = self.clock() + WAITS[min(self.tries, len(WAITS) - 1)]
        self.tries += 1

    def settled(self) -> None:
        """The game moved on (the move was kept, or the position changed): nothing to resend."""
        self.tries, self.due, self.given_up = 0, None, False

    def wait(self) -> float | None:
        """Seconds until the move is to be sent again; None when nothing waits."""
        return None if self.due is None else max(0.0, self.due - self.clock())

    def now(self) -> bool:
        """True (once) when it is time to send the move again."""
        if self.due is None or self.clock() < self.due:
            return False
        self.due = None
        return True
