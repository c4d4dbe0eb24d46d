"""The table: the board, the players, the genes, the log, and every decision of the game.

A thin scene. It asks the engine's pending decision (`game.decision()`) what may be done and
what a gesture means (`table_gestures`), plays moves through the Session (which autosaves),
and plays back the events each move caused (`ui.event_show`). Bots and hints think in the
background (`urland.loop.Thinker`), so the window stays responsive.
"""

from __future__ import annotations

import pygame

from urland.engine import Decision, Event, IllegalMoveError, Move
from urland.loop import Thinker
from urland.scenes.base import Scene
from urland.scenes.table_gestures import BoardGestures
from urland.scenes.table_turns import TableGuide, TurnDriver
from urland.session import Session
from urland.texts.i18n import L_, fmt
from urland.texts.log import log_entries
from urland.texts.prompts import prompt_text, thinking_text, turn_heading
from urland.ui import theme as th
from urland.ui.board_view import BoardView
from urland.ui.event_show import CALLOUT_KINDS, EventShow
from urland.ui.game_log import GameLogView
from urland.ui.hint_view import HintView
from urland.ui.side_panel import SeatLabel, SidePanel
from urland.ui.table_overlays import (
    draw_banner,
    draw_callout,
    draw_note,
    draw_tooltip,
    hover_tooltip,
)
from urland.ui.widgets import Button

NOTE_SECONDS = 5.0


class TableScene(Scene):
    name = "table"

    def __init__(self, app, session: Session, guide: TableGuide | None = None) -> None:
        super().__init__(app)
        self.session, self.guide = session, guide
        self.board_view = BoardView(session.game.board)
        self.panel = SidePanel([SeatLabel(s.name, s.colour, s.kind) for s in session.seats])
        self.gestures = BoardGestures(self)
        self.show = EventShow(self.board_view, lambda seat: self.panel.reserve_point(
            self.theme, seat), app.sound.play)
        self.thinker = Thinker()
        self.turns = TurnDriver(self)
        self.message, self.message_age, self.hint_text = "", NOTE_SECONDS, ""
        self.hover_pos = (0, 0)
        self.asked: tuple | None = None
        self.reveal_pending: Event | None = None
        self.looks = self.session.pending_looks()  # private steps still to show (after Continue)
        self.end_button = Button(L_("End turn"), self.turns.end_turn, "primary", key=pygame.K_e)
        self.double_button = Button(L_("Double turn +2"), lambda: self.submit(Move("double")),
                                    key=pygame.K_d)
        self.undo_button = Button(L_("Undo"), self.undo)
        self.hint_button = Button(L_("Hint"), self.turns.ask_hint, key=pygame.K_h)
        self.retreat_button = Button(L_("Retreat..."), self.turns.retreat_dialog)
        self.menu_button = Button(L_("Menu"), self.pause, key=pygame.K_ESCAPE)
        self.buttons = [self.end_button, self.double_button, self.undo_button, self.hint_button,
                        self.retreat_button, self.menu_button]
        self.log, self.hint = GameLogView(), HintView()
        self.news: list[str] = []  # public results since the last hand-over curtain
        self.refresh_log()
        self._decision: tuple | None = None
        self.shown = self.session.view()

    # --- what the table asks --------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        return self.session.table_viewer()

    @property
    def position_key(self) -> tuple:
        moves = self.session.game.moves
        return (len(moves), moves[-1] if moves else None)

    @property
    def decision(self) -> Decision:
        """The engine's pending decision, asked once per position."""
        key = self.position_key
        if self._decision is None or self._decision[0] != key:
            self._decision = (key, self.session.game.decision())
        return self._decision[1]

    def sentence(self, event: Event) -> str:
        return self.session.sentence(event)

    def refresh_log(self) -> None:
        events = self.session.game.log_for(self.viewer)
        self.log.set_entries(log_entries(events, self.sentence, self.session.names))

    def describe(self, move: Move) -> str:
        return self.session.describe(move)

    def human_turn(self) -> bool:
        return self.session.actor_is_human() and not self.show.busy

    # --- layout ---------------------------------------------------------------------------------

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        self.banner = pygame.Rect(0, 0, w, t.px(50))
        side = pygame.Rect(w - t.px(448), self.banner.bottom + t.px(8), t.px(440),
                           h - self.banner.bottom - t.px(16))
        self.board_area = pygame.Rect(t.px(8), self.banner.bottom + t.px(6),
                                      side.left - t.px(16), h - self.banner.bottom - t.px(12))
        self.board_view.layout(self.board_area)
        bh = t.px(44)
        bar = pygame.Rect(side.left, side.bottom - 2 * bh - t.px(8), side.width, 2 * bh + t.px(8))
        self.panel.layout(t, side, bar.top)
        half, third = (side.width - t.px(8)) // 2, (side.width - t.px(16)) // 3
        self.end_button.rect = pygame.Rect(bar.left, bar.top, half, bh)
        self.double_button.rect = pygame.Rect(bar.left + half + t.px(8), bar.top, half, bh)
        y2 = bar.top + bh + t.px(8)
        for i, b in enumerate((self.undo_button, self.hint_button, self.retreat_button)):
            b.rect = pygame.Rect(bar.left + i * (third + t.px(8)), y2, third, bh)
        self.menu_button.rect = pygame.Rect(w - t.px(120), t.px(7), t.px(110), t.px(36))

    # --- playing moves --------------------------------------------------------------------------

    def submit(self, move: Move, dropped_at: tuple[int, int] | None = None) -> None:
        """Play a decision, then show what it did."""
        if self.turns.nudged(move):
            return
        track_before, mover = self.shown.state.track[:], self.decision.seat
        try:
            events = self.session.play(move)
        except IllegalMoveError as exc:
            self.say(str(exc))
            return
        self.hint_text = ""
        self.hint.clear()
        if self.session.seats[mover].human:
            self.log.back = 0  # a player who acts follows the log again
        self.gestures.cancel()
        self.shown = self.session.view()
        visible = [e for e in events if e.visible(self.viewer)]
        self.refresh_log()
        self.news += [self.sentence(e) for e in events if e.visible_to is None
                      and e.kind in CALLOUT_KINDS]
        if self.app.settings.speed > 0:
            self.show.add(visible, track_before, self.app.settings.speed, self.sentence, dropped_at)
        else:
            self.app.sound.play_events(visible)
        self.turns.note(events)
        self.asked = None

    def undo(self) -> None:
        undone = self.session.undo_for_human()
        if undone is not None:
            self.shown = self.session.view()
            self.show.skip()
            self.refresh_log()
            self.say(fmt("Undone: {move}.", move=self.describe(undone)))

    def take_news(self) -> list[str]:
        """The public results since the last curtain (for the next curtain to repeat)."""
        news, self.news = self.news[-4:], []
        return news

    def say(self, text: str) -> None:
        self.message, self.message_age = text, 0.0

    def pause(self) -> None:
        self.gestures.cancel()
        self.app.open("pause", leave=self.to_title)

    def leave(self) -> None:  # the App's lifecycle: the bots' and hints' threads stop
        self.thinker.shutdown()

    def language_changed(self) -> None:  # the ocean names are painted into the still picture
        self.board_view.static = None

    def to_title(self) -> None:
        self.session.save()  # the game left last is the one Continue resumes
        self.app.show("title")

    # --- every frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.message_age += dt
        self.hint.update(dt)
        self.show.update(dt)
        if self.show.busy:
            return
        if self.reveal_pending is not None:
            e, self.reveal_pending = self.reveal_pending, None
            self.app.open("auction_reveal", table=self, bids=e.data["bids"],
                          ranking=e.data["ranking"], track=self.shown.state.track[:])
        elif self.looks:
            self.turns.offer_look(*self.looks.pop(0))
        elif self.guide is not None and self.guide.holds():
            return
        elif self.session.game.over:
            self.app.show("game_over", session=self.session)
        elif self.session.actor_is_human():
            self.turns.ask_human()
        else:
            self.turns.run_ai()

    # --- mouse and keys -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
        skip = ((event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                 and not self.menu_button.rect.collidepoint(event.pos))
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE))
        if self.show.busy and skip:
            self.show.skip()
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_z
                and event.mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if self.gestures.menu is None and self.log.handle(event, self.hover_pos):
            return True
        if self.human_turn() and self.gestures.handle(event):
            return True
        return super().handle(event)

    # --- drawing --------------------------------------------------------------------------------

    def update_buttons(self) -> None:
        d = self.decision
        acting = self.human_turn() and d.allows("end")
        for b in self.buttons[:-1]:
            b.visible = acting
        self.double_button.visible = acting and d.allows("double")
        self.undo_button.enabled = acting and self.session.can_undo()
        self.retreat_button.enabled = d.allows("retreat")
        ready, advice = self.thinker.answer("hint", self.position_key)
        if ready:  # the move, and one sentence of why
            move = self.describe(advice.move)
            self.hint_text = fmt("Hint: {move}.", move=move) + " " + advice.text
            self.hint.show(advice.move)
            self.message_age = NOTE_SECONDS  # the hint replaces an older note at once

    def banner_text(self) -> str:
        d = self.decision
        if not d.over and not self.session.seats[d.seat].human:
            return thinking_text(self.session.seats[d.seat].name, self.age)
        return prompt_text(d.prompt, self.session.names)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.fill(th.TABLE)
        shown = self.shown.state
        targets, tray = self.gestures.targets() if self.human_turn() else (set(), None)
        hidden = self.show.pending(shown)
        for key, k in self.gestures.carried().items():
            hidden[key] = hidden.get(key, 0) + k
        self.board_view.draw(surface, shown, hidden=hidden, spotlight=bool(targets),
                             highlight=targets | self.hint.glow(), markers=self.show.markers())
        self.show.draw(surface, shown)
        self.hint.draw(surface, self.board_view, shown, self.decision.seat,
                       lambda: self.panel.reserve_point(t, self.decision.seat))
        d = self.decision
        draw_banner(surface, t, self.banner, turn_heading(shown.turn, shown.epoch),
                    None if d.over else shown.colours[d.seat], self.banner_text())
        self.panel.draw(surface, t, self.shown, d.seat, tray)
        self.log.draw(surface, t, self.panel.log_rect)
        self.update_buttons()
        super().draw(surface)
        note = self.message if self.message_age < NOTE_SECONDS else self.hint_text
        if note:
            draw_note(surface, t, self.board_area.centerx, self.banner.bottom + t.px(10), note,
                      note == self.message, self.board_area.width - t.px(40))
        if self.session.save_problem:  # stays until a save succeeds again
            draw_note(surface, t, self.board_area.centerx,
                      self.board_area.bottom - t.px(48), self.session.save_problem, True)
        if self.show.callout:
            draw_callout(surface, t, self.board_view.rect, self.show.callout)
        self.gestures.draw_carried(surface)
        if (self.gestures.drag is None and self.gestures.menu is None and not self.show.busy
                and self.app.scene is (self.guide or self)):
            self.draw_hover(surface)
        self.gestures.draw_menu(surface, self.hover_pos)

    def draw_hover(self, surface: pygame.Surface) -> None:
        tip = hover_tooltip(self.hover_pos, self.panel, self.board_view, self.shown.state,
                            self.session.names)
        if tip is not None:
            draw_tooltip(surface, self.theme, *tip, self.hover_pos)

    def help_topic(self) -> str | None:
        return self.turns.help_topic()

    def autoplay_step(self) -> None:
        if self.show.busy and self.show.callout and self.show.t > 0.4:
            self.show.skip()
