"""What the board's helpers (the still picture, the region marks, the volcanoes) may ask of the
board on screen: a narrow interface, so that they need not import `BoardView`, which uses them."""

from __future__ import annotations

from typing import Protocol

import pygame

from urland.engine import Board
from urland.ui.board.geometry import BoardGeometry, Point
from urland.ui.board.track import TrackSpace


class BoardCanvas(Protocol):
    board: Board
    geo: BoardGeometry
    rect: pygame.Rect
    scale: float
    track: list[TrackSpace]
    animate: bool
    rims: dict[tuple, tuple[pygame.Surface, tuple[int, int]]]

    def px(self, units: float) -> int:
        """Board units to pixels."""
        ...

    def to_screen(self, p: Point) -> tuple[int, int]:
        """A point of the board (units) on the screen."""
        ...

    def parts(self, area: int) -> tuple[int, ...]:
        """The regions an area is made of (more than one once a volcano joined them)."""
        ...

    def erupted(self) -> list[int]:
        """The regions whose volcano has erupted."""
        ...

    def badge_box(self, region: int) -> tuple[float, float, float, float]:
        """Where a region's number badge sits (board units)."""
        ...

    def bridge_pose(self, region: int) -> tuple[Point, float, float]:
        """Where a lava bridge lies: its middle, its angle and its length."""
        ...
