"""What the guided first game draws over the table: the coaching card (the chapter, the step's
sentences, a nudge), a pulsing ring around the thing to press, and a note pinned to an area."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from urland.ui import theme as th
from urland.ui.text import blit_text, line_height, render, text_width, wrap
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


@dataclass(frozen=True)
class CardDrawn:
    """What `draw_card` drew: the letter size, and the card's scroll (in lines) and how far
    it goes (0: every line is in sight, nothing to scroll)."""

    size: int
    scroll: int = 0
    most: int = 0


def draw_card(surface: pygame.Surface, t: th.Theme, rect: pygame.Rect, heading: str,
              progress: str, text: str, nudge: str, room_right: int,
              short_progress: str = "", size: int = 0, scroll: int = 0) -> CardDrawn:
    """The card; `room_right` pixels at its bottom right stay free for the Next button. When
    the heading and `progress` ("Step 3 of 33") do not fit side by side, `short_progress`
    ("3/33") stands in. The letters are `size` (the lesson's one size; 0: the usual one), so
    they never change from step to step: when the card is too short for the text at its usual
    spacing the lines close up and the last ones wrap short of the Next button, and if it
    still does not fit, the text scrolls (`scroll` lines down) beside a scroll bar."""
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
    size = size or text_sizes(t)[0]
    top = rect.top + t.px(44)
    band = rect.bottom - (t.px(62) if room_right else t.px(12))  # above the Next button's strip
    rows, line_h = _laid_rows(t, text, nudge, size, inner, room_right, band - top,
                              rect.bottom - t.px(12) - top)
    if rows is not None:
        _draw_rows(surface, t, rows, (rect.left + pad, top), size, line_h)
        return CardDrawn(size)
    bar = t.px(14)  # the scroll bar's strip, right of the text
    rows = _rows(text, nudge, size, inner - bar, inner - bar)
    seen = max(1, (band - top) // line_h)
    most = max(0, len(rows) - seen)
    scroll = max(0, min(scroll, most))
    view = pygame.Rect(rect.left + pad, top, inner, seen * line_h)
    clip = surface.get_clip()
    surface.set_clip(view.clip(clip))
    _draw_rows(surface, t, rows[scroll:scroll + seen], view.topleft, size, line_h)
    surface.set_clip(clip)
    _draw_scroll_bar(surface, t, pygame.Rect(view.right - t.px(6), view.top, t.px(6),
                                             view.height), scroll, seen, len(rows))
    return CardDrawn(size, scroll, most)


Row = tuple[str, bool]  # a line, and whether it is the nudge's (bold, red)


def _rows(text: str, nudge: str, size: int, width: int, nudge_width: int) -> list[Row]:
    rows = [(line, False) for line in wrap(text, size, width)]
    return rows + [(line, True) for line in (wrap(nudge, size, nudge_width, True)
                                             if nudge else [])]


def _laid_rows(t: th.Theme, text: str, nudge: str, size: int, inner: int, room_right: int,
               above_button: int, whole: int) -> tuple[list[Row] | None, int]:
    """The card's lines when they all fit (None when it must scroll), and the line height:
    the usual spacing, closed up if the lines do not fit with it; lines below the Next
    button's top wrapped short of it."""
    line_h = round(t.px(24) * size / t.px(22))
    rows = _rows(text, nudge, size, inner, inner - room_right)
    if len(rows) * line_h > above_button:
        line_h = min(line_h, line_height(size) + t.px(4))
    if len(rows) * line_h <= above_button:
        return rows, line_h
    fit = max(0, above_button // line_h)
    lines = [line for line, bold in rows if not bold]
    if room_right and len(lines) > fit:
        lines = lines[:fit] + wrap(" ".join(lines[fit:]), size, inner - room_right)
    rows = [(line, False) for line in lines] + [r for r in rows if r[1]]
    return (rows if len(rows) * line_h <= whole else None), line_h


def _draw_rows(surface: pygame.Surface, t: th.Theme, rows: list[Row], at: tuple[int, int],
               size: int, line_h: int) -> None:
    x, y = at
    for line, bold in rows:
        if bold:
            blit_text(surface, line, (x, y + t.px(4)), size, NUDGE_INK, True)
        else:
            blit_text(surface, line, (x, y), size, th.INK)
        y += line_h


def _draw_scroll_bar(surface: pygame.Surface, t: th.Theme, track: pygame.Rect, first: int,
                     seen: int, total: int) -> None:
    """A track the height of the text's window, its thumb as long as the part in sight and
    where it is; a small arrow above or below it where there is more to read."""
    pygame.draw.rect(surface, th.PAPER_DARK, track, border_radius=track.width // 2)
    thumb_h = max(t.px(18), track.height * seen // total)
    thumb_y = track.top + (track.height - thumb_h) * first // max(1, total - seen)
    thumb = pygame.Rect(track.left, thumb_y, track.width, thumb_h)
    pygame.draw.rect(surface, th.ACCENT_DARK, thumb, border_radius=track.width // 2)
    tip = t.px(5)
    if first + seen < total:  # more below
        x, y = track.centerx, track.bottom + t.px(3)
        pygame.draw.polygon(surface, th.ACCENT_DARK, [(x - tip, y), (x + tip, y), (x, y + tip)])
    if first > 0:  # more above
        x, y = track.centerx, track.top - t.px(3)
        pygame.draw.polygon(surface, th.ACCENT_DARK, [(x - tip, y), (x + tip, y), (x, y - tip)])


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
