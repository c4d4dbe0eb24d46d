"""The review of a finished game: each person's costliest decisions and the better moves.

The judging runs in the background (urland.records.review.ReviewJob) with a progress bar; Stop
or Esc ends it and keeps what was found. The list on the right holds the marked decisions
(turn, who, what was played, the points it cost); the board on the left shows the selected one
as its player saw it then (that seat's view: at a shared screen nobody sees another's secrets),
with the played move in red and the better one in green. Up/Down choose a decision.
"""

from __future__ import annotations

import pygame

from urland.records import review_words as words
from urland.records.review import Judged, ReviewJob, review_for
from urland.scenes.base import Scene
from urland.table.session import Session
from urland.texts.describe import describe
from urland.texts.i18n import L_, _, decimal, fmt
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.board.board_view import BoardView
from urland.ui.pages import review_view as rv
from urland.ui.text import blit_text
from urland.ui.widgets import Button


class ReviewScene(Scene):
    name = "review"

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.names = session.names
        self.review = review_for(session.finished_game, session.humans)
        self.job: ReviewJob | None = None
        self.board_view = BoardView(session.board)
        self.board_view.animate = False
        self.selected = 0  # the row chosen, kept on its decision while rows come in
        self.selected_step = -1
        self.first = 0  # the first row shown
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.stop_button = Button(L_("Stop"), self.stop, tooltip=L_(
            "Stop reviewing and keep the decisions judged so far (Esc)."))
        self.go_on_button = Button(L_("Go on"), self.start, tooltip=L_(
            "Judge the decisions not judged yet."))
        self.back_button = Button(L_("Back"), self.back, "primary")
        self.buttons = [self.stop_button, self.go_on_button, self.back_button]

    # --- the background job -------------------------------------------------------------------

    def enter(self) -> None:
        self.start()

    def leave(self) -> None:
        if self.job is not None:
            self.job.stop()

    def start(self) -> None:
        if self.running or self.review.done:
            return
        self.job = ReviewJob(self.review).start()

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running

    def stop(self) -> None:
        if self.job is not None:
            self.job.stop()

    def back(self) -> None:
        self.stop()
        self.app.remove(self)

    # --- the marked decisions -----------------------------------------------------------------

    def marked(self) -> list[Judged]:
        return self.review.marked()

    def current(self) -> Judged | None:
        rows = self.marked()
        if not rows:
            return None
        steps = [j.step for j in rows]
        self.selected = (steps.index(self.selected_step) if self.selected_step in steps
                         else max(0, min(self.selected, len(rows) - 1)))
        return rows[self.selected]

    def select(self, index: int) -> None:
        rows = self.marked()
        if not rows:
            return
        self.selected = max(0, min(len(rows) - 1, index))
        self.selected_step = rows[self.selected].step
        shown = rv.rows_shown(self.list_rect, self.theme, len(rows))
        self.first = max(0, min(self.first, self.selected), self.selected - shown + 1)

    def scroll(self, delta: int) -> None:
        """The list moves by `delta` cards; the decision chosen stays chosen."""
        count = len(self.marked())
        shown = rv.rows_shown(self.list_rect, self.theme, count)
        self.first = max(0, min(count - shown, self.first + delta))

    def heading(self, j: Judged) -> str:
        turn = self.review.states[j.step].turn
        times = len(self.review.habit(j))
        if times > 1:
            return fmt("Turn {turn} · {name} · {times, plural, one {# time} other {# times}}",
                       turn=turn, name=self.names[j.seat], times=times)
        return fmt("Turn {turn} · {name}", turn=turn, name=self.names[j.seat])

    def habit_text(self, j: Judged) -> str:
        """For a habit, how often it was made and what it cost in all ('' for one decision)."""
        habit = self.review.habit(j)
        if len(habit) < 2:
            return ""
        return " " + fmt("The same choice {times, plural, one {# time} other {# times}} in this "
                         "game, at turns {turns}: about {points} points in all.",
                         times=len(habit), points=decimal(sum(h.lost for h in habit)),
                         turns=", ".join(str(self.review.states[h.step].turn) for h in habit))

    def said(self, move, j: Judged) -> str:
        return describe(move, self.review.states[j.step], self.names)

    # --- layout and events --------------------------------------------------------------------

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        bar_y = h - t.px(62)
        self.back_button.rect = pygame.Rect(0, bar_y, t.px(150), t.px(46))
        self.back_button.rect.right = w - t.px(20)
        for b in (self.stop_button, self.go_on_button):
            b.rect = pygame.Rect(0, bar_y, t.px(130), t.px(46))
            b.rect.right = self.back_button.rect.left - t.px(12)
        self.legend_rect = pygame.Rect(t.px(20), bar_y + t.px(6), rv.legend_width(t), t.px(34))
        self.progress_rect = pygame.Rect(self.legend_rect.right + t.px(16), bar_y + t.px(9), 0,
                                         t.px(28))
        self.progress_rect.width = self.stop_button.rect.left - t.px(20) - self.progress_rect.left
        top, bottom = t.px(66), bar_y - t.px(14)
        side_w = max(t.px(400), w * 35 // 100)
        self.side = pygame.Rect(w - t.px(20) - side_w, top, side_w, bottom - top)
        board = pygame.Rect(t.px(20), top, self.side.left - t.px(40), bottom - top)
        self.board_view.layout(board)
        detail_h = min(t.px(250), self.side.height * 46 // 100)
        self.detail_rect = pygame.Rect(self.side.left, self.side.bottom - detail_h,
                                       self.side.width, detail_h)
        self.list_rect = pygame.Rect(self.side.left, self.side.top + t.px(30), self.side.width,
                                     self.detail_rect.top - t.px(10) - self.side.top - t.px(30))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stop() if self.running else self.back()
                return True
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -5,
                     pygame.K_PAGEDOWN: 5}
            if event.key in moves:
                self.select(self.selected + moves[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL:  # scrolls the list; a click or a key chooses
            self.scroll(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for card, index in self.rows:
                if card.collidepoint(event.pos):
                    self.select(index)
                    return True
        return super().handle(event)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        title = blit_text(surface, _("Review"), (t.px(24), t.px(10)), t.px(44), th.ACCENT,
                          True)
        blit_text(surface, _("Each decision is judged from what its player could see at that "
                             "moment."), (title.right + t.px(22), title.bottom - t.px(6)),
                  t.px(19), th.TEXT_DIM, anchor="bottomleft",
                  width=t.size[0] - title.right - t.px(46))
        judged = self.current()
        self.draw_board(surface, judged)
        self.draw_list(surface, judged)
        self.draw_bar(surface)
        super().draw(surface)

    def draw_board(self, surface: pygame.Surface, j: Judged | None) -> None:
        t = self.theme
        if j is None:
            self.board_view.draw(surface, self.session.finished_game.state)
            return
        seen = self.review.view_at(j.step).state  # as that player saw it then
        self.board_view.draw(surface, seen)
        rv.draw_move(surface, self.board_view, seen, j.played, rv.PLAYED, -t.px(3))
        rv.draw_move(surface, self.board_view, seen, j.better, rv.BETTER, t.px(3))
        rv.draw_legend(surface, self.legend_rect, t)

    def draw_list(self, surface: pygame.Surface, j: Judged | None) -> None:
        t = self.theme
        rows = self.marked()
        unit = blit_text(surface, _("points lost"), (self.side.right - t.px(6),
                         self.side.top + t.px(4)), t.px(17), th.TEXT_DIM, anchor="topright",
                         width=self.side.width * 4 // 10)
        blit_text(surface, fmt("Costliest decisions: {count}", count=len(rows)),
                  self.side.topleft, t.px(24), th.TEXT, True,
                  width=unit.left - self.side.left - t.px(12))
        self.rows = rv.draw_rows(surface, self.list_rect, t, rows, self.selected, self.first,
                                 self.heading, lambda r: self.said(r.played, r))
        if j is None:
            rv.draw_detail(surface, self.detail_rect, t, [("", self.empty_text(), th.INK)])
            return
        rv.draw_detail(surface, self.detail_rect, t, [
            (_("Played"), self.said(j.played, j), rv.PLAYED),
            (_("Better"), self.said(j.better, j), (40, 140, 70)),
            (_("Why"), words.why(j.why, j.played, self.session.board, j.lost,
                                 (self.review.view_at(j.step), j.better)) + " " + fmt(
                "It cost about {points} points of final score.", points=decimal(j.lost))
             + self.habit_text(j), th.ACCENT_DARK)])

    def empty_text(self) -> str:
        if not self.review.people:
            return words.no_people_text()
        if not self.review.done:
            return _("No costly decision found yet.")
        return _("No decision cost more than half a point: well played!")

    def draw_bar(self, surface: pygame.Surface) -> None:
        review = self.review
        k, n = len(review.judged), len(review.steps)
        if self.job is not None and self.job.failure:
            label = fmt("The review failed: {why}", why=self.job.failure)
        elif self.running:
            label = fmt("Reviewing decision {k} of {n}", k=min(n, k + 1), n=n)
        elif review.done:
            label = fmt("{n, plural, one {# decision reviewed} other {# decisions reviewed}}",
                        n=n)
        else:
            label = fmt("Stopped after {k} of {n} decisions", k=k, n=n)
        rv.draw_progress(surface, self.progress_rect, self.theme, review.progress, label)
        self.stop_button.visible = self.running
        self.go_on_button.visible = not self.running and not review.done
