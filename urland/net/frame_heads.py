"""Frame heads read off a connection's raw bytes, before the WebSocket library parses them.

The library parses every frame of a chunk, and answers every ping in it, before the server
sees any of them: a chunk of 256 KiB of pings is some 40,000 frames parsed and as many pongs
written. `FrameHeads` reads only the two to fourteen bytes of each frame's head (its opcode
and length) and skips the payload, so the gate (`urland.net.gate`) can cut a connection at
the first frame it may not send, before the library spends anything on the chunk.
"""

from __future__ import annotations

from collections.abc import Iterator


class FrameHeads:
    """The opcodes of the frames in a byte stream fed chunk by chunk (a head or a payload may
    be split across chunks)."""

    def __init__(self) -> None:
        self.head = bytearray()  # the head of the frame being read, so far
        self.skip = 0  # payload bytes of the current frame still to come

    def feed(self, data: bytes) -> Iterator[int]:
        """The opcode of each frame whose head ends in `data`, one at a time: a reader that
        stops at a frame it refuses (the gate cuts the connection there) never reads the
        heads after it, so a chunk of 40,000 pings costs the few heads up to the limit."""
        i, n = 0, len(data)
        while i < n:
            if self.skip:
                step = min(self.skip, n - i)
                self.skip -= step
                i += step
                continue
            need = self._head_size()
            take = min(need - len(self.head), n - i)
            self.head += data[i:i + take]
            i += take
            if len(self.head) == self._head_size():  # complete (the size may have grown)
                opcode = self.head[0] & 0x0F
                self.skip = self._payload_length()
                self.head.clear()
                yield opcode

    def _head_size(self) -> int:
        if len(self.head) < 2:
            return 2
        code = self.head[1] & 0x7F
        extended = 2 if code == 126 else 8 if code == 127 else 0
        return 2 + extended + (4 if self.head[1] & 0x80 else 0)

    def _payload_length(self) -> int:
        code = self.head[1] & 0x7F
        if code < 126:
            return code
        size = 2 if code == 126 else 8
        return int.from_bytes(self.head[2:2 + size], "big")
