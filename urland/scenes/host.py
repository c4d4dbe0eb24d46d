"""Hosting a game from New game: the room is opened on this computer (the same server code as
`serve`, in the background), each seat played here is joined like any other (its own
connection and token), and the lobby shows the invitation until the host starts the game.
Online seats' secrets never reach this screen: it is sent only the views of its own seats,
and with several of them it passes between them behind the hand-over curtain."""

from __future__ import annotations

import pygame

from urland import paths
from urland.bots.registry import DEFAULT_BOT
from urland.scenes.base import Scene
from urland.seats import PERSON_HERE, seat_kind
from urland.table.session import Seat
from urland.texts.i18n import L_, _, fmt
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.text import blit_text
from urland.ui.widgets import Button, panel


class HostScene(Scene):
    name = "host"

    def __init__(self, app, seats: list[Seat], seed: int, resume=None) -> None:
        """A new game of `seats`, or (`resume`: a `HostedRecord`) a hosted game carried on."""
        super().__init__(app)
        self.seats, self.seed, self.resume = seats, seed, resume
        here = [i for i, s in enumerate(seats) if seat_kind(s.kind) is PERSON_HERE]
        self.problem = ("" if here or resume else
                        _("With online seats, at least one seat is Human: played at this "
                          "screen."))
        self.here = here
        self.tried = False
        self.back = Button(L_("Back"), self.to_new_game, key=pygame.K_ESCAPE)
        self.buttons = [self.back]

    def to_new_game(self) -> None:
        self.app.show("title")
        self.app.open("new_game")

    def layout(self) -> None:
        t = self.theme
        self.back.rect = pygame.Rect(0, 0, t.px(180), t.px(54))
        self.back.rect.midtop = (t.size[0] // 2, t.size[1] // 2 + t.px(60))

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.tried and not self.problem and self.age > 0.05:  # "Opening..." drawn first
            self.tried = True
            self.open_room()

    def open_room(self) -> None:
        from urland.net.hosting import HostedGame
        from urland.store.sqlite import FolderInUse

        seats = self.seats
        try:
            if self.resume is not None:
                hosted = HostedGame.resume(self.resume)
            else:
                hosted = HostedGame([s.kind for s in seats], [s.name for s in seats],
                                    [s.colour for s in seats], self.here, lobby=True)
        except FolderInUse:
            self.problem = _("Another copy of Urland on this computer is hosting a game from "
                             "the same user folder: close it first, then host again.")
            return
        except OSError as exc:  # an unguessable seed; the port is taken, no network...
            self.problem = fmt("Could not open the game to the network: {why}", why=exc)
            return
        self.take_seats(hosted, lobby=hosted.room.lobby)

    def take_seats(self, hosted, lobby: bool) -> None:
        """Join every seat played here, then the lobby (a new game) or the table."""
        from urland.net.hosting import join_here
        from urland.table.remote import RemoteTable

        try:
            links = join_here(hosted, paths.history_dir(),
                              bot=DEFAULT_BOT if self.app.autoplay is not None else "")
        except Exception as exc:  # the room was opened but could not be reached: give up
            hosted.close()
            self.problem = fmt("Could not open the game to the network: {why}", why=exc)
            return
        print(f"Hosting room {hosted.code} at {', '.join(hosted.addresses())}", flush=True)
        door = RemoteTable(links, on_leave=hosted.close, hosting=True)
        if lobby:
            self.app.show("lobby", door=door, hosted=hosted)
        else:
            self.app.show("online_table", door=door, hosted=hosted)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        box = pygame.Rect(0, 0, t.px(760), t.px(240))
        box.center = (t.size[0] // 2, t.size[1] // 2)
        panel(surface, box, th.PAPER, radius=t.px(16), shadow=t.px(8), border=th.ACCENT_DARK)
        text, colour = ((self.problem, th.BAD) if self.problem
                        else (_("Opening the game to the network..."), th.INK))
        blit_text(surface, text, (box.centerx, box.top + t.px(70)), t.px(24), colour, True,
                  anchor="center", width=box.width - t.px(40))
        if self.problem:
            super().draw(surface)
