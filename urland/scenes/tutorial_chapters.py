"""Learn to play, come back to: go on from the chapter reached, start from the beginning, or
pick any chapter (the first chapter of each lesson; one that goes on in the game of the one
before it is played with that one). Each row by mouse, by its digit key, or by Tab and Enter."""

from __future__ import annotations

import pygame

from urland.scenes.base import Dialog
from urland.table.tutorial import Script
from urland.texts.i18n import L_, _, fmt, pgettext
from urland.ui.text import blit_text
from urland.ui.widgets import Button

ROW, GAP, TOP = 44, 8, 92  # a row's height, the gap between rows, the first row's top


class TutorialChaptersDialog(Dialog):
    name = "tutorial_chapters"
    width = 560

    def __init__(self, app, script: Script, reached: int) -> None:
        """`reached`: the chapter the player got to last time (not the first)."""
        super().__init__(app)
        self.openings = script.openings()
        self.number = self.openings.index(reached) + 1
        self.go_on = Button(fmt("Go on from chapter {number}", number=self.number),
                            lambda: self.start(reached), "primary", key=pygame.K_RETURN)
        self.from_start = Button(L_("Start from the beginning"), lambda: self.start(0),
                                 key=pygame.K_HOME)
        self.rows = [self.chapter_button(script, n, index)
                     for n, index in enumerate(self.openings, start=1)]
        cancel = Button(L_("Cancel"), self.close, key=pygame.K_ESCAPE)
        self.buttons = [self.go_on, self.from_start, *self.rows, cancel]
        self.height = TOP + (len(self.buttons) - 1) * (ROW + GAP) + 52 + 2 * GAP + 20

    def chapter_button(self, script: Script, number: int, index: int) -> Button:
        """A chapter's row: its number and title, and those of the chapters that follow it."""
        titles = [pgettext("tutorial", script.chapters[index].title)]
        following = index + 1
        while following < len(script.chapters) and script.chapters[following].follows:
            titles.append(pgettext("tutorial", script.chapters[following].title))
            following += 1
        label = fmt("{number}. {title}", number=number, title=" · ".join(titles))
        key = pygame.K_1 + number - 1 if number <= 9 else None
        return Button(label, lambda: self.start(index), key=key, show_key=True)

    def start(self, chapter: int) -> None:
        self.app.show("tutorial", chapter=chapter)

    def close(self) -> None:
        self.app.remove(self)

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        top = box.top + t.px(TOP)
        for button in self.buttons[:-1]:
            button.rect = pygame.Rect(0, 0, t.px(self.width - 80), t.px(ROW))
            button.rect.midtop = (box.centerx, top)
            top += t.px(ROW + GAP)
        cancel = self.buttons[-1]
        cancel.rect = pygame.Rect(0, 0, t.px(200), t.px(52))
        cancel.rect.midtop = (box.centerx, top + t.px(GAP))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, _("Learn to play"))
        blit_text(surface, fmt("Last time you reached chapter {number}.", number=self.number),
                  (box.centerx, box.top + t.px(66)), t.px(19), (100, 90, 80), anchor="center",
                  width=box.width - t.px(32))
        super().draw(surface)
