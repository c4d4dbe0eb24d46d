"""The "Urland has stopped" window: the whole message, scrolled when it is taller than the window.

Nothing is cut: every line is wrapped to the window's width (a long path too), and the wheel,
the arrow keys, Page Up/Down, Home and End scroll it; any other key or a click closes it.
"""

from __future__ import annotations

import contextlib
import os
import textwrap
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame itself is imported only when the window opens
    import pygame

WIDTH = 760
ROWS = 14  # lines shown at once; more scroll
LINE_HEIGHT = 30
MARGIN = 24
WRAP = 70  # characters a line, at the font's size
SCROLL_KEYS = {"up": -1, "down": 1, "page up": -(ROWS - 1), "page down": ROWS - 1,
               "home": -10**6, "end": 10**6}


def wrapped(lines: list[str], width: int = WRAP) -> list[str]:
    """Each line wrapped to `width` characters, nothing dropped: long words (a path) are broken."""
    out: list[str] = []
    for line in lines:
        out.extend(textwrap.wrap(line, width, break_long_words=True, break_on_hyphens=False)
                   or [""])
    return out


def scrolled(top: int, step: int, total: int, rows: int = ROWS) -> int:
    """The first line shown after scrolling `step` lines from `top`, kept inside the text."""
    return max(0, min(top + step, max(0, total - rows)))


def show_message(lines: list[str]) -> None:
    """A window with the message, closed by any key (but the scrolling ones) or a click. Silent
    without a screen."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    with contextlib.suppress(Exception):  # a crash window that fails must not hide the log
        _show(wrapped(lines))


def _show(lines: list[str]) -> None:
    import pygame

    from urland.resources import asset_path
    from urland.ui.sdl_start import start_pygame

    pygame.quit()
    start_pygame()
    rows = min(ROWS, len(lines))
    pygame.display.set_caption("Urland has stopped")
    with contextlib.suppress(pygame.error, OSError):  # the icon is a nicety; the message matters
        pygame.display.set_icon(pygame.image.load(str(asset_path("sprites", "icon.png"))))
    screen = pygame.display.set_mode((WIDTH, 2 * MARGIN + LINE_HEIGHT * rows))
    font = pygame.font.Font(None, 26)
    top = 0
    while True:
        _draw(screen, font, lines, top, rows)
        event = pygame.event.wait()
        if event.type == pygame.MOUSEWHEEL:
            top = scrolled(top, -3 * event.y, len(lines), rows)
        elif event.type == pygame.KEYDOWN and pygame.key.name(event.key) in SCROLL_KEYS:
            top = scrolled(top, SCROLL_KEYS[pygame.key.name(event.key)], len(lines), rows)
        elif event.type in (pygame.QUIT, pygame.KEYDOWN) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            break
    pygame.quit()


def _draw(screen: pygame.Surface, font: pygame.font.Font, lines: list[str], top: int,
          rows: int) -> None:
    import pygame

    screen.fill((30, 38, 48))
    for i, line in enumerate(lines[top:top + rows]):
        screen.blit(font.render(line, True, (236, 232, 222)), (MARGIN, MARGIN + i * LINE_HEIGHT))
    if len(lines) > rows:  # a scroll bar says there is more
        height = screen.get_height() - 2 * MARGIN
        thumb = max(20, height * rows // len(lines))
        y = MARGIN + (height - thumb) * top // (len(lines) - rows)
        pygame.draw.rect(screen, (90, 102, 116), (WIDTH - 14, MARGIN, 6, height), border_radius=3)
        pygame.draw.rect(screen, (236, 232, 222), (WIDTH - 14, y, 6, thumb), border_radius=3)
    pygame.display.flip()
