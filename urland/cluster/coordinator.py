"""One `serve` process among several on one PostgreSQL: the rooms it takes, serves and lets go.

`Cluster` is the transport's placement (`urland.net.placement`): for a room this process does
not serve it answers the owner's address (the client is sent there), or takes the room when
nobody owns it and rebuilds it from the store. Every `SWEEP_SECONDS` it tries the locks of the
rooms nobody owns (their owner died: its locks ended with its connection) and takes its share
of them; a notice that an owner let a room go (`released`) is acted on at once. When its own
lock connection is lost (the database restarted) it connects again and claims its rooms back;
a room another process took meanwhile is let go here and its clients sent there.

What this process knows of the rooms that exist comes from the store at start and from the
notices after (`owned`, `changed`, `finished`); no clock of another process is read anywhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable

import psycopg

from urland.cluster.bulletin import Listener, Notice, tell
from urland.cluster.ownership import Ownership, OwnershipLost, lock_key
from urland.engine.errors import UrlandError
from urland.master.keeper import rebuilt
from urland.master.master import Master
from urland.master.room import Room, normal_code, room_key
from urland.store.base import KeptRoom, RoomStore

log = logging.getLogger("urland.server")
rooms_log = logging.getLogger("urland.rooms")

SWEEP_SECONDS = 1.0  # how often the rooms nobody owns are looked for
LOOKS = 3  # times a client's room is looked for and claimed before it is said to be nowhere
LOOK_AGAIN_SECONDS = 0.2  # between those looks


class Cluster:
    """This process's part of the server: ownership, notices and the rooms taken over."""

    def __init__(self, master: Master, store: RoomStore, url: str, address: str,
                 send_elsewhere: Callable[[Room, str], None]) -> None:
        self.master = master
        self.store = store
        self.address = address
        self.ownership = Ownership(url, address)
        self.listener = Listener(url, self._heard, self._listening_again)
        self.send_elsewhere = send_elsewhere
        self.known: dict[str, int] = {}  # every unfinished room's key, with its last number
        self._sweeper: asyncio.Task | None = None
        self._wanted: dict[str, asyncio.Future] = {}  # rooms asked for, for the next batch
        self._taking: asyncio.Task | None = None  # the batch being taken
        self._notices: dict[str, Notice] = {}  # waiting to be sent, the last per room
        self._sending: asyncio.Task | None = None
        self.taken_over = 0  # rooms taken from a process that stopped or died (for the log)
        self._peers: list[str] = []  # the other live processes, as the last sweep saw them

    def peers(self) -> list[str]:
        """The other live processes' addresses (told to each client in its welcome)."""
        return list(self._peers)

    # --- start and stop -----------------------------------------------------------------------

    async def start(self, rooms: list[KeptRoom]) -> None:
        """Connect, claim this process's share of the rooms nobody owns (`rooms`: every
        unfinished room in the store), and start listening and sweeping."""
        await self.ownership.open()
        for kept in rooms:
            self.known[kept.key] = kept.number + len(kept.changes)
        self.listener.start()
        await self.sweep()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_for_ever())

    async def close(self) -> None:
        """Let every room go (the others take them at once, told by `released`)."""
        for task in (self._sweeper, self._sending, self._taking):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for answer in self._wanted.values():  # asked for while closing: not served here
            if not answer.done():
                answer.set_result(None)
        await self.listener.close()
        others: list[str] = []
        with contextlib.suppress(OwnershipLost, Exception):
            others = [a for a in await self.ownership.servers() if a != self.address]
            released = sorted(self.ownership.owned)
            await self.ownership.close()  # every lock ends here ...
            async with await psycopg.AsyncConnection.connect(self.ownership.url,
                                                             autocommit=True) as conn:
                await tell(conn, *(Notice("released", key, self.known.get(key, 0))  # ... and
                                   for key in released))  # the others hear it at once
        await self.ownership.close()
        for room in list(self.master.rooms.values()):
            if others and not room.game.over:  # the others take it as its clients come
                self.send_elsewhere(room, others[0])

    # --- a client's room ------------------------------------------------------------------------

    async def locate(self, code: str) -> Room | str | None:
        """The room taken here, the address of the process that serves it, or None."""
        key = room_key(code)
        try:
            for look in range(LOOKS):
                owner = await self.ownership.owner(key)
                if owner is not None and owner != self.address:
                    return owner
                if look and key not in self.known:  # the store keeps no such room
                    return None
                room = await self.take(key)
                if room is not None:
                    return room
                if key in self.known and look < LOOKS - 1:
                    # Its lock was held when claimed: another process took it since (the
                    # next look names it), or its owner had just died (PostgreSQL ends a dead
                    # connection's locks a moment later, and the next claim gets it).
                    await asyncio.sleep(LOOK_AGAIN_SECONDS)
            return None
        except OwnershipLost as exc:
            log.warning("the database is out of reach (%s)", exc)
            return None

    async def take(self, key: str) -> Room | None:
        """Claim the room and serve it from the store; None when another process holds it or
        the store has no such unfinished room. The rooms asked for while one batch is taken
        are taken together in the next (the clients of a process that died come all at once:
        one claim and one read for all of them, not one each)."""
        here = self.served(key)
        if here is not None:
            return here
        answer = self._wanted.get(key)
        if answer is None:
            answer = self._wanted[key] = asyncio.get_running_loop().create_future()
            if self._taking is None or self._taking.done():
                self._taking = asyncio.get_running_loop().create_task(self._take_wanted())
        return await asyncio.shield(answer)

    async def _take_wanted(self) -> None:
        while self._wanted:
            wanted, self._wanted = self._wanted, {}
            try:
                served = await self.take_all(list(wanted))
            except Exception as exc:  # (OwnershipLost, StoreError): told to each who asked
                for answer in wanted.values():
                    answer.set_exception(exc)
                continue
            for key, answer in wanted.items():
                answer.set_result(served.get(key))

    async def take_all(self, keys: list[str]) -> dict[str, Room]:
        """Claim the rooms nobody holds among `keys` and serve them, read in one go: the
        rooms served here now, by key."""
        served = {key: room for key in keys if (room := self.served(key)) is not None}
        claimed = [key for key in await self.ownership.claim_all(
            [key for key in keys if key not in served]) if self.served(key) is None]
        # Read once claimed: every change the last owner kept (before it died) is in it.
        kept = {room.key: room for room in (await asyncio.to_thread(self.store.rooms_of,
                                                                    claimed) if claimed else [])}
        for key in claimed:
            room = self.served(key)  # (a batch of the sweep may have served it since)
            if room is None:
                room = await self._serve(key, kept.get(key))
            if room is not None:
                served[key] = room
            await asyncio.sleep(0)  # the welcomes of the rooms served so far go on meanwhile
        return served

    async def _serve(self, key: str, kept: KeptRoom | None) -> Room | None:
        """Serve the claimed room from what the store keeps of it (None: it has none)."""
        if kept is None:
            self.known.pop(key, None)
            await self.ownership.release(key)
            return None
        try:
            room, stopped = rebuilt(kept)
        except (ValueError, UrlandError) as exc:
            log.error("room %s cannot be rebuilt from the store: %s", key, exc)
            await self.ownership.release(key)
            return None
        if stopped:
            log.error("%s", stopped)
        self.master.take_room(room)
        self.known[key] = room.seq
        self.taken_over += 1
        rooms_log.info("Room %s: served here now, from move %d.", room.code,
                       len(room.game.moves))
        self.notify(Notice("owned", key, room.seq))
        return room

    def served(self, key: str) -> Room | None:
        """The room under `key` when this process serves it."""
        for room in self.master.rooms.values():
            if room.key == key:
                return room
        return None

    def opened(self, room: Room) -> None:
        """A room opened here (new): claimed at once, so no other process takes it."""
        self.known[room.key] = room.seq
        asyncio.get_running_loop().create_task(self._claim_opened(room))

    async def _claim_opened(self, room: Room) -> None:
        with contextlib.suppress(OwnershipLost):
            if await self.ownership.claim(room.key):
                self.notify(Notice("owned", room.key, room.seq))
            else:  # another process opened the same code first: it serves the room
                await self.lost(room)

    # --- notices ------------------------------------------------------------------------------

    def notify(self, notice: Notice) -> None:
        """Send a notice soon (the last one per room; many are sent in one round trip)."""
        self._notices[notice.key] = notice
        if self._sending is None or self._sending.done():
            self._sending = asyncio.get_running_loop().create_task(self._send_notices())

    def changed(self, room: Room) -> None:
        """The room kept a change (or finished): the other processes hear its number."""
        self.known[room.key] = room.seq
        if room.game.over:
            self.known.pop(room.key, None)
        self.notify(Notice("changed", room.key, room.seq))

    async def _send_notices(self) -> None:
        while self._notices:
            notices, self._notices = list(self._notices.values()), {}
            with contextlib.suppress(OwnershipLost, Exception):
                conn = self.ownership.conn
                if conn is not None and not conn.closed:
                    await tell(conn, *notices)

    async def _heard(self, notice: Notice) -> None:
        if notice.kind == "released":
            if notice.key not in self.ownership.owned:
                self.known[notice.key] = notice.number
                with contextlib.suppress(OwnershipLost):
                    await self.take(notice.key)
        elif notice.key not in self.ownership.owned:
            self.known[notice.key] = max(self.known.get(notice.key, 0), notice.number)

    async def _listening_again(self) -> None:
        """Notices may have been missed while the listener was away: look again now."""
        with contextlib.suppress(OwnershipLost):
            await self.sweep()

    # --- the rooms nobody owns ------------------------------------------------------------------

    async def _sweep_for_ever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep()
            except OwnershipLost as exc:
                log.warning("the database is out of reach (%s); connecting again", exc)
                await self._reconnect()

    async def sweep(self) -> None:
        """Take this process's share of the known rooms that nobody owns."""
        held = await self.ownership.held()
        servers = await self.ownership.servers()
        self._peers = [a for a in servers if a != self.address]
        mine = set(self.ownership.owned)
        free = sorted(key for key in self.known
                      if key not in mine and lock_key(key) not in held)
        if not free:
            return
        # Each live process takes about its share, starting at its own place in the list, so
        # the rooms of a dead process spread over the living.
        place = servers.index(self.address) if self.address in servers else 0
        share = math.ceil(len(free) / max(1, len(servers)))
        start = (place * share) % len(free)
        await self.take_all((free[start:] + free[:start])[:share])

    async def _reconnect(self) -> None:
        """The lock connection is lost, and every lock with it: connect again and claim this
        process's rooms back; a room another process took meanwhile is let go here."""
        with contextlib.suppress(Exception):
            await self.ownership.close()
        try:
            await self.ownership.open()
        except OwnershipLost:
            return  # the next sweep tries again
        for room in list(self.master.rooms.values()):
            if room.game.over:
                continue
            if not await self.ownership.claim(room.key):
                await self.lost(room)
            elif await self._behind(room):  # another process played it on meanwhile
                self.master.let_go(normal_code(room.code))
                await self.take(room.key)
                self.send_elsewhere(room, self.address)  # its clients take the new one here

    async def _behind(self, room: Room) -> bool:
        """Does the store hold changes of the room that this process does not have?"""
        kept = await asyncio.to_thread(self.store.room, room.key)
        return kept is not None and kept.number + len(kept.changes) != room.seq

    def number_taken(self, room: Room) -> None:
        """Another process kept the room's next change first: it serves the room now."""
        asyncio.get_running_loop().create_task(self.lost(room))

    async def lost(self, room: Room) -> None:
        """Another process serves the room now: stop serving it and send its clients there."""
        owner = None
        with contextlib.suppress(OwnershipLost):
            owner = await self.ownership.owner(room.key)
        self.master.let_go(normal_code(room.code))
        with contextlib.suppress(OwnershipLost):
            await self.ownership.release(room.key)
        rooms_log.info("Room %s: served by another process now.", room.code)
        self.send_elsewhere(room, owner or self.address)
