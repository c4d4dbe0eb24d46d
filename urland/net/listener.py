"""The listening socket of a server, which refuses an address at accept, before anything is
built for its connection: no transport, no WebSocket protocol, no handshake.

An address is refused when it opens connections faster than `connect_rate` a second on
average (`connect_burst` at once), or when it already holds `GateLimits.cut_at` connections.
A refused connection costs two system calls, accepting and closing it; an address that keeps
opening connections is refused until it slows down. A refused connection is not closed at
once, though: it is held open, unread, for `GateLimits.held_seconds` (`Held`), so a flood that
opens a new connection the moment the last one closes waits that long for each instead of
costing the server an accept and a close thousands of times a second. At most `HELD_AT_MOST`
are held (past that, the oldest is closed). The event loop calls `accept()` of this socket
itself (`loop.create_server(sock=...)`), so the refusal happens inside its accept loop.
"""

from __future__ import annotations

import asyncio
import os
import socket
import time
from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from urland.net.gate import Gate

REFUSED_PER_ACCEPT = 64  # refusals in one accept call before the loop runs something else
HELD_AT_MOST = 512  # refused connections held open at once (file descriptors)


class Held:
    """Refused connections held open, unread, until their time is up (oldest first)."""

    def __init__(self, seconds: float, at_most: int = HELD_AT_MOST) -> None:
        self.seconds, self.at_most = seconds, at_most
        self.fds: deque[tuple[float, int]] = deque()  # (when it is closed, descriptor)
        self.timer: asyncio.TimerHandle | None = None

    def hold(self, fd: int) -> None:
        if self.seconds <= 0:
            os.close(fd)
            return
        if len(self.fds) >= self.at_most:
            os.close(self.fds.popleft()[1])
        self.fds.append((time.monotonic() + self.seconds, fd))
        if self.timer is None:
            self.timer = asyncio.get_running_loop().call_later(self.seconds, self.release)

    def release(self, every: bool = False) -> None:
        """Close the connections whose time is up (`every`: all of them, for good)."""
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None
        now = time.monotonic()
        while self.fds and (every or self.fds[0][0] <= now):
            os.close(self.fds.popleft()[1])
        if self.fds:
            self.timer = asyncio.get_running_loop().call_later(
                max(0.0, self.fds[0][0] - now), self.release)


class GateSocket(socket.socket):
    """A listening socket whose `accept()` refuses at once what the gate refuses (held, then
    closed: `Held`)."""

    __slots__ = ("gate", "held")

    def accept(self):
        for _ in range(REFUSED_PER_ACCEPT):
            fd, address = self._accept()  # BlockingIOError when nobody waits: the loop's cue
            host = str(address[0]) if isinstance(address, tuple) and address else "?"
            cause = self.gate.admit(host)
            if not cause:
                sock = socket.socket(self.family, self.type, self.proto, fileno=fd)
                if socket.getdefaulttimeout() is None and self.gettimeout():
                    sock.setblocking(True)
                return sock, address
            self.held.hold(fd)
            self.gate.tally.count(f"connections cut at accept: {cause}")
        raise BlockingIOError("the refused connections of this round are set aside")

    def close(self) -> None:
        held = getattr(self, "held", None)  # (unset when it failed to listen)
        if held is not None:
            held.release(every=True)
        super().close()


def listening_socket(host: str, port: int, gate: Gate) -> GateSocket:
    """A bound, listening GateSocket on the first address `host` names (as `serve` gives it:
    an address such as 0.0.0.0 or 127.0.0.1, or a name)."""
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = GateSocket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
        sock.listen(100)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    sock.gate = gate
    sock.held = Held(gate.limits.held_seconds)
    return sock
