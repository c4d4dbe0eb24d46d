"""Forgetting cached fonts and images: they die with pygame.quit(), so a new window starts
from nothing."""

from __future__ import annotations

from urland.ui import art, backdrop, text, theme, widgets


def clear_caches() -> None:
    for cached in (theme._font, text.render, text._wrap, art.ichto, art.chip, art.volcano_icon,
                   art.volcano_tile, art.helix, backdrop.backdrop, widgets._shadow):
        cached.cache_clear()
