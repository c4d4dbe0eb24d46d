"""Which `serve` process owns a room: a PostgreSQL session advisory lock on the room's key.

Each process holds one connection of its own for its locks (`Ownership`). A room is owned by
the process whose connection holds the room's lock (`pg_try_advisory_lock`); the lock ends with
the connection, so a process that dies (kill -9, a lost machine) owns nothing from the moment
PostgreSQL sees its connection close. Nothing here reads a clock: who is alive is what
PostgreSQL's own tables say (`pg_locks`, `pg_stat_activity`), so processes whose clocks
disagree still agree on every owner.

Each process names the address its clients reach it at (`serve --advertise`) in the table
`urland_servers`, by the backend of its lock connection, so any process can tell a client
where a room's owner is.
"""

from __future__ import annotations

import asyncio
import logging

import psycopg

from urland.store.postgres import MIGRATION_LOCK  # the tables are made one at a time

log = logging.getLogger("urland.server")

_SERVERS = """
CREATE TABLE IF NOT EXISTS urland_servers (
    pid integer PRIMARY KEY,
    address text NOT NULL
)"""

# The advisory locks held by a live process, with the address it gave.
_HELD = """
SELECT l.classid::bigint, l.objid::bigint, s.address
FROM pg_locks l JOIN urland_servers s ON s.pid = l.pid
WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"""

_LIVE = """
SELECT s.address FROM urland_servers s JOIN pg_stat_activity a ON a.pid = s.pid
ORDER BY s.pid"""


def lock_key(room_key: str) -> int:
    """The advisory lock's key of a room: 63 bits of the room's key (a hash of its code), so
    it is never negative and two rooms share one only by a 1-in-2**63 chance."""
    return int(room_key[:16], 16) >> 1


def _joined(classid: int, objid: int) -> int:
    return (classid << 32) | objid


async def held_locks(conn: psycopg.AsyncConnection) -> dict[int, str]:
    """Every room lock a live process holds, with that process's address."""
    cur = await conn.execute(_HELD)
    return {_joined(classid, objid): address for classid, objid, address in await cur.fetchall()}


class OwnershipLost(Exception):
    """The lock connection is gone (the database restarted or is out of reach): every lock it
    held is gone with it."""


class Ownership:
    """This process's claims on rooms, held on its own connection."""

    def __init__(self, url: str, address: str) -> None:
        self.url = url
        self.address = address
        self.conn: psycopg.AsyncConnection | None = None
        self.owned: set[str] = set()  # room keys this connection holds the lock of
        # Who holds which lock is read once for every caller that waits at the same time
        # (a crowd of clients whose process died all ask at once): each caller gets a reading
        # begun after it asked, so no answer is older than the question.
        self._reading = asyncio.Lock()
        self._readings_begun = 0
        self._last_reading: tuple[int, dict[int, str]] | None = None  # (its number, locks)
        # One claim or release at a time: PostgreSQL counts a session's advisory lock taken
        # twice, and one unlock would then leave it held; so `owned` is always up to date
        # when a claim decides which locks to ask for.
        self._claiming = asyncio.Lock()

    async def open(self) -> None:
        """Connect and say this process's address; the locks start empty (OwnershipLost when
        the database cannot be reached)."""
        try:
            self.conn = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, application_name="urland serve", connect_timeout=5)
            async with self.conn.transaction():  # two processes starting at once
                await self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                await self.conn.execute(_SERVERS)
            # Rows of processes gone (their backend no longer runs) are dropped, then ours.
            await self.conn.execute("DELETE FROM urland_servers WHERE pid = pg_backend_pid() OR "
                                    "pid NOT IN (SELECT pid FROM pg_stat_activity)")
            await self.conn.execute("INSERT INTO urland_servers (pid, address) "
                                    "VALUES (pg_backend_pid(), %s)", (self.address,))
        except psycopg.Error as exc:
            raise OwnershipLost(str(exc).strip()) from None
        self.owned = set()

    async def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        if self.conn is None or self.conn.closed:
            raise OwnershipLost("not connected")
        try:
            cur = await self.conn.execute(sql, args)
            return await cur.fetchall()
        except psycopg.Error as exc:
            raise OwnershipLost(str(exc).strip()) from None

    async def claim(self, key: str) -> bool:
        """Take the room's lock if nobody holds it (True), or say that another does (False).
        Asking again for a room already ours answers True and holds it once."""
        return key in await self.claim_all([key])

    async def claim_all(self, keys: list[str]) -> list[str]:
        """Take the lock of each room nobody holds, in one round trip: the keys taken."""
        async with self._claiming:
            wanted = {lock_key(key): key for key in keys if key not in self.owned}
            taken = [key for key in keys if key in self.owned]
            if wanted:
                rows = await self._query("SELECT k FROM unnest(%s::bigint[]) AS k "
                                         "WHERE pg_try_advisory_lock(k)", (list(wanted),))
                for (number,) in rows:
                    self.owned.add(wanted[number])
                    taken.append(wanted[number])
            return taken

    async def release(self, key: str) -> None:
        """Let the room go: another process may take it now."""
        async with self._claiming:
            if key in self.owned:
                self.owned.discard(key)
                await self._query("SELECT pg_advisory_unlock(%s)", (lock_key(key),))

    async def held(self) -> dict[int, str]:
        """Every room lock a live process holds, with that process's address, as read after
        this call began (callers waiting together share one reading)."""
        asked = self._readings_begun
        async with self._reading:
            last = self._last_reading
            if last is not None and last[0] > asked:  # begun after this call: fresh enough
                return dict(last[1])
            if self.conn is None or self.conn.closed:
                raise OwnershipLost("not connected")
            self._readings_begun += 1
            number, self._last_reading = self._readings_begun, None
            try:
                locks = await held_locks(self.conn)
            except psycopg.Error as exc:
                raise OwnershipLost(str(exc).strip()) from None
            self._last_reading = (number, locks)
            return dict(locks)

    async def owner(self, key: str) -> str | None:
        """The address of the process that owns the room now, or None: nobody does."""
        return (await self.held()).get(lock_key(key))

    async def servers(self) -> list[str]:
        """The addresses of every live process (this one too)."""
        return [row[0] for row in await self._query(_LIVE)]

    async def close(self) -> None:
        """Let every room go at once (closing the connection ends its locks)."""
        self.owned = set()
        if self.conn is not None:
            await self.conn.close()
