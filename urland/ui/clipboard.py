"""The system clipboard, as text: pygame-ce's `scrap.put_text`/`get_text` (SDL's clipboard,
which needs no `scrap.init`). Without a clipboard (no window, a bare virtual screen) copying
does nothing and pasting gives ''."""

from __future__ import annotations

import pygame

PASTE_LIMIT = 4096  # characters taken from the clipboard at most: a field holds far fewer


def copy(text: str) -> bool:
    """Put `text` on the clipboard; False when there is no clipboard."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


def paste() -> str:
    """The clipboard's text on one line ('' when empty or unavailable)."""
    try:
        text = pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError):
        return ""
    return " ".join(str(text)[:PASTE_LIMIT].split())


def is_paste(event: pygame.event.Event) -> bool:
    """Ctrl+V, or Cmd+V on a Mac."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_v
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))
