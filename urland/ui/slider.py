"""A slider over the turns of a game: click or drag to jump to the start of a turn.

The bar spans every step (move) of the game; a tick marks where each turn starts, and the knob
shows the current step. Dragging snaps to turn starts; the arrows keys are the scene's business.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

import pygame

from urland.ui import theme as th
from urland.ui.text import blit_text


class TurnSlider:
    def __init__(self, last: int, turn_starts: list[int], on_seek: Callable[[int], None],
                 epoch_starts: list[int] | None = None) -> None:
        self.last = max(1, last)
        self.turn_starts = turn_starts
        self.epoch_starts = epoch_starts or []
        self.on_seek = on_seek
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False

    def x_of(self, step: float) -> int:
        return round(self.rect.left + self.rect.width * step / self.last)

    def turn_at(self, x: int) -> int:
        """The turn (1, 2, ...) under screen x."""
        step = (x - self.rect.left) / max(1, self.rect.width) * self.last
        return max(1, bisect_right(self.turn_starts, step))

    def handle(self, event: pygame.event.Event) -> bool:
        grab = self.rect.inflate(0, self.rect.height)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(
                event.pos):
            self.dragging = True
            self._seek(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._seek(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def _seek(self, x: int) -> None:
        turn = self.turn_at(x)
        if self.turn_starts:
            self.on_seek(self.turn_starts[turn - 1])

    def draw(self, surface: pygame.Surface, theme: th.Theme, step: int, turn: int) -> None:
        px = theme.px
        bar = self.rect
        pygame.draw.rect(surface, th.PANEL_LIGHT, bar, border_radius=bar.height // 2)
        done = pygame.Rect(bar.left, bar.top, self.x_of(step) - bar.left, bar.height)
        pygame.draw.rect(surface, th.ACCENT_DARK, done, border_radius=bar.height // 2)
        every = 1 if bar.width / max(1, len(self.turn_starts)) > px(26) else 2
        for t, start in enumerate(self.turn_starts, start=1):
            x = self.x_of(start)
            epoch = start in self.epoch_starts
            pygame.draw.line(surface, th.ACCENT if epoch else th.TEXT_DIM,
                             (x, bar.top - px(5 if epoch else 3)), (x, bar.bottom + px(3)),
                             max(1, px(2 if epoch else 1)))
            if t % every == 0 or t == 1:
                blit_text(surface, str(t), (x + px(2), bar.bottom + px(4)), px(16), th.TEXT_DIM)
        knob = (self.x_of(step), bar.centery)
        pygame.draw.circle(surface, th.TEXT, knob, px(10))
        pygame.draw.circle(surface, th.ACCENT, knob, px(7))
        blit_text(surface, f"Turn {turn}", (knob[0], bar.top - px(8)), px(17), th.TEXT, True,
                  anchor="midbottom")
