"""The painted sea and islands: depth, shallows, beaches, relief and vegetation.

One elevation field covers the whole map: the sea's depth below 128 and the land's height above
it. The land is exactly the board's region outlines (what the mouse hits is what you see); inside
them the height rises from the beach with the distance from the coast, roughened by fractal
noise; outside them the water is shallow near every coast, so a narrow strait between two
islands reads as a light ford. The field is coloured through one day-light ramp and lit from
the north-west. Painted once per board size (see `terrain`), then only blitted.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from urland.ui.board import raster
from urland.ui.board.geometry import BoardGeometry

SEED = 1807

# The one palette, from the deep sea to the island tops.
RAMP = raster.ramp([
    (0, (20, 62, 104)), (50, (26, 84, 132)), (88, (34, 118, 156)), (108, (52, 156, 172)),
    (120, (98, 192, 188)), (126, (168, 220, 204)),
    (129, (210, 194, 146)), (133, (236, 218, 166)), (143, (234, 214, 158)),
    (149, (196, 198, 116)), (156, (148, 184, 90)), (182, (112, 160, 72)),
    (204, (80, 134, 60)), (222, (74, 116, 58)), (234, (112, 112, 88)), (246, (140, 132, 112)),
    (255, (160, 152, 134)),
])
SEA_TOP = 121  # the shallowest water's value; land starts at 128


@dataclass
class Terrain:
    """The painted map and what the animated water needs to know about it."""

    image: pygame.Surface  # opaque, the board rect's size
    depth: bytes  # the elevation field (values < 128 are water), one byte per pixel
    size: tuple[int, int]

    def is_open_water(self, x: int, y: int, below: int = 96) -> bool:
        """Deep enough water at a pixel for waves (not on land, not in the shallows)."""
        w, h = self.size
        if not (0 <= x < w and 0 <= y < h):
            return False
        return self.depth[y * w + x] < below


def _mask(geo: BoardGeometry, size: tuple[int, int], scale: float) -> pygame.Surface:
    """White land on black, its edge smoothed (drawn twice as large, then scaled down)."""
    w, h = size
    big = pygame.Surface((w * 2, h * 2), 0, 32)
    big.fill((0, 0, 0))
    for outline in geo.region_outlines:
        pygame.draw.polygon(big, (255, 255, 255), [(x * scale * 2, y * scale * 2)
                                                   for x, y in outline])
    return pygame.transform.smoothscale(big, size)


def _each_island_blurred(geo: BoardGeometry, size: tuple[int, int], scale: float,
                         radius: float) -> pygame.Surface:
    """Each island's own mask blurred, the brightest kept: how far inside its own coast a
    point is, blind to the neighbour across a strait."""
    out = pygame.Surface(size, 0, 32)
    out.fill((0, 0, 0))
    pad = round(radius * 2) + 2
    for outline in geo.region_outlines:
        pts = [(x * scale, y * scale) for x, y in outline]
        box = pygame.Rect(min(p[0] for p in pts), min(p[1] for p in pts), 1, 1)
        box.width = round(max(p[0] for p in pts) - box.x) + 1
        box.height = round(max(p[1] for p in pts) - box.y) + 1
        box.inflate_ip(2 * pad, 2 * pad)
        island = pygame.Surface(box.size, 0, 32)
        island.fill((0, 0, 0))
        pygame.draw.polygon(island, (255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
        out.blit(raster.blur(island, radius), box.topleft, special_flags=pygame.BLEND_RGB_MAX)
    return out


def _water_rect(geo: BoardGeometry, scale: float) -> pygame.Rect:
    cw, ch = geo.canvas
    inset = 35 * scale
    return pygame.Rect(round(inset), round(inset), round(cw * scale - 2 * inset),
                       round(ch * scale - 2 * inset))


_CACHE: dict[tuple, Terrain] = {}


def terrain(geo: BoardGeometry, size: tuple[int, int]) -> Terrain:
    """The map for a board drawn `size` pixels large: painted once per size, then reused."""
    key = (geo.canvas, geo.region_outlines, size)
    if key not in _CACHE:
        if len(_CACHE) >= 4:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = _paint(geo, size)
    return _CACHE[key]


def clear_cache() -> None:
    _CACHE.clear()


def _paint(geo: BoardGeometry, size: tuple[int, int]) -> Terrain:
    u = size[0] / geo.canvas[0]  # pixels per board unit

    def mapped(src: pygame.Surface | bytes, fn) -> pygame.Surface:
        values = src if isinstance(src, bytes) else raster.field(src)
        return raster.surface(values.translate(raster.table(fn)), size)

    mask = _mask(geo, size, u)
    own_near = _each_island_blurred(geo, size, u, 7 * u)  # distance from its own coast only
    own_far = _each_island_blurred(geo, size, u, 30 * u)
    near = raster.blur(mask, 7 * u)  # the coast's close neighbourhood
    far = raster.blur(mask, 30 * u)  # the island cores, the shelf around them
    shelf = raster.blur(mask, 70 * u)  # the wide, gentle slope of the sea floor
    grain = raster.field(pygame.transform.box_blur(raster.surface(raster.value_noise(
        size, ((5, 0.28), (12, 0.30), (30, 0.24), (80, 0.14)), SEED), size), max(1, round(2 * u))))

    # Land height (0-255): a beach, then a rise with the distance from the coast and the
    # island's core, roughened by the noise the further it is from the beach.
    inland = mapped(own_near, lambda v: max(0.0, v - 175) * 3.2)  # 0 on the beach, 255 inland
    height = raster.add(mapped(own_near, lambda v: max(0.0, v - 185) * 0.7),
                        mapped(own_far, lambda v: max(0.0, v - 110) * 0.75))
    bumps = raster.mul(mapped(grain, lambda v: max(0.0, v - 118) * 1.25), inland)
    dents = raster.mul(mapped(grain, lambda v: max(0.0, 118 - v) * 1.1), inland)
    height = raster.sub(raster.add(height, bumps), dents)
    height = raster.mul(height, mapped(own_far, lambda v: max(0.0, v - 132) * 2.3))  # the beach

    # Light from the north-west: slopes facing it brighten, the others darken.
    d = max(1, round(3 * u))
    lit = raster.sub(height, raster.shifted(height, d, d))
    shade = raster.sub(raster.shifted(height, d, d), height)

    # Water depth: shallow by every coast (both coasts of a strait add up), deep offshore,
    # a slow noise on the sea floor; islands cast a soft shadow to the south-east.
    sea = raster.add(raster.add(mapped(shelf, lambda v: 22 + min(v, 128) * 0.45),
                                mapped(far, lambda v: min(v, 128) * 0.30)),
                     mapped(near, lambda v: min(v, 128) * 0.35))
    sea = raster.sub(raster.add(sea, mapped(grain, lambda v: max(0.0, v - 128) * 0.3)),
                     mapped(grain, lambda v: max(0.0, 128 - v) * 0.3))
    sea = mapped(sea, lambda v: min(v, SEA_TOP))
    cast = raster.blur(raster.shifted(mask, round(4 * u), round(6 * u)), 5 * u)
    sea = raster.sub(sea, mapped(cast, lambda v: v * 0.10))

    land = mapped(height, lambda v: 134 + v * 121 / 255)
    inverse = mapped(mask, lambda v: 255 - v)
    elevation = raster.add(raster.mul(sea, inverse), raster.mul(land, mask))
    depth = raster.field(elevation)
    image = raster.coloured(depth, size, RAMP)

    # relief: light and shade on the land only
    image.blit(raster.mul(mapped(lit, lambda v: min(70.0, v * 3.2)), mask), (0, 0),
               special_flags=pygame.BLEND_RGB_ADD)
    image.blit(raster.mul(mapped(shade, lambda v: min(80.0, v * 3.6)), mask), (0, 0),
               special_flags=pygame.BLEND_RGB_SUB)

    _plant(image, depth, geo, size, u)
    _frame(image, geo, u)
    return Terrain(image, depth, size)


def _plant(image: pygame.Surface, depth: bytes, geo: BoardGeometry, size: tuple[int, int],
           u: float) -> None:
    """Copses of round trees on the green slopes, a few boulders on the high ground; kept
    clear of where Ichtos stand and where numbers and chips lie."""
    rnd = random.Random(SEED)
    w, h = size
    clear = [(x * u, y * u, 34 * u) for x, y in geo.region_centres]
    clear += [(x * u, y * u, 22 * u) for x, y in geo.volcano_spaces]
    clear += [((x - 36) * u, (y - 44) * u, 16 * u) for x, y in geo.region_centres]
    step = 7 * u
    trees, rocks = [], []
    y = step / 2
    while y < h:
        x = step / 2
        while x < w:
            px, py = int(x + rnd.uniform(-0.45, 0.45) * step), int(y + rnd.uniform(-0.45, 0.45)
                                                                   * step)
            v = depth[py * w + px] if 0 <= px < w and 0 <= py < h else 0
            roll, k = rnd.random(), rnd.uniform(0.7, 1.25)
            wanted = (174 <= v <= 228 and roll < 0.55) or (v > 232 and roll < 0.22)
            if wanted and not any((px - cx) ** 2 + (py - cy) ** 2 < r * r
                                  for cx, cy, r in clear):
                (trees if v <= 228 else rocks).append((px, py, k))
            x += step
        y += step
    trees.sort(key=lambda t: t[1])  # the nearer (lower) tree overlaps the farther one
    for px, py, k in rocks:
        r = max(1, round(2.6 * u * k))
        pygame.draw.ellipse(image, (86, 80, 68), (px - r, py - r // 2, 2 * r, r + 2))
        pygame.draw.ellipse(image, (170, 162, 146), (px - r + 1, py - r // 2, 2 * r - 3, r))
    for px, py, k in trees:
        r = max(2, round(3.4 * u * k))
        tint = round((k - 1) * 40)  # bigger trees a little darker: not every crown the same
        pygame.draw.circle(image, (40, 72, 36), (px + r // 2, py + r // 2), r)  # shadow
        pygame.draw.circle(image, (54 - tint, 104 - tint, 48), (px, py), r)
        pygame.draw.circle(image, (84 - tint, 140 - tint, 64), (px - r // 3, py - r // 3),
                           max(1, r * 3 // 5))
        pygame.draw.circle(image, (122, 172, 86), (px - r // 2, py - r // 2), max(1, r // 4))


def _fill(size: tuple[int, int], value: int) -> pygame.Surface:
    s = pygame.Surface(size, 0, 32)
    s.fill((value, value, value))
    return s


WOOD = raster.ramp([(0, (58, 40, 28)), (90, (84, 62, 44)), (140, (104, 80, 56)),
                    (190, (122, 96, 68)), (255, (146, 116, 82))])


def _frame(image: pygame.Surface, geo: BoardGeometry, scale: float) -> None:
    """The board's wooden rim around the sea, where the score track runs: long grain along
    each side, a darker edge and a bevel where it meets the water."""
    w, h = image.get_size()
    water = _water_rect(geo, scale)
    radius = max(2, round(18 * scale))
    wood = pygame.Surface((w, h), pygame.SRCALPHA)
    along = _grain((w, h), across=False)
    down = _grain((w, h), across=True)
    wood.blit(along, (0, 0))
    side = max(1, water.left)  # the left and right rails run up and down
    wood.blit(down, (0, 0), pygame.Rect(0, 0, side, h))
    wood.blit(down, (water.right, 0), pygame.Rect(water.right, 0, w - water.right, h))
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=radius)
    pygame.draw.rect(shape, (0, 0, 0, 0), water, border_radius=max(2, round(10 * scale)))
    wood.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(wood, (52, 38, 28), wood.get_rect(), max(1, round(4 * scale)),
                     border_radius=radius)
    pygame.draw.rect(wood, (40, 30, 22, 255), water.inflate(round(4 * scale), round(4 * scale)),
                     max(1, round(3 * scale)), border_radius=max(2, round(12 * scale)))
    outside = pygame.Surface((w, h), pygame.SRCALPHA)
    outside.fill((18, 24, 32, 255))
    pygame.draw.rect(outside, (0, 0, 0, 0), outside.get_rect(), border_radius=radius)
    image.blit(wood, (0, 0))
    image.blit(outside, (0, 0))


def _grain(size: tuple[int, int], across: bool) -> pygame.Surface:
    """Wood grain: noise stretched long in one direction (along x, or along y if `across`),
    coarse streaks and fine ones."""
    rnd = random.Random(SEED + across)
    total = pygame.Surface(size, 0, 32)
    total.fill((0, 0, 0))
    for long_cells, short_cells, weight in ((4, 40, 0.55), (9, 260, 0.45)):
        gw, gh = (short_cells, long_cells) if across else (long_cells, short_cells)
        grid = bytes(round(rnd.randrange(256) * weight) for _ in range(gw * gh))
        total.blit(pygame.transform.smoothscale(raster.surface(grid, (gw, gh)), size), (0, 0),
                   special_flags=pygame.BLEND_RGB_ADD)
    return raster.coloured(raster.field(total), size, WOOD)
