"""The history: every finished game (date, players, winner, scores) and statistics across them.

Pick a game to see its story, replay it, export its record to a folder, or delete it (after a
confirmation). The Statistics page counts games, wins and average scores per named player and
per computer level.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from urland import paths
from urland.engine import SaveError
from urland.records.history import RecordSummary, delete_record, export_record, list_records
from urland.records.stats import statistics
from urland.scenes.base import Scene
from urland.table.session import Session
from urland.texts.i18n import L_, _, fmt
from urland.texts.problems import problem_text
from urland.ui import art
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.pages import stats_view
from urland.ui.text import blit_text
from urland.ui.widgets import Button, TextField, panel

ROW_H = 54


class HistoryScene(Scene):
    name = "history"
    fit = (1280, 720)  # its row of buttons fills the window's width at text size 100 %

    def __init__(self, app, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder or paths.history_dir()
        self.records: list[RecordSummary] = []
        self.problems: list[str] = []
        self.selected = 0
        self.scroll = 0
        self.page = "games"
        self.confirming = False
        self.message = ""
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.export_field = TextField(app.settings.export_folder or str(paths.documents_dir()),
                                      limit=200, placeholder=L_("a folder"))
        self.games_tab = Button(L_("Games"), lambda: self.show_page("games"), key=pygame.K_1)
        self.stats_tab = Button(L_("Statistics"), lambda: self.show_page("stats"), key=pygame.K_2)
        self.story_button = Button(L_("Story"), self.open_story, "primary", key=pygame.K_RETURN)
        self.replay_button = Button(L_("Replay"), self.open_replay, key=pygame.K_r)
        self.review_button = Button(L_("Review"), self.open_review, key=pygame.K_v)
        self.export_button = Button(L_("Export"), self.export)
        self.delete_button = Button(L_("Delete"), self.ask_delete, "danger", key=pygame.K_DELETE)
        self.confirm_button = Button(L_("Delete for good"), self.delete, "danger")
        self.keep_button = Button(L_("Keep the game"), self.cancel_delete)
        self.back_button = Button(L_("Back"), self.back, key=pygame.K_ESCAPE)
        self.buttons = [self.games_tab, self.stats_tab, self.story_button, self.replay_button,
                        self.review_button,
                        self.export_button, self.delete_button, self.confirm_button,
                        self.keep_button, self.back_button]
        self.reload()

    # --- the records ----------------------------------------------------------------------------

    def reload(self) -> None:
        self.records, self.problems = list_records(self.folder)
        self.selected = min(self.selected, max(0, len(self.records) - 1))
        self.people, self.bots = statistics(self.records)

    @property
    def current(self) -> RecordSummary | None:
        return self.records[self.selected] if self.records else None

    def show_page(self, page: str) -> None:
        self.page = page
        self.confirming = False

    def _session(self) -> Session | None:
        if self.current is None:
            return None
        try:
            return Session.from_record(self.current.path)
        except SaveError as exc:
            self.message = problem_text(exc)
            return None

    def open_story(self) -> None:
        session = self._session()
        if session is not None:
            self.app.open("game_over", session=session, from_history=True)

    def open_replay(self) -> None:
        session = self._session()
        if session is not None:
            self.app.open("replay", session=session)

    def open_review(self) -> None:
        session = self._session()
        if session is not None:
            self.app.open("review", session=session)

    def export(self) -> None:
        if self.current is None:
            return
        try:
            target = export_record(self.current.path, self.export_field.text)
        except ValueError as exc:
            self.message = str(exc)
            return
        self.message = fmt("Exported to {target}", target=target)
        self.app.settings.export_folder = str(target.parent)  # offered again next time
        self.app.save_settings()

    def ask_delete(self) -> None:
        if self.current is not None:
            self.confirming = True

    def cancel_delete(self) -> None:
        self.confirming = False

    def delete(self) -> None:
        if self.current is not None:
            try:
                delete_record(self.current.path)
                self.message = _("The game was deleted.")
            except OSError as exc:
                self.message = fmt("Could not delete: {why}", why=exc)
        self.confirming = False
        self.reload()

    def back(self) -> None:
        if self.confirming:
            self.confirming = False
        else:
            self.app.show("title")

    # --- layout -------------------------------------------------------------------------------

    def text_fields(self) -> list[TextField]:
        return [self.export_field]

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        self.box = pygame.Rect(t.px(40), t.px(24), w - t.px(80), h - t.px(48))
        box = self.box
        self.games_tab.rect = pygame.Rect(box.left + t.px(260), box.top + t.px(20), t.px(150),
                                          t.px(44))
        self.stats_tab.rect = self.games_tab.rect.move(t.px(160), 0)
        self.back_button.rect = pygame.Rect(0, box.top + t.px(20), t.px(140), t.px(44))
        self.back_button.rect.right = box.right - t.px(20)
        bar_y = box.bottom - t.px(70)
        x = box.left + t.px(24)
        for b, width in ((self.story_button, 140), (self.replay_button, 140),
                         (self.review_button, 140), (self.delete_button, 130)):
            b.rect = pygame.Rect(x, bar_y, t.px(width), t.px(48))
            x = b.rect.right + t.px(12)
        self.confirm_button.rect = pygame.Rect(self.delete_button.rect.left, bar_y, t.px(200),
                                               t.px(48))
        self.keep_button.rect = self.confirm_button.rect.move(t.px(212), 0)
        self.keep_button.rect.width = t.px(180)
        self.export_button.rect = pygame.Rect(0, bar_y, t.px(120), t.px(48))
        self.export_button.rect.right = box.right - t.px(24)
        self.export_field.rect = pygame.Rect(0, bar_y + t.px(4), t.px(330), t.px(40))
        self.export_field.rect.right = self.export_button.rect.left - t.px(10)
        self.list_rect = pygame.Rect(box.left + t.px(24), box.top + t.px(84),
                                     box.width - t.px(48), bar_y - t.px(40) - box.top - t.px(84))

    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // self.theme.px(ROW_H))

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        games = self.page == "games" and bool(self.records)
        if games and not self.confirming and self.export_field.handle(event):
            return True
        if games and event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return True
        if games and event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            return True
        if games and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.select(index)
                    if getattr(event, "clicks", 1) == 2:
                        self.open_story()
                    return True
        return super().handle(event)

    def select(self, index: int) -> None:
        if not self.records:
            return
        self.selected = max(0, min(len(self.records) - 1, index))
        self.confirming = False
        rows = self.visible_rows()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + rows:
            self.scroll = self.selected - rows + 1

    def scroll_by(self, k: int) -> None:
        self.scroll = max(0, min(len(self.records) - self.visible_rows(), self.scroll + k))

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        panel(surface, self.box, th.PAPER, radius=t.px(16), shadow=t.px(8),
              border=th.ACCENT_DARK)
        blit_text(surface, _("History"), (self.box.left + t.px(28), self.box.top + t.px(18)),
                  t.px(46), th.INK, True,
                  width=self.games_tab.rect.left - self.box.left - t.px(40))
        games = self.page == "games"
        self.games_tab.style = "primary" if games else "paper"
        self.stats_tab.style = "paper" if games else "primary"
        has = games and bool(self.records)
        for b in (self.story_button, self.replay_button, self.review_button):
            b.visible = has
        self.export_button.visible = has and not self.confirming  # the pair below takes its room
        self.delete_button.visible = has and not self.confirming
        self.confirm_button.visible = self.keep_button.visible = has and self.confirming
        if games:
            self.draw_games(surface)
        else:
            stats_view.draw(surface, self.list_rect.inflate(0, t.px(70)).move(0, t.px(30)), t,
                            self.people, self.bots, len(self.records))
        super().draw(surface)
        if has and not self.confirming:
            self.export_field.draw(surface, t)
            blit_text(surface, _("Export to folder"), (self.export_field.rect.left,
                      self.export_field.rect.top - t.px(4)), t.px(17), (110, 96, 80),
                      anchor="bottomleft")
        if self.confirming and self.current:
            blit_text(surface, fmt("Delete the game of {date}?", date=self.current.local_date()),
                      (self.confirm_button.rect.left, self.confirm_button.rect.top - t.px(6)),
                      t.px(20), th.BAD, True, anchor="bottomleft")
        note = self.message or (fmt("{count, plural, one {# file} other {# files}} could not be "
                                    "read: {first}", count=len(self.problems),
                                    first=self.problems[0]) if self.problems else "")
        if note:
            blit_text(surface, note[:110], (self.box.centerx, self.box.bottom - t.px(8)),
                      t.px(18), (110, 96, 80), anchor="midbottom", width=self.box.width - t.px(20))

    def draw_games(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.rows = []
        area = self.list_rect
        if not self.records:
            blit_text(surface, _("No finished games yet."), area.center, t.px(30), th.INK, True,
                      anchor="center")
            blit_text(surface, _("Every game played to the end is kept here."),
                      (area.centerx, area.centery + t.px(34)), t.px(22), (110, 96, 80),
                      anchor="center")
            return
        row_h = t.px(ROW_H)
        shown = self.records[self.scroll:self.scroll + self.visible_rows()]
        for k, record in enumerate(shown):
            index = self.scroll + k
            row = pygame.Rect(area.left, area.top + k * row_h, area.width, row_h - t.px(6))
            fill = (255, 226, 150) if index == self.selected else (
                th.PAPER_DARK if index % 2 else (236, 226, 204))
            pygame.draw.rect(surface, fill, row, border_radius=t.px(8))
            self.rows.append((row, index))
            self.draw_row(surface, row, record)
        if len(self.records) > self.visible_rows():
            blit_text(surface, fmt("{first}-{last} of {count}  (mouse wheel to scroll)",
                                   first=self.scroll + 1, last=self.scroll + len(shown),
                                   count=len(self.records)),
                      (area.right, area.top - t.px(6)), t.px(17), (110, 96, 80),
                      anchor="bottomright")

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, record: RecordSummary) -> None:
        t = self.theme
        blit_text(surface, record.local_date(), (row.left + t.px(14), row.centery), t.px(21),
                  th.INK, anchor="midleft", width=t.px(200))
        blit_text(surface, fmt("{name} wins", name=record.winner_name),
                  (row.left + t.px(224), row.centery), t.px(23), th.ACCENT_DARK, True,
                  anchor="midleft", width=t.px(166))
        x = row.left + t.px(400)
        order = sorted(range(len(record.names)), key=lambda s: -record.scores[s])
        for seat in order:
            icon = art.ichto(record.colours[seat], t.px(30))
            surface.blit(icon, icon.get_rect(midleft=(x, row.centery)))
            label = f"{record.names[seat][:12]} {record.scores[seat]}"
            r = blit_text(surface, label, (x + t.px(34), row.centery), t.px(20), th.INK,
                          seat == record.winner, anchor="midleft")
            x = r.right + t.px(18)
            if x > row.right - t.px(60):
                break
