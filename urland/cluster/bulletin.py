"""News between `serve` processes on one PostgreSQL: `LISTEN/NOTIFY` on one channel.

A notice is one line: what happened, the room's key (a hash of its code, never the code) and
its change number — never a move, a name, a token or a seed. Kinds:

- `changed KEY N`: the room's owner kept its change number N;
- `released KEY N`: the owner let the room go at change N (it is stopping): take it now;
- `owned KEY N`: a process took the room, rebuilt up to change N.

The channel is the database's (`urland_rooms`): every process of one server (one database)
hears every notice, and no other server's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import psycopg

log = logging.getLogger("urland.server")

CHANNEL = "urland_rooms"
KINDS = ("changed", "released", "owned")
_NOTICE = re.compile(r"(changed|released|owned) ([0-9a-f]{24}) ([0-9]{1,12})")
RETRY_SECONDS = 1.0  # between tries to listen again after the connection was lost


@dataclass(frozen=True)
class Notice:
    kind: str
    key: str
    number: int

    def text(self) -> str:
        return f"{self.kind} {self.key} {self.number}"


def read_notice(payload: str) -> Notice | None:
    """A notice from its payload; None for anything else (never trusted further)."""
    found = _NOTICE.fullmatch(payload)
    return None if found is None else Notice(found[1], found[2], int(found[3]))


async def tell(conn: psycopg.AsyncConnection, *notices: Notice) -> None:
    """Send the notices to every process listening, in one statement and one round trip to
    the database: delivered together, at its end (on an autocommit connection: at once)."""
    await conn.execute("SELECT pg_notify(%s, text) FROM unnest(%s::text[]) AS text",
                       (CHANNEL, [notice.text() for notice in notices]))


class Listener:
    """Hears the channel on a connection of its own and hands each notice to `heard`; after a
    lost connection it listens again (`reconnected` is called then: notices may have been
    missed meanwhile, so whoever listens looks again)."""

    def __init__(self, url: str, heard: Callable[[Notice], Awaitable[None]],
                 reconnected: Callable[[], Awaitable[None]]) -> None:
        self.url = url
        self.heard = heard
        self.reconnected = reconnected
        self.task: asyncio.Task | None = None
        self.listening = asyncio.Event()  # set while LISTEN is in force

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True, connect_timeout=5,
                        application_name="urland serve listener") as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:
                        await self.reconnected()
                    first = False
                    async for note in conn.notifies():
                        notice = read_notice(note.payload)
                        if notice is not None:
                            await self.heard(notice)
            except psycopg.Error as exc:
                self.listening.clear()
                log.warning("the database's notices are not heard (%s); listening again",
                            str(exc).strip())
                first = False
            await asyncio.sleep(RETRY_SECONDS)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
