"""An extended region drawn as one land: the narrow water between its parts filled in, and
one glowing rim around the whole.

The shape is worked out on a mask at one pixel per board unit: the parts' outlines and the
lines joining them across their bridges, then "closed" (grown by a few units and shrunk back),
which fills the straits between the parts but leaves their coasts where they were.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from urland.ui.board.geometry import Point

CLOSE = 20  # straits up to twice this wide (board units) are filled in
MARGIN = CLOSE * 2 + 4
LAND = (255, 255, 255, 255)


def _disc(radius: int) -> pygame.Mask:
    surf = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    pygame.draw.circle(surf, LAND, (radius, radius), radius)
    return pygame.mask.from_surface(surf, 127)


def merged_shape(outlines: Sequence[Sequence[Point]], joins: Sequence[tuple[Point, Point]]
                 ) -> tuple[tuple[int, int], pygame.Mask, pygame.Mask]:
    """(origin, land, whole): masks at one pixel per board unit whose top-left is `origin`
    (board units): `land` the parts as drawn, `whole` the one land they make together."""
    xs = [x for poly in outlines for x, _ in poly]
    ys = [y for poly in outlines for _, y in poly]
    left, top = math.floor(min(xs)) - MARGIN, math.floor(min(ys)) - MARGIN
    size = (math.ceil(max(xs)) - left + MARGIN, math.ceil(max(ys)) - top + MARGIN)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for poly in outlines:
        pygame.draw.polygon(surf, LAND, [(x - left, y - top) for x, y in poly])
    land = pygame.mask.from_surface(surf, 127)
    for (ax, ay), (bx, by) in joins:
        pygame.draw.line(surf, LAND, (ax - left, ay - top), (bx - left, by - top), 24)
    joined = pygame.mask.from_surface(surf, 127)
    disc = _disc(CLOSE)
    grown = joined.convolve(disc)  # index (x + CLOSE, y + CLOSE) is board (x, y)
    grown.invert()
    shrunk = grown.convolve(disc)  # index (x + 2 CLOSE, ...)
    shrunk.invert()
    whole = pygame.Mask(size)
    whole.draw(shrunk, (-2 * CLOSE, -2 * CLOSE))
    whole.draw(joined, (0, 0))
    return (left, top), land, whole


def straits(land: pygame.Mask, whole: pygame.Mask, overlap: int = 3) -> pygame.Mask:
    """What the closing added (the water between the parts), reaching `overlap` units onto
    the coasts so no thin line of water shows where the fill meets the painted shore."""
    gap = whole.copy()
    gap.erase(land, (0, 0))
    grown = gap.convolve(_disc(overlap))  # index (x + overlap, ...) is (x, ...)
    shifted = pygame.Mask(gap.get_size())
    shifted.draw(grown, (-overlap, -overlap))
    return shifted.overlap_mask(whole, (0, 0))


def outline(mask: pygame.Mask) -> list[tuple[int, int]]:
    """The outer edge of the largest piece of a mask."""
    pieces = mask.connected_components()
    if not pieces:
        return []
    return max(pieces, key=lambda m: m.count()).outline(2)
