"""One palette and one type scale for the whole game.

Sizes are given for a 1280x720 window and multiplied by `Theme.scale` for the actual window
and the player's text size, so everything scales cleanly from 1280x720 to 3840x2160.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

Colour = tuple[int, int, int]

# Sea and land
DEEP_SEA: Colour = (22, 58, 92)
SEA: Colour = (36, 92, 132)
OCEAN_TINTS: tuple[Colour, ...] = (
    (44, 104, 146), (38, 96, 150), (34, 102, 138), (40, 92, 140), (48, 112, 152),
)
SEA_LINE: Colour = (120, 176, 206)
SAND: Colour = (222, 201, 148)
LAND: Colour = (118, 152, 84)
LAND_DARK: Colour = (86, 118, 62)
LAND_LIGHT: Colour = (150, 182, 104)
BASALT: Colour = (58, 50, 48)
LAVA: Colour = (236, 106, 40)

# Interface
TABLE: Colour = (18, 24, 32)
INK: Colour = (34, 30, 28)
PAPER: Colour = (244, 236, 218)
PAPER_DARK: Colour = (226, 214, 188)
PANEL: Colour = (30, 38, 48)
PANEL_LIGHT: Colour = (44, 56, 70)
TEXT: Colour = (236, 232, 222)
TEXT_DIM: Colour = (160, 168, 176)
ACCENT: Colour = (242, 178, 64)
ACCENT_DARK: Colour = (190, 128, 28)
GOOD: Colour = (112, 196, 120)
BAD: Colour = (226, 92, 80)
HIGHLIGHT: Colour = (255, 232, 120)
MARKED: Colour = (255, 136, 48)  # what a caption or a choice is about (board areas)

# The five Ichto colours. Each also has its own mark, so they are told apart without colour.
PLAYER_COLOURS: tuple[Colour, ...] = (
    (240, 238, 230),  # White
    (44, 44, 52),  # Black
    (140, 146, 156),  # Grey
    (142, 82, 196),  # Purple
    (62, 166, 82),  # Green
)
PLAYER_INK: tuple[Colour, ...] = (
    (70, 70, 76), (226, 226, 230), (40, 42, 48), (250, 240, 255), (240, 255, 240),
)
MARKS = ("ring", "stripe", "dots", "zigzag", "cross")

BASE_SIZE = (1280, 720)


class Theme:
    """Sizes for a window: `scale` is the window's size against 1280x720 times the player's
    text size (`ui_scale`, 1.0 = 100 %), so every text and widget follows both."""

    def __init__(self, size: tuple[int, int], ui_scale: float = 1.0) -> None:
        self.ui_scale = ui_scale
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.window_scale = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
        self.scale = self.window_scale * self.ui_scale

    def set_ui_scale(self, ui_scale: float) -> None:
        self.ui_scale = ui_scale
        self.resize(self.size)

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def window_px(self, value: float) -> int:
        """A size that follows the window only, not the text size (the board's share of it)."""
        return max(1, round(value * self.window_scale))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return _font(self.px(size), bold)


MIN_FONT_PIXELS = 16  # the smallest type at any window size: letters about 12 px tall


@lru_cache(maxsize=64)
def _font(pixels: int, bold: bool) -> pygame.font.Font:
    font = pygame.font.Font(None, max(MIN_FONT_PIXELS, pixels))
    font.set_bold(bold)
    return font
