"""The table of a game held on a server: the same table, with the chat line of the players."""

from __future__ import annotations

import pygame

from urland.scenes.base import Scene
from urland.scenes.table.scene import TableScene
from urland.table.presence import ComingsAndGoings
from urland.table.remote import RemoteTable, host_left
from urland.texts.i18n import L_, _, fmt
from urland.texts.log import log_entries
from urland.ui.table.chat_box import ChatBox
from urland.ui.widgets import TextField
from urland.userfiles.join_memory import forget_room


def leave_hosted_text() -> str:
    """What leaving a hosted game (or closing its window) does to the friends connected."""
    return _("Your friends are disconnected until you host the game again: Continue on the "
             "title screen carries it on with the same room code, and their seats wait for "
             "them.")


class OnlineTableScene(TableScene):
    """`TableScene` over a remote door (`urland.table.remote.RemoteTable`), plus the chat."""

    door: RemoteTable

    def __init__(self, app, door: RemoteTable, hosted=None) -> None:
        """`hosted`: the game opened to the network here (`HostedGame`), whose invitation
        the menu shows again; None at a table joined elsewhere."""
        super().__init__(app, door=door)
        self.hosted = hosted
        self.chat = ChatBox(door.chat_lines, door.chat, self._log_said,
                            door.chat_count, door.chat_places, door.unsent_chat)
        self.comings = ComingsAndGoings()
        self.chat_area = pygame.Rect(0, 0, 0, 0)
        self.joined_ended = False
        self.told_host_left = False  # the notice that the host closed the game was opened

    def _log_said(self, lines: list[str], places: list[int] | None = None) -> None:
        """Log lines said, each after the log's entries of the events before it was said
        (`places`: counts of the door's events; None: after the log as it is now)."""
        if places is None:
            self.log.add_said(lines)
            return
        now = self.now
        events = list(now.log)
        entries = {n: len(log_entries(events[:n], now.sentence, now.names))
                   for n in set(places)}
        self.log.add_said(lines, places=[entries[n] for n in places])

    def layout(self) -> None:
        """The chat takes a strip of the side column under the log: off the board."""
        super().layout()
        t, log = self.theme, self.panel.log_rect
        height = ChatBox.height(t)
        self.chat_area = pygame.Rect(log.left, log.bottom - height, log.width, height)
        self.panel.log_rect = pygame.Rect(log.left, log.top, log.width,
                                          log.height - height - t.px(6))

    def to_title(self) -> None:
        """Leaving a game hosted here stops it for everybody: the host is asked first."""
        if not self.door.hosting or self.now.over:
            super().to_title()
            return
        self.app.open("confirm", title=_("Leave the hosted game?"), text=leave_hosted_text(),
                      confirm=_("Leave"), on_confirm=super().to_title, danger=True)

    def ask_before_closing(self) -> Scene | None:
        """Closing the window while hosting stops the game for the friends connected: asked
        first, as Leave does."""
        now = self.now
        if not self.door.hosting or now.over or not any(
                s.status == "online" for s in now.seats):
            return None
        return self.app.open("confirm", title=_("Leave the hosted game?"), text=leave_hosted_text(),
                             confirm=_("Quit Urland"), on_confirm=self.app.quit, danger=True)

    def leave(self) -> None:
        """A finished game's table closes its connections as it gives way to the game-over
        screen: a game hosted here stops being served and announced (every side holds the
        record by then)."""
        super().leave()
        if self.now.over:
            self.door.leave()

    def pause(self) -> None:
        """The menu: an online game goes on meanwhile, so it is not called paused."""
        self.gestures.cancel()
        invite = None if self.hosted is None else (
            lambda: self.app.open("invitation", hosted=self.hosted))
        self.app.open("pause", leave=self.to_title, paused=False, invite=invite,
                      kept_by=self.kept_by())

    def kept_by(self) -> str | None:
        """Where the game is kept, for the menu, when not at this computer: the host's
        computer or the server (they keep every move; leaving keeps the seat)."""
        if self.door.hosting:
            return None  # hosted here: saved here, as any game
        host = self.now.host_name
        if host:
            return fmt("{name}'s computer keeps this game.", name=host)
        return _("The server keeps this game.")

    def text_fields(self) -> list[TextField]:
        return [self.chat.field]  # while typing in it, M is a letter, not the mute key

    @property
    def typing_now(self) -> bool:
        """In the middle of a chat line: a dialog opening now leaves the keys to it."""
        return self.chat.typing

    def update(self, dt: float) -> None:
        if self.now.over and not self.joined_ended and not self.door.hosting:
            self.joined_ended = forget_room() or True  # the title offers no rejoin of it
        super().update(dt)
        self.hear_others(dt)
        if not self.told_host_left and not self.now.over and host_left(self.door):
            self.told_host_left = True
            self.app.open("confirm", title=_("The host closed this game"),
                          text=self.now.save_problem or "", confirm=L_("Leave to the title"),
                          on_confirm=super().to_title, cancel=L_("See the board"))

    def goes_on(self, dt: float) -> None:
        """Under a dialog, the menu, the rules or a question: talk goes on while a player
        chooses or reads (the log behind takes each line as it comes)."""
        self.hear_others(dt)

    def hear_others(self, dt: float) -> None:
        """The lines said since the last frame, into the chat and the log, and who came or
        went, into the log."""
        self.chat.update(dt)
        came_or_went = self.comings.news(self.now)
        if came_or_went:
            self.log.add_said(came_or_went, kind="presence")

    def handle(self, event: pygame.event.Event) -> bool:
        return self.chat.handle(event) or super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.app.scene is self:
            self.chat.draw(surface, self.theme, self.chat_area)

    def draw_over(self, surface: pygame.Surface, top: Scene) -> None:
        """Over any scene opened at this table with a box (a decision's dialog, the menu,
        the rules, a question): the newest line said, bright beside its box, as in a game
        where talk goes on while a player chooses (a bid may take a while, and the box
        covers the chat's strip)."""
        box = getattr(top, "box", None)
        if callable(box):
            self.chat.draw_over(surface, self.theme, box())
