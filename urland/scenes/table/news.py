"""What happened since my turn: the moves made since the last decision of the player at this
screen stay marked on the board (paths from where to where) until that player acts again, and a
button (or R) plays them all again on the board from the position that player left, skippable.

Everything comes through the turn flow from the table's door (the table's log and view), so a
game held on another computer is followed the same way.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

import pygame

from urland.engine import Event, PlayerView
from urland.table import TableDoor, TurnFlow
from urland.table.now import TableNow
from urland.texts.i18n import _
from urland.ui.board.board_view import BoardView
from urland.ui.board.move_trail import Path, draw_paths, paths_of
from urland.ui.table.event_show import CALLOUT_KINDS, EventShow


class NewsHost(Protocol):
    """What the news needs of the table it plays on."""

    app: Any
    door: TableDoor
    flow: TurnFlow
    show: EventShow
    board_view: BoardView
    gestures: Any
    hint: Any
    held: tuple[str, int] | None  # the banner (words, seat) while a show plays

    @property
    def drawn(self) -> PlayerView: ...

    @property
    def now(self) -> TableNow: ...

    def sentence(self, event: Event) -> str: ...

    def say(self, text: str) -> None: ...

    def refresh_log(self) -> None: ...

REPLAY_SPEED = 1.0  # the replay plays even when animations are off


class SinceMyTurn:
    def __init__(self, table: NewsHost) -> None:
        self.table = table
        self.paths: list[Path] = []
        self.count = 0  # how many events since that a replay would show
        self._seen: Hashable | None = None  # the position the paths were read at
        self.replaying = False
        self.replayed: list[Event] = []  # the events the replay plays

    def public_results(self) -> list[str]:
        """The public results since the last curtain (for the next curtain to repeat)."""
        table = self.table
        return [table.sentence(e) for e in table.flow.take_news() if e.kind in CALLOUT_KINDS][-4:]

    def update(self) -> None:
        """Read the moves since the last decision again whenever the position changed."""
        table = self.table
        key = (table.now.position, table.flow.whose_news())
        if key == self._seen:
            return
        self._seen = key
        _start, events = table.flow.since_last_decision()
        mine = table.flow.whose_news()  # (a remote game's log may still bring one's own move)
        self.paths = [p for p in paths_of(events) if p.seat != mine]
        self.count = sum(1 for e in events if table.show.plays(e))  # what a replay would show

    def worth_replaying(self) -> bool:
        """Something a replay would show happened since the last decision, and no show is
        playing (what a dialog over the table asks: while it is open nothing else moves)."""
        self.update()  # (a dialog over the table asks while the table itself stands still)
        return self.count > 0 and not self.table.show.busy

    def has_news(self) -> bool:
        """Worth replaying, and no computer here is about to move (between a computer's
        moves the button would blink)."""
        return self.worth_replaying() and not self.table.flow.computer_deciding()

    def replay(self) -> None:
        """Play every move since the last decision again on the board, from the position the
        player left; a click or Space skips to the end."""
        table = self.table
        if table.show.busy:
            return
        start, events = table.flow.since_last_decision()
        if not any(table.show.plays(e) for e in events):
            table.say(_("Nothing has happened since your last decision."))
            return
        table.gestures.cancel()
        table.hint.clear()
        speed = table.app.settings.speed or REPLAY_SPEED
        table.show.add(events, start.state.track[:], speed, table.sentence, before=start,
                       follow=True)
        table.held = ("", -1)  # the banner names nobody: the moves replayed are several players'
        self.replaying, self.replayed = True, list(events)
        table.refresh_log()

    def note(self) -> str:
        """The line shown over the board while the replay plays."""
        if self.replaying and not self.table.show.busy:
            self.replaying = False
        if not self.replaying:
            return ""
        return _("Replaying what happened since your last decision. Click or Space skips.")

    def draw(self, surface: pygame.Surface) -> None:
        """The paths; while the replay plays, only those of the moves it has reached."""
        table = self.table
        paths = self.paths
        if self.replaying and table.show.busy:
            reached = self.replayed[:table.show.added - table.show.unplayed]
            paths = [p for p in paths_of(reached) if p in self.paths]
        if paths:
            draw_paths(surface, table.board_view, table.drawn.state, paths)
