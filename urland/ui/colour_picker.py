"""The strip of five colours New game opens under a seat: each colour with its Ichto, its name
and who wears it, so a player sees before clicking whose colour they would take."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from urland.texts.i18n import _, fmt
from urland.texts.words import colour_word
from urland.ui import art
from urland.ui import theme as th
from urland.ui.focus import Target
from urland.ui.text import blit_text
from urland.ui.widgets import panel

DIM_INK = (100, 90, 80)


class ColourPicker:
    def __init__(self) -> None:
        self.seat: int | None = None  # the seat whose colour is being chosen; None when shut
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.swatches: list[tuple[int, pygame.Rect]] = []  # each colour and where it is

    def layout(self, theme: th.Theme, anchor: pygame.Rect, bottom: int) -> None:
        """Under `anchor`, or over it when the strip would pass `bottom`."""
        self.swatches = []
        if self.seat is None:
            return
        t = theme
        w, h, gap, pad, head = t.px(118), t.px(92), t.px(8), t.px(12), t.px(30)
        self.rect = pygame.Rect(0, 0, 5 * w + 4 * gap + 2 * pad, head + h + 2 * pad)
        self.rect.topleft = (anchor.left, anchor.bottom + t.px(6))
        if self.rect.bottom > bottom:
            self.rect.bottomleft = (anchor.left, anchor.top - t.px(6))
        for colour in range(5):
            x = self.rect.left + pad + colour * (w + gap)
            self.swatches.append((colour, pygame.Rect(x, self.rect.top + pad + head, w, h)))

    def targets(self, choose: Callable[[int], None]) -> list[Target]:
        """The five colours for the keyboard's focus: Enter chooses the one it is on."""
        return [Target(("colour", c), rect, lambda c=c: choose(c)) for c, rect in self.swatches]

    def colour_at(self, pos: tuple[int, int]) -> int | None:
        for colour, rect in self.swatches:
            if rect.collidepoint(pos):
                return colour
        return None

    def draw(self, surface: pygame.Surface, theme: th.Theme, seat_name: str, current: int,
             wearers: list[str | None]) -> None:
        """`wearers[c]`: the name of the other seat wearing colour c, or None when it is free."""
        t = theme
        panel(surface, self.rect, (250, 244, 226), radius=t.px(10), shadow=t.px(6),
              border=th.ACCENT_DARK)
        blit_text(surface, fmt("Colour for {name}", name=seat_name),
                  (self.rect.left + t.px(14), self.rect.top + t.px(10)), t.px(22), th.INK, True)
        for colour, rect in self.swatches:
            mine = colour == current
            wearer = None if mine else wearers[colour]
            pygame.draw.rect(surface, th.PAPER_DARK if wearer else (236, 226, 204), rect,
                             border_radius=t.px(8))
            if mine:
                pygame.draw.rect(surface, th.ACCENT_DARK, rect, t.px(3), border_radius=t.px(8))
            image = art.ichto(colour, t.px(38))
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.top + t.px(4))))
            blit_text(surface, colour_word(colour), (rect.centerx, rect.top + t.px(52)),
                      t.px(20), th.INK, True, anchor="center", width=rect.width - t.px(6))
            who = _("this seat") if mine else wearer or _("free")
            blit_text(surface, who, (rect.centerx, rect.top + t.px(74)), t.px(18),
                      th.INK if wearer else DIM_INK, anchor="center", width=rect.width - t.px(6))
