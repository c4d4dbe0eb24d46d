"""The pause menu, over the table or a hand-over curtain: resume, rules, settings, or leave
(the game is saved after every decision, so leaving loses nothing)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from urland.scenes.base import Dialog
from urland.texts.i18n import L_, _
from urland.ui.text import blit_text
from urland.ui.widgets import Button


class PauseScene(Dialog):
    name = "pause"
    width, height = 460, 420

    def __init__(self, app, leave: Callable[[], None], paused: bool = True,
                 invite: Callable[[], None] | None = None, kept_by: str | None = None) -> None:
        """`paused`: the game waits while the menu is open (an online game goes on);
        `invite`: shows the invitation of a game hosted here again; `kept_by`: the sentence
        saying where a game kept elsewhere is kept (a server, a friend's computer): nothing
        is saved here, and leaving keeps the seat."""
        super().__init__(app)
        self.leave_game, self.paused, self.kept_by = leave, paused, kept_by
        leave_words = (L_("Save and leave to the title") if kept_by is None
                       else L_("Leave to the title"))
        self.resume = Button(L_("Resume"), self.close, "primary", key=pygame.K_ESCAPE)
        self.invite = None if invite is None else Button(L_("Invitation"), invite,
                                                         key=pygame.K_i)
        if self.invite is not None:
            self.height = PauseScene.height + 64
        self.buttons = [
            self.resume,
            *([self.invite] if self.invite is not None else []),
            Button(L_("Rules"), lambda: self.app.open("rules"), key=pygame.K_r),
            Button(L_("Settings"), lambda: self.app.open("settings"), key=pygame.K_s),
            Button(leave_words, self.save_and_leave, key=pygame.K_l),
            Button(L_("Quit Urland"), self.app.quit, "danger", key=pygame.K_q),
        ]
        # Resume is drawn as the one chosen: the ring is on it from the start, so the first
        # Down goes to Rules, as the look promises, rather than only showing the ring.
        self.focus.put(self.resume)

    def heading(self) -> str:
        """One word whatever the game, the word on the button that opened it."""
        return _("Menu")

    def subtitle(self) -> str:
        """What becomes of the game meanwhile: it waits (a game at this screen) or goes on,
        kept here or elsewhere."""
        if self.kept_by:
            return self.kept_by
        if self.paused:
            return _("The game waits. It is saved after every move.")
        return _("Your game is saved after every move.")

    def close(self) -> None:
        self.app.remove(self)

    def save_and_leave(self) -> None:
        self.app.remove(self)
        self.leave_game()

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        w, h = t.px(340), t.px(52)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(0, 0, w, h)
            b.rect.midtop = (box.centerx, box.top + t.px(84) + i * (h + t.px(12)))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, self.heading())
        blit_text(surface, self.subtitle(),
                  (box.centerx, box.top + t.px(62)), t.px(19), (100, 90, 80), anchor="center",
                  width=box.width - t.px(32))
        super().draw(surface)
