"""A game at this computer as a room of the master, in this process (boardgame.io's
`LocalMaster`): the master checks, keeps and tells every move, and plays the bots.

The window's loop is synchronous, so the master runs on an asyncio loop of its own that the
table steps once a frame (`step`), on the window's thread: nothing of the game changes between
two steps, so the table reads it without locks, and a test runs the loop until the bots are
done (`run_bots`) instead of waiting for a clock. A bot thinks in a worker thread; its move is
played at the next step after it is ready. The outlet keeps each seat's news for the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from urland.engine import Event, Move, format_move
from urland.master.master import Master, MasterOptions
from urland.master.news import News, Update
from urland.master.room import Room, SeatSlot
from urland.table.save_store import SaveStore
from urland.table.session import Session

CODE = "LOCAL"  # the room's code (one game, one room, one master), as the master keys it


class LocalOutlet:
    """The master's news for the seats played at this screen, each seat's latest `Update`."""

    def __init__(self) -> None:
        self.updates: dict[int, Update] = {}
        self.heard = asyncio.Event()  # set by any news; a step may wait for it

    def send(self, room: Room, seat: int, news: News) -> None:
        if isinstance(news, Update):
            self.updates[seat] = news
        self.heard.set()


class LocalRoom:
    """The master of one game at this computer, its room, and the loop they run on.

    `pace()`: the settings' AI pace, the room's bot pause; `block`: how long a step may wait
    for a thinking bot (frames run back to back in a headless run); `wait`: how the pace is
    waited for (a test's own clock)."""

    def __init__(self, session: Session, pace: Callable[[], float] = lambda: 0.0,
                 block: float = 0.0,
                 wait: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.pace, self.block = pace, block
        self.loop = asyncio.new_event_loop()
        self.outlet = LocalOutlet()
        self.master = Master(self.outlet, MasterOptions(bot_pause=pace(), wait=wait),
                             SaveStore(session))
        self.here = [i for i, seat in enumerate(session.seats) if seat.human]
        slots = [SeatSlot(seat.kind, seat.name, think=seat.think) for seat in session.seats]
        self.room = Room(CODE, session.game, slots, in_history=session.recorded)
        self.master.add_room(self.room)
        # A table dropped without `close` (a test's) stops its bots when it is collected.
        self._closer = weakref.finalize(self, _shut_down, self.loop, self.master)
        self._run(self._open())

    async def _open(self) -> None:
        for seat in self.here:
            self.master.join(self.room, seat)
        self.master.kick(CODE)

    def _run(self, job: Coroutine[Any, Any, Any]) -> Any:
        if self.loop.is_closed():
            job.close()
            raise RuntimeError("the game's room is closed")
        return self.loop.run_until_complete(job)

    # --- the table's questions -------------------------------------------------------------

    def update(self, seat: int) -> Update | None:
        """The latest news of a seat played here."""
        return self.outlet.updates.get(seat)

    def seen_here(self, start: int, end: int | None = None) -> list[Event]:
        """The game's events from `start` to `end` of its log that a seat played here (or
        anyone) may see, in order."""
        return [e for e in self.room.game.log[start:end]
                if e.visible_to is None or any(e.visible(s) for s in self.here)]

    # --- the table's acts ------------------------------------------------------------------

    def play(self, seat: int, move: Move) -> None:
        """Play a seat's move through the master (MoveRefused: nothing happened)."""
        game = self.room.game
        self._run(self.master.move(self.room, seat, format_move(move, game.board),
                                   len(game.moves)))

    def undo(self, seat: int) -> None:
        """Take back the seat's last action (MoveRefused: there was none)."""
        self._run(self.master.undo(self.room, seat, len(self.room.game.moves)))

    def hold(self, held: bool) -> None:
        """The table shows a move or a page (`held`): the bots wait for it."""
        self.master.hold(self.room, held)

    def step(self) -> None:
        """Let the master go on for a moment: a bot whose move is ready plays it."""
        if not self.loop.is_closed():
            self.master.options.bot_pause = self.pace()
            self._run(self._step())

    async def _step(self) -> None:
        if self.block and self._playing():
            await self._news_or_rest(self.block)
        else:
            await asyncio.sleep(0)

    def _playing(self) -> bool:
        """A bot of the room is thinking or about to play (not held, not waiting for a
        person)."""
        driver = self.master.drivers.get(CODE)
        free = self.master.free.get(CODE)
        return driver is not None and not driver.done() and (free is None or free.is_set())

    async def _news_or_rest(self, timeout: float | None) -> None:
        """Until the room tells something, its bots stop, or `timeout` seconds pass."""
        self.outlet.heard.clear()
        heard = asyncio.ensure_future(self.outlet.heard.wait())
        driver = self.master.drivers[CODE]
        await asyncio.wait({driver, heard}, timeout=timeout,
                           return_when=asyncio.FIRST_COMPLETED)
        heard.cancel()

    def run_bots(self) -> None:
        """Run the loop until the room's bots have played up to a decision made here (or the
        end, or a hold: after each bot move while a table holds the room): for tests and
        headless tools, which wait on the game, not on a clock."""
        self._run(self._bots_played())

    async def _bots_played(self) -> None:
        while self._playing():
            await self._news_or_rest(None)

    def close(self) -> None:
        """Stop the bots and the loop (the game's save is written on every change)."""
        self._closer()


def _shut_down(loop: asyncio.AbstractEventLoop, master: Master) -> None:
    """Stop a room's bots and close its loop (not from inside another running loop)."""
    if loop.is_closed():
        return
    with contextlib.suppress(RuntimeError):
        asyncio.get_running_loop()
        return  # collected while a loop runs: the loop is left to the interpreter's exit
    master.closing = True  # (the store has nothing to write: every change is in the save)
    drivers = [task for task in master.drivers.values() if not task.done()]
    for task in drivers:
        task.cancel()
    loop.run_until_complete(_stopped(drivers))
    loop.close()


async def _stopped(tasks: list[asyncio.Task]) -> None:
    await asyncio.gather(*tasks, return_exceptions=True)
