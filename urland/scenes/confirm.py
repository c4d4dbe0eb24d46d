"""A yes-or-no question over the current scene: "Delete this game?", "Start a new game?"."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from urland.scenes.base import Dialog
from urland.ui import theme as th
from urland.ui.text import blit_wrapped
from urland.ui.widgets import Button


class ConfirmDialog(Dialog):
    name = "confirm"
    width, height = 640, 280

    def __init__(self, app, title: str, text: str, confirm: str,
                 on_confirm: Callable[[], None], cancel: str = "Cancel",
                 danger: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_confirm = on_confirm
        self.confirm_button = Button(confirm, self._confirm, "danger" if danger else "primary",
                                     key=pygame.K_RETURN)
        self.cancel_button = Button(cancel, self.close, key=pygame.K_ESCAPE)
        self.buttons = [self.confirm_button, self.cancel_button]

    def layout(self) -> None:
        self.place_pair(self.confirm_button, self.cancel_button, widths=(240, 180))

    def close(self) -> None:
        self.app.remove(self)

    def _confirm(self) -> None:
        self.close()
        self.on_confirm()

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True  # a question: nothing below it is clickable until it is answered

    def draw(self, surface: pygame.Surface) -> None:
        box = self.draw_box(surface, self.title)
        t = self.theme
        text_box = box.inflate(-t.px(80), 0)
        text_box.top = box.top + t.px(72)
        text_box.height = t.px(110)
        blit_wrapped(surface, self.text, text_box, t.px(24), th.INK, line_gap=1.35)
        super().draw(surface)

    def autoplay_step(self) -> None:
        """An autoplaying App answers yes (its questions never lose a game: see callers)."""
        if self.age > 0.5:
            self._confirm()
