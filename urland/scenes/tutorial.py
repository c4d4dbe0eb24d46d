"""Learn to play: a guided first game, in chapters, on the real engine and the real table.

The scene hosts a table (made by name, with itself as the table's guide) and lays a coaching
card over it. Each step of the script (urland.table.tutorial, assets/texts/tutorial.yaml) waits for
Next, for one move (any other gets a friendly nudge instead of being played) or for an event of
the game, and points at what to do: an arrow, a glowing area, a ring around a button. The
chapter reached is remembered: coming back from the title offers to go on at its start, to
start over or to pick a chapter (urland.scenes.tutorial_chapters).
"""

from __future__ import annotations

import pygame

from urland.engine import TRAY, Event, GameState, Move
from urland.scenes import create as create_scene
from urland.scenes.base import Scene
from urland.scenes.table.keys import KeysOfItsTable
from urland.scenes.tutorial_card import SCROLL_TO_END, card_place, card_scrolled, lesson_letters
from urland.scenes.tutorial_pilot import TutorialPilot
from urland.table.tutorial import Step, load_script
from urland.texts.chapter_card import chapter_card
from urland.texts.i18n import L_, _, fmt, pgettext
from urland.ui.table.coach_card import card_height, draw_card, draw_pin, draw_ring
from urland.ui.widgets import Button
from urland.userfiles.tutorial_progress import save_chapter, saved_chapter

# The step a chapter card stands for: the player reads it and presses Next.
INTRO = Step(id="new_position", text="", next=True)
SHOT_FRAMES = 30  # frames a step is on screen before autoplay saves its picture


class TutorialScene(KeysOfItsTable, Scene):
    name = "tutorial"

    def __init__(self, app, chapter: int | None = None) -> None:
        super().__init__(app)
        self.script = load_script()
        start = self.script.start_of(saved_chapter() if chapter is None else chapter)
        self.chapter = start
        self.next_button = Button(L_("Next"), self.advance, "primary", key=pygame.K_RETURN)
        self.buttons = [self.next_button]  # the keys are its table's (KeysOfItsTable)
        self.pilot = TutorialPilot(self)
        self.intro: tuple[GameState | None, GameState] | None = None  # (left, new) of a card
        self.card = pygame.Rect(0, 0, 0, 0)
        self.letters, self.drawn_letters, self.laid_text = 0, 0, ""
        self.card_scroll, self.card_most = 0, 0  # lines scrolled down the card, and how far
        self.start_chapter(self.chapter)

    # --- chapters and steps ---------------------------------------------------------------------

    @property
    def step(self) -> Step:
        if self.intro is not None:  # the chapter card: read, then Next
            return INTRO
        return self.script.chapters[self.chapter].steps[self.step_index]

    @property
    def step_number(self) -> int:
        return self.script.first_step_number(self.chapter) + self.step_index

    def leave(self) -> None:  # the App's lifecycle reaches the table this scene hosts
        self.table.leave()

    def language_changed(self) -> None:
        self.table.language_changed()

    def start_chapter(self, chapter: int, left: GameState | None = None) -> None:
        """A chapter's table. One that follows the chapter just played (the player `left` its
        position) from a prepared position opens with a card that says so and what is
        different; one resumed from the title starts at its first step."""
        self.chapter = chapter
        save_chapter(chapter)
        session = self.script.session(chapter, left)
        self.table = create_scene("table", self.app, session=session, guide=self)
        self.door = self.table.door
        prepared = bool(self.script.chapters[chapter].position)  # not the game played on
        self.intro = (left, self.door.now().view.state) if prepared and left else None
        self.table.layout()
        self.step_index = 0
        self.begin_step()

    def go_on(self, chapter: int) -> None:
        """The next chapter goes on at this very table, from the position the player's own
        moves made (no card: nothing changed)."""
        self.chapter = chapter
        save_chapter(chapter)
        self.step_index = 0
        self.begin_step()

    def begin_step(self) -> None:
        self.step_age, self.frames = 0.0, 0
        self.log_mark = len(self.log())
        self.nudge_text = ""
        self.card_scroll = 0
        told = [e for e in self.log() if e.kind == self.step.tell]
        self.told = self.door.now().sentence(told[-1]) if told else ""
        self.table.hint.clear()
        self.point()
        self.point_focus(self.step.button)
        self.layout_card()

    def advance(self) -> None:
        """The step is done: the next step, the next chapter, or the end of the tutorial."""
        if self.intro is not None:  # the chapter card was read: the chapter's first step
            self.intro = None
            self.begin_step()
        elif self.step_index + 1 < len(self.script.chapters[self.chapter].steps):
            self.step_index += 1
            self.begin_step()
        elif self.chapter + 1 < len(self.script.chapters):
            if self.script.chapters[self.chapter + 1].follows:
                self.go_on(self.chapter + 1)
            else:
                self.table.leave()
                self.start_chapter(self.chapter + 1, left=self.door.now().view.state)
        else:
            self.table.leave()
            save_chapter(0)  # finished: Learn to play starts from the beginning again
            if self.app.autoplay:
                self.app.quit(0)
            else:
                self.app.show("title")

    def point(self) -> None:
        """Show the step's arrow or glow with the table's hint view (it draws both)."""
        board = self.door.now().board
        step = self.step
        if step.arrow:
            src, dst = (TRAY if a == "tray" else board.parse_area(a) for a in step.arrow)
            move = (Move("retreat", picks=((src, 1),)) if dst == TRAY
                    else Move("land", src, dst, 1))
            self.table.hint.show(move)
        elif step.glow:
            self.table.hint.show(Move("proliferate", src=board.parse_area(step.glow[0])))

    # --- the table's guide ----------------------------------------------------------------------

    def holds(self) -> bool:
        """The table waits while the player reads, and once the step's event has come."""
        return self.step.next or self.until_seen()

    def until_seen(self) -> bool:
        """The step's event has been told, or the decision it names is now pending."""
        until = self.step.until
        return bool(until) and (self.table.decision.kind == until or any(
            e.kind == until for e in self.log()[self.log_mark:]))

    def log(self) -> list[Event]:
        """The game's log as the player reads it."""
        return list(self.door.now().log)

    def nudge(self, move: Move) -> str | None:
        now = self.door.now()
        why = (_("First read the card about the new position, then press Next.")
               if self.intro is not None else self.step.nudge_for(
                   move, now.board, now.view, self.table.decision.seat))
        if why is not None:
            self.nudge_text = why
            self.layout_card()
            self.card_scroll = SCROLL_TO_END  # the nudge comes last: in sight
        return why

    def advice(self) -> str | None:
        """The Hint during a lesson: what the step asks, with its arrow again."""
        step = self.step
        if not step.expect:
            return None
        self.point()
        return pgettext("tutorial", step.nudge or step.text)

    def undone(self, move: Move) -> None:
        """A move taken back: back to the step of this chapter that asked for it, so it can
        be done again."""
        steps = self.script.chapters[self.chapter].steps
        for index in range(self.step_index, -1, -1):
            if steps[index].wants(move, self.door.now().board):
                if index != self.step_index:
                    self.step_index = index
                    self.begin_step()
                return

    def step_done(self) -> bool:
        step = self.step
        if step.next or not step.until:
            return False
        table = self.table
        idle = (not table.show.busy and self.app.scene is self and not table.flow.looks
                and table.flow.reveal is None)
        return idle and self.until_seen()

    # --- the scene ------------------------------------------------------------------------------

    def layout(self) -> None:
        self.layout_card()

    def layout_card(self) -> None:
        """The card over the top of the log's place; the log keeps what is left below it. Its
        letters have one size for the whole lesson (a card too long for its place scrolls)."""
        t = self.theme
        self.table.layout()
        panel = self.table.panel
        room = t.px(150) if self.step.next else 0
        self.letters = lesson_letters(t)
        if self.card_text() != self.laid_text:
            self.card_scroll = 0  # new words: read them from their start
        self.laid_text = self.card_text()
        need = card_height(t, panel.log_rect.width, self.laid_text, self.nudge_text, room,
                           self.letters)
        self.card, panel.log_rect = self.card_place(need)
        self.next_button.rect = pygame.Rect(0, 0, t.px(130), t.px(44))
        self.next_button.rect.bottomright = (self.card.right - t.px(14),
                                             self.card.bottom - t.px(12))

    def card_place(self, need: int) -> tuple[pygame.Rect, pygame.Rect]:
        return card_place(self.theme, self.table.panel, need)

    def card_text(self) -> str:
        if self.intro is not None:  # written now, in the language of the moment
            return chapter_card(*self.intro, self.door.now().names,
                                "genes" in self.script.chapters[self.chapter].carry)
        step = self.step
        top = self.app.scenes[-1] if self.app.scenes else self  # a dialog of the step?
        during = step.dialog_text(top.name) if top is not self else ""
        if during:
            return pgettext("tutorial", during)
        if step.until and not step.next and self.until_seen() and step.expect:
            # done, and the table still shows what came of it: no stale instruction
            return pgettext("tutorial", step.watch) if step.watch else _(
                "Watch the table: it shows what your move did.")
        text = pgettext("tutorial", step.text)
        return f"{self.told} {text}" if self.told else text

    def handle(self, event: pygame.event.Event) -> bool:
        if self.step.next and self.next_button.handle(event):
            return True
        if (scroll := card_scrolled(event, self.card, self.card_scroll, self.card_most)) >= 0:
            self.card_scroll = scroll
            return True
        return self.table.handle(event)  # with the table's keys: its focus, Enter on an area

    def draw_focus(self, surface: pygame.Surface) -> None:
        self.table.draw_focus(surface)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.step_age += dt
        if self.step_done():
            self.advance()
        self.table.update(dt)
        if self.card_text() != self.laid_text:  # a show began or a dialog opened
            self.layout_card()
        if self.table.hint.move is None and self.step.arrow:
            self.point()  # a move played clears the table's hint: point again

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.frames += 1
        if self.frames == SHOT_FRAMES:
            self.app.request_screenshot(f"tutorial-{self.step_number:02d}-{self.step.id}")
        self.table.draw(surface)
        step = self.step
        ring = self.pointed_button(step.button)
        if ring is not None and ring.visible:
            draw_ring(surface, t, ring.rect, self.age)
        if step.label is not None:
            view = self.table.board_view
            area = self.door.now().board.parse_area(step.label.at)
            draw_pin(surface, t, view.to_screen(view.anchor(area)),
                     pgettext("tutorial", step.label.text))
        self.draw_coach(surface)
        self.next_button.visible = step.next
        super().draw(surface)
        self.table.draw_top(surface)  # tooltips and menus over the tutorial's labels and card

    def draw_coach(self, surface: pygame.Surface) -> None:
        """The coaching card (a dialog of the step draws it again over its shade)."""
        if self.card_text() != self.laid_text:  # a dialog of the step opened over the table
            self.layout_card()
        t, step = self.theme, self.step
        chapter = self.script.chapters[self.chapter]
        drawn = draw_card(
            surface, t, self.card, pgettext("tutorial", chapter.title),
            fmt("Step {number} of {count}", number=self.step_number,
                count=self.script.step_count), self.card_text(), self.nudge_text,
            t.px(150) if step.next else 0, f"{self.step_number}/{self.script.step_count}",
            self.letters, self.card_scroll)
        self.drawn_letters, self.card_scroll, self.card_most = drawn.size, drawn.scroll, drawn.most

    def help_topic(self) -> str | None:
        return self.table.help_topic()

    def dialog_keys(self, dialog: str) -> list[int]:
        return self.pilot.dialog_keys(dialog)

    def autoplay_step(self) -> None:
        self.table.autoplay_step()
        if self.frames > SHOT_FRAMES + 6:
            self.pilot.act()
