"""Game over, and a finished game seen again from the history: the result and the story.

Two pages. *Result*: the final board, each player's points by source and the final scoring
step by step, ending with the winner. *Story*: the score chart turn by turn with the epochs,
mutations, Panics and eruptions; points by source; genes bought; Ichtos lost. From here the
game can be replayed move by move.
"""

from __future__ import annotations

import pygame

from urland.records.story import tell
from urland.scenes.base import Scene
from urland.table.session import Session
from urland.texts.i18n import L_, _, fmt
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.board.board_view import BoardView
from urland.ui.pages.story_chart import ScoreChart
from urland.ui.pages.story_tables import Hover, genes_card, loss_rows, points_rows, table
from urland.ui.table import table_overlays as overlays
from urland.ui.text import blit_text, wrap
from urland.ui.tooltip import tooltip
from urland.ui.widgets import Button, panel

STEP_SECONDS = 0.8


class GameOverScene(Scene):
    name = "game_over"
    of_the_game = True
    fit = (1280, 720)  # its tables fill the window at text size 100 %

    def __init__(self, app, session: Session, from_history: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.from_history = from_history
        if from_history:
            self.name = "story"
        self.story = tell(session.finished_game, session.sentence)
        self.names = [s.name for s in session.seats]
        self.steps = list(self.story.final_steps)
        self.page = "story" if from_history else "result"
        self.board_view = BoardView(session.board)
        self.chart = ScoreChart(self.story, session.board, self.names)
        self.hovers: list[Hover] = []
        self.mouse = (-1, -1)
        self.story_age = 0.0  # when autoplay turned to the story page
        self.result_tab = Button(L_("Result"), lambda: self.show_page("result"), key=pygame.K_1)
        self.story_tab = Button(L_("Story"), lambda: self.show_page("story"), key=pygame.K_2)
        self.replay_button = Button(L_("Replay"), self.replay, key=pygame.K_r,
                                    tooltip=L_("Step through the game move by move."))
        self.review_button = Button(L_("Review"), self.review, key=pygame.K_v, tooltip=L_(
            "Each person's costliest decisions, and the better moves."))
        if from_history:
            self.ends = [Button(L_("Back"), self.back, "primary", key=pygame.K_ESCAPE)]
        else:
            self.ends = [Button(L_("New game"), self.new_game, "primary", key=pygame.K_n),
                         Button(L_("Main menu"), self.title, key=pygame.K_ESCAPE)]
        self.buttons = [self.result_tab, self.story_tab, self.replay_button, self.review_button,
                        *self.ends]

    # --- actions ------------------------------------------------------------------------------

    def show_page(self, page: str) -> None:
        self.page = page

    def replay(self) -> None:
        self.app.open("replay", session=self.session)

    def review(self) -> None:
        self.app.open("review", session=self.session)

    def back(self) -> None:
        self.app.remove(self)

    def new_game(self) -> None:
        self.app.show("title")
        self.app.open("new_game")

    def title(self) -> None:
        self.app.show("title")

    # --- layout -------------------------------------------------------------------------------

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        bar_y = h - t.px(62)
        x = t.px(20)
        for b in (self.result_tab, self.story_tab):
            b.rect = pygame.Rect(x, bar_y, t.px(130), t.px(46))
            x += t.px(140)
        self.replay_button.rect = pygame.Rect(x + t.px(20), bar_y, t.px(150), t.px(46))
        self.review_button.rect = self.replay_button.rect.move(t.px(162), 0)
        x = w - t.px(20)
        for b in reversed(self.ends):
            b.rect = pygame.Rect(0, bar_y, t.px(170), t.px(46))
            b.rect.right = x
            x = b.rect.left - t.px(12)
        body_top, body_bottom = t.px(78), bar_y - t.px(14)
        self.body = pygame.Rect(t.px(20), body_top, w - t.px(40), body_bottom - body_top)
        board_w = min(self.body.width * 52 // 100, round(self.body.height * 1000 / 820))
        self.board_view.layout(pygame.Rect(self.body.left, self.body.top, board_w,
                                           self.body.height))
        self.side = pygame.Rect(self.board_view.rect.right + t.px(20), self.body.top, 0,
                                self.body.height)
        self.side.width = self.body.right - self.side.left
        chart_h = self.body.height * 53 // 100
        self.chart.layout(pygame.Rect(self.body.left, self.body.top, self.body.width, chart_h),
                          t)
        cards_top = self.body.top + chart_h + t.px(14)
        cards = pygame.Rect(self.body.left, cards_top, self.body.width,
                            self.body.bottom - cards_top)
        gap = t.px(16)
        widths = (cards.width * 38 // 100, cards.width * 29 // 100)
        self.points_card = pygame.Rect(cards.left, cards.top, widths[0], cards.height)
        self.genes_rect = pygame.Rect(self.points_card.right + gap, cards.top, widths[1],
                                      cards.height)
        self.losses_card = pygame.Rect(self.genes_rect.right + gap, cards.top, 0, cards.height)
        self.losses_card.width = cards.right - self.losses_card.left

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and not self.all_shown():
            self.age = STEP_SECONDS * len(self.steps)  # show everything at once
        return super().handle(event)

    def all_shown(self) -> bool:
        return self.from_history or self.age >= STEP_SECONDS * len(self.steps)

    @property
    def picture_ready(self) -> bool:
        """The result's picture shows the whole final scoring, its last line (the winner)
        included."""
        return self.page == "result" and self.all_shown() and self.age >= 0.35

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        self.draw_header(surface)
        self.hovers = []
        if self.page == "result":
            self.draw_result(surface)
        else:
            self.draw_story(surface)
        self.result_tab.style = "paper" if self.page == "result" else "secondary"
        self.story_tab.style = "paper" if self.page == "story" else "secondary"
        self.draw_problem(surface)
        super().draw(surface)
        self.draw_hover(surface)

    def draw_header(self, surface: pygame.Surface) -> None:
        t = self.theme
        story, state = self.story, self.session.finished_game.state
        winner = self.names[story.winner]
        title = (fmt("{winner} wins with {points, plural, one {# point} other {# points}}",
                     winner=winner, points=state.track[story.winner])
                 if self.all_shown() else _("Game over"))
        blit_text(surface, title, (t.px(24), t.px(14)), t.px(44), th.ACCENT, True,
                  width=t.size[0] - t.px(48))
        bits = [fmt("{n, plural, one {# turn} other {# turns}}", n=story.turns),
                fmt("{n, plural, one {# epoch} other {# epochs}}", n=story.epochs),
                fmt("{n, plural, one {# mutation} other {# mutations}}",
                    n=story.count("mutation")),
                fmt("{n, plural, one {# Panic} other {# Panics}}", n=story.count("panic")),
                fmt("{n, plural, one {# eruption} other {# eruptions}}",
                    n=story.count("eruption"))]
        blit_text(surface, "  ·  ".join(bits), (t.px(26), t.px(52)), t.px(20), th.TEXT)
        if self.session.record and not self.problem():
            blit_text(surface, _("Kept in your history."), (t.size[0] - t.px(24), t.px(52)),
                      t.px(18), th.TEXT_DIM, anchor="topright")

    def problem(self) -> str:
        """Why the finished game is not (yet) on disk or in the history: '' once it is."""
        if self.from_history:
            return ""
        return self.session.save_problem or self.session.record_error

    def draw_problem(self, surface: pygame.Surface) -> None:
        """The problem over the foot of the board, until a retry writes the game."""
        text, board = self.problem(), self.board_view.rect
        if text:
            t = self.theme
            size = overlays.draw_note(surface, t, board.centerx, 0, text, True, board.width,
                                      draw=False)
            overlays.draw_note(surface, t, board.centerx, board.bottom - size.height - t.px(12),
                               text, True, board.width)

    def draw_result(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.board_view.draw(surface, self.session.finished_game.state)
        side = self.side
        table_h = min(side.height * 62 // 100, t.px(330))
        self.hovers += table(surface, pygame.Rect(side.left, side.top, side.width, table_h), t,
                             _("Points by source"), self.story, self.names,
                             points_rows(self.story, final_told=self.all_shown()))
        steps = pygame.Rect(side.left, side.top + table_h + t.px(14), side.width, 0)
        steps.height = side.bottom - steps.top
        panel(surface, steps, th.PAPER, radius=t.px(12), shadow=t.px(5))
        blit_text(surface, _("Final scoring"), (steps.left + t.px(14), steps.top + t.px(10)),
                  t.px(23), th.INK, True)
        shown = min(len(self.steps), int(self.age / STEP_SECONDS) + 1)
        if self.from_history:
            shown = len(self.steps)
        y = steps.top + t.px(40)
        for k, text in enumerate(self.steps[:shown]):
            last = k == len(self.steps) - 1
            size = t.px(22 if last else 19)
            for line in wrap(text, size, steps.width - t.px(28), last):
                if y + size > steps.bottom - t.px(4):
                    break
                blit_text(surface, line, (steps.left + t.px(14), y), size,
                          th.ACCENT_DARK if last else (80, 70, 60), last)
                y += round(size * 0.9)
            y += t.px(6)

    def draw_story(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.chart.draw(surface)
        self.hovers += table(surface, self.points_card, t, _("Points by source"), self.story,
                             self.names, points_rows(self.story))
        self.hovers += genes_card(surface, self.genes_rect, t, self.story, self.names)
        self.hovers += table(surface, self.losses_card, t, _("Ichtos lost"), self.story,
                             self.names, loss_rows(self.story))

    def draw_hover(self, surface: pygame.Surface) -> None:
        if self.app.scene is not self:
            return
        if self.page == "story" and self.chart.rect.collidepoint(self.mouse):
            self.chart.draw(surface, self.mouse)
            return
        if not self.focus.tips_due():
            return
        for rect, title, body in self.hovers:
            if rect.collidepoint(self.mouse) and body:
                tooltip(surface, self.theme, title, body, self.mouse)
                return
        for b in self.buttons:
            if b.hover and b.tooltip:
                tooltip(surface, self.theme, b.label, b.tooltip, self.mouse)

    def autoplay_step(self) -> None:
        """Autoplay shows the result, then the story (with its own picture), then quits."""
        auto = self.app.autoplay
        if auto is None or not self.all_shown():
            return
        if self.page == "result" and self.age > STEP_SECONDS * len(self.steps) + 0.6:
            self.page = "story"
            self.story_age = self.age
        elif self.page == "story" and self.age > self.story_age + 0.4:
            if auto.screenshots and "game_over-story" not in self.app.shot_types:
                self.app.shot_types.add("game_over-story")
                w, h = self.theme.size
                self.app.screenshot(auto.screenshots / f"game_over-story-{w}x{h}.png")
            if auto.quit_when_over:
                self.app.quit(0)

