"""Game over: the final scoring step by step, the track, the winner; New game or Title."""

from __future__ import annotations

import pygame

from urland.scenes.backdrop import backdrop
from urland.scenes.base import Scene
from urland.session import Session
from urland.ui import art
from urland.ui import theme as th
from urland.ui.text import blit_text, wrap
from urland.ui.widgets import Button, panel

STEP_SECONDS = 1.2


class GameOverScene(Scene):
    name = "game_over"

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        log = session.game.log
        self.steps = [e for e in log if e.kind in ("final_total", "final_land", "winner")]
        self.new_button = Button("New game", self.new_game, "primary", key=pygame.K_n)
        self.title_button = Button("Title", self.title, key=pygame.K_ESCAPE)
        self.buttons = [self.new_button, self.title_button]

    def new_game(self) -> None:
        from urland.scenes.new_game import NewGameScene
        from urland.scenes.title import TitleScene

        self.app.switch(TitleScene(self.app))
        self.app.push(NewGameScene(self.app))

    def title(self) -> None:
        from urland.scenes.title import TitleScene

        self.app.switch(TitleScene(self.app))

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.new_button.rect = pygame.Rect(0, 0, t.px(220), t.px(54))
        self.new_button.rect.bottomright = (box.centerx - t.px(10), box.bottom - t.px(24))
        self.title_button.rect = pygame.Rect(0, 0, t.px(180), t.px(54))
        self.title_button.rect.bottomleft = (box.centerx + t.px(10), box.bottom - t.px(24))

    def box(self) -> pygame.Rect:
        t = self.theme
        r = pygame.Rect(0, 0, t.px(860), t.px(620))
        r.center = (t.size[0] // 2, t.size[1] // 2)
        return r

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.age < STEP_SECONDS * len(self.steps):
            self.age = STEP_SECONDS * len(self.steps)  # show everything at once
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        box = self.box()
        panel(surface, box, th.PAPER, radius=t.px(16), shadow=t.px(8), border=th.ACCENT_DARK)
        state = self.session.game.state
        winner = self.session.seats[state.winner]
        blit_text(surface, "Game over", (box.centerx, box.top + t.px(40)), t.px(46), th.INK, True,
                  anchor="center")
        shown = min(len(self.steps), int(self.age / STEP_SECONDS) + 1)
        y = box.top + t.px(84)
        for e in self.steps[:shown]:
            if e.kind == "winner":
                continue
            for line in wrap(self.session.personalise(e.text), t.px(22), box.width - t.px(80)):
                blit_text(surface, line, (box.left + t.px(40), y), t.px(22), (80, 70, 60))
                y += t.px(20)
            y += t.px(6)
        order = sorted(range(state.n), key=lambda s: -state.track[s])
        top = max(y + t.px(10), box.top + t.px(170))
        for rank, seat in enumerate(order):
            s = self.session.seats[seat]
            row = pygame.Rect(box.left + t.px(120), top + rank * t.px(52), box.width - t.px(240),
                              t.px(46))
            pygame.draw.rect(surface, (255, 226, 150) if seat == state.winner else th.PAPER_DARK,
                             row, border_radius=t.px(8))
            blit_text(surface, f"{rank + 1}.", (row.left + t.px(16), row.centery), t.px(28),
                      th.INK, True, anchor="midleft")
            icon = art.ichto(s.colour, t.px(40))
            surface.blit(icon, icon.get_rect(center=(row.left + t.px(80), row.centery)))
            blit_text(surface, s.name, (row.left + t.px(112), row.centery), t.px(28), th.INK,
                      anchor="midleft")
            blit_text(surface, f"{state.track[seat]} points", (row.right - t.px(16),
                      row.centery), t.px(28), th.INK, True, anchor="midright")
        if shown >= len(self.steps):
            blit_text(surface, f"{winner.name} wins!", (box.centerx, box.bottom - t.px(108)),
                      t.px(40), th.ACCENT_DARK, True, anchor="center")
        super().draw(surface)

    def autoplay_step(self) -> None:
        auto = self.app.autoplay
        if auto and auto.quit_when_over and self.age > STEP_SECONDS * len(self.steps) + 0.6:
            self.app.quit(0)
