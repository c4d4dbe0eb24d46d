"""The board's still picture, made once per window size: the painted sea and islands
(terrain.py) with the ocean borders and names, stepping stones across the straits, the volcano
cones and the score track around the rim."""

from __future__ import annotations

import itertools
import math

import pygame

from urland.texts.words import SOFT_HYPHEN, ocean_name
from urland.ui import art, theme
from urland.ui.board import terrain
from urland.ui.board.board_canvas import BoardCanvas
from urland.ui.board.geometry import Point
from urland.ui.board.track import MARKER, TILE, TrackSpace
from urland.ui.text import blit_text, line_height, text_width


def render(view: BoardCanvas) -> pygame.Surface:
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
    tx, ty, tw, th_ = view.geo.track_rect  # the ocean names stay inside the score track
    inside = pygame.Rect(round((tx + TILE / 2 + 2) * s), round((ty + TILE / 2 + 2) * s),
                         round((tw - TILE - 4) * s), round((th_ - TILE - 4) * s))
    for k, (x, y) in enumerate(view.geo.ocean_labels if view.labelled else ()):
        label = view.board.ocean_ids[k]
        name = ocean_name(view.board.ocean_names[k], breakable=True)
        for dx, dy, colour in ((1, 1, (16, 50, 84)), (0, 0, (226, 242, 250))):
            blit_text(surf, label, (round(x * s) + dx, round((y - 9) * s) + dy),
                      view.px(24), colour, bold=True, anchor="center")
        centre = (round(x * s), round((y + 10) * s))
        room = 2 * min(centre[0] - inside.left, inside.right - centre[0])
        lines = [name.replace(SOFT_HYPHEN, "")]
        if text_width(lines[0], view.px(16)) > room:  # "Oceano" over "Ovest", "West-" "ozean"
            if " " in lines[0]:
                lines = lines[0].rsplit(" ", 1)
            elif SOFT_HYPHEN in name:
                head, tail = name.rsplit(SOFT_HYPHEN, 1)
                lines = [head.replace(SOFT_HYPHEN, "") + "-", tail]
        step = line_height(view.px(16))
        for i, line in enumerate(lines):
            place = pygame.Rect(0, 0, text_width(line, view.px(16)), step)
            place.center = (centre[0], centre[1] + i * step)
            blit_text(surf, line, place.clamp(inside).center, view.px(16), (196, 226, 240),
                      anchor="center")
    _draw_track(view, surf)
    return surf


def _draw_fords(view: BoardCanvas, surf: pygame.Surface) -> None:
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


SOCKET = (62, 44, 30)  # the groove that joins a number tile to its marker's place
TILE_COLOURS = {"plain": (236, 224, 194), "mutation": (196, 228, 248),
                "end": (250, 204, 112), "overflow": (200, 190, 168)}


def _draw_track(view: BoardCanvas, surf: pygame.Surface) -> None:
    """Each space's tile: its number, and beside it (never over it) the mark of a mutation
    space or of the end; the spaces past the end smaller and greyer."""
    s = view.scale

    def rect(box: tuple[float, float, float, float]) -> pygame.Rect:
        x0, y0 = round(box[0] * s), round(box[1] * s)
        return pygame.Rect(x0, y0, round((box[0] + box[2]) * s) - x0,
                           round((box[1] + box[3]) * s) - y0)

    for space in view.track:
        r = rect(space.tile)
        radius = view.px(5)
        socket = r.union(rect(_marker_box(space))).inflate(view.px(3), view.px(3))
        pygame.draw.rect(surf, SOCKET, socket, border_radius=radius + view.px(2))
        pygame.draw.rect(surf, (44, 32, 24), r.move(view.px(1), view.px(2)),
                         border_radius=radius)
        pygame.draw.rect(surf, TILE_COLOURS[space.kind], r, border_radius=radius)
        edge = (190, 128, 28) if space.kind == "end" else (112, 86, 60)
        pygame.draw.rect(surf, edge, r, max(1, view.px(1.2 if space.kind != "end" else 2)),
                         border_radius=radius)
        if space.mark_box is not None:
            m = rect(space.mark_box)
            icon = (art.helix(min(m.width, m.height) + view.px(2)) if space.kind == "mutation"
                    else _flag(min(m.width, m.height)))
            surf.blit(icon, icon.get_rect(center=m.center))
        small = space.kind == "overflow"
        if not view.labelled:
            continue
        blit_text(surf, str(space.number), rect(space.number_box).center,
                  view.px(12 if small else 14), (96, 84, 70) if small else (70, 54, 40),
                  bold=space.kind == "end", anchor="center")


def _marker_box(space: TrackSpace) -> tuple[float, float, float, float]:
    """Where a marker on `space` stands, as a box (board units): a groove joins it to its
    number tile, so a marker between two numbers is read as standing on the one before."""
    tx, ty, tw, th_ = space.tile
    mx, my = space.marker
    along_x = abs(mx - (tx + tw / 2)) > abs(my - (ty + th_ / 2))
    w, h = (MARKER, th_) if along_x else (tw, MARKER)
    return (mx - w / 2, my - h / 2, w, h)


def _flag(size: int) -> pygame.Surface:
    """The end space's mark: a small chequered finishing flag."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pole = max(1, size // 10)
    pygame.draw.rect(surf, (70, 54, 40), (size // 6, size // 10, pole, size - size // 5))
    cell = max(1, (size * 2 // 3) // 4)
    left, top = size // 6 + pole, size // 10
    for i in range(4):
        for j in range(3):
            colour = (34, 30, 28) if (i + j) % 2 else (250, 246, 236)
            pygame.draw.rect(surf, colour, (left + i * cell, top + j * cell, cell, cell))
    return surf


def _dashed(surface: pygame.Surface, colour: theme.Colour, points: list, width: int,
            dash: int) -> None:
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // dash))
        for i in range(0, steps, 2):
            a, b = i / steps, min(1, (i + 1) / steps)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
