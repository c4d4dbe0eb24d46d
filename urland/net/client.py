"""The client: one seat of a room on a server, without pygame.

`NetClient` connects, says hello and keeps a `Mirror` of what its seat knows: its view, its
log, who is connected, the chat, and at the end the replayed record. `play_online` is the
whole life of a client: it plays a bot's moves when asked to (autoplay), keeps the finished
game in the history, and comes back with its token when the connection drops.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import random
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from urland.engine import Event, Game, Move, PlayerView, SaveError, format_move
from urland.net import protocol as p
from urland.net.addresses import server_url
from urland.net.wire import event_from_wire, record_from_wire, view_from_wire
from urland.records import history
from urland.seats import is_person

RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 3.0)
# Each wait is stretched by up to this share, at random, so that the clients of a server
# that went away do not all come back in the same instant.
RETRY_SPREAD = 0.5
MAX_HOPS = 4  # `elsewhere` followed at most this many times in one connection
MAX_ADDRESSES = 16  # addresses of one server's processes a client keeps


class JoinRefused(Exception):
    """The server would not seat this client; `code` says why (no-room, token, version ...)."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


def why_not_reached(exc: BaseException) -> str:
    """Why a connection could not be made, in words (not the system's error numbers)."""
    if isinstance(exc, socket.gaierror):
        return "no computer of that name was found (check the address)"
    if isinstance(exc, TimeoutError):
        return "nothing answered in time (check the address, and that the game or server is on)"
    if isinstance(exc, ConnectionRefusedError) or getattr(exc, "errno", None) == \
            errno.ECONNREFUSED or f"[Errno {errno.ECONNREFUSED}]" in str(exc):  # (or several)
        return "nothing is listening there (is the game hosted, or the server started, " \
            "on that port?)"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[:1].lower() + exc.strerror[1:]
    if isinstance(exc, InvalidURI):
        return "that is not a server address (write host:port, or a ws:// address)"
    if isinstance(exc, InvalidHandshake):
        return "what answered there is not an Urland game"
    return str(exc)


@dataclass
class Mirror:
    """What one seat knows of its game, as the server told it."""

    seat: int | None = None
    room: str = ""
    players: int = 0
    colours: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    view: PlayerView | None = None
    log: list[Event] = field(default_factory=list)
    at: int = 0  # moves played so far
    can_undo: bool = False
    undoable: str = ""  # the move an undo takes back, as the server writes it ('' unknown)
    connected: list[bool] = field(default_factory=list)
    stand_in: list[bool] = field(default_factory=list)
    # per seat: when (time.monotonic) an AI will stand in for the missing player; None: never
    stand_in_at: list[float | None] = field(default_factory=list)
    joined: list[bool] = field(default_factory=list)  # per seat: taken by someone (or an AI)
    lobby: bool = False  # the host has not started the game yet
    host: list[int] = field(default_factory=list)  # the seats played at the hosting computer
    chat: list[tuple[str, str]] = field(default_factory=list)  # the last CHAT_KEPT lines
    # ... and beside each, its place: how many events of `log` came before it was said
    chat_places: list[int] = field(default_factory=list)
    chat_count: int = 0  # lines taken into `chat` since the start (a window counts by it)
    chat_name: str = ""  # the server's chat of the room, whose lines are numbered ...
    chat_last: int = 0  # ... and the number of the last line of it taken in
    server_start: str = ""  # the name of the server's start that welcomed us last ...
    restarts: int = 0  # ... and how many times another start welcomed us since
    refused: str = ""
    refused_code: str = ""  # "not-kept": the server's disk refused the move
    record: Game | None = None
    record_seats: list[dict[str, str]] = field(default_factory=list)

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.view.my_turn

    @property
    def over(self) -> bool:
        return self.record is not None

    def apply(self, msg: dict) -> None:
        """Take in one server message; ProtocolError when it is damaged."""
        handler = _HANDLERS.get(msg["type"])
        if handler is not None:
            handler(self, msg)

    def waiting_for(self) -> list[str]:
        """The names of the players whose connection is lost (and no AI plays for them)."""
        return [self.names[i] for i, up in enumerate(self.connected)
                if not up and is_person(self.kinds[i]) and self.has_joined(i) and not (
                    i < len(self.stand_in) and self.stand_in[i])]

    def has_joined(self, seat: int) -> bool:
        return seat >= len(self.joined) or self.joined[seat]

    def free_seats(self) -> int:
        """Seats nobody has taken yet (players still to join)."""
        return sum(1 for i in range(len(self.joined)) if not self.joined[i])


def _welcome(m: Mirror, msg: dict) -> None:
    try:
        m.seat, m.room, m.players = int(msg["seat"]), str(msg["room"]), int(msg["players"])
        m.colours = [int(c) for c in msg["colours"]]
        m.names = [str(n) for n in msg["names"]]
        m.kinds = [str(k) for k in msg["kinds"]]
        m.host = [int(s) for s in msg.get("host", [])]
    except (KeyError, TypeError, ValueError):
        raise p.ProtocolError("the server sent a damaged welcome") from None
    started = msg.get("server")
    if isinstance(started, str) and started:
        if m.server_start and started != m.server_start:
            m.restarts += 1
        m.server_start = started


def _update(m: Mirror, msg: dict) -> None:
    start, events = msg.get("log_from"), msg.get("events")
    if not isinstance(start, int) or not isinstance(events, list) or start > len(m.log):
        raise p.ProtocolError("the server sent a damaged update")
    m.view = view_from_wire(msg.get("view"))
    m.log = m.log[:start] + [event_from_wire(e, m.seat) for e in events]
    m.at = int(msg.get("at", 0))
    m.can_undo = bool(msg.get("can_undo"))
    undoable = msg.get("undoable", "")
    m.undoable = undoable[:80] if isinstance(undoable, str) else ""
    m.refused = ""
    m.refused_code = ""


def _seconds(value: object) -> float:
    """A count of seconds a server sent: ValueError unless it is a number from 0 to a day."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(value)
    if not 0 <= value <= 86400:  # NaN fails too
        raise ValueError(value)
    return float(value)


def _presence(m: Mirror, msg: dict) -> None:
    try:
        m.names = [str(n) for n in msg.get("names", m.names)]
        m.connected = [bool(c) for c in msg.get("connected", [])]
        m.stand_in = [bool(c) for c in msg.get("stand_in", [])]
        now = time.monotonic()
        m.stand_in_at = [None if s is None else now + _seconds(s)
                         for s in msg.get("stand_in_in", [])]
        m.joined = [bool(c) for c in msg.get("joined", [])]
        m.kinds = [str(k) for k in msg.get("kinds", m.kinds)]
    except (TypeError, ValueError):
        raise p.ProtocolError("the server sent a damaged presence") from None
    m.lobby = bool(msg.get("lobby", False))


CHAT_KEPT = 50
CHAT_NOTICE = ""  # the name of a line the server said to this seat alone (its text: a code)


def _chat(m: Mirror, msg: dict) -> None:
    """A line said; one sent again after a reconnect (its number already had) is dropped."""
    number, chat = msg.get("n"), msg.get("chat")
    if isinstance(number, int) and not isinstance(number, bool) and isinstance(chat, str):
        if chat != m.chat_name:  # another chat (the server started again): count anew
            m.chat_name, m.chat_last = chat[:16], 0
        if number <= m.chat_last:
            return
        m.chat_last = number
    name = str(msg.get("name", ""))[:24] or "?"
    _said(m, (name, str(msg.get("text", ""))[:200]), _place(m, msg))


def _place(m: Mirror, msg: dict) -> int:
    """Where a line goes in the log: a line said earlier and sent again (after a welcome)
    comes with `log`, this seat's events before the position it was said at (`at`); a line
    said just now goes after the log as it is."""
    place = msg.get("log")
    if isinstance(place, int) and not isinstance(place, bool) and 0 <= place <= len(m.log):
        return place
    return len(m.log)


def _said(m: Mirror, line: tuple[str, str], place: int) -> None:
    m.chat = [*m.chat[-(CHAT_KEPT - 1):], line]
    m.chat_places = [*m.chat_places[-(CHAT_KEPT - 1):], place]
    m.chat_count += 1


def _chat_refused(m: Mirror, msg: dict) -> None:
    """The server refused this seat's line (too fast): a notice, for this seat only."""
    _said(m, (CHAT_NOTICE, str(msg.get("code", ""))[:20]), len(m.log))


def _refused(m: Mirror, msg: dict) -> None:
    m.refused = str(msg.get("message", ""))[:300]
    m.refused_code = str(msg.get("code", ""))[:20]


def _over(m: Mirror, msg: dict) -> None:
    if m.record is None:
        m.record, m.record_seats = record_from_wire(msg.get("record"))


_HANDLERS: dict[str, Callable[[Mirror, dict], None]] = {
    "welcome": _welcome, "update": _update, "presence": _presence, "chat": _chat,
    "chat-refused": _chat_refused, "refused": _refused, "over": _over}


class NetClient:
    def __init__(self, address: str, room: str, name: str = "", token: str | None = None,
                 tls: ssl.SSLContext | None = None, bot: str = "", identity: str = "") -> None:
        self.url = server_url(address)
        self.room, self.name, self.token, self.tls = room, name, token, tls
        self.bot = bot  # the level of the bot that plays the seat from here ("": a person)
        # The player's identity key for this server (`Identity.key_for` of the address the
        # player gave: kept when sent to another of its processes); "": none
        self.identity = identity
        self.refusal = ""  # why the server would not take the seat back (a reconnect refused)
        self.mirror = Mirror()
        self.ws: ClientConnection | None = None
        self.received: list[dict] = []  # every message, when `keep_messages` (tests read them)
        self.keep_messages = False
        # Held while a message is taken into the mirror (a window reads it from another thread).
        self.lock = threading.Lock()
        self.source: str | None = None  # the local address to connect from (None: any)
        # Every address of the server this client has reached or been sent to (`elsewhere`):
        # when the one it is on is lost, it tries the others for its seat.
        self.addresses: list[str] = [self.url]
        self.moved = False  # just sent elsewhere: the next connection goes at once
        # The token was kept for this room code at another address (a server reached by
        # another of its addresses): refused there as a token of another server's room of
        # the same code, the seat is asked for as a newcomer's.
        self.token_guessed = False

    def follow(self, address: object) -> bool:
        """Go to the address an `elsewhere` names, keeping the seat's token; False (and
        nothing changes) for an address that is not one, or a plain ws:// one after wss://
        (the token would then cross the network unencrypted)."""
        url = self.learn(address)
        if url is None:
            return False
        self.url, self.moved = url, True
        return True

    def learn(self, address: object) -> str | None:
        """Keep another address of the server (its URL), to try when this one is lost; None
        when it is not one this client may use (see `follow`)."""
        if not isinstance(address, str) or len(address) > p.MAX_ADDRESS:
            return None
        try:
            url = server_url(address)
        except ValueError:
            return None
        if self.url.startswith("wss:") and not url.startswith("wss:"):
            return None
        if url not in self.addresses and len(self.addresses) < MAX_ADDRESSES:
            self.addresses.append(url)
        return url

    def try_next_address(self) -> None:
        """The server at this address is out of reach: the next one known is tried."""
        if len(self.addresses) > 1 and self.url in self.addresses:
            self.url = self.addresses[(self.addresses.index(self.url) + 1) % len(self.addresses)]

    async def connect(self, timeout: float = 10.0) -> None:
        """Connect and take the seat; JoinRefused with the server's reason when refused. A
        process of the server that does not serve the room sends this client where it is
        served (`elsewhere`): followed at once, a few times at most."""
        for _hop in range(MAX_HOPS):
            try:
                if await self._connect_here(timeout):
                    return
            except JoinRefused as exc:
                if not (self.token_guessed and exc.code == "token"):
                    raise
                self.token, self.token_guessed = None, False  # not this server's: a newcomer
        raise ConnectionError(f"the server sent this client elsewhere {MAX_HOPS} times over")

    async def connect_first(self, timeout: float = 10.0) -> None:
        """Connect through the first of the addresses known that answers (a process of the
        server that is gone is passed over); the last one's failure when none answers."""
        for tried in range(len(self.addresses)):
            try:
                await self.connect(timeout)
                return
            except (ConnectionError, TimeoutError):
                if tried == len(self.addresses) - 1:
                    raise
                self.try_next_address()

    async def _connect_here(self, timeout: float) -> bool:
        """Take the seat at `url`; False when sent elsewhere (`url` is the new address)."""
        self.moved = False
        kwargs: dict[str, object] = {}
        if self.url.startswith("wss:"):  # no context given: the system's authorities
            kwargs["ssl"] = self.tls or ssl.create_default_context()
        if self.source is not None:
            kwargs["local_addr"] = (self.source, 0)
        try:
            self.ws = await connect(self.url, max_size=p.MAX_SERVER_MESSAGE, open_timeout=timeout,
                                    compression=None, **kwargs)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise ConnectionError(f"cannot reach {self.url}: {why_not_reached(exc)}") from None
        with contextlib.suppress(ConnectionClosed):  # refused at once: its reason is read next
            await self.ws.send(p.encode(self._hello()))
        first = await self._receive(timeout)
        if first["type"] == "elsewhere":
            await self.close()
            if not self.moved:
                raise p.ProtocolError("the server sent this client to an address it cannot use")
            return False
        if first["type"] == "error":
            await self.close()
            raise JoinRefused(str(first.get("message", "refused")), str(first.get("code", "")))
        if first["type"] != "welcome":
            raise p.ProtocolError("the server did not welcome this client")
        token = first.get("token", self.token)
        servers = first.get("servers")
        for address in servers[:MAX_ADDRESSES] if isinstance(servers, list) else ():
            self.learn(address)  # the server's other processes, should this one be lost
        while self.mirror.view is None:  # the seat's view follows the welcome at once
            msg = await self._receive(timeout)
            if msg["type"] == "error":  # a newcomer's seat the server could not keep after all
                await self.close()
                raise JoinRefused(str(msg.get("message", "refused")), str(msg.get("code", "")))
        if "token" in first and self.name and self._renamed():
            _said(self.mirror, (CHAT_NOTICE, "renamed"), len(self.mirror.log))
        self.token = token
        return True

    def _hello(self) -> dict:
        hello = {"type": "hello", "version": p.VERSION, "room": self.room}
        optional = {"token": self.token, "name": self.name, "bot": self.bot,
                    "identity": self.identity}
        hello.update({field: value for field, value in optional.items() if value})
        return hello

    def _renamed(self) -> bool:
        """A newcomer seated under another name than the one asked (it was taken, or looked
        like one taken): the player is told, not left to find two of themselves."""
        from urland.master.names import clean_name

        m = self.mirror
        given = m.names[m.seat] if m.seat is not None and m.seat < len(m.names) else ""
        return bool(given) and given != clean_name(self.name)

    async def _receive(self, timeout: float | None = None) -> dict:
        assert self.ws is not None
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        msg = p.decode_server_message(raw)
        if msg["type"] == "elsewhere":  # the server closes next; the seat is taken there
            self.follow(msg.get("address"))
        if self.keep_messages:
            self.received.append(msg)
        with self.lock:
            self.mirror.apply(msg)
        return msg

    async def receive(self, timeout: float | None = None) -> dict:
        """The next message, already applied to the mirror (ConnectionClosed at the end)."""
        return await self._receive(timeout)

    async def send(self, message: dict) -> None:
        assert self.ws is not None
        await self.ws.send(p.encode(message))

    async def play(self, move: Move, at: int | None = None) -> None:
        """Send `move` as the answer to the position after `at` moves (default: the position
        known now); the server refuses it when its position has moved on."""
        view = self.mirror.view
        assert view is not None
        await self.send({"type": "move", "move": format_move(move, view.state.board),
                         "at": self.mirror.at if at is None else at})

    async def undo(self) -> None:
        await self.send({"type": "undo", "at": self.mirror.at})

    async def chat(self, text: str) -> None:
        await self.send({"type": "chat", "text": text[:p.MAX_CHAT]})

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()


def keep_record(mirror: Mirror, folder: Path) -> Path | None:
    """The finished game in this side's history; None when it could not be written."""
    if mirror.record is None:
        return None
    try:
        return history.write_record(mirror.record, mirror.record_seats, folder)
    except (OSError, SaveError, ValueError):
        return None


async def retry_wait(seconds: float) -> None:
    """The wait between rounds of tries to reconnect (tests count them)."""
    await asyncio.sleep(seconds)


async def reconnect(client: NetClient, patience: float) -> bool:
    """Take the seat again with its token, trying for `patience` seconds; False if in vain.
    A server that answers with a refusal (or an answer this client cannot take in) is final:
    False at once, with the reason in `client.refusal`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    attempt = 0
    tried: set[str] = set()  # the addresses tried since the last wait
    while loop.time() < deadline:
        # A wait before each round over the addresses known, none before another address
        # (the server's other processes, when the one it was on is gone) or after `elsewhere`.
        if not client.moved and (not tried or client.url in tried):
            wait = RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)]
            await retry_wait(wait * (1 + RETRY_SPREAD * random.random()))
            attempt += 1
            tried = set()
        tried.add(client.url)
        try:
            await client.connect()
            return True
        except JoinRefused as exc:
            if exc.code == "busy":  # too many connections from this address: for now
                continue
            client.refusal = str(exc)
            return False
        except (ConnectionError, ConnectionClosed, TimeoutError, p.ProtocolError):
            client.try_next_address()
            continue
        except ValueError as exc:  # the server's answer does not fit this game
            await client.close()
            client.refusal = str(exc) or "the server's answer does not fit this seat"
            return False
    return False
