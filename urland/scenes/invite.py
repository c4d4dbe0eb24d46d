"""The host's invitation, over the table of a hosted game: the addresses and port to give
friends, and the room code, which can be copied."""

from __future__ import annotations

import pygame

from urland.scenes.base import Dialog
from urland.texts.i18n import L_, _
from urland.ui import theme as th
from urland.ui.text import blit_text, blit_wrapped
from urland.ui.widgets import Button

DIM_INK = (96, 88, 80)


class InviteDialog(Dialog):
    name = "invite"
    width, height = 760, 470

    def __init__(self, app, addresses: list[str], code: str) -> None:
        super().__init__(app)
        self.addresses, self.code = addresses[:3], code
        self.copy_button = Button(L_("Copy room code"), self.copy, key=pygame.K_c)
        self.play_button = Button(L_("To the table"), self.close, "primary",
                                  key=pygame.K_RETURN)
        self.buttons = [self.play_button, self.copy_button]
        self.copied = False

    def layout(self) -> None:
        self.place_pair(self.play_button, self.copy_button, widths=(240, 240))

    def copy(self) -> None:
        try:
            if not pygame.scrap.get_init():
                pygame.scrap.init()
            pygame.scrap.put_text(self.code)
            self.copied = True
        except pygame.error:
            self.copied = False

    def close(self) -> None:
        self.app.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        box = self.draw_box(surface, _("Invite your friends"))
        t = self.theme
        text = box.inflate(-t.px(80), 0)
        text.top, text.height = box.top + t.px(70), t.px(60)
        blit_wrapped(surface, _("They choose Join online game on the title screen and type "
                                "one of these addresses and the room code."), text, t.px(21),
                     DIM_INK)
        y = box.top + t.px(140)
        blit_text(surface, _("Address"), (box.left + t.px(40), y), t.px(22), th.INK, True)
        for i, address in enumerate(self.addresses):
            blit_text(surface, address, (box.left + t.px(220), y + i * t.px(30)), t.px(24),
                      th.INK, width=box.width - t.px(260))
        y += max(1, len(self.addresses)) * t.px(30) + t.px(16)
        blit_text(surface, _("Room code"), (box.left + t.px(40), y + t.px(6)), t.px(22), th.INK,
                  True)
        blit_text(surface, self.code, (box.left + t.px(220), y), t.px(36), th.ACCENT_DARK, True)
        if self.copied:
            blit_text(surface, _("Copied."), (box.centerx, box.bottom - t.px(100)), t.px(20),
                      DIM_INK, anchor="center")
        super().draw(surface)

    def autoplay_step(self) -> None:
        if self.age > 0.5:
            self.close()
