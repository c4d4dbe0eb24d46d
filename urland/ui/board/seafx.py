"""The living sea: wave crests drifting over open water and foam lapping at every beach.

Both are many small sprites over the painted map, placed once per board size, each with its own
phase, so a frame costs a few hundred small blits and no full-screen work. Sprites come in a
handful of pre-made opacities (and, for foam, directions) instead of being recomputed.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from urland.ui.board.geometry import BoardGeometry
from urland.ui.board.terrain import Terrain

LEVELS = 8  # opacity steps of each sprite
DIRECTIONS = 16  # foam dashes turn to follow the coast in this many steps
PHASES = 24  # foam dashes swell in this many different rhythms


def _faded(sprite: pygame.Surface) -> list[pygame.Surface]:
    """The sprite at LEVELS opacities, from faint to full (index 0 is invisible)."""
    out = []
    for k in range(LEVELS):
        s = sprite.copy()
        s.fill((255, 255, 255, round(255 * k / (LEVELS - 1))), special_flags=pygame.BLEND_RGBA_MULT)
        out.append(s)
    return out


def _crest(u: float) -> pygame.Surface:
    """A wave crest: a soft light arc with a darker trough under it."""
    w, h = max(6, round(22 * u)), max(3, round(8 * u))
    big = pygame.Surface((w * 4, h * 4), pygame.SRCALPHA)
    width = max(2, round(u * 4 * 1.4))
    pygame.draw.arc(big, (18, 60, 96, 90), (0, h * 1.2, w * 4, h * 4), 0.35, math.pi - 0.35,
                    width)
    pygame.draw.arc(big, (214, 238, 246, 190), (0, 0, w * 4, h * 4), 0.35, math.pi - 0.35,
                    width)
    return pygame.transform.smoothscale(big, (w, h))


def _foam(u: float, angle: float) -> pygame.Surface:
    w, h = max(4, round(9 * u)), max(2, round(2.6 * u))
    big = pygame.Surface((w * 4, h * 4), pygame.SRCALPHA)
    pygame.draw.ellipse(big, (236, 248, 246, 70), big.get_rect())
    pygame.draw.ellipse(big, (250, 252, 248, 150), big.get_rect().inflate(-w * 1.2, -h * 1.6))
    dash = pygame.transform.smoothscale(big, (w, h))
    return pygame.transform.rotate(dash, -math.degrees(angle))


@dataclass
class _Wave:
    x: float
    y: float
    period: float
    phase: float


@dataclass
class _Foam:
    x: float
    y: float
    nx: float  # outward normal
    ny: float
    direction: int
    bucket: int  # which of the PHASES its swell follows


class Sea:
    """The sea's animation for one board size."""

    WAVES = 90
    DRIFT = 14.0  # board units a crest travels over its life (the wind blows east)

    def __init__(self, geo: BoardGeometry, terrain: Terrain) -> None:
        self.size = terrain.size
        self.u = u = terrain.size[0] / geo.canvas[0]
        rnd = random.Random(42)
        crest = _crest(u)
        self.crests = _faded(crest)
        self.crest_half = (crest.get_width() // 2, crest.get_height() // 2)
        self.waves: list[_Wave] = []
        tries = 0
        while len(self.waves) < self.WAVES and tries < self.WAVES * 30:
            tries += 1
            x = rnd.uniform(40, geo.canvas[0] - 40)
            y = rnd.uniform(40, geo.canvas[1] - 40)
            if all(terrain.is_open_water(round((x + dx) * u), round(y * u), below=100)
                   for dx in (-14, 0, 14, 28)):
                self.waves.append(_Wave(x * u, y * u, rnd.uniform(5.0, 9.0), rnd.random()))
        self.foam_sprites = [_faded(_foam(u, math.pi * k / DIRECTIONS))
                             for k in range(DIRECTIONS)]
        self.foams = self._coast(geo, terrain, rnd)
        self._foam_cache: tuple[tuple[int, int], list] | None = None

    def _coast(self, geo: BoardGeometry, terrain: Terrain, rnd: random.Random) -> list[_Foam]:
        u = self.u
        spacing = 17.0
        out = []
        for outline in geo.region_outlines:
            carry = rnd.uniform(0, spacing)
            n = len(outline)
            for i in range(n):
                (x0, y0), (x1, y1) = outline[i], outline[(i + 1) % n]
                length = math.hypot(x1 - x0, y1 - y0)
                if length == 0:
                    continue
                tx, ty = (x1 - x0) / length, (y1 - y0) / length
                d = carry
                while d < length:
                    px, py = x0 + tx * d, y0 + ty * d
                    nx, ny = ty, -tx
                    if not terrain.is_open_water(round((px + nx * 4) * u), round((py + ny * 4)
                                                                                   * u), 128):
                        nx, ny = -nx, -ny
                    out_by = rnd.uniform(3.5, 6.0)
                    ox, oy = px + nx * out_by, py + ny * out_by
                    if terrain.is_open_water(round(ox * u), round(oy * u), 128):
                        angle = math.atan2(ty, tx) % math.pi
                        k = round(angle / math.pi * DIRECTIONS) % DIRECTIONS
                        out.append(_Foam(ox * u, oy * u, nx, ny, k, rnd.randrange(PHASES)))
                    d += spacing * rnd.uniform(0.7, 1.3)
                carry = d - length
        return out

    def _foam_frames(self, origin: tuple[int, int]) -> list[list[list]]:
        """For each phase bucket and each swell step, the foam's ready-made blits: a frame then
        only picks one list per bucket."""
        if self._foam_cache is not None and self._foam_cache[0] == origin:
            return self._foam_cache[1]
        ox, oy = origin
        u = self.u
        buckets: list[list[list]] = [[[] for _ in range(LEVELS)] for _ in range(PHASES)]
        for f in self.foams:
            for step in range(LEVELS):
                swell = step / (LEVELS - 1)
                level = round(swell * (LEVELS - 1) * 0.75)
                if not level:
                    continue
                sprite = self.foam_sprites[f.direction][level]
                reach = (1 - swell) * 2.5 * u  # the foam runs up the beach as the swell peaks
                buckets[f.bucket][step].append((sprite, (
                    round(ox + f.x + f.nx * reach - sprite.get_width() / 2),
                    round(oy + f.y + f.ny * reach - sprite.get_height() / 2))))
        self._foam_cache = (origin, buckets)
        return buckets

    def draw(self, surface: pygame.Surface, origin: tuple[int, int], t: float) -> None:
        """Draw this moment's crests and foam onto the map drawn at `origin`."""
        ox, oy = origin
        drift = self.DRIFT * self.u
        hw, hh = self.crest_half
        blits = []
        crests = self.crests
        for w in self.waves:
            life = (t / w.period + w.phase) % 1.0
            level = round(math.sin(math.pi * life) ** 2 * (LEVELS - 1) * 0.8)
            if level:
                blits.append((crests[level], (ox + w.x + life * drift - hw,
                                              oy + w.y - life * 2 * self.u - hh)))
        for bucket, frames in enumerate(self._foam_frames(origin)):
            swell = 0.5 + 0.5 * math.sin(t * 1.3 + bucket / PHASES * math.tau)
            blits += frames[round(swell * (LEVELS - 1))]
        surface.blits(blits, doreturn=False)
