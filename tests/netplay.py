"""Helpers of the network tests: a server on 127.0.0.1 with a free port, clients, time limits."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from urland.bots.registry import make_bot
from urland.net.client import NetClient
from urland.net.seat_runner import run_seat
from urland.net.server import GameServer, ServerOptions, bound_port

LIMIT = 60.0  # seconds any one network scenario may take


def run(coro, limit: float = LIMIT):
    """Run a scenario, failing it (not hanging) when it takes longer than `limit`."""
    return asyncio.run(asyncio.wait_for(coro, limit))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.asynccontextmanager
async def serving(options: ServerOptions | None = None, port: int = 0
                  ) -> AsyncIterator[tuple[GameServer, str]]:
    """A server on 127.0.0.1 and its address (host:port)."""
    server = GameServer(options or ServerOptions(hello_seconds=2.0))
    async with server.serve("127.0.0.1", port) as ws_server:
        await server.start()
        try:
            yield server, f"127.0.0.1:{bound_port(ws_server)}"
        finally:
            await server.close()


async def seated(address: str, room: str, name: str = "", token: str | None = None
                 ) -> NetClient:
    client = NetClient(address, room, name, token)
    client.keep_messages = True
    await client.connect()
    return client


async def play_seat(client: NetClient, seed: int, bot: str = "random",
                    history_dir: Path | None = None, patience: float = 30.0) -> int:
    return await run_seat(client, make_bot(bot, seed), patience=patience,
                          history_dir=history_dir)


async def play_until_an_action_to_take_back(client: NetClient, seed: int = 1) -> list:
    """Play `client`'s seat with the random bot until its own Ichto turn has an action it
    could take back; those actions."""
    from urland.engine import ACTION

    bot = make_bot("random", seed)
    while True:
        view = client.mirror.view
        if view.my_turn and view.state.phase == ACTION:
            actions = [o.move for o in view.legal_options()
                       if o.move.kind not in ("end", "double")]
            if actions:
                return actions
        if view.my_turn:
            await client.play(bot.choose(view))
        await client.receive(5)


def urland_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "urland", *args]


def serve_process(env: dict[str, str], *args: str) -> subprocess.Popen:
    """A real `urland serve` process with these arguments, once it says it is listening."""
    server = subprocess.Popen(urland_command("serve", *args), env=env, stdout=subprocess.PIPE,
                              text=True)
    assert server.stdout is not None
    if "listening" not in server.stdout.readline():
        server.kill()
        server.wait()
        raise AssertionError("the server did not say it is listening")
    return server


@contextlib.asynccontextmanager
async def restarted(rooms_dir: Path) -> AsyncIterator[GameServer]:
    """A server started again on the same folder, as after a stop or a crash: it has read its
    rooms back."""
    again = GameServer(ServerOptions(rooms_dir=rooms_dir))
    try:
        yield again
    finally:
        await again.close()


class ThreadedServer:
    """A server on 127.0.0.1 in a thread of its own, for a test whose window runs in the main
    thread: at `port` (0: any free one, read back), its rooms kept in `rooms` (None: in
    memory). Stopped and started again on one folder and port, it carries on the same game."""

    def __init__(self, rooms: Path | None = None, port: int = 0) -> None:
        self.rooms, self.port = rooms, port

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self, open_room: tuple | None = None) -> ThreadedServer:
        """Serve (with `open_room`'s (code, kinds, seed) opened first, if given)."""
        import threading

        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete,
                                       args=(self._serve(open_room),), daemon=True)
        self.thread.start()
        assert self.ready.wait(10)
        return self

    async def _serve(self, open_room: tuple | None) -> None:
        self.stopping = asyncio.Event()
        options = ServerOptions(hello_seconds=2.0) if self.rooms is None else ServerOptions(
            rooms_dir=self.rooms, hello_seconds=2.0)
        server = GameServer(options)
        async with server.serve("127.0.0.1", self.port) as ws:
            self.port = bound_port(ws)
            if open_room is not None:
                server.open_room(*open_room)
            await server.start()
            self.ready.set()
            await self.stopping.wait()
            await server.close()

    def stop(self) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.stopping.set)
            self.thread.join(10)
            self.loop.close()
