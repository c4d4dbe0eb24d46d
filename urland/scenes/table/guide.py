"""What a scene that coaches the player at a table it hosts (the tutorial) is to the table."""

from __future__ import annotations

from typing import Protocol

from urland.engine import Move


class TableGuide(Protocol):
    """It may make the table wait (`holds`) and turn a player's move away with a friendly
    sentence (`nudge`) instead of playing it."""

    def holds(self) -> bool: ...

    def nudge(self, move: Move) -> str | None: ...
