"""What a dialog over the table needs of the table under it (`TableHost`), and the dialog that
answers one of its decisions (`TableDialog`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from urland.engine import Decision, Move
from urland.scenes.base import Dialog, Host
from urland.texts.i18n import L_
from urland.ui.text import cover
from urland.ui.widgets import Button

if TYPE_CHECKING:

    from urland.scenes.table.controls import TableControls
    from urland.scenes.table.guide import TableGuide
    from urland.scenes.table.news import SinceMyTurn
    from urland.table import TableDoor, TurnFlow
    from urland.ui.table.event_show import EventShow
    from urland.ui.widgets import TextField


class TableHost(Protocol):
    """The table scene as its dialogs see it: the door to the game, the turn flow, the pending
    decision, and the few things a dialog does at the table."""

    door: TableDoor
    flow: TurnFlow
    news: SinceMyTurn
    show: EventShow
    controls: TableControls
    guide: TableGuide | None  # the tutorial, at the table it coaches on

    @property
    def decision(self) -> Decision: ...

    def play_shows(self, dt: float) -> None: ...

    def submit(self, move: Move) -> None: ...

    def pause(self) -> None: ...

    def to_title(self) -> None: ...

    @property
    def typing_now(self) -> bool: ...

    def text_fields(self) -> list[TextField]: ...


class TableDialog(Dialog):
    """A dialog that answers one decision of the table it was opened over.

    A `peekable` one also offers "Since my turn" (R) when moves were made since the player's
    last decision: it steps aside while the table plays them again, and comes back when the
    replay ends or is skipped (a click or a key), so a player can look back before choosing.

    Every one keeps the table's Menu (top right, Esc when the dialog has no Esc of its own),
    so a player can save and leave in the middle of a bid, a gene or a chip choice. At an
    online table the newest line friends say meanwhile shows just above the dialog (as above
    every scene opened over that table: `OnlineTableScene.draw_over`).
    """

    has_menu = True  # False: the dialog offers the menu itself (the hand-over curtain)

    def __init__(self, app: Host, table: TableHost) -> None:
        super().__init__(app)
        self.table = table
        self.door = table.door
        self.news_button = Button(L_("Since my turn"), self.replay_news, key=pygame.K_r)
        self.news_button.visible = False  # until drawn over a table with news
        self.replaying = False
        self.pressed = False  # autoplay pressed the keys its guide asks for
        self.menu_button = Button(L_("Menu"), table.pause, key=pygame.K_ESCAPE)
        # The player was in the middle of a chat line: their keys are not for us (a chat
        # field merely left open after a line was sent gives the keys to the dialog).
        self.keys_wait = table.typing_now
        for field in table.text_fields():
            field.focus = False

    def submit(self, move: Move) -> None:
        self.app.remove(self)
        self.table.submit(move)

    # --- since my turn: the news replayed under the dialog ---------------------------------

    def replay_news(self) -> None:
        self.table.news.replay()
        self.replaying = self.peeking = self.table.show.busy

    def handle(self, event: pygame.event.Event) -> bool:
        if self.news_button.visible and self.news_button.handle(event):
            return True
        if super().handle(event):
            return True
        return self.has_menu and self.menu_button.handle(event)  # after the dialog's own Esc

    def key_buttons(self) -> list[Button]:
        """The buttons `handle` answers the keys of besides the dialog's own (its key map)."""
        return [self.news_button, *([self.menu_button] if self.has_menu else [])]

    def handle_peek(self, event: pygame.event.Event) -> None:
        if self.replaying and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.table.show.skip()  # a click or a key skips the replay; the dialog comes back
            self.replaying = False
        super().handle_peek(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.replaying:
            self.table.play_shows(dt)
            if not self.table.show.busy:
                self.replaying = self.peeking = False

    def draw_peek(self, surface: pygame.Surface) -> None:
        if not self.replaying:  # while replaying the table says how to skip
            super().draw_peek(surface)

    def autoplay_step(self) -> None:
        """A human seat's dialog under autoplay (the tutorial): press the keys its guide asks
        for (e.g. + twice for a bid of 2), then its main button's key."""
        if self.age > 0.8 and not self.pressed:
            self.pressed = True
            guide = self.table.guide
            keys = guide.dialog_keys(self.name) if guide is not None else []
            for key in [*keys, pygame.K_RETURN]:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0,
                                                     unicode="", scancode=0))

    def help_topic(self) -> str | None:
        return self.table.decision.kind

    # --- beside a guide's card: the step's instruction stays in sight ------------------------

    def _guide_card(self) -> pygame.Rect | None:
        guide = self.table.guide
        return guide.card if guide is not None and guide.card.width else None

    def box(self) -> pygame.Rect:
        """In the middle of the screen; beside a guide's card when it would cover it."""
        r = super().box()
        card = self._guide_card()
        if card is not None and r.colliderect(card):
            right = card.left - self.theme.px(8)
            r.width = min(r.width, right - self.theme.px(4))  # narrower when it must be
            r.right = right
        return r

    def draw_box(self, surface: pygame.Surface, title: str) -> pygame.Rect:
        box = super().draw_box(surface, title)
        if self.has_menu:  # over the table's own (dimmed) Menu button, bright again
            under = self.table.controls.menu_button.rect
            self.menu_button.rect = under.copy()
            cover(surface, under)
            self.menu_button.draw(surface, self.app.theme)
        self.news_button.visible = self.peekable and self.table.news.worth_replaying()
        if self.news_button.visible:  # over "See the board"
            self.news_button.rect = self.peek_button.rect.move(
                0, -self.peek_button.rect.height - self.theme.px(8))
            self.news_button.draw(surface, self.theme)
        guide = self.table.guide
        if guide is not None and self._guide_card() is not None and not self.peeking:
            guide.draw_coach(surface)  # the step's instruction, bright beside the dialog
        return box
