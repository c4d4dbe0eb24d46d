"""Load game: every saved game with its date, players, turn and whose move; load or delete.

The list comes from urland.table.library (the autosave and the `saves/` folder). Deleting asks
first, through the "confirm" dialog. A game hosted here that stopped (its room is kept apart
from the saves) is offered by its own button, even when a newer game took Continue.
"""

from __future__ import annotations

import pygame

from urland.net.hosted_memory import hosted_game
from urland.scenes.base import Scene
from urland.table import library
from urland.table.library import SavedGame
from urland.texts.dates import day_and_time
from urland.texts.i18n import L_, _, fmt
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.focus import Target, targets_of
from urland.ui.text import blit_text
from urland.ui.widgets import Button, panel

ROW_HEIGHT = 74


class GameRow:
    def __init__(self, game: SavedGame, on_load, on_delete) -> None:
        self.game = game
        self.load = Button(L_("Load"), lambda: on_load(game), "primary")
        self.delete = Button(L_("Delete"), lambda: on_delete(game), "danger")
        self.rect = pygame.Rect(0, 0, 0, 0)


class LoadGameScene(Scene):
    name = "load_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = Button(L_("Back"), self.app.pop, key=pygame.K_ESCAPE)
        self.hosted = hosted_game()
        self.host_button = Button(L_("Carry on the hosted game"), self.host_again)
        self.message = ""
        self.scroll = 0  # rows scrolled past the top
        self.rows: list[GameRow] = []
        self.refresh()

    def refresh(self, message: str = "") -> None:
        games, set_aside = library.scan()
        self.rows = [GameRow(g, self.load, self.ask_delete) for g in games]
        self.message = " ".join([*set_aside, message]).strip()
        self.scroll = max(0, min(self.scroll, len(self.rows) - self.visible_rows()))
        self.layout()

    def box(self) -> pygame.Rect:
        t = self.theme
        r = pygame.Rect(0, 0, t.px(960), min(t.px(660), t.size[1] - t.px(40)))
        r.center = (t.size[0] // 2, t.size[1] // 2)
        return r

    def list_area(self) -> pygame.Rect:
        t = self.theme
        box = self.box()
        return pygame.Rect(box.left + t.px(30), box.top + t.px(90), box.width - t.px(60),
                           box.height - t.px(200))

    def visible_rows(self) -> int:
        return max(1, self.list_area().height // self.theme.px(ROW_HEIGHT))

    def shown_rows(self) -> list[GameRow]:
        return self.rows[self.scroll:self.scroll + self.visible_rows()]

    def layout(self) -> None:
        t = self.theme
        area = self.list_area()
        for row in self.rows:
            row.rect = pygame.Rect(0, 0, 0, 0)
            row.load.rect = row.delete.rect = pygame.Rect(0, 0, 0, 0)
        for i, row in enumerate(self.shown_rows()):
            y = area.top + i * t.px(ROW_HEIGHT)
            row.rect = pygame.Rect(area.left, y, area.width, t.px(ROW_HEIGHT - 8))
            row.delete.rect = pygame.Rect(0, 0, t.px(110), t.px(44))
            row.delete.rect.midright = (row.rect.right - t.px(12), row.rect.centery)
            row.load.rect = pygame.Rect(0, 0, t.px(110), t.px(44))
            row.load.rect.midright = (row.delete.rect.left - t.px(10), row.rect.centery)
        box = self.box()
        self.back.rect = pygame.Rect(0, 0, t.px(160), t.px(54))
        self.back.rect.bottomleft = (box.left + t.px(30), box.bottom - t.px(24))
        self.host_button.rect = pygame.Rect(0, 0, t.px(340), t.px(54))
        self.host_button.rect.bottomright = (box.right - t.px(30), box.bottom - t.px(24))
        self.host_button.visible = self.hosted is not None
        self.host_button.detail = (_("the game Continue resumes") if self.hosted is not None
                                   and self.continue_row_game() is None else "")
        self.buttons = [self.back, self.host_button, *(b for row in self.shown_rows()
                                     for b in (row.load, row.delete))]

    def focus_targets(self) -> list[Target]:
        """Each shown game's Load and Delete, row by row, then Host and Back."""
        rows = (b for row in self.shown_rows() for b in (row.load, row.delete))
        return targets_of(*rows, self.host_button, self.back)

    def handle(self, event: pygame.event.Event) -> bool:
        step = 0
        if (self.focus.shown and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_UP, pygame.K_DOWN)):
            at = self.focus.current
            super().handle(event)  # the focus moves; at the list's edge the list scrolls
            step = 0 if self.focus.current is not at else 1 if event.key == pygame.K_DOWN else -1
        elif event.type == pygame.MOUSEWHEEL:
            step = -event.y
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            step = 1
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            step = -1
        if step or (event.type == pygame.KEYDOWN and self.focus.shown and event.key in (
                pygame.K_UP, pygame.K_DOWN)):
            top = max(0, len(self.rows) - self.visible_rows())
            self.scroll = max(0, min(self.scroll + step, top))
            self.layout()
            return True
        return super().handle(event)

    # --- actions ----------------------------------------------------------------------------

    def load(self, game: SavedGame) -> None:
        session, problem = library.open_game(game.path)
        if session is None:
            self.refresh(problem)
        elif session.over:
            self.app.show("game_over", session=session)
        else:
            self.app.show("table", session=session)

    def continue_row_game(self) -> SavedGame | None:
        """The saved game Continue resumes, or None when Continue carries on the hosted game
        (its button then says so): the same choice as the title's (library)."""
        latest = library.latest_unfinished([r.game for r in self.rows])
        if self.hosted is not None and library.continue_resumes_hosted(latest,
                                                                       self.hosted.modified):
            return None
        return latest

    def host_again(self) -> None:
        """Host the stopped game again: same room code and tokens, friends come back."""
        self.app.show("host", seats=[], seed=0, resume=self.hosted)

    def ask_delete(self, game: SavedGame) -> None:
        self.app.open("confirm", title=_("Delete this saved game?"),
                      text=fmt("{players}\n{status}, saved {when}.\nA deleted game cannot be "
                               "brought back.", players=game.players_text(),
                               status=game.status_text(), when=when(game)),
                      confirm=_("Delete"), cancel=_("Keep the game"), danger=True,
                      on_confirm=lambda: self.refresh(library.delete(game)))

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        box = self.box()
        panel(surface, box, th.PAPER, radius=t.px(16), shadow=t.px(8), border=th.ACCENT_DARK)
        blit_text(surface, _("Load game"), (box.centerx, box.top + t.px(44)), t.px(44), th.INK,
                  True, anchor="center")
        if not self.rows:
            blit_text(surface, _("No saved games yet. A game is saved after every move."),
                      self.list_area().midtop, t.px(24), th.INK, anchor="midtop",
                      width=box.width - t.px(40))
        latest = self.continue_row_game()
        for i, row in enumerate(self.shown_rows()):
            self.draw_row(surface, row, i, row.game is latest)
        hidden = len(self.rows) - len(self.shown_rows())
        if hidden > 0:
            blit_text(surface, fmt("{count} more: scroll", count=hidden), (box.right - t.px(30),
                      self.list_area().bottom + t.px(10)), t.px(20), (110, 100, 90),
                      anchor="topright")
        if self.message:
            blit_text(surface, self.message[:110], (box.centerx, box.bottom - t.px(100)),
                      t.px(20), th.BAD, anchor="center", width=box.width - t.px(40))
        super().draw(surface)

    def draw_row(self, surface: pygame.Surface, row: GameRow, i: int, latest: bool) -> None:
        t = self.theme
        game = row.game
        pygame.draw.rect(surface, th.PAPER_DARK if i % 2 else (236, 226, 204), row.rect,
                         border_radius=t.px(8))
        x, top = row.rect.left + t.px(16), row.rect.top + t.px(8)
        date = blit_text(surface, when(game), (x, top), t.px(22), th.INK, True)
        if latest:
            blit_text(surface, _("the game Continue resumes"),
                      (date.right + t.px(14), top + t.px(2)),
                      t.px(20), (110, 100, 90))
        blit_text(surface, game.status_text(), (x, top + t.px(30)), t.px(20),
                  th.ACCENT_DARK if not game.over else (110, 100, 90), True)
        players = game.players_text()
        blit_text(surface, players[:60], (row.rect.left + t.px(330), top + t.px(30)), t.px(20),
                  th.INK)

    def autoplay_step(self) -> None:
        if self.age > 0.5:
            self.app.pop()


def when(game: SavedGame) -> str:
    """'Sun 22 Nov, 10:31' — the day and time the game was last saved."""
    return day_and_time(game.saved_at)
