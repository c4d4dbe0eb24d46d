"""Where the stacks of Ichtos stand in an area so that nothing covers anything.

Each area (a region with all the parts of an extended region, or an ocean) gets a list of free
places, nearest its centre first: places where a whole stack (two Ichtos, the count badge) lies
inside the land or water and clear of the region numbers, the volcanoes with their chips, the
lava bridges and the ocean names. The stacks present take the first places, one per colour,
never overlapping one another. All in board units.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from urland.ui.board.geometry import BoardGeometry, Point
from urland.ui.board.track import Box, boxes_overlap

# A stack's footprint around its point: the Ichto in front, the one behind up and to the left,
# the count badge down and to the right.
FOOT_W, FOOT_H = 46.0, 40.0
FOOT_DY = -2.0
STEP = 4.0  # the grid the places are looked for on
BADGE_OFFSET = (-36.0, -44.0)  # a region's number, from the region's centre
BADGE_BOX = (34.0, 30.0)
VOLCANO_BOX = (44.0, 40.0)  # the cone and the chip that lies on it, around the volcano space
BRIDGE_BOX = 40.0
LABEL_BOX = (92.0, 50.0)  # an ocean's id and name, around its label point


SCALES = (1.0, 0.86, 0.74, 0.62)  # a crowded area draws its stacks smaller, down to this


def footprint(p: Point, scale: float = 1.0) -> Box:
    """The box a stack drawn at `scale` covers around its point."""
    w, h = FOOT_W * scale, FOOT_H * scale
    return (p[0] - w / 2, p[1] + FOOT_DY * scale - h / 2, w, h)


def badge_point(geo: BoardGeometry, region: int) -> Point:
    cx, cy = geo.region_centres[region]
    return (cx + BADGE_OFFSET[0], cy + BADGE_OFFSET[1])


def _centred(p: Point, size: tuple[float, float]) -> Box:
    return (p[0] - size[0] / 2, p[1] - size[1] / 2, size[0], size[1])


def badge_box(geo: BoardGeometry, region: int) -> Box:
    return _centred(badge_point(geo, region), BADGE_BOX)


def volcano_box(geo: BoardGeometry, region: int) -> Box:
    return _centred(geo.volcano_spaces[region], VOLCANO_BOX)


def obstacles(geo: BoardGeometry, bridges: Sequence[Point]) -> list[Box]:
    """Everything a stack must leave uncovered."""
    out = [badge_box(geo, r) for r in range(len(geo.region_centres))]
    out += [volcano_box(geo, r) for r in range(len(geo.region_centres))]
    out += [_centred(p, (BRIDGE_BOX, BRIDGE_BOX)) for p in bridges]
    out += [_centred((x, y), LABEL_BOX) for x, y in geo.ocean_labels]
    return out


def free_places(inside: Sequence[tuple[Point, ...]], outside: Sequence[tuple[Point, ...]],
                blocked: Sequence[Box], centre: Point, scale: float = 1.0) -> list[Point]:
    """Every grid point whose stack footprint lies within the `inside` polygons (together),
    touches none of the `outside` polygons and no blocked box; nearest `centre` first.

    The test runs on a mask at one pixel per board unit: what is not allowed is drawn, and a
    footprint fits where it overlaps none of it."""
    xs = [x for poly in inside for x, _ in poly]
    ys = [y for poly in inside for _, y in poly]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    width, height = math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    for poly in inside:
        pygame.draw.polygon(surf, (255, 255, 255, 255), [(x - left, y - top) for x, y in poly])
    for poly in outside:
        pygame.draw.polygon(surf, (0, 0, 0, 0), [(x - left, y - top) for x, y in poly])
        pygame.draw.polygon(surf, (0, 0, 0, 0), [(x - left, y - top) for x, y in poly], 2)
    for bx, by, bw, bh in blocked:
        surf.fill((0, 0, 0, 0), pygame.Rect(math.floor(bx - left), math.floor(by - top),
                                            math.ceil(bw) + 1, math.ceil(bh) + 1))
    forbidden = pygame.mask.from_surface(surf, 127)
    forbidden.invert()
    fw, fh, dy = FOOT_W * scale, FOOT_H * scale, FOOT_DY * scale
    foot = pygame.Mask((math.ceil(fw), math.ceil(fh)), fill=True)
    places = []
    y = top + fh / 2 - dy + 1
    while y + dy + fh / 2 < top + height - 1:
        x = left + fw / 2 + 1
        while x + fw / 2 < left + width - 1:
            bx, by, _, _ = footprint((x, y), scale)
            if forbidden.overlap(foot, (math.floor(bx - left), math.floor(by - top))) is None:
                places.append((x, y))
            x += STEP
        y += STEP
    places.sort(key=lambda p: (math.hypot(p[0] - centre[0], p[1] - centre[1]), p))
    return places


def choose(places: Sequence[Point], k: int, scale: float = 1.0) -> list[Point]:
    """The first `k` places (nearest the centre first) whose stacks do not overlap; fewer when
    the area has no room for `k`."""
    chosen: list[Point] = []
    boxes: list[Box] = []
    for p in places:
        box = footprint(p, scale)
        if not any(boxes_overlap(box, b) for b in boxes):
            chosen.append(p)
            boxes.append(box)
            if len(chosen) == k:
                break
    return chosen
