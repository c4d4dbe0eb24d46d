"""Whole-picture arithmetic without numpy: grey fields as bytes, colour ramps as palettes.

A *field* is one byte per pixel (0-255), kept as `bytes`. Per-pixel mappings are
`bytes.translate` with a 256-entry table, sums and products are pygame blend blits, blurs are
pygame's box blur on a reduced copy; everything runs in C, so painting the board takes a
fraction of a second even at 4K.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pygame

Colour = tuple[int, int, int]
Size = tuple[int, int]

_GREY = [(v, v, v) for v in range(256)]


def surface(field: bytes, size: Size) -> pygame.Surface:
    """A field as a 32-bit grey surface (for blend blits)."""
    pal = pygame.image.frombytes(field, size, "P")
    pal.set_palette(_GREY)
    out = pygame.Surface(size, 0, 32)
    out.blit(pal, (0, 0))
    return out


def field(surf: pygame.Surface) -> bytes:
    """A grey surface's values, one byte per pixel (its red channel)."""
    return pygame.image.tobytes(surf, "RGB")[0::3]


def coloured(values: bytes, size: Size, palette: Sequence[Colour]) -> pygame.Surface:
    """Paint a field through a 256-colour ramp: value v becomes palette[v]."""
    pal = pygame.image.frombytes(values, size, "P")
    pal.set_palette(list(palette))
    out = pygame.Surface(size, 0, 32)
    out.blit(pal, (0, 0))
    return out


def table(fn: Callable[[int], float]) -> bytes:
    """A translate table: byte v becomes fn(v), rounded and clamped to 0-255."""
    return bytes(max(0, min(255, round(fn(v)))) for v in range(256))


def ramp(keys: Sequence[tuple[int, Colour]]) -> list[Colour]:
    """A 256-colour palette through key colours at key values, blended in between."""
    out: list[Colour] = []
    for v in range(256):
        lo = max((k for k in keys if k[0] <= v), key=lambda k: k[0], default=keys[0])
        hi = min((k for k in keys if k[0] >= v), key=lambda k: k[0], default=keys[-1])
        f = 0.0 if hi[0] == lo[0] else (v - lo[0]) / (hi[0] - lo[0])
        out.append(tuple(round(a + (b - a) * f) for a, b in zip(lo[1], hi[1], strict=True)))
    return out  # type: ignore[return-value]


def blur(surf: pygame.Surface, radius: float) -> pygame.Surface:
    """A soft blur of about `radius` pixels: box-blurred twice on a reduced copy."""
    w, h = surf.get_size()
    k = max(1, int(radius // 4))
    small = pygame.transform.smoothscale(surf, (max(1, w // k), max(1, h // k)))
    r = max(1, round(radius / k / 2))
    small = pygame.transform.box_blur(pygame.transform.box_blur(small, r), r)
    if k <= 2:
        return pygame.transform.smoothscale(small, (w, h))
    # smoothed once more at half size, so the stretch leaves no creases for the relief shading
    half = pygame.transform.smoothscale(small, (max(1, w // 2), max(1, h // 2)))
    return pygame.transform.smoothscale(pygame.transform.box_blur(half, k // 2), (w, h))


def value_noise(size: Size, octaves: Sequence[tuple[int, float]], seed: int) -> bytes:
    """Fractal value noise around 128: for each (cells across, weight), a seeded grid of random
    values smoothly stretched over the picture; the weights should add up to at most 1."""
    rnd = random.Random(seed)
    w, h = size
    total = pygame.Surface(size, 0, 32)
    total.fill((round(128 * (1 - sum(wt for _, wt in octaves))),) * 3)
    for cells, weight in octaves:
        gw, gh = cells + 1, max(2, round(cells * h / w) + 1)
        grid = bytes(rnd.randrange(256) for _ in range(gw * gh))
        small = surface(bytes(grid).translate(table(lambda v, wt=weight: v * wt)), (gw, gh))
        total.blit(pygame.transform.smoothscale(small, size), (0, 0),
                   special_flags=pygame.BLEND_RGB_ADD)
    return field(total)


def add(a: pygame.Surface, b: pygame.Surface) -> pygame.Surface:
    out = a.copy()
    out.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return out


def sub(a: pygame.Surface, b: pygame.Surface) -> pygame.Surface:
    """max(0, a - b) per pixel."""
    out = a.copy()
    out.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    return out


def mul(a: pygame.Surface, b: pygame.Surface) -> pygame.Surface:
    """a * b / 255 per pixel (b as a 0-1 mask)."""
    out = a.copy()
    out.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out


def shifted(a: pygame.Surface, dx: int, dy: int, fill: int = 0) -> pygame.Surface:
    out = pygame.Surface(a.get_size(), 0, 32)
    out.fill((fill, fill, fill))
    out.blit(a, (dx, dy))
    return out
