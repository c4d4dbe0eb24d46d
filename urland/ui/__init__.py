"""Drawing helpers shared by the scenes: theme, text, widgets, art and the board view."""


def clear_caches() -> None:
    """Forget cached fonts and images: they die with pygame.quit(), so a new window starts
    from nothing."""
    from urland.ui import art, backdrop, text, theme, widgets

    for cached in (theme._font, text.render, text._wrap, art.ichto, art.chip, art.volcano_icon,
                   art.volcano_tile, art.helix, backdrop.backdrop, widgets._shadow):
        cached.cache_clear()
