"""The title screen: New game, Continue, Rules, Settings, Quit."""

from __future__ import annotations

import pygame

from urland import paths
from urland.engine import SaveError
from urland.scenes.base import Scene
from urland.ui import art
from urland.ui import theme as th
from urland.ui.backdrop import backdrop
from urland.ui.text import blit_text
from urland.ui.widgets import Button, panel


class TitleScene(Scene):
    name = "title"

    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.message = message
        self.can_continue = self._saved_game_playable()
        self.new_button = Button("New game", self.new_game, "primary", key=pygame.K_n)
        self.continue_button = Button("Continue", self.resume, enabled=self.can_continue,
                                      key=pygame.K_c)
        self.buttons = [
            self.new_button,
            self.continue_button,
            Button("History", lambda: self.app.show("history"), key=pygame.K_h),
            Button("Rules", self.rules, key=pygame.K_r),
            Button("Settings", self.settings, key=pygame.K_s),
            Button("Quit", self.app.quit, "danger", key=pygame.K_q),
        ]

    def _saved_game_playable(self) -> bool:
        path = paths.autosave_path()
        if not path.exists():
            return False
        from urland.session import Session

        try:
            session = Session.load(path)
        except SaveError as exc:
            self.message = f"The saved game could not be read: {exc}"
            return False
        return not session.game.over

    def layout(self) -> None:
        t = self.theme
        w, h = t.px(300), t.px(52)
        x = t.size[0] // 2 - w // 2
        y = t.size[1] // 2 - t.px(20)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x, y + i * (h + t.px(12)), w, h)

    def new_game(self) -> None:
        self.app.open("new_game")

    def resume(self) -> None:
        from urland.session import Session

        try:
            session = Session.load(paths.autosave_path())
        except SaveError as exc:
            self.message = f"The saved game could not be read: {exc}"
            self.continue_button.enabled = False
            return
        self.app.show("table", session=session)

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
        if self.message:
            box = pygame.Rect(0, 0, t.px(900), t.px(44))
            box.midbottom = (cx, t.size[1] - t.px(20))
            panel(surface, box, (120, 46, 40), radius=t.px(8))
            blit_text(surface, self.message[:120], box.center, t.px(22), th.TEXT,
                      anchor="center")

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
