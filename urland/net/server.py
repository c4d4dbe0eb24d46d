"""The WebSocket transport in front of the master: rooms of games that clients join.

One asyncio loop serves every room. A client says hello with the room code (and its seat's
token when it comes back); from then on it is bound to one seat and may only send that seat's
moves, an undo, chat lines and pings. The rooms, their moves, saving, history, bots and
stand-ins are the master's (`urland.master.master`); this transport keeps admission, the
per-address and per-seat limits, the hello and token handshake, chat, the outboxes and TLS, and
writes the master's news to each seat as the wire's messages. See docs/network-protocol.md.
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

from urland.master.keeper import NotKept
from urland.master.lookalike import skeleton
from urland.master.master import Master, MasterOptions
from urland.master.news import News
from urland.master.players import NAME_TAKEN, NameRefused
from urland.master.room import MoveRefused, Room, normal_code, seat_colour, token_hash
from urland.net import protocol as p
from urland.net.allowance import Allowances
from urland.net.chat_limit import CHAT_BURST, CHAT_RATE, KEPT_LINES, RoomChat, Said, places_in_log
from urland.net.gate import Gate, GateLimits
from urland.net.guesses import GUESS_BURST, GUESS_RATE, SLOW_DOWN, Guesses
from urland.net.listener import listening_socket
from urland.net.log_summary import tame_library_logs
from urland.net.news_wire import news_to_wire
from urland.net.placement import Placement
from urland.seats import STAND_IN
from urland.store.base import ChatLine, StoreError

# Who takes, leaves and retakes a seat: what `serve` shows its operator (how each game ends is
# the master's to say, on the same log)
# (the websockets library logs its connections on `transport_log`: counted by cause, see
# `urland.net.log_summary`).
rooms_log = logging.getLogger("urland.rooms")
transport_log = logging.getLogger("urland.server.transport")
log = logging.getLogger("urland.server")
NOT_KEPT = ("The server could not keep this on its disk, so it did not happen. Try again in "
            "a moment.")
GAME_OVER = "The game in this room is over: ask for the code of a new one."


@dataclass
class ServerOptions(MasterOptions):
    """The master's options (its folders, stand-ins and bot pace) and the transport's limits."""

    keep_every_state: bool = False  # a room's game keeps only the states undo can reach
    handshake_seconds: float = 5.0  # a connection that has not finished its handshake: cut
    hello_seconds: float = 10.0  # a connection that says nothing this long is closed
    ping_interval: float | None = 20.0  # keep-alive: a peer that stops answering is dropped
    ping_timeout: float | None = 20.0
    close_seconds: float = 2.0  # a close the peer does not answer this long: the line is cut
    rate: float = 20.0  # messages a second a client may send, on average ...
    burst: int = 40  # ... and at once
    strikes_to_drop: int = 50  # messages slowed down before a flooding client is dropped
    max_queued: int = 256 * 1024  # bytes waiting for a client that does not read: dropped ...
    drop_close_seconds: float = 5.0  # ... its close unanswered this long, the line is cut
    per_address: int = 16  # connections at once from one address, from accept; more: "busy"
    hello_rate: float = 5.0  # hellos a second from one address, on average ...
    hello_burst: int = 20  # ... and at once
    frames_before_hello: int = 4  # frames before (and in) the hello; a ping there: cut
    control_rate: float = 2.0  # pings and pongs a second from a client, on average ...
    control_burst: int = 10  # ... and at once
    max_unsent: int = 256 * 1024  # bytes the transport holds for a peer that does not read
    connect_rate: float = 4.0  # new connections a second from one address, on average ...
    connect_burst: int = 32  # ... and at once; past that, closed at accept
    refused_held_seconds: float = 3.0  # ... after being held open (unread) this long
    chat_rate: float = CHAT_RATE  # chat lines a second a seat may say, on average ...
    chat_burst: int = CHAT_BURST  # ... and at once
    guess_rate: float = GUESS_RATE  # wrong room codes or tokens a second per address ...
    guess_burst: int = GUESS_BURST  # ... and at once
    back_rate: float = 1.0  # times a second a seat may come back with its token, on average ...
    back_burst: int = 20  # ... and at once; past that "busy" (its client tries again)

    def gate_limits(self) -> GateLimits:
        return GateLimits(self.per_address, self.frames_before_hello, self.control_rate,
                          self.control_burst, self.max_unsent, self.connect_rate,
                          self.connect_burst, held_seconds=self.refused_held_seconds)


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
    # What waits to be sent, written by the connection's own task: one client that stops
    # reading never holds up the others of its room.
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    queued: int = 0  # bytes in the outbox
    writer: asyncio.Task | None = None
    dropped: bool = False


class GameServer:
    """The WebSocket transport in front of one master, which it makes with its options."""

    def __init__(self, options: ServerOptions | None = None) -> None:
        self.options = options or ServerOptions()
        self.master = Master(self, self.options)
        # Names this start of the server in every welcome: a client that finds another name
        # after a reconnect knows the server restarted (not that each seat dropped).
        self.started_as = secrets.token_hex(4)
        self.clients: dict[tuple[str, int], Client] = {}
        self.buckets: dict[tuple[str, int], Bucket] = {}  # each seat's flood limit
        self.hello_buckets: dict[str, Bucket] = {}  # each address's limit of hellos
        self.gate = Gate(self.options.gate_limits())  # the transport's limits, from accept
        self.chats: dict[str, RoomChat] = {}  # what each room's seats said, by room key
        self._chat_read_for: dict[str, Room] = {}  # the room each chat was read back for
        self.guesses = Guesses(self.options.guess_rate, self.options.guess_burst)
        # Each seat's returns with its token: a welcome sends the seat's whole log, so a
        # client that comes back again and again is refused before that work is done.
        self.returns = Allowances(self.options.back_rate, self.options.back_burst)
        skeleton("")  # the look-alike tables are built now, not at the first hello
        # Called with (room, seat, message) before each message to a seat (tests check it).
        self.observer: Callable[[Room, int, dict], None] | None = None
        self.problems: list[str] = self.master.problems
        # Where a room this process does not hold is served (several processes on one
        # database: `urland.cluster`); None: only this process's rooms are served.
        self.placement: Placement | None = None

    # --- the master's rooms, as its operator and the host's window reach them --------------

    def open_room(self, code: str, kinds: list[str], seed: int, colours: list[int] | None = None,
                  names: list[str] | None = None) -> Room:
        """The room `code`: carried on where it stood when it exists unfinished, else new."""
        return self.master.open_room(code, kinds, seed, colours, names)

    async def start_room(self, code: str, stand_in: str = STAND_IN) -> None:
        await self.master.start_room(code, stand_in)

    def room(self, code: str) -> Room | None:
        return self.master.room(code)

    @property
    def rooms(self) -> dict[str, Room]:
        return self.master.rooms

    def connected(self, room: Room) -> list[bool]:
        return self.master.connected(room)

    # --- the outlet: the master's news, written to each seat's connection --------------------

    def send(self, room: Room, seat: int, news: News) -> None:
        client = self.clients.get((normal_code(room.code), seat))
        if client is not None and client.room is room:
            self._send(client, news_to_wire(news))

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
                     close_timeout=o.close_seconds, compression=None, logger=transport_log,
                     create_connection=self.gate.connection,
                     write_limit=min(64 * 1024, o.max_unsent))

    async def start(self) -> None:
        """Let the bots of every room read back take their turns."""
        self.master.start()

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
                # The writer's frame holds the client: without this the two (and the room's
                # whole game, once the room is opened again) wait for a full collection.
                client.writer = None
            if self.clients.get((key, client.seat)) is client:
                rooms_log.info("Room %s: %s left the %s seat.", client.room.code,
                               client.room.names()[client.seat],
                               seat_colour(client.room, client.seat))
                del self.clients[(key, client.seat)]
                # A server that stops tells nobody seats are away.
                self.master.leave(client.room, client.seat, tell=self._serving(ws))

    def _serving(self, ws: ServerConnection) -> bool:
        """False once the server stops (each connection is closed then, none has left)."""
        return not self.master.closing and ws.server.is_serving()

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
        await self._read_chat(room)
        key = normal_code(room.code)
        if "token" in hello and not self.returns.take((key, seat)):
            self.gate.tally.count("joins refused: a seat coming back too often")
            await self._refuse(ws, "busy", "This seat has come back too often: wait a moment.",
                               p.CLOSE_TOO_MANY)
            return None
        old = self.clients.get((key, seat))
        client = Client(ws, room, seat, self._seat_bucket(key, seat))
        client.writer = asyncio.get_running_loop().create_task(self._write(client))
        self.clients[(key, seat)] = client
        if old is not None:
            with contextlib.suppress(ConnectionClosed):
                await old.ws.close(p.CLOSE_REPLACED, "seat taken again")
        if "token" in hello:
            self._send(client, self._welcome_message(room, seat))
        rooms_log.info("Room %s: %s %s the %s seat.", room.code, room.names()[seat],
                       "is back in" if "token" in hello else "took", seat_colour(room, seat))
        self.master.join(room, seat)
        chat = self._room_chat(room)
        again = chat.again()  # numbered: a client that had them already drops them
        places = places_in_log(room.game, seat, [line.at for line in again])
        for line, place in zip(again, places, strict=True):  # each placed where it was said
            self._send(client, line.message(chat.name, place))
        self.master.presence(room)
        return client

    def _welcome_message(self, room: Room, seat: int, name: str | None = None) -> dict:
        names = room.names()
        if name is not None:  # a newcomer's seat, not yet confirmed: its name is not set yet
            names[seat] = name
        welcome = {"type": "welcome", "version": p.VERSION, "server": self.started_as,
                   "room": room.code, "seat": seat,
                   "players": len(room.seats), "colours": list(room.game.state.colours),
                   "names": names, "kinds": [s.table_kind() for s in room.seats]}
        if self.placement is not None:
            welcome["servers"] = self.placement.peers()
        if room.host_seats:  # a game hosted from the game: whose computer holds it
            welcome["host"] = list(room.host_seats)
        return welcome

    async def _seat_of(self, ws: ServerConnection, address: str, hello: dict
                       ) -> tuple[Room, int] | None:
        """The room and seat a hello asks for (a newcomer's seat confirmed and kept); None
        when refused. Wrong codes and tokens count as guesses of the address (and room)."""
        if not self.guesses.may_try(address):
            self.gate.tally.count("joins refused: too many wrong codes or tokens")
            await self._refuse(ws, "slow-down", SLOW_DOWN, p.CLOSE_FLOOD)
            return None
        room = self.room(hello["room"])
        if room is None and self.placement is not None:
            found = await self.placement.locate(hello["room"])
            if isinstance(found, str):
                await self._send_elsewhere(ws, found)
                return None
            room = found
        if room is None:
            self.guesses.wrong(address)
            self.gate.tally.count("joins refused: no room with that code")
            await self._refuse(ws, "no-room", "There is no game with that room code here.",
                               p.CLOSE_NO_ROOM)
            return None
        if "token" not in hello:
            seat = await self._newcomer(ws, room, hello.get("name", ""), hello.get("bot", ""),
                                        hello.get("identity", ""))
            return None if seat is None else (room, seat)
        seat = room.seat_for_token(hello["token"])
        if seat is None:
            guarded = self.guesses.room_guarded(room.key)
            self.guesses.wrong(address, room.key)
            self.gate.tally.count("joins refused: a wrong seat token")
            await self._refuse(ws, "slow-down" if guarded else "token", SLOW_DOWN if guarded
                               else "That seat token does not belong to this room.",
                               p.CLOSE_FLOOD if guarded else p.CLOSE_REFUSED)
            return None
        await played_by(self.master, room, seat, hello.get("bot", ""))
        return room, seat

    async def _send_elsewhere(self, ws: ServerConnection, address: str) -> None:
        """The room is served by another process: tell the client where, and close."""
        with contextlib.suppress(ConnectionClosed):
            await ws.send(p.encode(p.elsewhere(address)))
            await ws.close(p.CLOSE_ELSEWHERE, "elsewhere")

    def send_elsewhere(self, room: Room, address: str) -> None:
        """This process no longer serves the room: each of its clients is told where it is
        served now (after what waits in its outbox) and its connection closed."""
        self.chats.pop(room.key, None)  # said elsewhere from now on: read again if it comes back
        self._chat_read_for.pop(room.key, None)
        for client in self._room_clients(room):
            self._send(client, p.elsewhere(address))
            if not client.dropped:
                client.outbox.put_nowait(None)  # the writer closes after the message

    async def _newcomer(self, ws: ServerConnection, room: Room, name: str,
                        bot: str = "", identity: str = "") -> int | None:
        """Seat a newcomer: a free seat is promised to it in memory only, it is sent its
        welcome with the seat's token, and only once its pong shows it holds the token is the
        seat kept in the store. A server killed in between has nothing kept: after a
        restart the seat is free. None when refused (full, not confirmed, not kept, a name
        another player of the server holds). A bot's seat is its level's, whatever
        identity it gives."""
        try:
            player, name = await asyncio.to_thread(
                self.master.standings.players.seat_name, "" if bot else identity, name)
        except NameRefused:
            self.gate.tally.count("joins refused: a name another player holds")
            await self._refuse(ws, "name-taken", NAME_TAKEN, p.CLOSE_REFUSED)
            return None
        except StoreError as exc:
            log.error("the players of this server cannot be read: %s", exc)
            await self._refuse(ws, "not-kept", NOT_KEPT, p.CLOSE_REFUSED)
            return None
        async with self.master.lock(room):
            if room.game.over:  # not "every seat taken": nobody plays in it any more
                self.gate.tally.count("joins refused: the room's game is over")
                await self._refuse(ws, "over", GAME_OVER, p.CLOSE_REFUSED)
                return None
            found = room.free_seat_for(name)
            if found is None:
                self.gate.tally.count("joins refused: every seat of the room taken")
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
            await self.master.commit(
                room, lambda: room.set_seat(seat, new_name, token_hash(token), bot, player))
            confirmed = True
        except (MoveRefused, NotKept):
            await self._refuse(ws, "not-kept", NOT_KEPT, p.CLOSE_REFUSED)
            return None
        finally:
            room.reserved.pop(seat, None)
            stand_in = room.started_without.pop(seat, None)
            if stand_in is not None and not confirmed:
                await self.master.hand_to_bot(room, seat, stand_in)
        return seat

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
            self._send(client, {"type": "pong"})
        elif kind == "bye":
            await client.ws.close()
            return False
        else:  # a second hello
            await self._refuse(client.ws, "malformed", "Hello only once.", p.CLOSE_MALFORMED)
            return False
        return True

    async def _move(self, client: Client, msg: dict) -> None:
        try:
            await self.master.move(client.room, client.seat, msg["move"], msg["at"])
        except (MoveRefused, NotKept) as exc:
            self._refused(client, exc)

    async def _undo(self, client: Client, msg: dict) -> None:
        try:
            await self.master.undo(client.room, client.seat, msg["at"])
        except (MoveRefused, NotKept) as exc:
            self._refused(client, exc)

    def _refused(self, client: Client, exc: Exception) -> None:
        refused = {"type": "refused", "message": str(exc), "at": len(client.room.game.moves)}
        if isinstance(exc, NotKept):  # the client words it in the player's language
            refused.update(message=NOT_KEPT, code="not-kept")
        self._send(client, refused)

    async def _chat(self, client: Client, text: str) -> None:
        if not text:
            return
        room = client.room
        chat = self._room_chat(room)
        line = chat.say(client.seat, room.names()[client.seat], text, len(room.game.moves))
        if line is None:  # too fast: told to the sender only, never sent to the others
            self.gate.tally.count("chat lines refused: a seat chatting too fast")
            if chat.to_tell(client.seat):
                self._send(client, chat.too_fast())
            return
        self.master.keeper.keep_chat(room.key, chat.name, ChatLine(
            line.number, line.seat, line.name, line.text, line.at))
        for other in self._room_clients(room):
            self._send(other, line.message(chat.name))

    async def _read_chat(self, room: Room) -> None:
        """Read the room's kept chat before its first seat is welcomed, off the loop (it is
        a query of the store, and a process taking over rooms welcomes hundreds at once)."""
        if self._chat_read_for.get(room.key) is not room:
            kept = await asyncio.to_thread(self.master.keeper.chat, room.key)
            self._room_chat(room, kept)

    def _room_chat(self, room: Room, kept: tuple[str, list[ChatLine]] | None = None
                   ) -> RoomChat:
        """The room's chat: read back from the store (a server started again gives its lines
        back, numbered on), or a new one. A room served again after another process served it
        meanwhile is a new `Room`: its chat is read again, with the lines said there."""
        if self._chat_read_for.get(room.key) is not room:
            self._chat_read_for[room.key] = room
            o = self.options
            name, said = kept if kept is not None else self.master.keeper.chat(room.key)
            lines = [Said(k.number, k.seat, k.name, k.text, k.at) for k in said[-KEPT_LINES:]]
            self.chats[room.key] = (RoomChat(o.chat_rate, o.chat_burst, name=name, lines=lines)
                                    if lines else RoomChat(o.chat_rate, o.chat_burst))
        return self.chats[room.key]

    # --- telling the seats ----------------------------------------------------------------

    def _room_clients(self, room: Room) -> list[Client]:
        """The room's connected seats, looked up seat by seat (not through every client of
        the server: a chat line costs the same beside 10 rooms or 1,000)."""
        key = normal_code(room.code)
        found = (self.clients.get((key, seat)) for seat in range(len(room.seats)))
        return [c for c in found if c is not None and c.room is room]

    def _send(self, client: Client, message: dict) -> None:
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
            await asyncio.wait_for(ws.close(p.CLOSE_SLOW, "too slow to read"),
                                   self.options.drop_close_seconds)
        ws.transport.abort()

    async def _write(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                data = await client.outbox.get()
                if data is None:  # sent elsewhere (`send_elsewhere`): the last message
                    await client.ws.close(p.CLOSE_ELSEWHERE, "elsewhere")
                    return
                await client.ws.send(data)
                client.queued -= len(data)

    async def drained(self, limit: float) -> None:
        """Wait (at most `limit` seconds) until every client sent elsewhere has been sent its
        last message and closed."""
        writers = [c.writer for c in self.clients.values() if c.writer is not None]
        if writers:
            await asyncio.wait(writers, timeout=limit)

    async def close(self) -> None:
        self.gate.tally.flush()
        await self.master.close()


async def send_away(server: GameServer, code: int, reason: str) -> None:
    """Close every seat's connection with `code`: a host that stops hosting tells its friends
    so, rather than leaving them to try again for an hour."""
    await asyncio.gather(*(c.ws.close(code, reason) for c in list(server.clients.values())),
                         return_exceptions=True)


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


def bound_port(server: Server) -> int:
    return next(iter(server.sockets)).getsockname()[1]


async def played_by(master: Master, room: Room, seat: int, bot: str) -> None:
    """A seat taken back with its token says who plays it now: a person, or a bot of a
    level (`join --autoplay`, a host's seat under the window's autoplay). The room's
    seats and the finished game's record name that, as they do for a newcomer's seat."""
    slot = room.seats[seat]
    if slot.bot == bot or room.game.over:
        return
    try:
        await master.commit(
            room, lambda: room.set_seat(seat, slot.name, slot.token_hash, bot, slot.player))
    except (MoveRefused, NotKept) as exc:  # the seat is taken back all the same
        rooms_log.warning("Room %s: who plays the %s seat could not be kept: %s", room.code,
                          seat_colour(room, seat), exc)
