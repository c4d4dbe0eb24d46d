"""Forgetting cached fonts and images: they die with pygame.quit(), so a new window starts
from nothing. (The painted maps and the sea's sprites are plain pixels and are kept.)"""

from __future__ import annotations

import sys

from urland.ui import art, text, theme, widgets


def clear_caches() -> None:
    for cached in (theme._font, text._render, text._wrap, art.ichto, art.chip, art.volcano,
                   art.lava_bridge, art.lava_glow, art.smoke_puff, art.helix, widgets._shadow):
        cached.cache_clear()
    # The board's modules are not loaded before the first frame (a new window's start is
    # quicker without them), and one not loaded yet has cached nothing.
    backdrop = sys.modules.get("urland.ui.board.backdrop")
    if backdrop is not None:
        backdrop.backdrop.cache_clear()
    volcanoes = sys.modules.get("urland.ui.board.volcanoes")
    if volcanoes is not None:
        volcanoes.clear_caches()
