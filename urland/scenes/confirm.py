"""A yes-or-no question over the current scene: "Delete this game?", "Start a new game?".

Its buttons are as wide as their labels need at the usual letter size, and the box as high as
its sentences need, so no language's words are squeezed or cut."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from urland.scenes.base import Dialog
from urland.texts.i18n import L_, Text
from urland.ui import theme as th
from urland.ui.text import blit_wrapped, text_width, wrap
from urland.ui.widgets import Button

CANCEL = L_("Cancel")
LEAST_WIDTHS = (240, 180)  # the buttons' widths, unless a label needs more
MOST_WIDTH = 286  # each button's widest: half the box, less the gap between them and a margin
TEXT_TOP, TEXT_SIDES, TEXT_PIXELS, LINE_GAP = 72, 80, 24, 1.35
FOOT = 118  # below the sentences: the buttons and the margins around them


class ConfirmDialog(Dialog):
    name = "confirm"
    width, height = 640, 280

    def __init__(self, app, title: str, text: str, confirm: str,
                 on_confirm: Callable[[], None], cancel: Text = CANCEL,
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
        first, second = self.confirm_button, self.cancel_button
        self.place_pair(first, second, widths=self.button_widths())
        shift = self.box().centerx - (first.rect.left + second.rect.right) // 2
        first.rect.move_ip(shift, 0)  # the pair centred, however wide each label made its button
        second.rect.move_ip(shift, 0)

    def button_widths(self) -> tuple[int, int]:
        """Each button wide enough for its label at the usual size with a margin each side
        (in 1280x720 units, as `place_pair` takes them)."""
        t = self.theme
        needs = (math.ceil((text_width(b.label, t.px(24), True) + t.px(32)) / t.scale)
                 for b in self.buttons)
        first, second = (min(MOST_WIDTH, max(least, need))
                         for least, need in zip(LEAST_WIDTHS, needs, strict=True))
        return first, second

    def box(self) -> pygame.Rect:
        """The box as high as its title, sentences and buttons need (no empty band between
        a one-line question and its buttons, no line cut off a long one)."""
        t = self.theme
        box = super().box()
        box.height = min(t.px(TEXT_TOP + FOOT) + self.text_height(), t.size[1] - t.px(16))
        box.centery = t.size[1] // 2
        return box

    def text_height(self) -> int:
        t = self.theme
        width = t.px(self.width) - t.px(TEXT_SIDES)
        lines = len(wrap(self.text, t.px(TEXT_PIXELS), width)) if str(self.text).strip() else 0
        return lines * round(t.px(TEXT_PIXELS) * LINE_GAP * 0.75)

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
        text_box = box.inflate(-t.px(TEXT_SIDES), 0)
        text_box.top = box.top + t.px(TEXT_TOP)
        text_box.height = box.bottom - t.px(FOOT) - text_box.top
        if str(self.text).strip():  # a question may be its title alone
            blit_wrapped(surface, self.text, text_box, t.px(TEXT_PIXELS), th.INK,
                         line_gap=LINE_GAP, centre=True)
        super().draw(surface)

    def autoplay_step(self) -> None:
        """An autoplaying App answers yes (its questions never lose a game: see callers)."""
        if self.age > 0.5:
            self._confirm()
