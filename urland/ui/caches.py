"""Forgetting cached fonts and images: they die with pygame.quit(), so a new window starts
from nothing. (The painted maps and the sea's sprites are plain pixels and are kept.)"""

from __future__ import annotations

from urland.ui import art, backdrop, text, theme, volcanoes, widgets


def clear_caches() -> None:
    for cached in (theme._font, text.render, text._wrap, art.ichto, art.chip, art.volcano,
                   art.lava_bridge, art.lava_glow, art.smoke_puff, art.helix, backdrop.backdrop,
                   widgets._shadow):
        cached.cache_clear()
    volcanoes.clear_caches()
