"""Volcanoes alive: smoke that thickens as an eruption nears, the eruption itself, and lava that
keeps glowing in the bridges it laid.

How near an eruption is follows only what every player can see: the draw pile. An epoch ends
in eruptions when the pile runs out, so the fewer chips are left, the more the volcanoes smoke.
A volcano that has just erupted (its chip newly out of the game in the state drawn) throws up
a column of dark ash and its new bridge glows white-hot, then cools.
"""

from __future__ import annotations

import math

import pygame

from urland.engine import GameState
from urland.ui import art
from urland.ui.board.board_canvas import BoardCanvas

ERUPTION_SECONDS = 3.0
SHAKE_SECONDS = 0.7


def unrest(state: GameState) -> int:
    """0 calm, 1 stirring, 2 about to erupt: from the chips left in the draw pile."""
    left = len(state.pile)
    if left <= 1:
        return 2
    if left <= 3:
        return 1
    return 0


class Volcanoes:
    """Smoke and glow for one board view."""

    def __init__(self, view: BoardCanvas) -> None:
        self.view = view
        self.erupted: set[int] | None = None  # regions known to have erupted
        self.bursts: dict[int, float] = {}  # region -> animation time its eruption began

    def _watch(self, state: GameState, now: float) -> set[int]:
        board = self.view.board
        gone = set(state.out_chips)
        erupted = {r for r in range(board.n_regions) if board.region_numbers[r] in gone}
        if self.erupted is not None:
            for r in erupted - self.erupted:
                self.bursts[r] = now
        self.erupted = erupted
        for r, began in list(self.bursts.items()):
            if now - began > ERUPTION_SECONDS or r not in erupted:
                del self.bursts[r]
        return erupted

    def shake(self, state: GameState, now: float) -> tuple[float, float]:
        """How far (board units) the islands are thrown this frame by a fresh eruption."""
        self._watch(state, now)
        if not self.bursts:
            return (0.0, 0.0)
        age = now - max(self.bursts.values())
        if age >= SHAKE_SECONDS:
            return (0.0, 0.0)
        strength = 3.0 * (1 - age / SHAKE_SECONDS)
        return (math.sin(age * 71) * strength, math.cos(age * 53) * strength * 0.6)

    def draw_below(self, surface: pygame.Surface, state: GameState, now: float) -> None:
        """Smoke from the craters (under the pieces, so it never hides a chip or an Ichto)."""
        view = self.view
        erupted = self._watch(state, now)
        if not view.animate:
            return
        level = unrest(state)
        size = view.px(20 + 7 * level)
        puff = art.smoke_puff(size)
        blits = []
        for r, (x, y) in enumerate(view.geo.volcano_spaces):
            if r in erupted:
                continue
            count, strength = (1, 0.4) if level == 0 else (2, 0.7) if level == 1 else (3, 1.0)
            for k in range(count):
                life = (now / (3.2 - 0.5 * level) + k / count + r * 0.37) % 1.0
                sx, sy = view.to_screen((x + math.sin(life * 5 + r) * 3 + life * 14,
                                         y - 14 - life * (40 + 14 * level)))
                scale = 0.5 + 1.1 * life
                image = puff if abs(scale - 1) < 0.15 else _scaled(puff, scale)
                alpha = round(255 * strength * math.sin(math.pi * life) ** 1.5)
                if alpha > 8:
                    image = _alpha(image, alpha)
                    blits.append((image, image.get_rect(center=(sx, sy))))
        for r, began in self.bursts.items():
            blits += self._ash(r, now - began)
        surface.blits(blits, doreturn=False)

    def _ash(self, region: int, age: float) -> list:
        view = self.view
        x, y = view.geo.volcano_spaces[region]
        out = []
        big = art.smoke_puff(view.px(40), dark=True)
        for k in range(16):
            start = k * 0.09
            life = (age - start) / 1.6
            if not 0 <= life <= 1:
                continue
            spread = (k % 3 - 1) * 10 * life
            sx, sy = view.to_screen((x + spread + life * 10, y - 14 - life * 70))
            image = _alpha(_scaled(big, 0.6 + 1.4 * life), round(255 * (1 - life) ** 0.8))
            out.append((image, image.get_rect(center=(sx, sy))))
        return out

    def draw_above(self, surface: pygame.Surface, state: GameState, now: float) -> None:
        """The glow of lava: a slow pulse in the bridges, white-hot just after an eruption."""
        view = self.view
        if not view.animate or self.erupted is None:
            return
        glow = art.lava_glow(view.px(36))
        blits = []
        for r in self.erupted:
            age = now - self.bursts[r] if r in self.bursts else ERUPTION_SECONDS
            heat = max(0.0, 1 - age / ERUPTION_SECONDS)
            pulse = 0.5 + 0.5 * math.sin(now * 1.7 + r)
            strength = 0.25 + 0.2 * pulse + 0.9 * heat
            (bx, by), _, _ = view.bridge_pose(r)
            image = _dim(glow if heat < 0.05 else _scaled(glow, 1 + heat), round(
                min(255, 255 * strength)))
            blits.append((image, image.get_rect(center=view.to_screen((bx, by)))))
            if heat > 0:
                image = _dim(_scaled(glow, 1.5 + heat), round(255 * heat))
                blits.append((image, image.get_rect(
                    center=view.to_screen(view.geo.volcano_spaces[r]))))
        surface.blits([(image, rect, None, pygame.BLEND_RGB_ADD) for image, rect in blits],
                      doreturn=False)


_SCALED: dict[tuple[int, int], pygame.Surface] = {}
_ALPHA: dict[tuple[int, int], pygame.Surface] = {}


def _scaled(image: pygame.Surface, factor: float) -> pygame.Surface:
    """The image at a size rounded to 1/8 steps (a handful of cached copies, not one per
    frame)."""
    step = max(1, round(factor * 8))
    key = (id(image), step)
    if key not in _SCALED:
        w = max(1, round(image.get_width() * step / 8))
        _SCALED[key] = pygame.transform.smoothscale(image, (w, w))
    return _SCALED[key]


def _alpha(image: pygame.Surface, alpha: int) -> pygame.Surface:
    """The image faded to `alpha`, in 16 cached steps."""
    step = max(0, min(16, round(alpha / 16)))
    key = (id(image), step)
    if key not in _ALPHA:
        faded = image.copy()
        faded.fill((255, 255, 255, min(255, step * 16)), special_flags=pygame.BLEND_RGBA_MULT)
        _ALPHA[key] = faded
    return _ALPHA[key]


def _dim(image: pygame.Surface, level: int) -> pygame.Surface:
    """A light (on black) at `level`/255 of its strength, in 16 cached steps."""
    step = max(0, min(16, round(level / 16)))
    key = (id(image), -1 - step)
    if key not in _ALPHA:
        dim = image.copy()
        v = min(255, step * 16)
        dim.fill((v, v, v), special_flags=pygame.BLEND_RGB_MULT)
        _ALPHA[key] = dim
    return _ALPHA[key]


def clear_caches() -> None:
    _SCALED.clear()
    _ALPHA.clear()
