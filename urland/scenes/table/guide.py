"""What a scene that coaches the player at a table it hosts (the tutorial) is to the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from urland.engine import Move

if TYPE_CHECKING:
    import pygame


class TableGuide(Protocol):
    """It may make the table wait (`holds`), turn a player's move away with a friendly
    sentence (`nudge`) instead of playing it, give the Hint itself (`advice`: the step's own
    words, so a hint never advises a move the step refuses) and follow an Undo (`undone`). A
dialog over the table stands beside its coaching `card` (empty while none is shown), draws
the step's instruction bright beside itself (`draw_coach`), and under autoplay presses the
keys the step asks of it (`dialog_keys`)."""

    card: pygame.Rect

    def holds(self) -> bool: ...

    def nudge(self, move: Move) -> str | None: ...

    def advice(self) -> str | None: ...

    def undone(self, move: Move) -> None: ...

    def draw_coach(self, surface: pygame.Surface) -> None: ...

    def dialog_keys(self, dialog: str) -> list[int]: ...


def turned_away(table: Any, move: Move) -> bool:
    """The table's guide turned the acting player's move away: say why, and ask again."""
    if table.guide is None or not table.flow.acting_here():
        return False
    why = table.guide.nudge(move)
    if why is None:
        return False
    table.say(why)
    table.gestures.cancel()
    table.flow.ask_again()  # a dialog that was answered is opened again
    return True
