"""Text rendered once and reused: frames redraw the same labels sixty times a second.

Every text on screen goes through `render`. For tests, `start_watching()` keeps what was drawn
(`Watch.seen`) and every text that did not fit its box (`Watch.overflows`): wider than the width
given to `blit_text` even at its smallest size, lines of `blit_wrapped` cut off at the bottom of
the box, or text running off a side of the surface it was drawn on (scrolled text above or below
it is not seen, and not counted).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from urland.texts.i18n import Text
from urland.ui.theme import Colour, _font

SMALLEST = 0.75  # a text too wide for its box shrinks down to this share of its size


@dataclass
class Watch:
    seen: set[str] = field(default_factory=set)  # whole texts (a wrapped text, not its lines)
    overflows: list[str] = field(default_factory=list)
    lines: set[str] = field(default_factory=set)  # lines of wrapped texts

    def overflow(self, text: str, why: str) -> None:
        self.overflows.append(f"{text!r}: {why}")


_watch: Watch | None = None


def start_watching() -> Watch:
    global _watch
    _watch = Watch()
    return _watch


def stop_watching() -> None:
    global _watch
    _watch = None


def render(text: Text, pixels: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    text = str(text)
    if _watch is not None and text not in _watch.lines:
        _watch.seen.add(text)
    return _render(text, pixels, colour, bold)


@lru_cache(maxsize=2048)
def _render(text: str, pixels: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    font = _font(pixels, bold)
    text = drawable(text)
    try:
        return font.render(text, True, colour)
    except pygame.error:  # "Text has zero width": only joiners or combining marks
        return font.render("", True, colour)


_SURROGATES = re.compile("[\ud800-\udfff]")


def drawable(text: str) -> str:
    """`text` as a font can take it: a lone surrogate (a file name that is not UTF-8, a
    damaged name) becomes the replacement character instead of stopping the game."""
    if not _SURROGATES.search(text):
        return text
    return _SURROGATES.sub("\ufffd", text)


def text_width(text: str, pixels: int, bold: bool = False) -> int:
    return _font(pixels, bold).size(drawable(text))[0]


def line_height(pixels: int, bold: bool = False) -> int:
    return _font(pixels, bold).get_height()


def fitting_size(text: str, pixels: int, width: int, bold: bool = False) -> int:
    """The largest size from `pixels` down to SMALLEST of it at which `text` fits `width`
    (the smallest when none does)."""
    low = max(1, round(pixels * SMALLEST))
    size = pixels
    while size > low and text_width(text, size, bold) > width:
        size -= 1
    return size


def wrap(text: Text, pixels: int, width: int, bold: bool = False) -> list[str]:
    """Break `text` into lines no wider than `width` pixels."""
    text = str(text)
    lines = list(_wrap(text, pixels, width, bold))
    if _watch is not None:
        _watch.seen.add(text)
        _watch.lines.update(lines)
        for line in lines:
            if text_width(line, pixels, bold) > width:
                _watch.overflow(line, f"a word wider than {width} px")
    return lines


@lru_cache(maxsize=1024)
def _wrap(text: str, pixels: int, width: int, bold: bool) -> tuple[str, ...]:
    font = _font(pixels, bold)
    text = drawable(text)
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


def blit_text(surface: pygame.Surface, text: Text, pos: tuple[int, int], pixels: int,
              colour: Colour, bold: bool = False, anchor: str = "topleft",
              width: int | None = None) -> pygame.Rect:
    """Draw `text` with its `anchor` at `pos`. Given a `width`, a longer text is drawn smaller
    (down to SMALLEST of its size) to fit."""
    text = str(text)
    if width is not None:
        pixels = fitting_size(text, pixels, width, bold)
    image = render(text, pixels, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    if _watch is not None:
        if width is not None and rect.width > width:
            _watch.overflow(text, f"{rect.width} px in a box of {width} px")
        area = surface.get_clip()
        visible = rect.top < area.bottom and rect.bottom > area.top
        if text.strip() and visible and (rect.left < area.left or rect.right > area.right):
            _watch.overflow(text, f"runs off the side of its surface ({rect} in {area})")
    surface.blit(image, rect)
    return rect


def blit_wrapped(surface: pygame.Surface, text: Text, rect: pygame.Rect, pixels: int,
                 colour: Colour, bold: bool = False, line_gap: float = 1.15,
                 centre: bool = False) -> int:
    """Draw wrapped text inside `rect` (each line centred when `centre`); returns the height
    used."""
    text = str(text)
    y = rect.top
    step = round(pixels * line_gap * 0.75)
    for line in wrap(text, pixels, rect.width, bold):
        if y + step > rect.bottom + step // 2:
            if _watch is not None:
                _watch.overflow(text, f"cut off at the bottom of a box {rect.size}")
            break
        image = render(line, pixels, colour, bold)
        x = rect.centerx - image.get_width() // 2 if centre else rect.left
        surface.blit(image, (x, y))
        y += step
    return y - rect.top
