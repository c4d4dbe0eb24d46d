"""The game's own art, drawn at run time: Ichtos, chips, volcanoes, gene glyphs, the icon.

Shapes are drawn four times larger and smoothed down, which gives clean edges at any size.
Every sprite is cached by its size, so a frame only blits.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from urland.ui import theme
from urland.ui.theme import MARKS, PLAYER_COLOURS, PLAYER_INK, Colour

SUPER = 4


def _darker(c: Colour, f: float = 0.55) -> Colour:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _lighter(c: Colour, f: float = 0.45) -> Colour:
    return tuple(int(v + (255 - v) * f) for v in c)  # type: ignore[return-value]


@lru_cache(maxsize=256)
def ichto(colour: int, size: int, glow: bool = False) -> pygame.Surface:
    """A little creature facing right: body, fin tail, stubby legs, an eye, the colour's mark."""
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    fill = PLAYER_COLOURS[colour]
    outline = (22, 20, 24) if colour != 1 else (200, 200, 206)
    ink = PLAYER_INK[colour]
    w = max(2, s // 22)
    if glow:
        pygame.draw.ellipse(surf, (*theme.HIGHLIGHT, 110), (0, s * 0.12, s, s * 0.8))
    # tail fin
    tail = [(s * 0.02, s * 0.22), (s * 0.30, s * 0.46), (s * 0.02, s * 0.74), (s * 0.12, s * 0.48)]
    pygame.draw.polygon(surf, _darker(fill, 0.8), tail)
    pygame.draw.polygon(surf, outline, tail, w)
    # legs
    for x in (0.36, 0.64):
        leg = pygame.Rect(0, 0, s * 0.13, s * 0.24)
        leg.midtop = (int(s * x), int(s * 0.62))
        pygame.draw.ellipse(surf, _darker(fill, 0.75), leg)
        pygame.draw.ellipse(surf, outline, leg, w)
    # body
    body = pygame.Rect(s * 0.14, s * 0.16, s * 0.82, s * 0.6)
    pygame.draw.ellipse(surf, fill, body)
    belly = pygame.Rect(s * 0.28, s * 0.50, s * 0.56, s * 0.2)
    pygame.draw.ellipse(surf, _lighter(fill, 0.25), belly)
    _mark(surf, MARKS[colour], body, ink, w)
    pygame.draw.ellipse(surf, outline, body, w)
    # eye
    eye = (int(s * 0.74), int(s * 0.36))
    pygame.draw.circle(surf, (250, 250, 246), eye, int(s * 0.11))
    pygame.draw.circle(surf, (16, 16, 20), (eye[0] + int(s * 0.03), eye[1]), int(s * 0.06))
    pygame.draw.circle(surf, outline, eye, int(s * 0.11), max(1, w // 2))
    # smile
    pygame.draw.arc(surf, outline, (s * 0.70, s * 0.46, s * 0.18, s * 0.14), math.pi * 1.1,
                    math.pi * 1.9, max(1, w // 2))
    return pygame.transform.smoothscale(surf, (size, size))


def _mark(surf: pygame.Surface, mark: str, body: pygame.Rect, ink: Colour, w: int) -> None:
    """The colour's pattern on the body: ring, stripe, dots, zigzag or cross."""
    cx, cy = body.centerx - body.width * 0.12, body.centery - body.height * 0.04
    r = body.height * 0.2
    if mark == "ring":
        pygame.draw.circle(surf, ink, (cx, cy), r, max(2, w))
    elif mark == "stripe":
        for dx in (-0.18, 0.02):
            x = body.centerx + body.width * dx
            pygame.draw.line(surf, ink, (x, body.top + body.height * 0.18),
                             (x, body.bottom - body.height * 0.22), w * 2)
    elif mark == "dots":
        for dx, dy in ((-0.5, -0.4), (0.5, -0.4), (0, 0.5)):
            pygame.draw.circle(surf, ink, (cx + dx * r * 1.6, cy + dy * r * 1.6), r * 0.42)
    elif mark == "zigzag":
        pts = [(cx - r * 1.8 + i * r * 0.9, cy + (r * 0.6 if i % 2 else -r * 0.6))
               for i in range(5)]
        pygame.draw.lines(surf, ink, False, pts, w * 2)
    elif mark == "cross":
        pygame.draw.line(surf, ink, (cx - r, cy - r), (cx + r, cy + r), w * 2)
        pygame.draw.line(surf, ink, (cx - r, cy + r), (cx + r, cy - r), w * 2)


@lru_cache(maxsize=128)
def chip(number: int | str, size: int, face_down: bool = False) -> pygame.Surface:
    """An environment chip: a round token with its region number (or Panic's '!')."""
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    centre = (s // 2, s // 2)
    pygame.draw.circle(surf, (0, 0, 0, 70), (centre[0] + s // 24, centre[1] + s // 18), s // 2 - 2)
    edge = (120, 84, 40)
    face = (236, 214, 160) if not face_down else (150, 112, 68)
    if number == 0 and not face_down:
        face, edge = (214, 72, 58), (120, 32, 26)
    pygame.draw.circle(surf, face, centre, s // 2 - s // 16)
    pygame.draw.circle(surf, edge, centre, s // 2 - s // 16, s // 14)
    pygame.draw.circle(surf, _lighter(face, 0.3), centre, s // 2 - s // 5, s // 40 + 1)
    out = pygame.transform.smoothscale(surf, (size, size))
    if not face_down:
        label = "!" if number == 0 else str(number)
        font = pygame.font.Font(None, int(size * 0.62))
        font.set_bold(True)
        text = font.render(label, True, (40, 24, 10) if number else (255, 240, 230))
        out.blit(text, text.get_rect(center=(size // 2, size // 2 + size // 24)))
    else:
        pygame.draw.circle(out, (110, 80, 48), (size // 2, size // 2), max(2, size // 7))
    return out


@lru_cache(maxsize=32)
def volcano_icon(size: int, active: bool = False) -> pygame.Surface:
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    cone = [(s * 0.08, s * 0.86), (s * 0.40, s * 0.26), (s * 0.60, s * 0.26), (s * 0.92, s * 0.86)]
    pygame.draw.polygon(surf, (92, 78, 70) if not active else theme.BASALT, cone)
    pygame.draw.polygon(surf, (40, 32, 30), cone, s // 20)
    pygame.draw.ellipse(surf, theme.LAVA if active else (130, 110, 96),
                        (s * 0.38, s * 0.2, s * 0.24, s * 0.12))
    if active:
        for i, (dx, h) in enumerate(((-0.06, 0.1), (0.05, 0.16), (0.0, 0.06))):
            pygame.draw.circle(surf, (200, 200, 200, 150 - i * 30),
                               (s * (0.5 + dx), s * (0.14 - h * 0.4)), s * (0.06 + i * 0.01))
    return pygame.transform.smoothscale(surf, (size, size))


@lru_cache(maxsize=16)
def volcano_tile(size: int) -> pygame.Surface:
    """The basalt tile an eruption lays over a strait, glowing lava in its cracks."""
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    hexagon = [(s / 2 + s * 0.47 * math.cos(a), s / 2 + s * 0.47 * math.sin(a))
               for a in (math.pi / 3 * k + math.pi / 6 for k in range(6))]
    pygame.draw.polygon(surf, theme.BASALT, hexagon)
    for a, b in (((0.5, 0.2), (0.45, 0.5)), ((0.45, 0.5), (0.7, 0.72)), ((0.45, 0.5), (0.22, 0.7))):
        pygame.draw.line(surf, theme.LAVA, (s * a[0], s * a[1]), (s * b[0], s * b[1]), s // 18)
    pygame.draw.polygon(surf, (28, 22, 20), hexagon, s // 22)
    pygame.draw.circle(surf, (255, 180, 80), (s * 0.45, s * 0.5), s * 0.07)
    return pygame.transform.smoothscale(surf, (size, size))


@lru_cache(maxsize=64)
def helix(size: int) -> pygame.Surface:
    """The mutation mark on the track: a little double helix."""
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    pts_a, pts_b = [], []
    for i in range(21):
        t = i / 20
        y = s * (0.1 + 0.8 * t)
        pts_a.append((s / 2 + s * 0.28 * math.sin(t * math.tau), y))
        pts_b.append((s / 2 - s * 0.28 * math.sin(t * math.tau), y))
        if i % 4 == 2:
            pygame.draw.line(surf, (120, 200, 255), pts_a[-1], pts_b[-1], s // 16)
    pygame.draw.lines(surf, (60, 160, 240), False, pts_a, s // 10)
    pygame.draw.lines(surf, (230, 90, 150), False, pts_b, s // 10)
    return pygame.transform.smoothscale(surf, (size, size))


def program_icon(size: int = 256) -> pygame.Surface:
    """The window and bundle icon: a Green Ichto climbing onto an island."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, theme.SEA, (size // 2, size // 2), size // 2)
    island = pygame.Rect(size * 0.12, size * 0.56, size * 0.76, size * 0.3)
    pygame.draw.ellipse(surf, theme.SAND, island)
    pygame.draw.ellipse(surf, theme.LAND, island.inflate(-size * 0.08, -size * 0.08))
    creature = ichto(4, int(size * 0.7))
    surf.blit(creature, creature.get_rect(center=(size // 2, int(size * 0.45))))
    return surf
