"""A game hosted from the game itself: the same server code, in a background thread.

New game with online seats opens a room here (its AI seats played by the server's bots), takes
the host's own seat with a token, listens on every address of this computer (port 8765, or
the next free one), and announces itself on the local network. The host's table joins its own
seat through 127.0.0.1 like any client, so it is sent only that seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import threading
from pathlib import Path

from urland import paths
from urland.net.client import DEFAULT_PORT
from urland.net.discovery import Advert, local_addresses
from urland.net.room import REMOTE, SECRET_SEED_BELOW, new_room_code
from urland.net.server import GameServer, ServerOptions, bound_port

PORTS_TRIED = 10
LISTEN_ON = "0.0.0.0"  # every address of this computer: friends reach it on the network
STAND_IN_AFTER = 300.0  # seconds a friend may be away before an AI plays their seat for them


def hosted_dir() -> Path:
    """Where games hosted from the game are kept: apart from `serve`'s rooms, so neither
    carries on the other's games."""
    return paths.data_dir() / "hosted"


class HostedGame:
    def __init__(self, kinds: list[str], names: list[str], colours: list[int], here: int,
                 seed: int | None = None, host: str | None = None,
                 port: int | None = None) -> None:
        """`kinds`: "online", "human" (the one seat played here) or an AI level per seat.
        `seed` is for tests only: a real hosted game draws an unguessable one (whoever knows
        the seed knows the pile, every hand and the face-down chip)."""
        if seed is None:
            seed = secrets.randbelow(SECRET_SEED_BELOW)
        self.code = new_room_code()
        self.loop = asyncio.new_event_loop()
        self.server = GameServer(ServerOptions(rooms_dir=hosted_dir(),
                                               ai_after=STAND_IN_AFTER))
        room_kinds = [REMOTE if k in ("online", "human") else k for k in kinds]
        self.room = self.server.open_room(self.code, room_kinds, seed, colours, names)
        self.token = self.room.claim(here, names[here])
        self.port = 0
        self._stop: asyncio.Event | None = None
        started = threading.Event()
        self.failure: BaseException | None = None
        where = (host or LISTEN_ON, DEFAULT_PORT if port is None else port)
        self.thread = threading.Thread(target=self._run, args=(*where, started),
                                       daemon=True, name="urland-host")
        self.thread.start()
        started.wait(10)
        if self.failure is not None:
            raise OSError(f"cannot host: {self.failure}")
        self.advert = Advert(self.port, f"Urland {names[here]}")

    def _run(self, host: str, port: int, started: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve(host, port, started))
        except BaseException as exc:  # the port is taken, no network: told to New game
            self.failure = exc
            started.set()

    async def _serve(self, host: str, port: int, started: threading.Event) -> None:
        self._stop = asyncio.Event()
        last: OSError | None = None
        for candidate in ([0] if port == 0 else range(port, port + PORTS_TRIED)):
            try:
                async with self.server.serve(host, candidate) as ws:
                    self.port = bound_port(ws)
                    await self.server.start()
                    started.set()
                    await self._stop.wait()
                    await self.server.close()
                    return
            except OSError as exc:
                last = exc
        raise last or OSError("no free port")

    @property
    def local_address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def addresses(self) -> list[str]:
        """Where friends reach this game: host:port for each address of this computer."""
        return [f"{a}:{self.port}" for a in local_addresses()] + [
            f"{socket.gethostname()}:{self.port}"]

    def close(self) -> None:
        """Stop hosting (the room stays kept in `hosted/`)."""
        self.advert.close()
        if self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(5)
