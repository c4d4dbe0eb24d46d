"""The board's still picture, made once per window size: the painted sea and islands
(terrain.py) with the ocean borders and names, stepping stones across the straits, the volcano
cones and the score track around the rim."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

import pygame

from urland.ui import art, terrain, theme
from urland.ui.geometry import Point
from urland.ui.text import blit_text

if TYPE_CHECKING:
    from urland.ui.board_view import BoardView


def render(view: BoardView) -> pygame.Surface:
    """The board's still picture at the view's size: the painted map, the ocean borders and
    names, fords, volcanoes and the score track."""
    surf = terrain.terrain(view.geo, view.rect.size).image.copy()
    s = view.scale

    def pts(poly: tuple[Point, ...]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in poly]

    for line in view.geo.borders:  # where one ocean meets the next: a faint dashed line
        _dashed(surf, (132, 186, 214), pts(line), max(1, view.px(1.6)), view.px(8))
    _draw_fords(view, surf)
    icon = art.volcano(view.px(46))
    for x, y in view.geo.volcano_spaces:
        surf.blit(icon, icon.get_rect(center=(round(x * s), round(y * s))))
    for k, (x, y) in enumerate(view.geo.ocean_labels):
        label = view.board.ocean_ids[k]
        name = view.board.ocean_names[k]
        for dx, dy, colour in ((1, 1, (16, 50, 84)), (0, 0, (226, 242, 250))):
            blit_text(surf, label, (round(x * s) + dx, round((y - 9) * s) + dy),
                      view.px(24), colour, bold=True, anchor="center")
        blit_text(surf, name, (round(x * s), round((y + 10) * s)), view.px(16),
                  (196, 226, 240), anchor="center")
    _draw_track(view, surf)
    return surf


def _draw_fords(view: BoardView, surf: pygame.Surface) -> None:
    """Stepping stones across each strait: here the water is shallow enough to cross."""
    s = view.scale
    for (a, b), (x, y) in view.geo.strait_centres.items():
        (ax, ay), (bx, by) = view.geo.region_centres[a], view.geo.region_centres[b]
        d = math.hypot(bx - ax, by - ay) or 1.0
        tx, ty = (bx - ax) / d, (by - ay) / d
        for k, off in enumerate((-7.0, 0.0, 7.0)):
            cx, cy = (x + tx * off + ty * (1.5 if k == 1 else -1.0)) * s, (y + ty * off) * s
            r = view.px(2.6 if k == 1 else 2.2)
            pygame.draw.circle(surf, (60, 92, 96), (cx + 1, cy + 1), r)
            pygame.draw.circle(surf, (168, 160, 138), (cx, cy), r)
            pygame.draw.circle(surf, (206, 200, 178), (cx - r / 3, cy - r / 3), max(1, r / 2))


def _draw_track(view: BoardView, surf: pygame.Surface) -> None:
    s = view.scale
    for space in range(1, view.geo.track_spaces + 1):
        x, y = view.track_point(space)
        r = pygame.Rect(0, 0, view.px(27), view.px(27))
        r.center = (round(x * s), round(y * s))
        colour = (236, 224, 194)
        if space in view.board.mutation_spaces:
            colour = (196, 228, 248)
        if space == view.board.end_threshold:
            colour = (250, 204, 112)
        pygame.draw.rect(surf, (44, 32, 24), r.move(view.px(1), view.px(2)),
                         border_radius=view.px(5))
        pygame.draw.rect(surf, colour, r, border_radius=view.px(5))
        pygame.draw.rect(surf, (112, 86, 60), r, max(1, view.px(1.2)),
                         border_radius=view.px(5))
        if space in view.board.mutation_spaces:
            h = art.helix(view.px(22))
            surf.blit(h, h.get_rect(center=r.center))
        blit_text(surf, str(space), (r.centerx, r.centery), view.px(14), (70, 54, 40),
                  bold=space == view.board.end_threshold, anchor="center")


def _dashed(surface: pygame.Surface, colour: theme.Colour, points: list, width: int,
            dash: int) -> None:
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // dash))
        for i in range(0, steps, 2):
            a, b = i / steps, min(1, (i + 1) / steps)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
