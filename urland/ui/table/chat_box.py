"""The chat line of an online table: the last lines said, with the players' names, a field to
say something (Enter or a click opens it, Enter sends and keeps it open for the next line,
Esc, a click elsewhere or Enter on an empty field closes it) and a button to mute the
chat. It has its own strip of the side column, under the log: it never covers the board, its
corners or a menu."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from urland.texts.i18n import L_, fmt
from urland.ui import theme as th
from urland.ui.text import blit_text, line_height
from urland.ui.widgets import Button, TextField, panel

SHOWN_LINES = 2
LINE_SECONDS = 25.0  # how long a line stays on the board
MAX_CHAT = 200
TYPING_SECONDS = 3.0  # a key typed in the field this recently: the player is still typing


class ChatBox:
    def __init__(self, lines: Callable[[], list[tuple[str, str]]],
                 send: Callable[[str], None],
                 logged: Callable[..., None] = lambda said, places=None: None,
                 count: Callable[[], int] | None = None,
                 places: Callable[[], list[int]] | None = None,
                 unsent: Callable[[], list[str]] = list) -> None:
        """`lines`: the last lines said (a bounded list); `send` says a line; `logged` keeps
        each new line (in the game's log, so that nothing said is lost once it fades here);
        `count`: how many lines have been said in all (default: as many as `lines` holds),
        so that new lines are found once the list is full and older ones fall off it;
        `places`: beside each of `lines`, the game's events before it was said, handed to
        `logged` with the lines (None: logged where the log ends now); `unsent`: the
        player's lines waiting for the connection to come back, shown as not sent yet. `send`
        returning False has not taken the line: it stays in the field."""
        self.lines, self.send, self.logged, self.unsent = lines, send, logged, unsent
        self.count = count or (lambda: len(self.lines()))
        self.places = places
        self.field = TextField("", limit=MAX_CHAT, placeholder=L_("Say something, Enter sends"))
        self.mute_button = Button(L_("Mute chat"), self.toggle_mute)
        self.muted = False
        said = lines()
        self.seen = self.count()
        if said:  # said before this table opened: logged where each was said
            self._log(said, len(said))
        self.recent: list[tuple[str, str, float]] = []  # (name, text, seconds shown)
        self.quiet = TYPING_SECONDS  # seconds since a key was last typed in the field

    @property
    def typing(self) -> bool:
        """The player is in the middle of a line: the field holds some, or a key went into
        it a moment ago (a dialog that opens now hears none of their keys). A field left
        open after a line was sent, and nothing typed since, is not."""
        return self.field.focus and (bool(self.field.text) or self.quiet < TYPING_SECONDS)

    def toggle_mute(self) -> None:
        self.muted = not self.muted
        self.mute_button.label = L_("Unmute chat") if self.muted else L_("Mute chat")
        self.recent = []

    def update(self, dt: float) -> None:
        self.quiet += dt
        lines, total = self.lines(), self.count()
        new = min(max(0, total - self.seen), len(lines))
        fresh, self.seen = lines[len(lines) - new:] if new else [], total
        if fresh:
            self._log(fresh, new)
        if not self.muted:
            self.recent += [(name, text, 0.0) for name, text in fresh]
        self.recent = [(n, t, age + dt) for n, t, age in self.recent
                       if age + dt < LINE_SECONDS][-SHOWN_LINES:]

    def _log(self, fresh: list[tuple[str, str]], new: int) -> None:
        """Hand the newest `new` lines to the log, with their places when they are known."""
        places = self.places() if self.places is not None else []
        if len(places) >= new > 0:
            self.logged(_as_log_lines(fresh), places[len(places) - new:])
        else:
            self.logged(_as_log_lines(fresh))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.mute_button.handle(event):
            return True
        if not self.field.focus:
            opens = ((event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.field.rect.collidepoint(event.pos)))
            if opens and not self.muted:
                self.field.focus = True
                return True
            return False
        if event.type == pygame.KEYDOWN:
            self.quiet = 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            text = self.field.text.strip()
            self.field.text = ""
            if text:  # said: the field stays open for the next line (Esc or a click leaves)
                if self.send(text) is False:
                    self.field.text = text  # not taken (too many wait to be sent): kept here
                return True
        self.field.handle(event)  # Enter on an empty field leaves it, as Esc does
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.field.focus
        return True

    @staticmethod
    def height(t: th.Theme) -> int:
        """The strip the chat needs: its lines over the field and the mute button."""
        return t.px(38) + SHOWN_LINES * t.px(22) + t.px(10)

    def draw(self, surface: pygame.Surface, t: th.Theme, area: pygame.Rect) -> None:
        """In `area` (`height` tall): the mute button in the corner, the recent lines under
        it, under them the field across the whole width (its hint has room in every
        language and text size)."""
        row, step = t.px(32), t.px(22)
        box = pygame.Rect(area.left, area.top, area.width, area.height - row - t.px(6))
        panel(surface, box, (20, 30, 40), radius=t.px(8))
        self.mute_button.rect = pygame.Rect(box.right - t.px(130), box.top, t.px(130),
                                            max(step, line_height(t.px(21)) + t.px(4)))
        self.mute_button.draw(surface, t)
        self.field.rect = pygame.Rect(area.left, area.bottom - row, area.width, row)
        if not self.muted:
            self.field.draw(surface, t)
        below = self.mute_button.rect.bottom  # the lines under the button, as many as fit
        room = max(1, (box.bottom - t.px(4) - below) // step)
        shown = [(_said(name, text), th.TEXT) for name, text, _age in self.recent]
        shown += [(fmt("Not sent yet: {text}", text=text), th.TEXT_DIM)
                  for text in self.unsent()]  # the player's own, waiting for the connection
        for i, (line, colour) in enumerate(shown[-room:]):
            blit_text(surface, line, (box.left + t.px(10), below + i * step),
                      t.px(18), colour, width=box.width - t.px(20))


    def draw_over(self, surface: pygame.Surface, t: th.Theme, covered: pygame.Rect) -> None:
        """The newest line said, bright, in a bar just above a dialog opened at the table
        (`covered`, the dialog's box; under it when there is no room above, over its foot
        when there is none under it either): a player
        choosing there still reads what friends say. Only to read: the dialog has the keys,
        and the chat its field again once the dialog is answered."""
        if self.muted or not self.recent:
            return
        name, text, _age = self.recent[-1]
        bar = pygame.Rect(covered.left, 0, covered.width, t.px(30))
        bar.bottom = covered.top - t.px(8)
        if bar.top < t.px(4):
            bar.top = covered.bottom + t.px(8)
        if bar.bottom > surface.get_height() - t.px(4):  # a box as tall as the window
            bar = pygame.Rect(0, 0, covered.width // 2, t.px(30))  # (the rules): over its foot
            bar.bottomright = (covered.right - t.px(20), covered.bottom - t.px(6))
        panel(surface, bar, (20, 30, 40), radius=t.px(8), border=th.ACCENT_DARK)
        blit_text(surface, _said(name, text), (bar.left + t.px(12), bar.centery), t.px(18),
                  th.TEXT, anchor="midleft", width=bar.width - t.px(24))


def _as_log_lines(said: list[tuple[str, str]]) -> list[str]:
    """Lines said, as the game's log keeps them: 'Ben: good luck'."""
    return [_said(name, text) for name, text in said]


def _said(name: str, text: str) -> str:
    """'Ben: good luck' as the language sets a colon ('Ben : bonne chance' in French)."""
    return fmt("{name}: {text}", name=name, text=text)
