"""Text rendered once and reused: frames redraw the same labels sixty times a second."""

from __future__ import annotations

from functools import lru_cache

import pygame

from urland.ui.theme import Colour, _font


@lru_cache(maxsize=2048)
def render(text: str, pixels: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    return _font(pixels, bold).render(text, True, colour)


def wrap(text: str, pixels: int, width: int, bold: bool = False) -> list[str]:
    """Break `text` into lines no wider than `width` pixels."""
    return list(_wrap(text, pixels, width, bold))


@lru_cache(maxsize=1024)
def _wrap(text: str, pixels: int, width: int, bold: bool) -> tuple[str, ...]:
    font = _font(pixels, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def blit_text(surface: pygame.Surface, text: str, pos: tuple[int, int], pixels: int,
              colour: Colour, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    image = render(text, pixels, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def blit_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, pixels: int,
                 colour: Colour, bold: bool = False, line_gap: float = 1.15) -> int:
    """Draw wrapped text inside `rect`; returns the height used."""
    y = rect.top
    step = round(pixels * line_gap * 0.75)
    for line in wrap(text, pixels, rect.width, bold):
        if y + step > rect.bottom + step // 2:
            break
        surface.blit(render(line, pixels, colour, bold), (rect.left, y))
        y += step
    return y - rect.top
