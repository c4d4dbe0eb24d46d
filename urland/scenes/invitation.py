"""The invitation of a game hosted here, again, over its table (from the menu): each address
as a URL a friend can type or paste, with who it is for, and the room code, each with Copy.
A game hosted again (Continue) starts at its table, without the lobby: this is where its
host finds the invitation for a friend who comes late or lost it."""

from __future__ import annotations

import pygame

from urland.net.invite import (
    HOW_TO_JOIN,
    INVITE,
    SHOWN_ADDRESSES,
    invitation,
    reach_label,
)
from urland.scenes.base import Dialog
from urland.texts.i18n import L_, _, fmt
from urland.ui.clipboard import copy
from urland.ui.text import blit_text, blit_wrapped
from urland.ui.widgets import Button

COPY, COPIED = L_("Copy"), L_("Copied.")
DIM_INK = (96, 88, 80)
ROW = 54  # an invitation with who it is for under it


class InvitationScene(Dialog):
    name = "invitation"
    width, height = 760, 440

    def __init__(self, app, hosted) -> None:
        """`hosted`: the game opened to the network here (`HostedGame`)."""
        super().__init__(app)
        self.code = hosted.code
        self.invitations = [invitation(a, hosted.code)
                            for a in hosted.addresses()[-SHOWN_ADDRESSES:]]
        self.copied = ""
        self.copy_buttons = [Button(COPY, lambda i=i: self.copy(self.invitations[i], i))
                             for i in range(len(self.invitations))]
        self.copy_code = Button(COPY, lambda: self.copy(self.code, len(self.invitations)))
        self.close_button = Button(L_("Close"), lambda: self.app.remove(self), "primary",
                                   key=pygame.K_ESCAPE)
        self.buttons = [self.close_button, *self.copy_buttons, self.copy_code]

    def copy(self, text: str, index: int) -> None:
        """Copy `text`; its button says "Copied." (the others "Copy" again)."""
        self.copied = text if copy(text) else ""
        for i, button in enumerate((*self.copy_buttons, self.copy_code)):
            button.label = COPIED if i == index and self.copied else COPY

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        for i, button in enumerate((*self.copy_buttons, self.copy_code)):
            button.rect = pygame.Rect(0, 0, t.px(100), t.px(34))
            button.rect.topright = (box.right - t.px(30), box.top + t.px(130 + ROW * i))
        self.close_button.rect = pygame.Rect(0, 0, t.px(160), t.px(52))
        self.close_button.rect.midbottom = (box.centerx, box.bottom - t.px(24))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, _(INVITE))
        left, width = box.left + t.px(30), box.width - t.px(170)
        blit_wrapped(surface, _(HOW_TO_JOIN), pygame.Rect(left, box.top + t.px(62),
                                                         box.width - t.px(60), t.px(56)),
                     t.px(20), DIM_INK)
        for text, button in zip(self.invitations, self.copy_buttons, strict=True):
            blit_text(surface, text, (left, button.rect.top - t.px(4)), t.px(21), (40, 36, 32),
                      width=width)
            blit_text(surface, reach_label(text), (left, button.rect.top + t.px(22)), t.px(17),
                      DIM_INK, width=width)
        blit_text(surface, fmt("Room code: {code}", code=self.code),
                  (left, self.copy_code.rect.centery), t.px(24), (40, 36, 32), True,
                  anchor="midleft", width=width)
        super().draw(surface)


