"""The chat line of an online table: the last lines said, with the players' names, a field to
say something (Enter opens it, Enter sends, Esc closes) and a button to mute the chat."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from urland.texts.i18n import L_
from urland.ui import theme as th
from urland.ui.text import blit_text
from urland.ui.widgets import Button, TextField, panel

SHOWN_LINES = 4
LINE_SECONDS = 25.0  # how long a line stays on the board
MAX_CHAT = 200


class ChatBox:
    def __init__(self, lines: Callable[[], list[tuple[str, str]]],
                 send: Callable[[str], None]) -> None:
        self.lines, self.send = lines, send
        self.field = TextField("", limit=MAX_CHAT, placeholder=L_("Say something, Enter sends"))
        self.mute_button = Button(L_("Mute chat"), self.toggle_mute)
        self.muted = False
        self.seen = len(lines())
        self.recent: list[tuple[str, str, float]] = []  # (name, text, seconds shown)

    def toggle_mute(self) -> None:
        self.muted = not self.muted
        self.mute_button.label = L_("Unmute chat") if self.muted else L_("Mute chat")
        self.recent = []

    def update(self, dt: float) -> None:
        lines = self.lines()
        fresh, self.seen = lines[self.seen:], len(lines)
        if not self.muted:
            self.recent += [(name, text, 0.0) for name, text in fresh]
        self.recent = [(n, t, age + dt) for n, t, age in self.recent
                       if age + dt < LINE_SECONDS][-SHOWN_LINES:]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.mute_button.handle(event):
            return True
        if not self.field.focus:
            if (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN
                    and not self.muted):
                self.field.focus = True
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            text = self.field.text.strip()
            if text:
                self.send(text)
            self.field.text = ""
        self.field.handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.field.focus
        return True

    def draw(self, surface: pygame.Surface, t: th.Theme, area: pygame.Rect) -> None:
        """Bottom left of `area`: the mute button, the field while typing, the recent lines."""
        self.mute_button.rect = pygame.Rect(area.left + t.px(10), area.bottom - t.px(40),
                                            t.px(150), t.px(32))
        self.mute_button.draw(surface, t)
        y = self.mute_button.rect.top - t.px(24)  # above the table's note
        if self.field.focus:
            self.field.rect = pygame.Rect(area.left + t.px(10), y - t.px(40),
                                          min(t.px(460), area.width - t.px(20)), t.px(40))
            self.field.draw(surface, t)
            y = self.field.rect.top - t.px(4)
        if not self.recent:
            return
        step = t.px(24)
        box = pygame.Rect(area.left + t.px(10), y - step * len(self.recent) - t.px(8),
                          min(t.px(460), area.width - t.px(20)), step * len(self.recent)
                          + t.px(8))
        panel(surface, box, (20, 30, 40), radius=t.px(8))
        for i, (name, text, _age) in enumerate(self.recent):
            blit_text(surface, f"{name}: {text}", (box.left + t.px(10),
                                                   box.top + t.px(4) + i * step), t.px(19),
                      th.TEXT, width=box.width - t.px(20))
