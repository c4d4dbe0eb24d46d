"""The screen the window lives on: its size, and window sizes that fit on it."""

from __future__ import annotations

import os
import sys
import warnings

import pygame


def declare_dpi_awareness() -> None:
    """On Windows, tell the system the window draws every pixel itself (per-monitor DPI aware),
    so a display scaled to 150% shows it sharp instead of stretching a blurred copy. SDL reads
    this before the video system starts: call it before SDL starts (`urland.ui.sdl_start`)."""
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


# SDL's "centred on display N" position (SDL_WINDOWPOS_CENTERED_DISPLAY).
_CENTRED_ON = 0x2FFF0000


def display_under(x: int, widths: list[int]) -> int:
    """Which display a point `x` pixels from the left of the desktop lies on, the displays
    standing side by side in SDL's order (the usual arrangement); the first one when unsure."""
    left = 0
    for index, width in enumerate(widths):
        if left <= x < left + width:
            return index
        left += width
    return 0


def _window() -> pygame.Window | None:
    """The window set_mode opened (pygame-ce warns that drawing should go through the Window:
    here it is only asked where it stands)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def window_display() -> int:
    """The display the window's centre is on (0 before there is a window)."""
    window = _window()
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return 0
    if window is None or not sizes:
        return 0
    return display_under(window.position[0] + window.size[0] // 2, [w for w, _ in sizes])


def screen_size() -> tuple[int, int] | None:
    """The size of the desktop the window is on, where the video driver knows it (not the
    dummy driver's)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    index = window_display()
    size = sizes[index] if index < len(sizes) else sizes[0] if sizes else (0, 0)
    return tuple(size) if size[0] > 0 else None  # type: ignore[return-value]


def centre_window(display: int) -> None:
    """Put the window in the middle of `display`: a larger size chosen in Settings grows from
    the old top-left corner, which would leave its lower right off the screen."""
    window = _window()
    if window is not None:
        window.position = _CENTRED_ON | display


def fit_screen(size: tuple[int, int]) -> tuple[int, int]:
    """A window size no larger than the screen (a size saved on a bigger screen, or chosen by
    mistake, must never push the window's buttons out of reach)."""
    screen = screen_size()
    if screen is None:
        return size
    return (min(size[0], screen[0]), min(size[1], screen[1]))
