"""Events: everything a player should be told, as structured data plus a sentence.

`visible_to` is None for public events, or a bit mask of the seats that may see the event (a
drawn chip, the chip chosen in secret, one's own bid). Text is built only when the state records
events, so playouts inside a search pay nothing for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from urland.engine.state import GameState


class Event(NamedTuple):
    kind: str
    text: str
    data: dict[str, Any]
    visible_to: int | None = None

    def visible(self, seat: int | None) -> bool:
        """`seat=None` asks for the spectator's view: public events only."""
        if self.visible_to is None:
            return True
        return seat is not None and bool(self.visible_to >> seat & 1)


def say(state: GameState, kind: str, text: Callable[[], str], visible_to: int | None = None,
        **data: Any) -> None:
    if state.events is not None:
        state.events.append(Event(kind, text(), data, visible_to))


def listing(items: list | tuple) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def names(state: GameState, seats: list[int] | tuple[int, ...]) -> str:
    return listing([state.colour_name(s) for s in seats])


def ichtos(n: int) -> str:
    return f"{n} Ichto" if n == 1 else f"{n} Ichtos"
