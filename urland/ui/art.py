"""The game's own art, drawn at run time: Ichtos, chips, volcanoes, gene glyphs, the icon.

Shapes are drawn four times larger and smoothed down, which gives clean edges at any size.
Every sprite is cached by its size, so a frame only blits.
"""

from __future__ import annotations

import math
import random
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
    """A little amphibian facing right: a round, shaded body on two stubby legs, a fin tail and
    a crest, a big eye, and the colour's own mark (ring, stripes, dots, zigzag or cross), so
    the five colours are told apart without colour too."""
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    fill = PLAYER_COLOURS[colour]
    outline = (22, 20, 24) if colour != 1 else (206, 206, 212)
    ink = PLAYER_INK[colour]
    w = max(2, s // 22)
    if glow:
        pygame.draw.ellipse(surf, (*theme.HIGHLIGHT, 110), (0, s * 0.08, s, s * 0.86))
    else:  # its shadow on the ground
        pygame.draw.ellipse(surf, (0, 0, 0, 64), (s * 0.18, s * 0.80, s * 0.7, s * 0.14))
    # tail fin and crest
    tail = [(s * 0.02, s * 0.20), (s * 0.30, s * 0.45), (s * 0.02, s * 0.72), (s * 0.11, s * 0.46)]
    pygame.draw.polygon(surf, _darker(fill, 0.8), tail)
    pygame.draw.polygon(surf, outline, tail, w)
    crest = [(s * 0.40, s * 0.20), (s * 0.50, s * 0.06), (s * 0.62, s * 0.18)]
    pygame.draw.polygon(surf, _darker(fill, 0.82), crest)
    pygame.draw.polygon(surf, outline, crest, w)
    # legs
    for x in (0.38, 0.66):
        leg = pygame.Rect(0, 0, s * 0.14, s * 0.24)
        leg.midtop = (int(s * x), int(s * 0.62))
        pygame.draw.ellipse(surf, _darker(fill, 0.72), leg)
        pygame.draw.ellipse(surf, outline, leg, w)
    # body, shaded: light from the top left, a darker underside
    body = pygame.Rect(s * 0.14, s * 0.16, s * 0.82, s * 0.6)
    shape = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.ellipse(shape, (*fill, 255), body)
    pygame.draw.ellipse(shape, (*_darker(fill, 0.78), 255),
                        body.move(s * 0.05, s * 0.16).inflate(s * 0.1, 0))
    pygame.draw.ellipse(shape, (*fill, 255), body.move(-s * 0.02, -s * 0.05).inflate(
        -s * 0.06, -s * 0.1))
    pygame.draw.ellipse(shape, (*_lighter(fill, 0.35), 255),
                        (body.x + body.width * 0.2, body.y + body.height * 0.1,
                         body.width * 0.34, body.height * 0.22))
    clip = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.ellipse(clip, (255, 255, 255, 255), body)
    shape.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(shape, (0, 0))
    _mark(surf, MARKS[colour], body, ink, w)
    pygame.draw.ellipse(surf, outline, body, w)
    # eye, with a glint
    eye = (int(s * 0.74), int(s * 0.35))
    pygame.draw.circle(surf, (250, 250, 246), eye, int(s * 0.12))
    pygame.draw.circle(surf, (16, 16, 20), (eye[0] + int(s * 0.035), eye[1] + int(s * 0.01)),
                       int(s * 0.065))
    pygame.draw.circle(surf, (255, 255, 255), (eye[0] + int(s * 0.055), eye[1] - int(s * 0.02)),
                       max(1, int(s * 0.022)))
    pygame.draw.circle(surf, outline, eye, int(s * 0.12), max(1, w * 2 // 3))
    # smile
    pygame.draw.arc(surf, outline, (s * 0.70, s * 0.46, s * 0.2, s * 0.14), math.pi * 1.1,
                    math.pi * 1.9, max(1, w * 2 // 3))
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


CARD = (236, 220, 178)  # the chips' printed face
CARD_EDGE = (150, 112, 66)  # their cardboard side


@lru_cache(maxsize=128)
def chip(number: int | str, size: int, face_down: bool = False) -> pygame.Surface:
    """An environment chip as in the box: a thick round cardboard token, its region number
    printed large on a cream face (Panic: a red face and '!'); face down, the sea-green back
    with a wave."""
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    r = s // 2 - s // 14
    cx, cy = s // 2, s // 2 - s // 28
    thick = max(2, s // 16)
    pygame.draw.circle(surf, (0, 0, 0, 80), (cx + s // 30, cy + thick + s // 22), r)  # shadow
    panic = number == 0 and not face_down
    if face_down:
        face, ring = (58, 126, 128), (30, 84, 92)
    elif panic:
        face, ring = (212, 70, 54), (132, 34, 26)
    else:
        face, ring = CARD, (176, 132, 78)
    pygame.draw.circle(surf, _darker(CARD_EDGE, 0.8), (cx, cy + thick), r)  # the side
    pygame.draw.circle(surf, face, (cx, cy), r)
    # a soft light from the top left on the face
    pygame.draw.circle(surf, _lighter(face, 0.16), (cx - r // 6, cy - r // 6), r * 4 // 5)
    pygame.draw.circle(surf, _lighter(face, 0.3), (cx - r // 4, cy - r // 4), r * 2 // 5)
    pygame.draw.circle(surf, face, (cx + r // 10, cy + r // 10), r * 3 // 5)
    pygame.draw.circle(surf, ring, (cx, cy), r - s // 16, max(2, s // 40))
    pygame.draw.circle(surf, _darker(face, 0.6), (cx, cy), r, max(2, s // 36))
    if face_down:
        for k in (-1, 0, 1):  # the back's wave
            y = cy + k * r * 0.32
            pts = [(cx - r * 0.62 + i * r * 0.124, y + math.sin(i * 0.9) * r * 0.08)
                   for i in range(11)]
            pygame.draw.lines(surf, (150, 206, 200), False, pts, max(2, s // 30))
    out = pygame.transform.smoothscale(surf, (size, size))
    if not face_down:
        label = "!" if panic else str(number)
        font = pygame.font.Font(None, int(size * (0.64 if len(label) < 2 else 0.56)))
        font.set_bold(True)
        ink = (255, 240, 228) if panic else (62, 38, 18)
        text = font.render(label, True, ink)
        out.blit(text, text.get_rect(center=(size // 2, size // 2 - size // 28 + size // 22)))
    return out


@lru_cache(maxsize=32)
def volcano(size: int, erupted: bool = False) -> pygame.Surface:
    """A volcano seen from above and the south: a rocky cone whose crater is the sprite's
    centre (the scored chip lies in it); after its eruption the crater glows and a lava
    tongue runs down the side."""
    s = size * SUPER
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    cx, cy = s / 2, s / 2
    base_y = s * 0.86
    pygame.draw.ellipse(surf, (40, 34, 30, 70), (s * 0.10, base_y - s * 0.07, s * 0.84, s * 0.16))
    left = [(s * 0.06, base_y), (cx - s * 0.19, cy), (cx, cy), (cx, base_y + s * 0.04)]
    right = [(cx, cy), (cx + s * 0.19, cy), (s * 0.94, base_y), (cx, base_y + s * 0.04)]
    rock = (128, 108, 92) if not erupted else (92, 78, 72)
    pygame.draw.polygon(surf, _lighter(rock, 0.18), left)
    pygame.draw.polygon(surf, _darker(rock, 0.72), right)
    for k in range(5):  # ridges running down the cone
        a = 0.18 + k * 0.16
        top = (cx - s * 0.19 + a * s * 0.38, cy + s * 0.02)
        bottom = (s * 0.06 + a * s * 0.88, base_y + s * 0.01)
        pygame.draw.line(surf, _darker(rock, 0.6), top, bottom, max(2, s // 60))
    if erupted:
        tongue = [(cx - s * 0.05, cy + s * 0.04), (cx + s * 0.05, cy + s * 0.04),
                  (cx + s * 0.13, base_y - s * 0.04), (cx + s * 0.02, base_y)]
        pygame.draw.polygon(surf, theme.LAVA, tongue)
        pygame.draw.line(surf, (255, 206, 110), (cx, cy + s * 0.06),
                         (cx + s * 0.07, base_y - s * 0.06), max(2, s // 40))
    rim = pygame.Rect(0, 0, s * 0.44, s * 0.2)
    rim.center = (round(cx), round(cy))
    pygame.draw.ellipse(surf, _lighter(rock, 0.3), rim)
    pit = rim.inflate(-s * 0.08, -s * 0.06)
    pygame.draw.ellipse(surf, (255, 150, 60) if erupted else (62, 50, 44), pit)
    if erupted:
        pygame.draw.ellipse(surf, (255, 220, 140), pit.inflate(-pit.width // 2, -pit.height // 2))
    pygame.draw.ellipse(surf, _darker(rock, 0.5), rim, max(2, s // 60))
    return pygame.transform.smoothscale(surf, (size, size))


def volcano_icon(size: int, active: bool = False) -> pygame.Surface:
    """A volcano as a small icon (charts, legends); `active`: just erupted."""
    return volcano(size, erupted=active)


@lru_cache(maxsize=32)
def lava_bridge(length: int, width: int, angle: int) -> pygame.Surface:
    """The basalt a volcano lays over a strait: a dark, cracked slab glowing along its seams,
    long enough to reach onto both shores; `angle` in degrees, 0 = pointing east."""
    L, W = length * SUPER, width * SUPER
    surf = pygame.Surface((L, W), pygame.SRCALPHA)
    rnd = random.Random(length * 31 + width)
    top, bottom = [], []
    for i in range(13):
        x = L * i / 12
        bulge = math.sin(math.pi * i / 12) ** 0.5
        top.append((x, W * (0.5 - 0.42 * bulge) + rnd.uniform(-1, 1) * W * 0.04))
        bottom.append((x, W * (0.5 + 0.42 * bulge) + rnd.uniform(-1, 1) * W * 0.04))
    slab = top + bottom[::-1]
    pygame.draw.polygon(surf, (0, 0, 0, 70), [(x + W * 0.05, y + W * 0.08) for x, y in slab])
    pygame.draw.polygon(surf, theme.BASALT, slab)
    # cooled plates and the glowing seams between them
    seams = [[(L * 0.12, W * 0.5), (L * 0.3, W * 0.42), (L * 0.5, W * 0.55), (L * 0.7, W * 0.45),
              (L * 0.88, W * 0.52)],
             [(L * 0.3, W * 0.42), (L * 0.34, W * 0.2)],
             [(L * 0.5, W * 0.55), (L * 0.46, W * 0.8)],
             [(L * 0.7, W * 0.45), (L * 0.76, W * 0.22)],
             [(L * 0.2, W * 0.47), (L * 0.22, W * 0.7)],
             [(L * 0.62, W * 0.5), (L * 0.6, W * 0.76)]]
    for line in seams:
        pygame.draw.lines(surf, (160, 52, 20), False, line, max(3, W // 7))
        pygame.draw.lines(surf, theme.LAVA, False, line, max(2, W // 12))
        pygame.draw.lines(surf, (255, 196, 96), False, line, max(1, W // 30))
    pygame.draw.polygon(surf, (28, 22, 20), slab, max(2, W // 26))
    for _ in range(10):  # a little grit on the rock
        x, y = rnd.uniform(0.15, 0.85) * L, rnd.uniform(0.3, 0.7) * W
        pygame.draw.circle(surf, (84, 74, 70), (x, y), W * 0.03)
    out = pygame.transform.smoothscale(surf, (length, width))
    return pygame.transform.rotate(out, angle)


@lru_cache(maxsize=16)
def lava_glow(size: int) -> pygame.Surface:
    """A soft orange light on black, to be added (BLEND_RGB_ADD) over glowing lava."""
    s = size
    surf = pygame.Surface((s, s))
    surf.fill((0, 0, 0))
    for k in range(12, 0, -1):
        f = (1 - k / 12) ** 1.6
        pygame.draw.circle(surf, (round(200 * f), round(96 * f), round(30 * f)),
                           (s // 2, s // 2), s * k / 24)
    return surf


@lru_cache(maxsize=64)
def smoke_puff(size: int, dark: bool = False) -> pygame.Surface:
    """A round, soft puff of smoke (light grey; dark grey for an eruption's ash)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    base = (62, 56, 54) if dark else (226, 224, 220)
    for k in range(10, 0, -1):
        r = size * k / 20
        shade = _darker(base, 0.86 + 0.014 * (10 - k))  # a little lighter towards the middle
        pygame.draw.circle(surf, (*shade, 40 + (10 - k) * 19), (size / 2, size / 2), r)
    return surf


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
