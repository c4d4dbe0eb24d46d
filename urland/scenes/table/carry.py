"""What the mouse holds on the board: Ichtos pressed on or lifted (`Drag`), and the area menu's
row that lifts them (`Lift`)."""

from __future__ import annotations

from dataclasses import dataclass


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
