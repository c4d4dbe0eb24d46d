"""What moved, shown moving: Ichtos glide between areas, markers step along the track.

A `MoveAnimation` compares the position before and after a decision (as the table's viewer
sees them), pairs each colour's losses with its gains, and plays them as glides; arrivals stay
hidden until their glide lands. Then markers walk from their old spaces to their new ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from urland.engine.state import GameState
from urland.ui.board_view import ICON, BoardView

RESERVE = -1  # the virtual area of a seat's reserve


@dataclass
class Glide:
    seat: int
    colour: int
    src: int
    dst: int
    count: int
    start: tuple[int, int]
    end: tuple[int, int]


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


class MoveAnimation:
    GLIDE = 0.5  # seconds at normal speed
    STEP = 0.09  # seconds per track space at normal speed

    def __init__(self, view: BoardView, before: GameState, after: GameState, speed: float,
                 reserve_point: Callable[[int], tuple[int, int]]) -> None:
        self.view = view
        self.after = after
        self.t = 0.0
        self.glides = self._pair(before, after, reserve_point)
        self.glide_time = self.GLIDE / speed if self.glides else 0.0
        self.before_track = before.track[:]
        self.after_track = after.track[:]
        steps = max((b - a for a, b in zip(self.before_track, self.after_track, strict=True)),
                    default=0)
        self.marker_time = min(2.0, self.STEP * steps) / speed if steps > 0 else 0.0
        self.duration = self.glide_time + self.marker_time

    def _pair(self, before: GameState, after: GameState,
              reserve_point: Callable[[int], tuple[int, int]]) -> list[Glide]:
        glides = []
        areas = list(range(after.board.n_areas))
        for seat in range(after.n):
            losses, gains = [], []
            for area in areas:
                d = after.count(area, seat) - before.count(area, seat)
                if d < 0:
                    losses.append([area, -d])
                elif d > 0:
                    gains.append([after.root(area) if area < after.board.n_regions else area, d])
            r = after.reserve[seat] - before.reserve[seat]
            if r > 0:
                gains.append([RESERVE, r])
            elif r < 0:
                losses.append([RESERVE, -r])
            while losses and gains:
                src, dst = losses[0], gains[0]
                k = min(src[1], dst[1])
                glides.append(Glide(seat, after.colours[seat], src[0], dst[0], k,
                                    self._point(src[0], seat, reserve_point),
                                    self._point(dst[0], seat, reserve_point)))
                src[1] -= k
                dst[1] -= k
                if not src[1]:
                    losses.pop(0)
                if not dst[1]:
                    gains.pop(0)
        return glides

    def _point(self, area: int, seat: int,
               reserve_point: Callable[[int], tuple[int, int]]) -> tuple[int, int]:
        if area == RESERVE:
            return reserve_point(seat)
        return self.view.to_screen(self.view.anchor(area))

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def skip(self) -> None:
        self.t = self.duration

    def update(self, dt: float) -> None:
        self.t = min(self.duration, self.t + dt)

    def hidden(self) -> dict[tuple[int, int], int]:
        """Ichtos not yet arrived: drawn in flight, not in their stack."""
        if self.t >= self.glide_time:
            return {}
        out: dict[tuple[int, int], int] = {}
        for g in self.glides:
            if g.dst != RESERVE:
                out[(g.dst, g.seat)] = out.get((g.dst, g.seat), 0) + g.count
        return out

    def markers(self) -> list[float]:
        if self.t <= self.glide_time or not self.marker_time:
            return [float(p) for p in (self.before_track if self.t <= self.glide_time
                                       and self.marker_time else self.after_track)]
        f = min(1.0, (self.t - self.glide_time) / self.marker_time)
        return [a + (b - a) * f for a, b in zip(self.before_track, self.after_track, strict=True)]

    def draw(self, surface: pygame.Surface) -> None:
        if self.t >= self.glide_time or not self.glides:
            return
        f = _ease(self.t / self.glide_time)
        size = self.view.px(ICON)
        font = self.view.px(17)
        for g in self.glides:
            x = g.start[0] + (g.end[0] - g.start[0]) * f
            y = g.start[1] + (g.end[1] - g.start[1]) * f - size * 0.8 * (4 * f * (1 - f))
            BoardView.draw_stack(surface, g.colour, g.count, (round(x), round(y)), size, font,
                                 glow=True)
