"""The screen the window lives on: its size, and window sizes that fit on it."""

from __future__ import annotations

import os
import sys

import pygame


def declare_dpi_awareness() -> None:
    """On Windows, tell the system the window draws every pixel itself (per-monitor DPI aware),
    so a display scaled to 150% shows it sharp instead of stretching a blurred copy. SDL reads
    this before the video system starts: call it before SDL starts (`urland.ui.sdl_start`)."""
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def screen_size() -> tuple[int, int] | None:
    """The desktop's size, where the video driver knows it (not the dummy driver's)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes and sizes[0][0] > 0 else None  # type: ignore[return-value]


def fit_screen(size: tuple[int, int]) -> tuple[int, int]:
    """A window size no larger than the screen (a size saved on a bigger screen, or chosen by
    mistake, must never push the window's buttons out of reach)."""
    screen = screen_size()
    if screen is None:
        return size
    return (min(size[0], screen[0]), min(size[1], screen[1]))
