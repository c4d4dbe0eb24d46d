"""Game over: the final scoring step by step, the track, the winner; New game or Title."""

from __future__ import annotations

import pygame

from urland.scenes.base import Dialog
from urland.session import Session
from urland.ui import art
from urland.ui import theme as th
from urland.ui.backdrop import backdrop
from urland.ui.text import blit_text, wrap
from urland.ui.widgets import Button, panel

STEP_SECONDS = 1.2


class GameOverScene(Dialog):
    name = "game_over"
    modal = False

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        log = session.game.log
        self.steps = [e for e in log if e.kind in ("final_total", "final_land", "winner")]
        self.new_button = Button("New game", self.new_game, "primary", key=pygame.K_n)
        self.title_button = Button("Title", self.title, key=pygame.K_ESCAPE)
        self.buttons = [self.new_button, self.title_button]

    def new_game(self) -> None:
        self.app.show("title")
        self.app.open("new_game")

    def title(self) -> None:
        self.app.show("title")

    def layout(self) -> None:
        self.place_pair(self.new_button, self.title_button)

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
        self.draw_track(surface, pygame.Rect(box.left + t.px(60), top + state.n * t.px(52)
                                             + t.px(24), box.width - t.px(120), t.px(50)))
        if shown >= len(self.steps):
            blit_text(surface, f"{winner.name} wins!", (box.centerx, box.bottom - t.px(108)),
                      t.px(40), th.ACCENT_DARK, True, anchor="center")
        super().draw(surface)

    def draw_track(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The score track as a line: mutation spaces, the end space, every marker."""
        t = self.theme
        state = self.session.game.state
        board = state.board
        top = max(max(state.track) + 2, board.end_threshold + 4)
        y = rect.centery

        def x_of(space: float) -> int:
            return round(rect.left + rect.width * space / top)

        pygame.draw.line(surface, (150, 130, 100), (rect.left, y), (rect.right, y), t.px(4))
        for space in (*board.mutation_spaces, board.end_threshold):
            colour = th.ACCENT_DARK if space == board.end_threshold else (60, 140, 210)
            pygame.draw.circle(surface, colour, (x_of(space), y), t.px(7))
            blit_text(surface, str(space), (x_of(space), y + t.px(12)), t.px(17), colour,
                      anchor="midtop")
        for seat, position in enumerate(state.track):
            icon = art.ichto(self.session.seats[seat].colour, t.px(30))
            surface.blit(icon, icon.get_rect(midbottom=(x_of(position), y - t.px(2))))

    def autoplay_step(self) -> None:
        auto = self.app.autoplay
        if auto and auto.quit_when_over and self.age > STEP_SECONDS * len(self.steps) + 0.6:
            self.app.quit(0)
