"""A WebSocket spoken by hand, for clients that misbehave below what a library allows."""

from __future__ import annotations

import base64
import os
import socket
import struct


def handshake(port: int, timeout: float = 5.0, receive_buffer: int | None = None
              ) -> socket.socket:
    """A TCP connection to 127.0.0.1:port upgraded to a WebSocket (nothing said yet);
    `receive_buffer`: a small one, set before connecting, for a peer that will not read."""
    sock = socket.socket()
    sock.settimeout(timeout)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = sock.recv(4096)
        assert chunk, "the server closed during the handshake"
        reply += chunk
    assert reply.startswith(b"HTTP/1.1 101"), reply[:60]
    return sock


def frame(payload: bytes, opcode: int = 1, claimed: int | None = None) -> bytes:
    """A masked client frame; `claimed` announces another length than the payload's."""
    length = len(payload) if claimed is None else claimed
    head = bytes([0x80 | opcode])
    if length < 126:
        head += bytes([0x80 | length])
    elif length < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", length)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", length)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def closed_by_peer(sock: socket.socket, within: float) -> bool:
    """True when the server ends the connection within `within` seconds."""
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


def read_frame(sock: socket.socket) -> tuple[int, bytes]:
    """The next (unmasked) server frame: its opcode and payload."""
    def exactly(n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            assert chunk, "the server closed the connection"
            data += chunk
        return data
    first, second = exactly(2)
    length = second & 0x7F
    if length == 126:
        length = struct.unpack("!H", exactly(2))[0]
    elif length == 127:
        length = struct.unpack("!Q", exactly(8))[0]
    return first & 0x0F, exactly(length)


def confirm_welcome(sock: socket.socket) -> bytes:
    """Read up to the welcome and answer the server's pings until one sent after it: the
    client has shown it received its token. The welcome's payload."""
    welcome = b""
    while True:
        opcode, payload = read_frame(sock)
        if opcode == 9:  # ping: pong with the same payload
            sock.sendall(frame(payload, opcode=10))
            if welcome:
                return welcome
        elif opcode == 1 and b'"welcome"' in payload:
            welcome = payload
