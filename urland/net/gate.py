"""The transport's own limits, below the game: what a connection may do before and beside its
messages, counted from the moment its TCP connection is accepted.

At accept, before anything is built for a connection (`urland.net.listener`): an address that
opens connections faster than `connect_rate` a second (`connect_burst` at once), or that holds
twice `per_address` connections already, has its new connection refused at once (held open,
unread, for `held_seconds`, then closed: a flood waits instead of costing the server).

`GatedConnection` is the websockets server connection with limits of its own:
- connections at once from one address, counted from accept (not from hello): past
  `per_address` a connection is told "busy" once it has said hello;
- before the hello: at most `bytes_before_hello` bytes (the HTTP request and the hello), and
  no frame but the hello itself (and a few parts of it); a ping or any other frame before it
  cuts the connection;
- control frames (pings, pongs) after the hello: a small token bucket per connection;
- bytes waiting to be written to a peer that does not read (the library's automatic pongs and
  close frames included): past `max_unsent` the connection is cut.
The frame limits are checked on the raw bytes, frame head by frame head (`FrameHeads`), before
the library parses a chunk: a flood is cut at its first frame over the limit, and the library
never parses (or answers) the rest.

Every cut is tallied by cause in a `Tally` (`urland.net.log_summary`), which the log shows as
one line per cause with its count, never a line (or a traceback) per connection.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from urland.net.allowance import Allowances
from urland.net.frame_heads import FrameHeads
from urland.net.log_summary import Tally

CONTROL = (Opcode.PING, Opcode.PONG)


@dataclass
class GateLimits:
    per_address: int = 16  # connections at once from one address (more: "busy")
    frames_before_hello: int = 4  # frames a connection may send up to its hello (fragments)
    control_rate: float = 2.0  # pings and pongs a second after the hello, on average ...
    control_burst: int = 10  # ... and at once
    max_unsent: int = 256 * 1024  # bytes waiting for a peer that does not read: cut
    connect_rate: float = 4.0  # new connections a second from one address, on average ...
    connect_burst: int = 32  # ... and at once; past that, closed at accept
    bytes_before_hello: int = 16 * 1024  # the HTTP request and the hello, at most
    held_seconds: float = 3.0  # a connection refused at accept is held open this long first

    @property
    def cut_at(self) -> int:
        """Connections at once from one address past which a new one is cut at accept."""
        return 2 * self.per_address


@dataclass
class Gate:
    """The limits shared by every connection of one server, and who is connected from where."""

    limits: GateLimits = field(default_factory=GateLimits)
    tally: Tally = field(default_factory=lambda: Tally("urland.server"))
    open_from: dict[str, int] = field(default_factory=dict)  # connections open per address
    connects: Allowances | None = None  # new connections per address (from the limits)

    def __post_init__(self) -> None:
        if self.connects is None:
            self.connects = Allowances(self.limits.connect_rate, self.limits.connect_burst)

    def admit(self, address: str) -> str:
        """At accept: why a new connection from `address` is closed at once ('' when it is let
        in, and counted as open from there)."""
        if self.open_from.get(address, 0) >= self.limits.cut_at:
            return "too many connections at once from one address"
        assert self.connects is not None
        if not self.connects.take(address):
            return "an address opening connections too fast"
        self.open_from[address] = self.open_from.get(address, 0) + 1
        return ""

    def lost(self, address: str) -> None:
        left = self.open_from.get(address, 0) - 1
        if left > 0:
            self.open_from[address] = left
        else:
            self.open_from.pop(address, None)

    def connection(self, *args, **kwargs) -> GatedConnection:
        """The factory websockets calls for each accepted connection."""
        return GatedConnection(self, *args, **kwargs)


class GatedConnection(ServerConnection):
    """A server connection that keeps the gate's limits (see the module's docstring)."""

    def __init__(self, gate: Gate, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.gate = gate
        self.address = "?"
        self.counted = False
        self.over_cap = False  # more connections from its address than allowed: "busy"
        self.greeted = False  # its hello has been read: from now on the seat's limits count
        self.frames_seen = 0
        self.bytes_seen = 0  # bytes received before the hello
        self.heads = FrameHeads()
        self.control_tokens = float(gate.limits.control_burst)
        self.control_last = time.monotonic()
        self.cut_for = ""  # why the gate cut it ('' while it is not cut)

    # --- accept and close ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.counted = True  # by the gate's listening socket, when it let it in
        if self.gate.open_from.get(self.address, 0) > self.gate.limits.per_address:
            self.over_cap = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.gate.lost(self.address)
        super().connection_lost(exc)

    def cut(self, cause: str) -> None:
        """End the connection at once (no close frame: the peer may not read), tallied."""
        if self.cut_for:
            return
        self.cut_for = cause
        self.gate.tally.count(f"connections cut: {cause}")
        self.transport.abort()

    # --- frames -------------------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        if self.cut_for or not self._bytes_allowed(data):
            return
        super().data_received(data)
        if not self.cut_for and self.transport.get_write_buffer_size() > \
                self.gate.limits.max_unsent:
            self.cut("too much waiting for a peer that does not read")

    def _bytes_allowed(self, data: bytes) -> bool:
        """Check a chunk before the library parses it: the bytes before the hello, then each
        frame's head once the handshake is done. False when the connection is cut."""
        if not self.greeted:
            self.bytes_seen += len(data)
            if self.bytes_seen > self.gate.limits.bytes_before_hello:
                self.cut("too much sent before joining a room")
                return False
        if self.protocol.state is State.CONNECTING:  # the HTTP request: the library's own
            return True
        return all(self._frame_allowed(opcode) for opcode in self.heads.feed(data))

    def process_event(self, event) -> None:
        if self.cut_for:
            return
        if isinstance(event, Frame) and event.opcode in CONTROL and not self.greeted:
            # a frame sent in the chunk of the HTTP request, which the heads did not read
            self.cut("a ping or pong before joining a room")
            return
        super().process_event(event)

    def _frame_allowed(self, opcode: int) -> bool:
        if not self.greeted:
            self.frames_seen += 1
            if opcode in CONTROL:
                self.cut("a ping or pong before joining a room")
                return False
            if self.frames_seen > self.gate.limits.frames_before_hello:
                self.cut("too many frames before joining a room")
                return False
            return True
        if opcode in CONTROL and not self._control_token():
            self.cut("too many pings")
            return False
        return True

    def _control_token(self) -> bool:
        limits = self.gate.limits
        now = time.monotonic()
        self.control_tokens = min(limits.control_burst, self.control_tokens + (
            now - self.control_last) * limits.control_rate)
        self.control_last = now
        if self.control_tokens < 1:
            return False
        self.control_tokens -= 1
        return True

    def send_data(self) -> None:
        """Write what the protocol has to send, unless the peer has stopped reading."""
        if self.cut_for:
            self.protocol.data_to_send()  # dropped: the connection is being cut
            return
        super().send_data()
