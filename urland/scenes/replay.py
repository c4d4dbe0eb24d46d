"""A finished game, replayed move by move: forwards, backwards, by turns, or playing by itself.

The board shows the position after the current move with the areas it touched lit; the side
panel shows the players, every secret of that moment, what the move did and the log before it.
Left/Right step one move, Up/Down (or Page Up/Down) a turn, Home/End jump, Space plays.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from urland.records.replay import Replay
from urland.scenes.base import Scene
from urland.table.session import Session
from urland.texts.i18n import L_, fmt
from urland.texts.prompts import turn_heading
from urland.ui import theme as th
from urland.ui.board.board_view import BoardView
from urland.ui.slider import TurnSlider
from urland.ui.table import replay_panel
from urland.ui.text import blit_text
from urland.ui.tooltip import tooltip
from urland.ui.widgets import Button

PLAY_SECONDS = 0.7  # per move while playing
AUTOPLAY_SHOTS = (0.0, 0.35, 0.7, 1.0)  # where on the way out autoplay takes pictures


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, session: Session, standalone: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.standalone = standalone  # opened from the command line: Back goes to the title
        self.replay = Replay(session.finished_game, session.names, session.sentence)
        self.names = [s.name for s in session.seats]
        self.kinds = [s.kind for s in session.seats]
        self.board_view = BoardView(session.board)
        self.slider = TurnSlider(self.replay.last, self.replay.turn_starts, self.replay.seek,
                                 self.replay.epoch_starts)
        self.playing = False
        self.clock = 0.0
        self.mouse = (-1, -1)
        self.start_button = Button("|<", self.replay.seek_start, key=pygame.K_HOME,
                                   tooltip=L_("The set-up, before the first move (Home)."))
        self.back_button = Button("<", self.replay.back, tooltip=L_("One move back (Left arrow)."))
        self.play_button = Button(L_("Play"), self.toggle_play, "primary", key=pygame.K_SPACE,
                                  tooltip=L_("Play the moves one after another (Space)."))
        self.next_button = Button(">", self.replay.forward,
                                  tooltip=L_("One move forward (Right arrow)."))
        self.end_button = Button(">|", self.replay.seek_end, key=pygame.K_END,
                                 tooltip=L_("The end of the game (End)."))
        self.exit_button = Button(L_("Main menu") if standalone else L_("Back"), self.go_back,
                                  key=pygame.K_ESCAPE)
        self.buttons = [self.start_button, self.back_button, self.play_button, self.next_button,
                        self.end_button, self.exit_button]
        self.shots_taken: list[str] = []
        self.autoplay_phase = "out"

    # --- actions ------------------------------------------------------------------------------

    def toggle_play(self) -> None:
        if not self.playing and self.replay.step == self.replay.last:
            self.replay.seek(0)
        self.playing = not self.playing
        self.clock = 0.0

    def go_back(self) -> None:
        if self.standalone or len(self.app.scenes) == 1:
            self.app.show("title")
        else:
            self.app.remove(self)

    # --- layout -------------------------------------------------------------------------------

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        bar_top = h - t.px(78)
        self.side = pygame.Rect(0, t.px(12), t.px(450), bar_top - t.px(24))
        self.side.right = w - t.px(14)
        board_area = pygame.Rect(t.px(14), t.px(12), self.side.left - t.px(28),
                                 bar_top - t.px(24))
        self.board_view.layout(board_area)
        x = t.px(16)
        y = bar_top + t.px(14)
        for b, width in ((self.start_button, 54), (self.back_button, 54), (self.play_button, 96),
                         (self.next_button, 54), (self.end_button, 54)):
            b.rect = pygame.Rect(x, y, t.px(width), t.px(48))
            x = b.rect.right + t.px(8)
        self.exit_button.rect = pygame.Rect(0, y, t.px(140), t.px(48))
        self.exit_button.rect.right = w - t.px(16)
        self.slider.rect = pygame.Rect(x + t.px(30), y + t.px(22), 0, t.px(8))
        self.slider.rect.width = self.exit_button.rect.left - t.px(40) - self.slider.rect.left

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.slider.handle(event):
            self.playing = False
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_LEFT: self.replay.back, pygame.K_RIGHT: self.replay.forward,
                     pygame.K_UP: self.replay.previous_turn, pygame.K_PAGEUP:
                     self.replay.previous_turn, pygame.K_DOWN: self.replay.next_turn,
                     pygame.K_PAGEDOWN: self.replay.next_turn}
            if event.key in steps:
                self.playing = False
                steps[event.key]()
                return True
        if event.type == pygame.MOUSEBUTTONUP and any(
                b.rect.collidepoint(event.pos) for b in self.buttons[:5]
                if b is not self.play_button):
            self.playing = False
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.playing:
            return
        self.clock += dt
        while self.clock >= PLAY_SECONDS:
            self.clock -= PLAY_SECONDS
            if self.replay.step >= self.replay.last:
                self.playing = False
                break
            self.replay.forward()

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.fill(th.TABLE)
        replay = self.replay
        state = replay.state
        self.board_view.draw(surface, state, highlight=self.touched())
        side = self.side
        total = replay.last
        blit_text(surface, fmt("Move {step} of {total}", step=replay.step, total=total),
                  (side.left, side.top), t.px(30), th.ACCENT, True)
        blit_text(surface, turn_heading(state.turn, state.epoch),
                  (side.right, side.top + t.px(6)), t.px(21), th.TEXT, anchor="topright")
        y = side.top + t.px(36)
        y += replay_panel.draw_players(surface, pygame.Rect(side.left, y, side.width,
                                       t.px(50) * state.n), t, state, self.names, self.kinds)
        y += t.px(4)
        used = replay_panel.draw_secrets(surface, pygame.Rect(side.left, y, side.width, 0), t,
                                         state, self.replay.names)
        y += used + (t.px(8) if used else 0)
        replay_panel.draw_log(surface, pygame.Rect(side.left, y, side.width, side.bottom - y),
                              t, replay)
        self.play_button.label = L_("Pause") if self.playing else L_("Play")
        self.back_button.enabled = self.start_button.enabled = replay.step > 0
        self.next_button.enabled = self.end_button.enabled = replay.step < total
        self.slider.draw(surface, t, replay.step, state.turn)
        super().draw(surface)
        if self.app.scene is self and self.focus.tips_due():
            for b in self.buttons:
                if b.hover and b.tooltip:
                    tooltip(surface, t, b.label, b.tooltip, self.mouse)

    def touched(self) -> set[int]:
        """The areas the current move came from and went to, lit on the board."""
        step = self.replay.step
        if step == 0:
            return set()
        move = self.session.finished_game.moves[step - 1]
        state = self.replay.state
        regions = state.board.n_regions
        areas = {a for a in (move.src, move.dst) if a is not None and a >= 0}
        return {state.root(a) if a < regions else a for a in areas}

    # --- autoplay: to the end and back, with pictures on the way --------------------------------

    def autoplay_step(self) -> None:
        auto = self.app.autoplay
        if auto is None or self.age < 0.2:
            return
        replay = self.replay
        marks = {round(f * replay.last) for f in AUTOPLAY_SHOTS}
        if replay.step in marks or replay.step == replay.last:
            self.shoot(f"{self.autoplay_phase}-{replay.step:03d}")
        if self.autoplay_phase == "out":
            if replay.step < replay.last:
                replay.forward()
            else:
                self.autoplay_phase = "back"
                replay.back()
        elif replay.step > 0:
            replay.back()
        else:
            self.shoot("back-000")
            self.app.quit(0)

    def shoot(self, tag: str) -> None:
        folder: Path | None = self.app.autoplay.screenshots if self.app.autoplay else None
        if folder is None or tag in self.shots_taken:
            return
        self.shots_taken.append(tag)
        folder.mkdir(parents=True, exist_ok=True)
        w, h = self.theme.size
        self.app.screenshot(folder / f"replay-{tag}-{w}x{h}.png")
