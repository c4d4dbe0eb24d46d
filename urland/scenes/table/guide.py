"""What a scene that coaches the player at a table it hosts (the tutorial) is to the table."""

from __future__ import annotations

from typing import Protocol

from urland.engine import Move


class TableGuide(Protocol):
    """It may make the table wait (`holds`), turn a player's move away with a friendly
    sentence (`nudge`) instead of playing it, give the Hint itself (`advice`: the step's own
    words, so a hint never advises a move the step refuses) and follow an Undo (`undone`)."""

    def holds(self) -> bool: ...

    def nudge(self, move: Move) -> str | None: ...

    def advice(self) -> str | None: ...

    def undone(self, move: Move) -> None: ...
