"""The authoritative server: rooms of games that clients join over WebSocket.

One asyncio loop serves every room. A client says hello with the room code (and its seat's
token when it comes back); from then on it is bound to one seat and may only send that seat's
moves, an undo, chat lines and pings. After each change every connected seat is sent its own
view, the events of its own log it has not had yet, and at the end the full record. Bots of
AI seats decide in a worker thread from their seat's view. See docs/network-protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from urland.bots.loop import let_bots_watch
from urland.bots.registry import DEFAULT_BOT, Bot, bot_seed, make_bot
from urland.engine import Move
from urland.engine.errors import SaveError
from urland.net import protocol as p
from urland.net.chat_keep import ChatFile, chat_path, read_chat
from urland.net.chat_limit import CHAT_BURST, CHAT_RATE, RoomChat
from urland.net.gate import Gate, GateLimits
from urland.net.guesses import GUESS_BURST, GUESS_RATE, SLOW_DOWN, Guesses
from urland.net.keeper import NotKept, RoomKeeper
from urland.net.listener import listening_socket
from urland.net.log_summary import tame_library_logs
from urland.net.lookalike import skeleton
from urland.net.room import Change, MoveRefused, Room, normal_code, token_hash
from urland.net.wire import events_to_wire, record_to_wire, view_to_wire
from urland.records import history

log = logging.getLogger("urland.server")
# Who takes, leaves and retakes a seat, and how each game ends: what `serve` shows its operator
# (the websockets library logs its connections on `transport_log`: counted by cause, see
# `urland.net.log_summary`).
rooms_log = logging.getLogger("urland.rooms")
transport_log = logging.getLogger("urland.server.transport")
STAND_IN = DEFAULT_BOT  # the bot that plays a missing player's seat once the host allows it
NOT_KEPT = ("The server could not keep this on its disk, so it did not happen. Try again in "
            "a moment.")


@dataclass
class ServerOptions:
    rooms_dir: Path | None = None  # where rooms are kept (None: in memory only)
    history_dir: Path | None = None  # where finished games are kept (None: not kept)
    handshake_seconds: float = 5.0  # a connection that has not finished its handshake: cut
    hello_seconds: float = 10.0  # a connection that says nothing this long is closed
    ping_interval: float | None = 20.0  # keep-alive: a peer that stops answering is dropped
    ping_timeout: float | None = 20.0
    rate: float = 20.0  # messages a second a client may send, on average ...
    burst: int = 40  # ... and at once
    strikes_to_drop: int = 50  # messages slowed down before a flooding client is dropped
    ai_after: float | None = None  # seconds a missing player's decision waits for an AI
    bot_pause: float = 0.0  # seconds a bot waits before it plays (a pace people can follow)
    max_queued: int = 256 * 1024  # bytes waiting for a client that does not read: dropped
    per_address: int = 16  # connections at once from one address, from accept; more: "busy"
    hello_rate: float = 5.0  # hellos a second from one address, on average ...
    hello_burst: int = 20  # ... and at once
    frames_before_hello: int = 4  # frames before (and in) the hello; a ping there: cut
    control_rate: float = 2.0  # pings and pongs a second from a client, on average ...
    control_burst: int = 10  # ... and at once
    max_unsent: int = 256 * 1024  # bytes the transport holds for a peer that does not read
    connect_rate: float = 4.0  # new connections a second from one address, on average ...
    connect_burst: int = 32  # ... and at once; past that, closed at accept
    chat_rate: float = CHAT_RATE  # chat lines a second a seat may say, on average ...
    chat_burst: int = CHAT_BURST  # ... and at once
    guess_rate: float = GUESS_RATE  # wrong room codes or tokens a second per address ...
    guess_burst: int = GUESS_BURST  # ... and at once

    def gate_limits(self) -> GateLimits:
        return GateLimits(self.per_address, self.frames_before_hello, self.control_rate,
                          self.control_burst, self.max_unsent, self.connect_rate,
                          self.connect_burst)


@dataclass
class Bucket:
    """A token bucket: kept per seat (and per address for hellos), not per connection, so a
    client that floods and reconnects is still slowed down, then dropped."""

    rate: float
    burst: int
    strikes_to_drop: int
    tokens: float = -1.0  # -1: full
    strikes: float = 0.0
    last: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = float(self.burst)

    def throttle(self) -> float:
        """Seconds to wait before this message is handled (0: at once); -1: drop the client."""
        now = time.monotonic()
        elapsed, self.last = max(0.0, now - self.last), max(now, self.last)
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.strikes = max(0.0, self.strikes - elapsed)
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        self.strikes += 1
        if self.strikes > self.strikes_to_drop:
            return -1.0
        wait = (1 - self.tokens) / self.rate
        self.tokens = 0.0
        self.last = now + wait
        return wait

    @property
    def idle(self) -> bool:
        return time.monotonic() - self.last > 60


@dataclass
class Client:
    """One connection bound to one seat of one room."""

    ws: ServerConnection
    room: Room
    seat: int
    bucket: Bucket
    log_sent: int = 0  # how many events of its seat's log it has been sent
    # What waits to be sent, written by the connection's own task: one client that stops
    # reading never holds up the others of its room.
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    queued: int = 0  # bytes in the outbox
    writer: asyncio.Task | None = None
    dropped: bool = False


class GameServer:
    def __init__(self, options: ServerOptions | None = None) -> None:
        self.options = options or ServerOptions()
        # Names this start of the server in every welcome: a client that finds another name
        # after a reconnect knows the server restarted (not that each seat dropped).
        self.started_as = secrets.token_hex(4)
        self.rooms: dict[str, Room] = {}
        self.clients: dict[tuple[str, int], Client] = {}
        self.bots: dict[str, dict[int, Bot]] = {}
        self.away_since: dict[tuple[str, int], float] = {}
        self.wakes: dict[str, asyncio.Event] = {}  # wakes a room's driver waiting for a stand-in
        self.drivers: dict[str, asyncio.Task] = {}
        self.locks: dict[str, asyncio.Lock] = {}  # one change at a time in each room
        self.buckets: dict[tuple[str, int], Bucket] = {}  # each seat's flood limit
        self.hello_buckets: dict[str, Bucket] = {}  # each address's limit of hellos
        self.gate = Gate(self.options.gate_limits())  # the transport's limits, from accept
        self.chats: dict[str, RoomChat] = {}  # what each room's seats said, by room key
        self.chat_files: dict[str, ChatFile] = {}  # where each room's chat is kept, by room key
        self.guesses = Guesses(self.options.guess_rate, self.options.guess_burst)
        skeleton("")  # the look-alike tables are built now, not at the first hello
        self.closing = False
        # Called with (room, seat, message) before each message to a seat (tests check it).
        self.observer: Callable[[Room, int, dict], None] | None = None
        self.keeper = RoomKeeper(self.options.rooms_dir)
        for key, room in self.keeper.restore().items():
            self._adopt(key, room)
        self.problems: list[str] = self.keeper.problems

    # --- rooms ------------------------------------------------------------------------------

    def _adopt(self, key: str, room: Room) -> None:
        self.rooms[key] = room
        self.bots[key] = {i: make_bot(s.kind, bot_seed(room.game.seed, i))
                          for i, s in enumerate(room.seats) if not s.remote}
        if room.game.over:
            room.in_history = True  # a room read back finished was kept when it ended
        now = time.monotonic()
        for seat, kept in enumerate(room.seats):  # read back: nobody is connected yet
            if kept.remote and kept.taken:  # so --ai-after counts from now for every player
                self.away_since[(key, seat)] = now

    def open_room(self, code: str, kinds: list[str], seed: int, colours: list[int] | None = None,
                  names: list[str] | None = None) -> Room:
        """The room `code`: carried on where it stood when it exists unfinished, else new."""
        key = normal_code(code)
        old = self.rooms.get(key)
        if old is not None and not old.game.over:
            return old
        room = Room.create(code, kinds, seed, self.options.rooms_dir, colours, names)
        self.keeper.replaced(old, room)
        self._adopt(key, room)
        with contextlib.suppress(RuntimeError):  # no loop yet: `start` lets the bots play
            asyncio.get_running_loop()
            self.kick(key)
        return room

    async def start_room(self, code: str, stand_in: str = STAND_IN) -> None:
        """A room opened as a lobby starts: empty remote seats go to the bot `stand_in`, the
        seats are told, and the room's bots play."""
        key = normal_code(code)
        room = self.rooms[key]
        for seat in room.start(stand_in):
            self.bots[key][seat] = make_bot(stand_in, bot_seed(room.game.seed, seat))
        await self._presence(room)
        self.kick(key)

    def room(self, code: str) -> Room | None:
        return self.rooms.get(normal_code(code))

    def connected(self, room: Room) -> list[bool]:
        key = normal_code(room.code)
        return [(key, i) in self.clients for i in range(len(room.seats))]

    # --- serving ----------------------------------------------------------------------------

    def serve(self, host: str, port: int, tls: ssl.SSLContext | None = None):
        """The websockets server (an async context manager), not yet started."""
        o = self.options
        tame_library_logs(self.gate.tally)
        # The gate's listening socket closes what it refuses at accept (urland.net.listener).
        sock = listening_socket(host, port, self.gate)
        return serve(self.handle, sock=sock, ssl=tls, max_size=p.MAX_CLIENT_MESSAGE,
                     max_queue=4, open_timeout=o.handshake_seconds,
                     ping_interval=o.ping_interval, ping_timeout=o.ping_timeout,
                     close_timeout=2, compression=None, logger=transport_log,
                     create_connection=self.gate.connection,
                     write_limit=min(64 * 1024, o.max_unsent))

    async def start(self) -> None:
        """Let the bots of every room read back take their turns."""
        for key in list(self.rooms):
            self.kick(key)

    async def handle(self, ws: ServerConnection) -> None:
        address = str((ws.remote_address or ("?",))[0])
        if getattr(ws, "over_cap", False):  # counted by the gate from accept
            self.gate.tally.count("connections refused: too many at once from one address")
            await self._refuse(ws, "busy", "Too many connections from your address at once.",
                               p.CLOSE_TOO_MANY)
            return
        await self._handle(ws, address)

    async def _handle(self, ws: ServerConnection, address: str) -> None:
        client = await self._welcome(ws, address)
        if client is None:
            return
        key = normal_code(client.room.code)
        try:
            await self._serve_client(client)
        except ConnectionClosed:
            pass
        finally:
            if client.writer is not None:
                client.writer.cancel()
            if self.clients.get((key, client.seat)) is client:
                rooms_log.info("Room %s: %s left seat %d.", client.room.code,
                               client.room.names()[client.seat], client.seat + 1)
                del self.clients[(key, client.seat)]
                if not client.room.replaced:  # else its seat's clock is the new game's
                    self.away_since[(key, client.seat)] = time.monotonic()
                    if self._serving(ws):  # a server that stops tells nobody seats are away
                        await self._presence(client.room)
                    self.kick(key)

    def _serving(self, ws: ServerConnection) -> bool:
        """False once the server stops (each connection is closed then, none has left)."""
        return not self.closing and ws.server.is_serving()

    async def _refuse(self, ws: ServerConnection, code: str, message: str, close: int) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(p.encode(p.error(code, message)))
            await ws.close(close, code)

    async def _hello(self, ws: ServerConnection) -> dict | None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.options.hello_seconds)
            ws.greeted = True  # the gate's limits before a hello end here
        except (TimeoutError, ConnectionClosed):
            with contextlib.suppress(ConnectionClosed):
                await ws.close(p.CLOSE_SILENT, "no hello")
            return None
        try:
            hello = p.parse_client_message(raw)
        except p.ProtocolError as exc:
            await self._refuse(ws, exc.code, f"Not an Urland client: {exc}.", p.CLOSE_MALFORMED)
            return None
        if hello["type"] != "hello":
            await self._refuse(ws, "malformed", "Say hello first.", p.CLOSE_MALFORMED)
            return None
        if hello["version"] != p.VERSION:
            await self._refuse(ws, "version", p.version_message(hello["version"]),
                               p.CLOSE_VERSION)
            return None
        return hello

    def _hello_bucket(self, address: str) -> Bucket:
        if len(self.hello_buckets) > 1000:  # forget addresses quiet for a minute
            self.hello_buckets = {a: b for a, b in self.hello_buckets.items() if not b.idle}
        o = self.options
        return self.hello_buckets.setdefault(address, Bucket(o.hello_rate, o.hello_burst,
                                                             o.strikes_to_drop))

    def _seat_bucket(self, key: str, seat: int) -> Bucket:
        o = self.options
        return self.buckets.setdefault((key, seat), Bucket(o.rate, o.burst, o.strikes_to_drop))

    async def _welcome(self, ws: ServerConnection, address: str) -> Client | None:
        hello = await self._hello(ws)
        if hello is None:
            return None
        wait = self._hello_bucket(address).throttle()
        if wait < 0:
            await self._refuse(ws, "flood", "Too many connections one after another.",
                               p.CLOSE_FLOOD)
            return None
        await asyncio.sleep(wait)
        found = await self._seat_of(ws, address, hello)
        if found is None:
            return None
        room, seat = found
        key = normal_code(room.code)
        old = self.clients.get((key, seat))
        client = Client(ws, room, seat, self._seat_bucket(key, seat))
        client.writer = asyncio.get_running_loop().create_task(self._write(client))
        self.clients[(key, seat)] = client
        self.away_since.pop((key, seat), None)
        if old is not None:
            with contextlib.suppress(ConnectionClosed):
                await old.ws.close(p.CLOSE_REPLACED, "seat taken again")
        if "token" in hello:
            await self._send(client, self._welcome_message(room, seat))
        rooms_log.info("Room %s: %s %s seat %d.", room.code, room.names()[seat],
                       "is back in" if "token" in hello else "took", seat + 1)
        await self._update(client)
        chat = self._room_chat(room)
        for line in chat.again():  # numbered: a client that had them already drops them
            await self._send(client, line.message(chat.name))
        await self._presence(room)
        return client

    def _welcome_message(self, room: Room, seat: int, name: str | None = None) -> dict:
        names = room.names()
        if name is not None:  # a newcomer's seat, not yet confirmed: its name is not set yet
            names[seat] = name
        return {"type": "welcome", "version": p.VERSION, "server": self.started_as,
                "room": room.code, "seat": seat,
                "players": len(room.seats), "colours": list(room.game.state.colours),
                "names": names, "kinds": [s.record_kind() for s in room.seats]}

    async def _seat_of(self, ws: ServerConnection, address: str, hello: dict
                       ) -> tuple[Room, int] | None:
        """The room and seat a hello asks for (a newcomer's seat confirmed and kept); None
        when refused. Wrong codes and tokens count as guesses of the address (and room)."""
        if not self.guesses.may_try(address):
            self.gate.tally.count("hellos refused: too many wrong codes or tokens")
            await self._refuse(ws, "slow-down", SLOW_DOWN, p.CLOSE_FLOOD)
            return None
        room = self.room(hello["room"])
        if room is None:
            self.guesses.wrong(address)
            self.gate.tally.count("hellos refused: no room with that code")
            await self._refuse(ws, "no-room", "There is no game with that room code here.",
                               p.CLOSE_NO_ROOM)
            return None
        if "token" not in hello:
            seat = await self._newcomer(ws, room, hello.get("name", ""))
            return None if seat is None else (room, seat)
        seat = room.seat_for_token(hello["token"])
        if seat is None:
            guarded = self.guesses.room_guarded(room.key)
            self.guesses.wrong(address, room.key)
            self.gate.tally.count("hellos refused: a wrong seat token")
            await self._refuse(ws, "slow-down" if guarded else "token", SLOW_DOWN if guarded
                               else "That seat token does not belong to this room.",
                               p.CLOSE_FLOOD if guarded else p.CLOSE_REFUSED)
            return None
        return room, seat

    async def _newcomer(self, ws: ServerConnection, room: Room, name: str) -> int | None:
        """Seat a newcomer: a free seat is promised to it in memory only, it is sent its
        welcome with the seat's token, and only once its pong shows it holds the token is the
        seat written to the journal. A server killed in between has nothing on disk: after a
        restart the seat is free. None when refused (full, not confirmed, not kept)."""
        async with self._lock(room):
            found = room.free_seat_for(name)
            if found is None:
                await self._refuse(ws, "full", "Every seat of this game is taken.",
                                   p.CLOSE_REFUSED)
                return None
            seat, token, new_name = found
            room.reserved[seat] = new_name
        welcome = {**self._welcome_message(room, seat, new_name), "token": token}
        confirmed = False
        try:
            if not await self._token_delivered(ws, room, seat, welcome):
                return None
            await self._commit(room, lambda: room.set_seat(seat, new_name, token_hash(token)))
            confirmed = True
        except (MoveRefused, NotKept):
            await self._refuse(ws, "not-kept", NOT_KEPT, p.CLOSE_REFUSED)
            return None
        finally:
            room.reserved.pop(seat, None)
            stand_in = room.started_without.pop(seat, None)
            if stand_in is not None and not confirmed:
                await self._hand_to_bot(room, seat, stand_in)
        return seat

    async def _hand_to_bot(self, room: Room, seat: int, stand_in: str) -> None:
        """A seat the host started the game without, whose newcomer then never confirmed it,
        goes to the bot the other free seats went to, as if it had been free at the start."""
        key = normal_code(room.code)
        async with self._lock(room):
            slot = room.seats[seat]
            if not slot.remote or slot.taken:
                return
            slot.kind = stand_in
            with contextlib.suppress(OSError):  # kept in memory; the room's next save writes it
                room.save()
            self.bots[key][seat] = make_bot(stand_in, bot_seed(room.game.seed, seat))
        await self._presence(room)
        self.kick(key)

    async def _token_delivered(self, ws: ServerConnection, room: Room, seat: int,
                               welcome: dict) -> bool:
        """Send a newcomer the welcome with its seat's token, and wait for the client's pong
        to a ping sent after it: only then does the client surely hold the token. If not, the
        seat must be freed again, or nobody could ever sit there."""
        if self.observer is not None:
            self.observer(room, seat, welcome)
        try:
            await ws.send(p.encode(welcome))
            pong = await ws.ping()
            await asyncio.wait_for(pong, self.options.hello_seconds)
            return True
        except (ConnectionClosed, TimeoutError):
            with contextlib.suppress(ConnectionClosed):
                await ws.close(p.CLOSE_SILENT, "the welcome was not confirmed")
            return False

    async def _serve_client(self, client: Client) -> None:
        async for raw in client.ws:
            wait = client.bucket.throttle()
            if wait < 0:
                await self._refuse(client.ws, "flood", "Too many messages.", p.CLOSE_FLOOD)
                return
            if wait:
                await asyncio.sleep(wait)
            try:
                msg = p.parse_client_message(raw)
            except p.ProtocolError as exc:
                await self._refuse(client.ws, exc.code, f"Malformed message: {exc}.",
                                   p.CLOSE_MALFORMED)
                return
            if not await self._dispatch(client, msg):
                return

    async def _dispatch(self, client: Client, msg: dict) -> bool:
        kind = msg["type"]
        if kind == "move":
            await self._move(client, msg)
        elif kind == "undo":
            await self._undo(client, msg)
        elif kind == "chat":
            await self._chat(client, msg["text"])
        elif kind == "ping":
            await self._send(client, {"type": "pong"})
        elif kind == "bye":
            await client.ws.close()
            return False
        else:  # a second hello
            await self._refuse(client.ws, "malformed", "Hello only once.", p.CLOSE_MALFORMED)
            return False
        return True

    def _lock(self, room: Room) -> asyncio.Lock:
        return self.locks.setdefault(normal_code(room.code), asyncio.Lock())

    def _rooms_and_locks(self) -> list[tuple[Room, asyncio.Lock]]:
        return [(room, self._lock(room)) for room in list(self.rooms.values())]

    async def _commit(self, room: Room, change: Callable[[], Change]) -> None:
        """Make a change to the room and wait until its journal record is on disk, before
        anyone is told (the writer thread writes the records of all rooms together).
        MoveRefused leaves all as it was; NotKept: the disk refused, the change is undone."""
        async with self._lock(room):
            if room.replaced:  # its records' numbers go on in the new game's
                raise MoveRefused("This room has been opened again for a new game.")
            await self.keeper.keep(room, change(), self._rooms_and_locks)

    async def _move(self, client: Client, msg: dict) -> None:
        try:
            await self._commit(client.room,
                               lambda: client.room.play(client.seat, msg["move"], msg["at"]))
        except (MoveRefused, NotKept) as exc:
            await self._refused(client, exc)
            return
        self._bots_watch(client.room)
        await self._changed(client.room)

    def _bots_watch(self, room: Room) -> None:
        """The room's bots see the table after every move, a player's as well as a bot's, as
        they would at one table (they remember the board a face-down chip was laid on)."""
        if room.replaced:  # the bots under its code play the new game now
            return
        bots = self.bots.get(normal_code(room.code), {})
        let_bots_watch(room.game.state, {s: b for s, b in bots.items() if s >= 0})

    async def _refused(self, client: Client, exc: Exception) -> None:
        refused = {"type": "refused", "message": str(exc), "at": len(client.room.game.moves)}
        if isinstance(exc, NotKept):  # the client words it in the player's language
            refused.update(message=NOT_KEPT, code="not-kept")
        await self._send(client, refused)

    async def _undo(self, client: Client, msg: dict) -> None:
        room = client.room
        try:
            await self._commit(room, lambda: room.undo(client.seat, msg["at"]))
        except (MoveRefused, NotKept) as exc:
            await self._refused(client, exc)
            return
        # The log was cut back to what it held before the undone moves (nothing has run
        # since): each seat is told only how far (`log_from`), never sent its whole log again.
        for other in self._room_clients(room):
            other.log_sent = min(other.log_sent, len(room.game.log_for(other.seat)))
        await self._changed(room)

    async def _chat(self, client: Client, text: str) -> None:
        if not text:
            return
        room = client.room
        chat = self._room_chat(room)
        line = chat.say(client.seat, room.names()[client.seat], text, len(room.game.moves))
        if line is None:  # too fast: told to the sender only, never sent to the others
            self.gate.tally.count("chat lines refused: a seat chatting too fast")
            await self._send(client, chat.too_fast())
            return
        kept = self.chat_files.get(room.key)
        if kept is not None:
            kept.append(chat.name, line, chat.lines)
        for other in self._room_clients(room):
            await self._send(other, line.message(chat.name))

    def _room_chat(self, room: Room) -> RoomChat:
        """The room's chat: read back from its file beside the room's (a server started
        again gives its lines back, numbered on), or a new one."""
        if room.key not in self.chats:
            o = self.options
            chat = RoomChat(o.chat_rate, o.chat_burst)
            if o.rooms_dir is not None:
                path = chat_path(o.rooms_dir, room.key)
                name, lines = read_chat(path)
                if lines:
                    chat = RoomChat(o.chat_rate, o.chat_burst, name=name, lines=lines)
                self.chat_files[room.key] = ChatFile(path, len(lines))
            self.chats[room.key] = chat
        return self.chats[room.key]

    # --- telling the seats ----------------------------------------------------------------

    def _room_clients(self, room: Room) -> list[Client]:
        return [c for c in list(self.clients.values()) if c.room is room]

    async def _send(self, client: Client, message: dict) -> None:
        """Put the message in the client's outbox (its writer sends it); a client with more
        than `max_queued` bytes waiting has stopped reading and is dropped."""
        if self.observer is not None:
            self.observer(client.room, client.seat, message)
        if client.dropped:
            return
        data = p.encode(message)
        client.queued += len(data)
        if client.queued > self.options.max_queued:
            client.dropped = True
            if client.writer is not None:
                client.writer.cancel()
            client.writer = asyncio.get_running_loop().create_task(self._drop(client.ws))
            return
        client.outbox.put_nowait(data)

    async def _drop(self, ws: ServerConnection) -> None:
        """Close a client that stopped reading (4011); it cannot read the close frame either,
        so the connection is cut when the close is not answered soon."""
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            await asyncio.wait_for(ws.close(p.CLOSE_SLOW, "too slow to read"), 5.0)
        ws.transport.abort()

    async def _write(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                data = await client.outbox.get()
                await client.ws.send(data)
                client.queued -= len(data)

    async def _update(self, client: Client) -> None:
        """The seat's view now, and the events of its log it has not been sent yet."""
        game = client.room.game
        seen = game.log_for(client.seat)
        start = client.log_sent if client.log_sent <= len(seen) else 0
        client.log_sent = len(seen)
        await self._send(client, {
            "type": "update", "at": len(game.moves), "view": view_to_wire(game.view(client.seat)),
            "log_from": start, "events": events_to_wire(seen[start:]),
            "can_undo": game.undo_depth(client.seat) > 0})
        if game.over:
            await self._send(client, {"type": "over",
                                      "record": record_to_wire(game, client.room.record_seats())})

    async def _presence(self, room: Room) -> None:
        key = normal_code(room.code)
        message = {"type": "presence", "names": room.names(), "connected": self.connected(room),
                   "joined": [s.taken or not s.remote for s in room.seats],
                   "kinds": [s.record_kind() for s in room.seats], "lobby": room.lobby,
                   "stand_in": [self._standing_in(key, i) for i in range(len(room.seats))],
                   "stand_in_in": [self._stand_in_in(key, i) for i in range(len(room.seats))]}
        for client in self._room_clients(room):
            await self._send(client, message)

    async def _changed(self, room: Room) -> None:
        await self._changed_without_kick(room)
        self.kick(normal_code(room.code))

    def _keep_in_history(self, room: Room) -> None:
        """Keep the finished game in the history, then move the room into `finished/`."""
        if room.in_history:
            return
        room.in_history = True
        state = room.game.state
        rooms_log.info("Room %s: the game is over; %s wins with %d points.", room.code,
                       room.names()[state.winner], state.track[state.winner])
        if self.options.history_dir is not None:
            try:
                history.write_record(room.game, room.record_seats(), self.options.history_dir)
            except (OSError, SaveError) as exc:
                log.error("room %s: the finished game could not be kept: %s", room.code, exc)
        self.keeper.finished(room)

    # --- bots and stand-ins -------------------------------------------------------------------

    def _stand_in_left(self, key: str, seat: int) -> float | None:
        """Seconds until an AI may stand in for the missing player of `seat` (0 or less: it
        may now); None when nobody is waited for there, or the server lets no AI stand in."""
        since = self.away_since.get((key, seat))
        if since is None or self.options.ai_after is None or not self.rooms[key].seats[seat].taken:
            return None
        return since + self.options.ai_after - time.monotonic()

    def _standing_in(self, key: str, seat: int) -> bool:
        left = self._stand_in_left(key, seat)
        return self.rooms[key].seats[seat].remote and left is not None and left <= 0

    def _stand_in_in(self, key: str, seat: int) -> float | None:
        """Seconds until an AI stands in for the missing player of `seat`; None when nobody
        is waited for there, an AI already stands in, or none will."""
        left = self._stand_in_left(key, seat)
        if left is None or left <= 0 or not self.rooms[key].seats[seat].remote:
            return None
        return round(left, 1)

    def kick(self, key: str) -> None:
        """Make sure the room's bots play if a bot's decision is pending."""
        task = self.drivers.get(key)
        if self.closing:
            return
        if task is None or task.done():
            self.drivers[key] = asyncio.get_running_loop().create_task(self._drive(key))
        elif key in self.wakes:  # a driver waiting for a stand-in looks again now
            self.wakes[key].set()

    def _bot_for(self, key: str, seat: int) -> Bot | None:
        bots = self.bots[key]
        if seat in bots:
            return bots[seat]
        if self._standing_in(key, seat):
            room = self.rooms[key]
            bots[-1 - seat] = bots.get(-1 - seat) or make_bot(
                STAND_IN, bot_seed(room.game.seed, seat))
            return bots[-1 - seat]
        return None

    async def _drive(self, key: str) -> None:
        """Let the bots of the room under `key` play while a bot decides there (a room opened
        again under the code, while its driver was busy, is driven on by it)."""
        while True:
            room = self.rooms[key]
            seat = room.actor
            if room.lobby or seat is None:
                return
            bot = self._bot_for(key, seat)
            if bot is None:
                if not await self._wait_for_stand_in(key, seat):
                    return
                continue
            at = len(room.game.moves)
            if self.options.bot_pause:
                await asyncio.sleep(self.options.bot_pause)
            move: Move = await asyncio.to_thread(bot.choose, room.game.view(seat))
            if len(room.game.moves) != at or room.replaced:
                continue  # the position changed while the bot thought
            try:
                await self._commit(room, lambda move=move, room=room: room.play_move(move))
            except NotKept:
                await asyncio.sleep(1.0)  # the disk refused: the bot tries again later
                continue
            except MoveRefused:
                if not room.replaced:
                    raise
                continue  # opened again while the move waited: the new game is played on
            self._bots_watch(room)
            await self._changed_without_kick(room)

    async def _wait_for_stand_in(self, key: str, seat: int) -> bool:
        """Wait until a missing player's seat may be handed to an AI, or until the room changes
        (the player is back, a move was played); then the driver looks again. False: there is
        nothing to wait for."""
        left = self._stand_in_left(key, seat)
        if left is None:
            return False
        room = self.rooms[key]
        wake = self.wakes.setdefault(key, asyncio.Event())
        wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), max(0.0, left) + 0.01)
        if self._standing_in(key, seat):
            await self._presence(room)
        return True

    async def _changed_without_kick(self, room: Room) -> None:
        if room.game.over:  # kept before anyone is told, so every side has it
            self._keep_in_history(room)
        for client in self._room_clients(room):
            await self._update(client)

    async def close(self) -> None:
        self.closing = True
        self.gate.tally.flush()
        for task in self.drivers.values():
            task.cancel()
        for task in self.drivers.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await asyncio.to_thread(self.keeper.close, list(self.rooms.values()))


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


def bound_port(server: Server) -> int:
    return next(iter(server.sockets)).getsockname()[1]

