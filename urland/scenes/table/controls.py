"""The table's button bar: End turn, Double turn, Undo, Hint, Retreat and Menu, shown while a
player at this screen may act, and what each one does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from urland.engine import Decision, Move
from urland.texts.i18n import L_, _, fmt
from urland.ui import theme as th
from urland.ui.widgets import Button

if TYPE_CHECKING:
    from urland.scenes.table.news import SinceMyTurn
    from urland.table import TableDoor
    from urland.table.now import TableNow


class ControlsHost(Protocol):
    """What the buttons need of the table they sit on."""

    app: Any
    door: TableDoor

    @property
    def decision(self) -> Decision: ...

    @property
    def now(self) -> TableNow: ...

    def submit(self, move: Move) -> None: ...

    def undo(self) -> None: ...

    def ask_hint(self) -> None: ...

    def pause(self) -> None: ...

    @property
    def news(self) -> SinceMyTurn: ...

    def say(self, text: str) -> None: ...


class TableControls:
    def __init__(self, host: ControlsHost) -> None:
        self.host = host
        self.end_button = Button(L_("End turn"), self.end_turn, "primary", key=pygame.K_e,
                                 show_key=True)
        self.double_button = Button(L_("Double turn +2"), lambda: host.submit(Move("double")),
                                    key=pygame.K_d, show_key=True)
        self.undo_button = Button(L_("Undo"), host.undo)
        self.hint_button = Button(L_("Hint"), host.ask_hint, key=pygame.K_h, show_key=True)
        self.retreat_button = Button(L_("Retreat..."), self.retreat_dialog)
        self.replay_button = Button(
            L_("Since my turn"), lambda: host.news.replay(), key=pygame.K_r, show_key=True,
            tooltip=L_("What happened since my turn: every move since your last decision, "
                       "played again on the board. Click or Space skips."))
        self.menu_button = Button(L_("Menu"), host.pause, key=pygame.K_ESCAPE)
        self.bar = [self.end_button, self.double_button, self.undo_button, self.hint_button,
                    self.retreat_button]
        self.buttons = [*self.bar, self.replay_button, self.menu_button]

    def layout(self, t: th.Theme, bar: pygame.Rect, bh: int) -> None:
        """Two rows in `bar` (End turn, Double turn; Undo, Hint, Retreat); Menu at the top right."""
        w = t.size[0]
        half = (bar.width - t.px(8)) // 2
        third = (bar.width - t.px(16)) // 3
        self.end_button.rect = pygame.Rect(bar.left, bar.top, half, bh)
        self.double_button.rect = pygame.Rect(bar.left + half + t.px(8), bar.top, half, bh)
        y2 = bar.top + bh + t.px(8)
        for i, b in enumerate((self.undo_button, self.hint_button, self.retreat_button)):
            b.rect = pygame.Rect(bar.left + i * (third + t.px(8)), y2, third, bh)
        self.menu_button.rect = pygame.Rect(w - t.px(120), t.px(7), t.px(110), t.px(36))
        self.replay_button.rect = pygame.Rect(0, t.px(7), t.px(230), t.px(36))
        self.replay_button.rect.right = self.menu_button.rect.left - t.px(10)

    def refresh(self, acting: bool) -> None:
        """Show the bar while a player here may act (`acting`) in an Ichto player's turn."""
        d = self.host.decision
        acting = acting and d.allows("end")
        for b in self.bar:
            b.visible = acting
        self.double_button.visible = acting and d.allows("double")
        self.undo_button.enabled = acting and self.host.now.can_undo
        self.retreat_button.enabled = d.allows("retreat")
        self.replay_button.visible = self.host.news.has_news()

    def aside(self, pos: tuple[int, int], *areas: pygame.Rect) -> bool:
        """Is `pos` on the Menu button or one of `areas`: a click there is theirs, not a
        click that skips the show (the log opens a line while the show plays on)?"""
        return any(r.collidepoint(pos) for r in (self.menu_button.rect, *areas))

    def tip_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """The tooltip (title, text) of a bar button under the mouse that has one."""
        for b in self.buttons:
            if b.visible and b.tooltip and b.rect.collidepoint(pos):
                return str(b.label), str(b.tooltip)
        return None

    def top_left(self) -> int:
        """Where the buttons in the top bar begin (the banner's text stays left of it)."""
        shown = [b.rect.left for b in (self.replay_button, self.menu_button) if b.visible]
        return min(shown, default=self.menu_button.rect.left)

    def retreat_dialog(self) -> None:
        d = self.host.decision
        option = next((o for o in d.options if o.move.kind == "retreat"), None)
        if option is None:
            self.host.say(_("Nothing to retreat."))
            return
        self.host.app.open("pick_ichtos", table=self.host, seat=d.seat,
                           title=_("Retreat to your reserve"), option=option, suggested={})

    def end_turn(self) -> None:
        """End the turn; with actions still unused, ask first (a slip of the hand costs a
        whole turn)."""
        host = self.host
        left = host.decision.actions_left
        if left == 0:
            host.submit(Move("end"))
            return
        host.app.open("confirm", title=_("End your turn?"),
                      text=fmt("You still have {left, plural, one {# action} other "
                               "{# actions}}.", left=left),
                      confirm=_("End turn"), cancel=_("Keep playing"),
                      on_confirm=lambda: host.submit(Move("end")))
