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
import threading
from pathlib import Path

from urland.master.room import REMOTE, SECRET_SEED_BELOW, new_room_code
from urland.net import protocol as p
from urland.net.addresses import DEFAULT_PORT
from urland.net.client import NetClient
from urland.net.discovery import Advert
from urland.net.hosted_memory import HostedRecord, hosted_dir, keep_hosted
from urland.net.invite import reachable
from urland.net.link import NetLink
from urland.net.server import GameServer, ServerOptions, bound_port, send_away
from urland.seats import STAND_IN, is_person

PORTS_TRIED = 10
LISTEN_ON = "0.0.0.0"  # every address of this computer: friends reach it on the network
STAND_IN_AFTER = 300.0  # seconds a friend may be away before an AI plays their seat for them


class HostedGame:
    def __init__(self, kinds: list[str], names: list[str], colours: list[int],
                 here: int | list[int], seed: int | None = None, host: str | None = None,
                 port: int | None = None, lobby: bool = False, code: str | None = None,
                 tokens: dict[int, str] | None = None) -> None:
        """`kinds`: "online", "human" (a seat played here) or an AI level per seat; `here`:
        the seats played at this screen, each joined with its own token. `lobby`: the game
        waits for `start` while friends join. `code` and `tokens`: a hosted game carried on
        (its room is read back from the rooms folder). `seed` is for tests only: a real hosted
        game draws an unguessable one (whoever knows the seed knows the pile, every hand and
        the face-down chip)."""
        if seed is None:
            seed = secrets.randbelow(SECRET_SEED_BELOW)
        self.code = code or new_room_code()
        self.loop = asyncio.new_event_loop()
        self.server = GameServer(ServerOptions(rooms_dir=hosted_dir(), ai_after=STAND_IN_AFTER))
        if tokens is None:
            self.here = [here] if isinstance(here, int) else list(here)
            room_kinds = [REMOTE if is_person(k) else k for k in kinds]
            self.room = self.server.open_room(self.code, room_kinds, seed, colours, names)
            self.room.lobby = lobby
            self.tokens = {seat: self.room.claim(seat, names[seat]) for seat in self.here}
        else:  # carried on: the room is read back where it stood
            room = self.server.room(self.code)
            if room is None or room.game.over:
                raise OSError("the hosted game is no longer kept")
            self.room, self.tokens, self.here = room, dict(tokens), sorted(tokens)
            # Stopped before it started: friends may still join, so the lobby again.
            self.room.lobby = any(s.remote and not s.taken for s in room.seats)
        self.room.host_seats = list(self.here)
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
        self.advert = Advert(self.port, f"Urland {self.room.names()[self.here[0]]}")
        keep_hosted(self.code, self.port, self.tokens)  # for Continue, after a quit or crash

    @classmethod
    def resume(cls, record: HostedRecord) -> HostedGame:
        """Carry on a hosted game that stopped: the same room code, port (when free) and
        tokens, so friends' windows come back to their seats by themselves. OSError when it
        cannot be hosted again."""
        return cls([], [], [], sorted(record.tokens), port=record.port, code=record.code,
                   tokens=record.tokens)

    @property
    def token(self) -> str:
        """The token of the first seat played here."""
        return self.tokens[self.here[0]]

    def start(self, stand_in: str = STAND_IN) -> None:
        """Start a game opened as a lobby: an AI (`stand_in`) takes every seat nobody took."""
        asyncio.run_coroutine_threadsafe(self.server.start_room(self.code, stand_in),
                                         self.loop).result(10)

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
                    await send_away(self.server, p.CLOSE_HOST_LEFT, "the host closed this game")
                    await self.server.close()
                    return
            except OSError as exc:
                last = exc
        raise last or OSError("no free port")

    @property
    def local_address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def addresses(self) -> list[str]:
        """Where friends reach this game, each as a URL one can type: every address of this
        computer, its name, and last this computer itself (a second window here)."""
        return reachable(self.port)

    def close(self) -> None:
        """Stop hosting (the room stays kept in `hosted/`)."""
        self.advert.close()
        if self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(5)


def join_here(hosted: HostedGame, history_dir: Path | None, bot: str = "") -> list[NetLink]:
    """One connection per seat played here, through 127.0.0.1, each with its own token (the
    first keeps the finished game in the history); `bot`: the level of the bot that plays
    them (the window's autoplay; "": the people at this screen). ConnectionError, JoinRefused
    when one cannot be made (those already made are closed)."""
    links: list[NetLink] = []
    try:
        for i, seat in enumerate(hosted.here):
            client = NetClient(hosted.local_address, hosted.code, "", hosted.tokens[seat],
                               bot=bot)
            links.append(NetLink.open(client, history_dir if i == 0 else None))
    except BaseException:
        for link in links:
            link.close()
        raise
    return links
