"""The rules in game, with every gene card: reachable from every scene with F1."""

from __future__ import annotations

import pygame

from urland.scenes.base import Scene
from urland.texts.assets import gene_texts, rules_text
from urland.ui import theme as th
from urland.ui.text import blit_text, wrap
from urland.ui.widgets import Button, panel

__all__ = ["RulesScene", "gene_texts", "rules_text"]  # the texts: urland.texts.assets


class RulesScene(Scene):
    name = "rules"
    modal = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = 0
        self.tab = "rules"
        self.close = Button("Close", self.app.pop, "primary", key=pygame.K_ESCAPE)
        self.tabs = [Button("Rules", lambda: self._tab("rules")),
                     Button("Genes", lambda: self._tab("genes"))]
        self.buttons = [self.close, *self.tabs]
        self.content_height = 0

    def _tab(self, tab: str) -> None:
        self.tab = tab
        self.scroll = 0

    def box(self) -> pygame.Rect:
        t = self.theme
        r = pygame.Rect(0, 0, min(t.size[0] - t.px(60), t.px(1000)), t.size[1] - t.px(60))
        r.center = (t.size[0] // 2, t.size[1] // 2)
        return r

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.close.rect = pygame.Rect(box.right - t.px(150), box.top + t.px(16), t.px(130),
                                      t.px(44))
        for i, b in enumerate(self.tabs):
            b.rect = pygame.Rect(box.left + t.px(20) + i * t.px(140), box.top + t.px(16),
                                 t.px(130), t.px(44))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y * self.theme.px(40),
                                     max(0, self.content_height)))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll = min(self.scroll + self.theme.px(120), max(0, self.content_height))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - self.theme.px(120))
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 12, 18, 170))
        surface.blit(shade, (0, 0))
        box = self.box()
        panel(surface, box, th.PAPER, radius=t.px(14), shadow=t.px(8), border=th.ACCENT_DARK)
        for b in self.tabs:
            b.style = "primary" if b.label.lower() == self.tab else "paper"
        inner = box.inflate(-t.px(60), -t.px(110))
        inner.top = box.top + t.px(80)
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.top - self.scroll
        if self.tab == "rules":
            sections = [(s["title"], s["text"]) for s in rules_text()]
        else:
            sections = [(f"{g['name']}  ({'always on' if g['kind'] == 'always' else 'action'})",
                         g["text"]) for g in gene_texts().values()]
        for title, text in sections:
            blit_text(surface, title, (inner.left, y), t.px(28), th.ACCENT_DARK, True)
            y += t.px(30)
            for line in wrap(text, t.px(23), inner.width):
                blit_text(surface, line, (inner.left, y), t.px(23), th.INK)
                y += t.px(20)
            y += t.px(14)
        self.content_height = y + self.scroll - inner.bottom
        surface.set_clip(clip)
        if self.content_height > 0:
            blit_text(surface, "scroll for more", (inner.right, box.bottom - t.px(18)),
                      t.px(18), (120, 110, 96), anchor="midright")
        super().draw(surface)

    def autoplay_step(self) -> None:
        if self.age > 0.5:
            self.app.pop()
