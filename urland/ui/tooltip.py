"""A small paper card with a title and a sentence, drawn beside the mouse (below and right
of it, or above and left where the window ends), never under it."""

from __future__ import annotations

import math

import pygame

from urland.ui import theme as th
from urland.ui.text import blit_text, render, wrap
from urland.ui.widgets import panel

STIR = 24  # how far the mouse moves (1280x720 units) before a hidden tooltip comes back


class TipWatch:
    """Whether a screen's tooltip under the mouse may be drawn: a click or a key (which used
    what the tooltip is about) hides it until the mouse moves on, and the mouse leaving the
    window hides it until the mouse is back."""

    def __init__(self) -> None:
        self.mouse_at = (-1, -1)  # where the mouse was last seen moving
        self.hushed_at: tuple[int, int] | None = None  # where it was when a click or key came
        self.outside = False  # the mouse has left the window (its last place is stale)

    def watch(self, event: pygame.event.Event, theme: th.Theme) -> None:
        """Every event to the screen, before the screen has it (the App calls it)."""
        if event.type in (pygame.WINDOWLEAVE, pygame.WINDOWENTER):
            self.outside = event.type == pygame.WINDOWLEAVE
        elif event.type == pygame.MOUSEMOTION:
            self.outside = False
            self.mouse_at = event.pos
            if self.hushed_at is not None and math.dist(self.hushed_at,
                                                        event.pos) > theme.px(STIR):
                self.hushed_at = None
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.hushed_at = self.mouse_at

    @property
    def hushed(self) -> bool:
        """After a click or a key, until the mouse moves on; while the mouse is outside."""
        return self.hushed_at is not None or self.outside


def tooltip(surface: pygame.Surface, theme: th.Theme, title: str, body: str,
            pos: tuple[int, int]) -> None:
    width = theme.px(330)
    lines = wrap(body, theme.px(19), width - theme.px(20)) if body else []
    r = pygame.Rect(pos[0] + theme.px(18), pos[1] + theme.px(18), width,
                    theme.px(34) + len(lines) * theme.px(17))
    screen = surface.get_rect()
    if r.right > screen.right:  # no room right of the mouse: left of it, not under it
        r.right = pos[0] - theme.px(12)
    if r.bottom > screen.bottom:  # nor below: above it
        r.bottom = pos[1] - theme.px(12)
    r.clamp_ip(screen)
    panel(surface, r, (250, 244, 226), radius=theme.px(8), shadow=theme.px(4))
    blit_text(surface, title, (r.left + theme.px(10), r.top + theme.px(7)), theme.px(21), th.INK,
              True)
    y = r.top + theme.px(29)
    for line in lines:
        surface.blit(render(line, theme.px(19), (70, 60, 50)), (r.left + theme.px(10), y))
        y += theme.px(17)
