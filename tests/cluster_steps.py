"""Helpers of the tests of several `serve` processes on one PostgreSQL: real processes on
127.0.0.1, the database's own word on who owns a room, and each client's told views checked
against the finished game. Every wait is bounded and waits on an event (a line printed, a
notice heard, a message received), never on a sleep."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
from netplay import free_port, serve_process

from urland.cluster.bulletin import Listener, Notice
from urland.cluster.ownership import held_locks, lock_key
from urland.engine import Game
from urland.master.room import room_key
from urland.net.client import NetClient
from urland.net.wire import view_to_wire

CODE = "CLUSTER-ROOM"


class ServeProcess:
    """One `serve --store postgresql://... --advertise ...` process on 127.0.0.1."""

    def __init__(self, database: str, home: Path, *extra: str,
                 env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.address = f"ws://127.0.0.1:{self.port}"
        home.mkdir(parents=True, exist_ok=True)
        self.home = home
        self.env = {**os.environ, "URLAND_HOME": str(home), **(env or {})}
        self.args = ("--host", "127.0.0.1", "--port", str(self.port), "--no-announce",
                     "--store", database, "--advertise", self.address, *extra)
        self.process: subprocess.Popen | None = None

    def start(self) -> ServeProcess:
        """Started, once it says it is listening (it has joined the cluster by then)."""
        self.process = serve_process(self.env, *self.args)
        return self

    def kill(self) -> None:
        """kill -9: no goodbye, its database connections cut by the kernel."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)

    def stop(self) -> None:
        """Ctrl+C: the process lets its rooms go, then ends."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()

    def history(self) -> list[Path]:
        return sorted((self.home / "history").glob("*.yaml"))


async def owner_of(database: str, code: str = CODE) -> str | None:
    """The address of the process that owns the room, as PostgreSQL's locks say."""
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as conn:
        return (await held_locks(conn)).get(lock_key(room_key(code)))


@contextlib.asynccontextmanager
async def notices(database: str) -> AsyncIterator[asyncio.Queue[Notice]]:
    """Every notice the processes send, in a queue, while the block runs."""
    heard: asyncio.Queue[Notice] = asyncio.Queue()

    async def on_notice(notice: Notice) -> None:
        await heard.put(notice)

    async def on_again() -> None:
        return None
    listener = Listener(database, on_notice, on_again)
    listener.start()
    await asyncio.wait_for(listener.listening.wait(), 20)
    try:
        yield heard
    finally:
        await listener.close()


async def until_change(heard: asyncio.Queue[Notice], number: int, code: str = CODE,
                       limit: float = 60) -> Notice:
    """The first notice that the room has kept its change `number` or a later one."""
    key = room_key(code)

    async def wait() -> Notice:
        while True:
            notice = await heard.get()
            if notice.key == key and notice.kind == "changed" and notice.number >= number:
                return notice
    return await asyncio.wait_for(wait(), limit)


def told_views_fit(client: NetClient, record: Game) -> int:
    """Check every view the client was told against the finished game at that move (so no
    move it was told of is missing from the record, nor any other move in between); the
    number of views checked."""
    seat = client.mirror.seat
    told: dict[int, list[dict]] = {}
    for msg in client.received:
        if msg["type"] == "update":
            told.setdefault(msg["at"], []).append(msg["view"])
    game = record.again()
    checked = 0
    for n in range(len(record.moves) + 1):
        for view in told.pop(n, []):
            assert view == view_to_wire(game.view(seat)), f"seat {seat} was told another move {n}"
            checked += 1
        if n < len(record.moves):
            game.play(record.moves[n])
    assert not told, f"seat {seat} was told moves the record does not hold: {sorted(told)}"
    return checked


def store_finished_moves(database: str, code: str = CODE) -> list[str]:
    """The moves of the room's finished game as the store keeps it."""
    from urland.master.room import Room

    with psycopg.connect(database) as conn:
        row = conn.execute("SELECT snapshot FROM finished_rooms WHERE room = %s "
                           "ORDER BY seq DESC LIMIT 1", (room_key(code),)).fetchone()
    assert row is not None, "the store has no finished room under the code"
    return Room.from_text(row[0], "finished room").game.notation()


class WatchedClient(NetClient):
    """A client that says (an event) when the server's store refused one of its moves."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.not_kept = asyncio.Event()

    async def _receive(self, timeout: float | None = None) -> dict:
        msg = await super()._receive(timeout)
        if msg["type"] == "refused" and msg.get("code") == "not-kept":
            self.not_kept.set()
        return msg


@contextlib.asynccontextmanager
async def refuse_writes(database: str) -> AsyncIterator[None]:
    """While the block runs, the database refuses every new change with PostgreSQL's own
    "disk full" error (a trigger on the store's table of changes: it stands in for a full
    disk, which a test cannot make on a shared machine)."""
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as conn:
        await conn.execute(
            "CREATE FUNCTION urland_test_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "RAISE EXCEPTION 'no space left on device' USING ERRCODE = 'disk_full'; END $$")
        await conn.execute("CREATE TRIGGER urland_test_full BEFORE INSERT ON changes "
                           "FOR EACH ROW EXECUTE FUNCTION urland_test_full()")
        try:
            yield
        finally:
            await conn.execute("DROP TRIGGER urland_test_full ON changes")
            await conn.execute("DROP FUNCTION urland_test_full()")
