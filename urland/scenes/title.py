"""The title screen: New game, Continue (the latest unfinished game), Load game, Rules,
Settings, Quit; and, once, what went wrong with a file at start."""

from __future__ import annotations

import pygame

from urland import library
from urland.scenes.base import Scene
from urland.startup import board_problem
from urland.ui import art
from urland.ui import theme as th
from urland.ui.backdrop import backdrop
from urland.ui.text import blit_text, wrap
from urland.ui.widgets import Button, panel


class TitleScene(Scene):
    name = "title"

    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        # Saved games are read (and unusable ones set aside) each time the title appears.
        self.games, set_aside = library.scan()
        self.latest = library.latest_unfinished(self.games)
        # Start-up notices are told once: the first title screen takes them.
        self.notices = [n for n in (*app.notices, *set_aside, message) if n]
        app.notices = []
        playable = not board_problem()
        self.new_button = Button("New game", self.new_game, "primary", enabled=playable,
                                 key=pygame.K_n)
        self.continue_button = Button("Continue", self.resume,
                                      enabled=playable and self.latest is not None,
                                      key=pygame.K_c)
        self.load_button = Button("Load game", self.load_game,
                                  enabled=playable and bool(self.games), key=pygame.K_l)
        self.buttons = [
            self.new_button,
            self.continue_button,
            self.load_button,
            Button("History", lambda: self.app.show("history"), key=pygame.K_h),
            Button("Rules", self.rules, key=pygame.K_r),
            Button("Settings", self.settings, key=pygame.K_s),
            Button("Quit", self.app.quit, "danger", key=pygame.K_q),
        ]

    @property
    def message(self) -> str:
        return " ".join(self.notices)

    def layout(self) -> None:
        t = self.theme
        w = t.px(300)
        top = t.size[1] // 2 - t.px(20)
        step = min(t.px(64), (t.size[1] - t.px(16) - top) // len(self.buttons))
        h = step - t.px(10)
        x = t.size[0] // 2 - w // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x, top + i * step, w, h)

    def new_game(self) -> None:
        self.app.open("new_game")

    def resume(self) -> None:
        if self.latest is not None:
            self.open_saved(self.latest.path)

    def open_saved(self, path) -> None:
        session, problem = library.open_game(path)
        if session is None:
            self.app.show("title", message=problem)
        elif session.game.over:
            self.app.show("game_over", session=session)
        else:
            self.app.show("table", session=session)

    def load_game(self) -> None:
        self.app.open("load_game")

    def rules(self) -> None:
        self.app.open("rules")

    def settings(self) -> None:
        self.app.open("settings")

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        cx = t.size[0] // 2
        top = t.size[1] // 2 - t.px(250)
        title_box = pygame.Rect(0, 0, t.px(620), t.px(190))
        title_box.midtop = (cx, top)
        panel(surface, title_box, (24, 34, 46), radius=t.px(18), shadow=t.px(8),
              border=th.ACCENT_DARK)
        blit_text(surface, "URLAND", (cx, top + t.px(70)), t.px(118), th.ACCENT, True,
                  anchor="center")
        blit_text(surface, "Ichtos crawl out of the sea. Who will rule the land?",
                  (cx, top + t.px(140)), t.px(26), th.TEXT, anchor="center")
        blit_text(surface, "after the board game by Doris & Frank (2001)",
                  (cx, top + t.px(168)), t.px(20), th.TEXT_DIM, anchor="center")
        for i in range(5):  # the five colours standing on the card's top edge
            image = art.ichto(i, t.px(58))
            x = cx + (i - 2) * t.px(66)
            surface.blit(image, image.get_rect(midbottom=(x, title_box.top + t.px(9))))
        super().draw(surface)
        if self.latest is not None and self.continue_button.enabled:
            r = self.continue_button.rect
            blit_text(surface, self.latest.status_text(), (r.right + t.px(16), r.centery),
                      t.px(20), th.TEXT, anchor="midleft")
        if self.notices:
            self.draw_notices(surface)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """What went wrong with a file, at the top of the screen, until the title is left."""
        t = self.theme
        width = min(t.size[0] - t.px(40), t.px(1100))
        lines = [line for notice in self.notices
                 for line in wrap(notice, t.px(20), width - t.px(40))][:4]
        box = pygame.Rect(0, 0, width, t.px(18) + len(lines) * t.px(22))
        box.midtop = (t.size[0] // 2, t.px(8))
        panel(surface, box, (120, 46, 40), radius=t.px(8), border=th.BAD)
        for i, line in enumerate(lines):
            blit_text(surface, line, (box.left + t.px(20), box.top + t.px(9) + i * t.px(22)),
                      t.px(20), th.TEXT)

    def autoplay_step(self) -> None:
        """The autoplay tour: every menu scene once, then a new game."""
        if self.age < 0.5:
            return
        self.age = 0.0
        shots = self.app.visited
        if "rules" not in shots:
            self.rules()
        elif "settings" not in shots:
            self.settings()
        else:
            self.new_game()
