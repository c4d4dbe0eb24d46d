"""A server's standings: the players it knows and the ratings of its rated games.

Kept in the server's room store (`urland.store`), or in memory when it keeps no rooms. A game
is rated once it is over, in a worker thread, so the master's loop never waits on the store.
"""

from __future__ import annotations

import asyncio
import logging

from urland.master import ratings
from urland.master.players import Players
from urland.master.room import Room
from urland.store.base import RatedGame, Rating, RoomStore, StoreError

log = logging.getLogger("urland.server")


class Standings:
    """The players of one server and their ratings."""

    def __init__(self, store: RoomStore) -> None:
        self.players = Players(store)
        self.rating: set[asyncio.Future] = set()  # games being rated (in worker threads)

    def leaderboard(self, limit: int = 20) -> list[Rating]:
        """The best rated players and bot levels of this server, best first (StoreError when
        the store cannot be read). Asks the store: not on the loop."""
        return self.players.store.leaderboard(limit)

    def rating_history(self, player: str) -> list[RatedGame]:
        """The player's rating after each of their rated games here, oldest first."""
        return self.players.store.rating_history(player)

    def rate(self, room: Room) -> None:
        """Rate the finished game of a rated server, in a worker thread (its rows kept once,
        whoever rates it)."""
        rated = [ratings.rated_as(s.seat_kind.key, s.seat_kind.is_person, s.player)
                 for s in room.seats]
        if not any(rated):
            return
        places = ratings.places_of(room.game.state.track)
        game = f"{room.key}:{room.seq}"
        kept = ratings.once_each(rated)

        def after(now: list[ratings.Pair | None]) -> list[ratings.Pair]:
            # a seat whose id another seat holds starts from that seat's rating too
            now = [now[rated.index(p)] if p else r for p, r in zip(rated, now, strict=True)]
            return ratings.folded(rated, ratings.new_ratings(now, places))

        def rate() -> None:
            try:
                self.players.store.rate(game, list(zip(kept, places, strict=True)), after)
            except StoreError as exc:
                log.error("room %s: the game's ratings could not be kept: %s", room.code, exc)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: rated here and now
            rate()
            return
        task = loop.create_task(asyncio.to_thread(rate))
        self.rating.add(task)
        task.add_done_callback(self.rating.discard)

    async def kept(self) -> None:
        """Wait until every game that ended has been rated."""
        while self.rating:
            await asyncio.wait(list(self.rating))
