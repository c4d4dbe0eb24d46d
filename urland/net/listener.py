"""The listening socket of a server, which refuses an address at accept, before anything is
built for its connection: no transport, no WebSocket protocol, no handshake.

An address is refused when it opens connections faster than `connect_rate` a second on
average (`connect_burst` at once), or when it already holds `GateLimits.cut_at` connections.
A refused connection is closed the moment it is accepted, for the price of two system calls;
an address that keeps opening connections is refused until it slows down. The event loop
calls `accept()` of this socket itself (`loop.create_server(sock=...)`), so the refusal
happens inside its accept loop.
"""

from __future__ import annotations

import os
import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from urland.net.gate import Gate

REFUSED_PER_ACCEPT = 64  # refusals in one accept call before the loop runs something else


class GateSocket(socket.socket):
    """A listening socket whose `accept()` closes at once what the gate refuses."""

    __slots__ = ("gate",)

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
            os.close(fd)
            self.gate.tally.count(f"connections cut at accept: {cause}")
        raise BlockingIOError("the refused connections of this round are closed")


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
    return sock
