"""What the guided first game draws over the table: the coaching card (the chapter, the step's
sentences, a nudge), a pulsing ring around the thing to press, and a note pinned to an area."""

from __future__ import annotations

import math

import pygame

from urland.ui import theme as th
from urland.ui.text import blit_text, left_out, line_height, render, text_width, wrap
from urland.ui.widgets import panel

NUDGE_INK = (150, 50, 30)


def card_rect(t: th.Theme, log: pygame.Rect, height: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The card's place, at the top of the game log's place in the side panel (the board
    stays in sight), and what is left below it for the log."""
    rect = pygame.Rect(log.left, log.top, log.width, min(height, log.height))
    rest = pygame.Rect(log.left, rect.bottom + t.px(8), log.width,
                       max(0, log.bottom - rect.bottom - t.px(8)))
    return rect, rest


def text_sizes(t: th.Theme) -> tuple[int, ...]:
    """The card's letter sizes, largest first: the usual one, then smaller if it must be."""
    return (t.px(22), t.px(20), t.px(18), t.px(16), t.px(14))


def fitting_size(t: th.Theme, rect: pygame.Rect, text: str, room_right: int) -> int:
    """The largest letter size at which `text` fits a card of `rect`'s size."""
    inner = rect.width - 2 * t.px(16)
    for size in text_sizes(t):
        line_h = min(round(t.px(24) * size / t.px(22)), line_height(size) + t.px(4))
        if t.px(44) + (len(wrap(text, size, inner)) + 1) * line_h <= rect.height - t.px(12):
            return size
    return text_sizes(t)[-1]


def draw_card(surface: pygame.Surface, t: th.Theme, rect: pygame.Rect, heading: str,
              progress: str, text: str, nudge: str, room_right: int,
              short_progress: str = "", size: int = 0) -> int:
    """The card; `room_right` pixels at its bottom right stay free for the Next button. When
    the heading and `progress` ("Step 3 of 33") do not fit side by side, `short_progress`
    ("3/33") stands in; when the card is too short for the text at its usual spacing, the
    lines close up, the last ones wrap short of the Next button, and if it still does not fit
    (a small window at a large text size) the letters get smaller. `size`: the letters of every
    card of the lesson (see `fitting_size`), so they do not change from step to step. Returns
    the size the text was drawn at."""
    panel(surface, rect, th.PAPER, radius=t.px(12), shadow=t.px(6), border=th.ACCENT_DARK)
    pad = t.px(16)
    inner = rect.width - 2 * pad
    gap = t.px(12)
    if short_progress and (text_width(heading, t.px(24), True) + gap
                           + text_width(progress, t.px(19)) > inner):
        progress = short_progress
    shown = blit_text(surface, progress, (rect.right - pad, rect.top + t.px(14)), t.px(19),
                      (120, 110, 96), anchor="topright")
    blit_text(surface, heading, (rect.left + pad, rect.top + t.px(12)), t.px(24),
              th.ACCENT_DARK, True, width=shown.left - gap - rect.left - pad)
    top = rect.top + t.px(44)
    band = rect.bottom - (t.px(62) if room_right else t.px(12))  # the Next button's strip
    for size in [s for s in text_sizes(t) if not size or s <= size]:  # smaller if it must be
        line_h = round(t.px(24) * size / t.px(22))
        lines = wrap(text, size, inner)
        nudges = wrap(nudge, size, inner - room_right, True) if nudge else []  # bold
        if top + (len(lines) + len(nudges)) * line_h > band:
            line_h = min(line_h, line_height(size) + t.px(4))
        beside = 1 if room_right else 0  # the Next button's strip, at worst beside a line
        if top + (len(lines) + len(nudges) + beside) * line_h <= rect.bottom - t.px(12):
            break  # it fits
    if top + (len(lines) + len(nudges)) * line_h > band:
        fit = max(0, (band - top) // line_h)
        if room_right and len(lines) > fit:
            lines = lines[:fit] + wrap(" ".join(lines[fit:]), size, inner - room_right)
    y = top
    for line in lines:
        blit_text(surface, line, (rect.left + pad, y), size, th.INK)
        y += line_h
    for line in nudges:
        blit_text(surface, line, (rect.left + pad, y + t.px(4)), size, NUDGE_INK, True)
        y += line_h
    if y > rect.bottom:
        left_out(text, f"the coach card is {y - rect.bottom} px too short")
    return size


def card_height(t: th.Theme, width: int, text: str, nudge: str, room_right: int,
                size: int = 0) -> int:
    """The height the card needs for its sentences (and the Next button, if any) at letter
    `size` (0: the usual one)."""
    pad = t.px(16)
    size = size or t.px(22)
    lines = len(wrap(text, size, width - 2 * pad))
    if nudge:
        lines += len(wrap(nudge, size, width - 2 * pad - room_right, True))
    line_h = round(t.px(24) * size / t.px(22))
    return t.px(44) + lines * line_h + (t.px(62) if room_right else t.px(12))


def draw_ring(surface: pygame.Surface, t: th.Theme, rect: pygame.Rect, age: float) -> None:
    """A pulsing ring that says "press this"."""
    grow = t.px(6) + int(t.px(5) * (1 + math.sin(age * 5)) / 2)
    pygame.draw.rect(surface, (255, 214, 90), rect.inflate(2 * grow, 2 * grow), t.px(4),
                     border_radius=t.px(12))


def draw_pin(surface: pygame.Surface, t: th.Theme, at: tuple[int, int], text: str) -> None:
    """A small note beside an area (e.g. the proliferation thresholds next to a stack)."""
    image = render(text, t.px(20), th.INK, True)
    label = pygame.Rect(0, 0, image.get_width() + t.px(20), t.px(32))
    label.midtop = (at[0], at[1] + t.px(62))  # under the area's stacks
    label.clamp_ip(surface.get_rect())
    panel(surface, label, (255, 240, 196), radius=t.px(8), shadow=t.px(3),
          border=th.ACCENT_DARK)
    surface.blit(image, image.get_rect(center=label.center))
