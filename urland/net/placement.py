"""Where a room is served when several `serve` processes share one database.

The transport asks its `Placement` about a room it does not hold: the room itself (this process
has just taken it), the address of the process that serves it (the client is sent there with
an `elsewhere` message, docs/network-protocol.md), or None (no such room). A transport without
a placement serves only its own rooms, as a single `serve` does.
"""

from __future__ import annotations

from typing import Protocol

from urland.master.room import Room


class Placement(Protocol):
    async def locate(self, code: str) -> Room | str | None:
        """The room under `code` taken here, the address of the process serving it, or None."""
        ...

    def peers(self) -> list[str]:
        """The addresses of the server's other live processes (told in each `welcome`)."""
        ...
