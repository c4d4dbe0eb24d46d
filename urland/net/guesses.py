"""Room policy for guesses: a hello with a room code that is not here, or a token that does not
open a seat of the room, is a guess. Each address may guess `rate` times a second on average
(`burst` at once), and each room's tokens may be guessed as often from all addresses together;
past that the hello is refused ("slow down") without looking at the code or the token, so a
guess past the allowance tells nothing.

With the server's own codes (60 bits) guessing is hopeless anyway; the limit is for codes
chosen by people (`serve --room`, see `urland.net.room_codes`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from urland.net.allowance import Allowances

GUESS_RATE = 0.5  # wrong codes or tokens a second per address (and per room), on average ...
GUESS_BURST = 5  # ... and at once
SLOW_DOWN = ("Too many wrong room codes or seat tokens from your address: wait a minute "
             "before you try again.")


class Guesses:
    def __init__(self, rate: float = GUESS_RATE, burst: int = GUESS_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.by_address = Allowances(rate, burst, clock)
        self.by_room = Allowances(rate, burst, clock)

    def may_try(self, address: str) -> bool:
        """Whether a hello from `address` may be looked at: False once its guesses are spent
        (then it is refused whatever it says, so a guess past the allowance tells nothing)."""
        return self.by_address.of(address).seconds_to_next() <= 0

    def room_guarded(self, room_key: str) -> bool:
        """True once the room's tokens have been guessed wrong too often (from any address):
        a wrong token is then answered "slow down" (it still counts once for its address)."""
        return self.by_room.of(room_key).seconds_to_next() > 0

    def wrong(self, address: str, room_key: str | None = None) -> None:
        """A wrong code (room_key None) or a wrong token for the room `room_key`."""
        self.by_address.take(address)
        if room_key is not None:
            self.by_room.take(room_key)
