"""What the mouse holds on the board: Ichtos pressed on or lifted (`Drag`), and the area menu's
row that lifts them (`Lift`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from urland.engine import Decision, Move, PlayerView
from urland.texts.i18n import N_

if TYPE_CHECKING:
    from urland.table import TableDoor
    from urland.table.now import TableNow
    from urland.ui import theme as th
    from urland.ui.board.board_view import BoardView
    from urland.ui.table.side_panel import SidePanel

# The note when lifted Ichtos are put back where they were (Esc, or Enter on their own area).
PUT_BACK = N_("Put back: nothing moved.")


@dataclass(frozen=True)
class Lift:
    """The menu row that lifts the player's Ichtos at `area` to choose where they go."""

    area: int
    pos: tuple[int, int]


@dataclass
class Drag:
    src: int  # -1: a press on the board that picked nothing up (a click in the making)
    owner: int
    count: int
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False
    refused: int = -1  # the area of a stack pressed on that no legal move can pick up
    lifted: bool = False  # lifted by a click: it follows the mouse until the next click

    @property
    def carrying(self) -> bool:
        return self.src >= 0 and self.moved


class GestureHost(Protocol):
    """What the gestures need of the table: its door, its pending decision, what it shows where
    (the board, the players' rows), and a way to play a move or say why not."""

    app: Any
    door: TableDoor
    board_view: BoardView
    panel: SidePanel
    shown: PlayerView

    @property
    def theme(self) -> th.Theme: ...

    @property
    def decision(self) -> Decision: ...

    @property
    def now(self) -> TableNow: ...

    def submit(self, move: Move, dropped_at: tuple[int, int] | None = None) -> None: ...

    def say(self, text: str) -> None: ...
