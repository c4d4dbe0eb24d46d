"""The transport's own limits, below the game: what a connection may do before and beside its
messages, counted from the moment its TCP connection is accepted.

`GatedConnection` is the websockets server connection with four limits of its own:
- connections at once from one address, counted from accept (not from hello): past
  `per_address` a connection is told "busy" once it has said hello; past twice that it is cut
  at once, before any handshake, so sockets that never finish the handshake cannot pile up;
- frames before the hello: none but the hello itself (and a few parts of it); a ping or any
  other frame before it cuts the connection (the library would answer every ping);
- control frames (pings, pongs) after the hello: a small token bucket per connection;
- bytes waiting to be written to a peer that does not read (the library's automatic pongs and
  close frames included): past `max_unsent` the connection is cut.

Every cut is tallied by cause in a `Tally` (`urland.net.log_summary`), which the log shows as
one line per cause with its count, never a line (or a traceback) per connection.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode

from urland.net.log_summary import Tally

CONTROL = (Opcode.PING, Opcode.PONG)


@dataclass
class GateLimits:
    per_address: int = 16  # connections at once from one address (more: "busy")
    frames_before_hello: int = 4  # frames a connection may send up to its hello (fragments)
    control_rate: float = 2.0  # pings and pongs a second after the hello, on average ...
    control_burst: int = 10  # ... and at once
    max_unsent: int = 256 * 1024  # bytes waiting for a peer that does not read: cut

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

    def accepted(self, address: str) -> int:
        """Count a new connection from `address`; how many are open from there now."""
        self.open_from[address] = self.open_from.get(address, 0) + 1
        return self.open_from[address]

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
        self.control_tokens = float(gate.limits.control_burst)
        self.control_last = time.monotonic()
        self.cut_for = ""  # why the gate cut it ('' while it is not cut)

    # --- accept and close ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.counted = True
        open_now = self.gate.accepted(self.address)
        if open_now > self.gate.limits.cut_at:
            self.cut("too many connections at once from one address")
        elif open_now > self.gate.limits.per_address:
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
        if self.cut_for:
            return
        super().data_received(data)
        if not self.cut_for and self.transport.get_write_buffer_size() > \
                self.gate.limits.max_unsent:
            self.cut("too much waiting for a peer that does not read")

    def process_event(self, event) -> None:
        if self.cut_for:
            return
        if isinstance(event, Frame) and not self._frame_allowed(event):
            return
        super().process_event(event)

    def _frame_allowed(self, frame: Frame) -> bool:
        if not self.greeted:
            self.frames_seen += 1
            if frame.opcode in CONTROL:
                self.cut("a ping or pong before the hello")
                return False
            if self.frames_seen > self.gate.limits.frames_before_hello:
                self.cut("too many frames before the hello")
                return False
            return True
        if frame.opcode in CONTROL and not self._control_token():
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
