"""The table: the board, the players, the genes, the log, and every decision of the game.

A thin scene behind the table's door (`urland.table.TableDoor`; a game here: its own room): it
asks the pending decision what may be done and what a gesture or a key means, plays moves
through the turn flow (`urland.table.TurnFlow`: what happens next) and plays back the events
each move caused (`ui.event_show`). It never sees the true state: the same scene seats
players at a game held on another computer."""

from __future__ import annotations

import pygame

from urland.engine import Decision, Event, IllegalMoveError, Move, PlayerView
from urland.scenes.base import Scene
from urland.scenes.table.controls import TableControls
from urland.scenes.table.gestures import BoardGestures
from urland.scenes.table.guide import TableGuide, turned_away
from urland.scenes.table.keys import SKIP, UNDO, BoardKeys, KeyedTable
from urland.scenes.table.news import SinceMyTurn
from urland.scenes.table.steps import answer_step
from urland.table import LocalTable, TableDoor, TableNow, TurnFlow
from urland.table import flow as turns
from urland.table.presence import banner_text, seat_notes
from urland.table.session import Session
from urland.texts.i18n import _, fmt
from urland.texts.log import log_entries
from urland.texts.prompts import turn_heading
from urland.ui import theme as th
from urland.ui.board.board_view import BoardView
from urland.ui.table import table_overlays as overlays
from urland.ui.table.event_show import EventShow
from urland.ui.table.game_log import GameLogView
from urland.ui.table.hint_view import HintView
from urland.ui.table.side_panel import SeatLabel, SidePanel

NOTE_SECONDS = 5.0


class TableScene(KeyedTable, Scene):
    name, of_the_game = "table", True  # a joined seat's autoplay plays on here

    def __init__(self, app, session: Session | None = None, door: TableDoor | None = None,
                 guide: TableGuide | None = None) -> None:
        """A table for a game on this computer (`session`) or behind any other `door`."""
        super().__init__(app)
        block = 0.05 if app.headless else 0.0  # frames back to back: wait a little for a bot
        self.local = None if door else LocalTable(session, lambda: app.settings.pause, block)
        self.door, self.guide = door or self.local, guide
        self.flow = TurnFlow(self.door)
        self.board_view = BoardView(self.now.board)
        self.panel = SidePanel([SeatLabel(s.name, s.colour, s.kind) for s in self.now.seats])
        self.gestures, self.keys = BoardGestures(self), BoardKeys(self)
        self.show = EventShow(self.board_view, self.panel.reserve_point, app.sound.play)
        self.message, self.message_age, self.hint_text = "", NOTE_SECONDS, ""
        self.hover_pos, self.news, self.controls = (0, 0), SinceMyTurn(self), TableControls(self)
        self.log, self.hint, self.buttons = GameLogView(), HintView(), self.controls.buttons
        self.refresh_log()
        self.shown, self.held = self.now.view, None  # held: the banner while a show plays

    # --- what the table asks --------------------------------------------------------------------

    @property
    def now(self) -> TableNow:  # the door's snapshot of the position, built once per position
        return self.door.now()

    @property
    def decision(self) -> Decision:  # the pending decision, in that snapshot
        return self.door.now().decision

    def sentence(self, event: Event) -> str:
        return self.now.sentence(event)

    def refresh_log(self) -> None:
        """The log as far as the show has played it: a line appears when its beat plays."""
        events, self.log_held = self.now.log, self.show.unplayed
        self.log.set_entries(log_entries(list(events[:len(events) - self.log_held]),
                                         self.sentence, self.now.names))

    @property
    def drawn(self) -> PlayerView:  # the position at the show's current beat, else the latest
        return self.show.drawn or self.shown

    def human_turn(self) -> bool:
        """A player at this screen decides, and the last move's show is over."""
        return self.flow.acting_here() and not self.show.busy

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        self.banner = pygame.Rect(0, 0, w, t.px(50))
        side_w = t.window_px(440)  # a larger text size must not shrink the board
        side = pygame.Rect(w - side_w - t.px(8), self.banner.bottom + t.px(8), side_w,
                           h - self.banner.bottom - t.px(16))
        self.board_area = pygame.Rect(t.px(8), self.banner.bottom + t.px(6),
                                      side.left - t.px(16), h - self.banner.bottom - t.px(12))
        self.board_view.layout(self.board_area)
        bh = t.px(44)
        bar = pygame.Rect(side.left, side.bottom - 2 * bh - t.px(8), side.width, 2 * bh + t.px(8))
        self.panel.layout(t, side, bar.top)
        self.controls.layout(t, bar, bh)

    # --- playing moves --------------------------------------------------------------------------

    def submit(self, move: Move, dropped_at: tuple[int, int] | None = None) -> None:
        """Play a decision, then show what it did (slowly enough to follow when the mover is
        not a player at this screen)."""
        if turned_away(self, move):
            return
        mover, kind = self.decision.seat, self.decision.kind
        try:
            events = self.flow.play(move)
        except IllegalMoveError as exc:
            self.say(str(exc))
            return
        if mover in self.now.here:
            self.log.follow()  # a player who acts follows the log again
        self.show_events(events, dropped_at, follow=mover not in self.now.here)
        # The banner keeps the mover while the show plays: its next prompt if it decides on
        # (the same kind of decision: a Panic choice the show has not reached is not told).
        on = self.flow.acting_here() and (self.decision.seat, self.decision.kind) == (mover, kind)
        self.held = (self.banner_text() if on else self.now.names[mover], mover)

    def show_events(self, events: list[Event], dropped_at: tuple[int, int] | None = None,
                    follow: bool = False) -> None:
        """Show what a move did, played here or elsewhere: the position, the log, the show."""
        before, self.hint_text, actor = self.shown, "", self.shown.state.actor
        self.held = (self.now.names[actor], actor) if follow and actor >= 0 else None  # mover
        self.hint.clear()
        self.gestures.cancel()
        self.shown, viewer = self.now.view, self.now.viewer
        visible = [e for e in events if e.visible(viewer)]
        if self.app.settings.speed > 0:
            self.show.add(visible, before.state.track[:], self.app.settings.speed, self.sentence,
                          dropped_at, before=before, follow=follow)
        else:
            self.app.sound.play_events(visible)
        self.refresh_log()

    def undo(self) -> None:
        undone = self.flow.undo()
        if undone is not None:
            self.shown = self.now.view
            self.show.skip()
            self.refresh_log()
            self.say(fmt("Undone: {move}.", move=self.now.describe(undone)))
            if self.guide is not None:
                self.guide.undone(undone)

    def say(self, text: str) -> None:
        self.message, self.message_age = text, 0.0

    def pause(self) -> None:
        self.gestures.cancel()
        self.app.open("pause", leave=self.to_title)

    def leave(self) -> None:  # the App's lifecycle: the bots' and hints' threads stop
        self.flow.shutdown()
        if self.local is not None:
            self.local.close()

    def language_changed(self) -> None:  # every text anew: the ocean names, log and notes
        self.board_view.static = None
        self.refresh_log()
        self.message_age, self.hint_text = NOTE_SECONDS, ""

    def to_title(self) -> None:
        self.door.leave()
        self.app.show("title")

    # --- every frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.message_age += dt
        self.play_shows(dt)
        busy = self.show.busy
        held = not busy and self.guide is not None and self.guide.holds()
        self.answer(self.flow.next(busy, held))

    def play_shows(self, dt: float) -> None:
        """The shows and what they bring (hint, news, log), without the turn flow: a dialog
        that steps aside to replay the news lets only these go on."""
        self.hint.update(dt)
        self.show.update(dt)
        self.news.update()
        if self.show.unplayed != self.log_held:
            self.refresh_log()

    def answer(self, step: turns.Step) -> None:
        """Do what the turn flow says happens next."""
        answer_step(self, step)

    # --- mouse and keys -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        skip = ((click and not self.controls.aside(event.pos, self.log.rect))  # the log's own
                or SKIP.matches(event))
        if self.show.busy and skip:
            self.show.skip()
            if not (click and self.human_turn()):  # the player's own glide: the press
                return True  # starts the next drag at once (a quick second drag is played)
        if UNDO.matches(event):
            self.undo()
            return True
        if self.gestures.menu is None and self.log.handle(event, self.hover_pos):
            return True
        if self.human_turn() and self.gestures.handle(event):
            return True
        return super().handle(event)

    # --- drawing --------------------------------------------------------------------------------

    def update_buttons(self) -> None:
        self.panel.seats = [SeatLabel(s.name, s.colour, s.kind, note) for s, note in zip(
            self.now.seats, seat_notes(self.now), strict=True)]
        self.controls.refresh(self.human_turn())
        advice = self.flow.hint()
        if advice is not None:  # the move, and one sentence of why
            move = fmt("Hint: {move}.", move=self.now.describe(advice.move))
            self.hint_text = f"{move} {advice.text}"
            self.hint.show(advice.move)
            self.message_age = NOTE_SECONDS  # the hint replaces an older note at once

    def banner_text(self) -> str:
        return banner_text(self.now, self.age, self.flow.computer_held())

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.fill(th.TABLE)
        drawn = self.drawn  # the position at the beat being played
        shown = drawn.state
        targets, tray = self.gestures.targets() if self.human_turn() else (set(), None)
        hidden = self.gestures.with_carried(self.show.pending(shown))
        self.board_view.draw(surface, shown, hidden=hidden, spotlight=bool(targets),
                             highlight=targets | self.hint.glow(), markers=self.show.markers(),
                             marked=self.show.spots(shown, self.decision.concerns))
        self.news.draw(surface)
        self.show.draw(surface, shown)
        self.hint.draw(surface, self.board_view, shown, self.decision.seat,
                       lambda: self.panel.reserve_point(self.decision.seat))
        text, actor = (self.held if self.show.busy and self.held else (self.banner_text(),
                                                                       self.decision.seat))
        overlays.draw_banner(surface, t, self.banner, turn_heading(shown.turn, shown.epoch),
                             None if actor < 0 else shown.colours[actor], text,
                             self.controls.top_left())
        self.panel.draw(surface, drawn, actor, tray)
        self.log.draw(surface, t, self.panel.log_rect)
        self.update_buttons()
        super().draw(surface)
        note = self.news.note() or (self.message if self.message_age < NOTE_SECONDS
                                    else self.hint_text)
        if note:
            overlays.draw_board_note(surface, t, self.board_view, note, note == self.message,
                                     sorted(self.hint.glow()) if note == self.hint_text else ())
        if problem := self.now.save_problem:  # stays until a save succeeds again
            overlays.draw_note(surface, t, self.board_area.centerx,
                               self.board_area.bottom - t.px(48), problem, True)
        if self.show.callout:
            overlays.draw_callout(surface, t, self.board_view, self.show.callout,
                                  self.show.spots(shown))
        if self.guide is None:  # a guide draws its cards first, then this on top
            self.draw_top(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """What lies over everything: the Ichtos carried, the tooltip, an area's menu."""
        self.gestures.draw_carried(surface)
        if self.app.scene is not (self.guide or self):  # covered: the mouse will be elsewhere
            self.hover_pos = (-1, -1)  # when uncovered, so no tooltip until it moves
        elif self.gestures.drag is None and self.gestures.menu is None and not self.show.busy:
            tip = self.controls.tip_at(self.hover_pos) or overlays.hover_tooltip(
                self.hover_pos, self.panel, self.board_view, self.shown.state, self.now.names)
            if tip is not None and self.focus.tips_due():
                overlays.draw_tooltip(surface, self.theme, *tip, self.hover_pos)
        self.gestures.draw_menu(surface, self.hover_pos)

    # --- buttons and keys ------------------------------------------------------------------------

    def help_topic(self) -> str | None:
        """F1 at the table: the gene under the mouse, else the rules of the pending decision."""
        gene = self.panel.gene_at(self.hover_pos)
        return f"gene:{gene}" if gene else self.decision.kind

    def ask_hint(self) -> None:
        """The hard bot's advice for the acting player, thought about in the background (in
        a lesson: the step's own advice)."""
        advice = self.guide and self.guide.advice()
        if advice:
            self.hint_text, self.message_age = advice, NOTE_SECONDS
        elif not self.show.busy and self.flow.ask_hint():
            self.hint_text = _("Thinking about a hint...")

    def autoplay_step(self) -> None:
        if self.show.busy and self.show.callout and self.show.t > 0.4:
            self.show.skip()
