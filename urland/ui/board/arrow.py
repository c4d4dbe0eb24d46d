"""The bold arrow drawn over the board: a hint's way, the last moves, a review's move, a rule's
before and after."""

from __future__ import annotations

import math

import pygame

from urland.ui import theme as th


def draw_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
               width: int, grow: float = 1.0, colour: tuple[int, int, int] = th.ACCENT) -> None:
    """A bold arrow from `start` towards `end`; `grow` (0..1) draws it part of the way, so a
    fresh hint is seen arriving."""
    x0, y0 = start
    dx, dy = end[0] - x0, end[1] - y0
    length = math.hypot(dx, dy)
    if length < 1:
        pygame.draw.circle(surface, colour, start, width * 2, width)
        return
    ux, uy = dx / length, dy / length
    tip = (x0 + dx * grow, y0 + dy * grow)
    head = width * 3.2
    base = (tip[0] - ux * head, tip[1] - uy * head)
    dark = sum(colour) < 200  # a black arrow on the dark sea: lit from below instead
    shadow = (226, 220, 204) if dark else (20, 24, 30)
    for offset, c in ((2, shadow), (0, colour)):
        pygame.draw.line(surface, c, (x0 + offset, y0 + offset),
                         (base[0] + offset, base[1] + offset), width)
        left = (base[0] - uy * head * 0.6 + offset, base[1] + ux * head * 0.6 + offset)
        right = (base[0] + uy * head * 0.6 + offset, base[1] - ux * head * 0.6 + offset)
        pygame.draw.polygon(surface, c, [(tip[0] + offset, tip[1] + offset), left, right])
