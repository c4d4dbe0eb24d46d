"""The host's lobby, before a hosted game starts: the invitation (each address as a URL a
friend can type, with who it is for, and the room code, each with Copy) and the seats
(played here, an AI, a friend who has joined, or still free). *Start* once every online seat
is taken; *Start with AI* hands the free ones to the computer; *Cancel* closes the game to
the network."""

from __future__ import annotations

import pygame

from urland.net.hosted_memory import forget_hosted
from urland.net.invite import INVITE, SHOWN_ADDRESSES, invitation, reach_label
from urland.scenes.base import Scene
from urland.seats import is_person
from urland.texts.i18n import L_, _, fmt
from urland.texts.words import colour_word
from urland.ui import art
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.clipboard import copy
from urland.ui.text import blit_text, blit_wrapped
from urland.ui.widgets import Button, panel
from urland.userfiles import save_status

DIM_INK = (96, 88, 80)
ROW = 64  # an address, with who it is for under it
AUTOPLAY_WAIT = 120.0  # seconds a game that plays itself waits for friends to join
COPY, COPIED = L_("Copy"), L_("Copied.")  # a Copy button, and the one just pressed


def who_holds_the_game() -> str:
    """Said before a hosted game starts: the host's computer holds all of it (the pile, every
    hand and hidden bid are in its files), so strangers should meet on a server instead."""
    return _("This computer holds the whole game, every player's hidden chips and bids "
             "included. Host only among friends; for a game with strangers, meet on a server "
             "that nobody at the table runs.")


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app, door, hosted) -> None:
        """`door`: the table of the seats played here (`RemoteTable`); `hosted`: the game
        opened to the network (`HostedGame`), started or closed from here."""
        super().__init__(app)
        self.door, self.hosted = door, hosted
        self.addresses = hosted.addresses()[-SHOWN_ADDRESSES:]
        self.copied = ""
        # An address is copied with the room code: pasted into Join, it fills both fields.
        self.copy_buttons = [Button(COPY, lambda i=i, a=a: self.copy(invitation(a, hosted.code),
                                                                  self.copy_buttons[i]))
                             for i, a in enumerate(self.addresses)]
        self.copy_code = Button(COPY, lambda: self.copy(hosted.code, self.copy_code))
        self.start_button = Button(L_("Start"), self.start, "primary", enabled=False,
                                   key=pygame.K_RETURN)
        self.fill_button = Button(L_("Start with AI in the free seats"), self.start)
        self.fill_button.visible = False  # until the server has said which seats are free
        self.cancel_button = Button(L_("Cancel"), self.cancel, key=pygame.K_ESCAPE)
        self.buttons = [self.start_button, self.fill_button, self.cancel_button,
                        self.copy_code, *self.copy_buttons]
        self.box = pygame.Rect(0, 0, 0, 0)

    # --- what the buttons do ------------------------------------------------------------------

    def copy(self, text: str, button: Button) -> None:
        """Copy `text`; the button pressed says "Copied." (the others "Copy" again)."""
        self.copied = text if copy(text) else ""
        for each in (self.copy_code, *self.copy_buttons):
            each.label = COPIED if each is button and self.copied else COPY

    def start(self) -> None:
        self.hosted.start()
        self.app.show("online_table", door=self.door, hosted=self.hosted)

    def cancel(self) -> None:
        self.door.leave()  # the links close and the game stops being hosted
        forget_hosted()  # a game cancelled before it started is not carried on
        save_status.forget_online()
        self.app.show("title")

    def free_seats(self) -> int:
        return self.door.link.mirror.free_seats()

    def update(self, dt: float) -> None:
        super().update(dt)
        told = bool(self.door.link.mirror.joined)  # who sits where: the server's first word
        free = self.free_seats()
        self.start_button.enabled = told and free == 0
        self.fill_button.visible = told and free > 0

    # --- drawing ------------------------------------------------------------------------------

    def layout(self) -> None:
        t = self.theme
        self.box = pygame.Rect(0, 0, min(t.size[0] - t.px(40), t.px(1000)),
                               min(t.size[1] - t.px(30), t.px(580)))
        self.box.center = (t.size[0] // 2, t.size[1] // 2)
        box = self.box
        for i, button in enumerate(self.copy_buttons):
            button.rect = pygame.Rect(0, 0, t.px(100), t.px(34))
            button.rect.topright = (box.centerx - t.px(20), box.top + t.px(158 + ROW * i))
        self.copy_code.rect = pygame.Rect(0, 0, t.px(100), t.px(34))
        self.copy_code.rect.topright = (box.centerx - t.px(20), self._code_top() + t.px(34))
        y = box.bottom - t.px(24)
        self.start_button.rect = pygame.Rect(0, 0, t.px(200), t.px(54))
        self.fill_button.rect = pygame.Rect(0, 0, t.px(380), t.px(54))
        self.cancel_button.rect = pygame.Rect(0, 0, t.px(160), t.px(54))
        self.start_button.rect.bottomleft = (box.left + t.px(30), y)
        self.fill_button.rect.bottomleft = (self.start_button.rect.right + t.px(16), y)
        self.cancel_button.rect.bottomright = (box.right - t.px(30), y)

    def _code_top(self) -> int:
        return self.box.top + self.theme.px(164 + ROW * len(self.addresses))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        box = self.box
        panel(surface, box, th.PAPER, radius=t.px(16), shadow=t.px(8), border=th.ACCENT_DARK)
        blit_text(surface, _(INVITE), (box.centerx, box.top + t.px(38)),
                  t.px(36), th.INK, True, anchor="center", width=box.width - t.px(60))
        left = box.left + t.px(30)
        half = box.width // 2 - t.px(50)
        blit_wrapped(surface, _("They choose Join online game on the title screen and type "
                                "one of these addresses and the room code."),
                     pygame.Rect(left, box.top + t.px(74), box.width - t.px(60), t.px(56)),
                     t.px(21), DIM_INK)
        blit_text(surface, _("Address"), (left, box.top + t.px(134)), t.px(21), th.INK, True)
        for address, button in zip(self.addresses, self.copy_buttons, strict=True):
            blit_text(surface, address, (left, button.rect.centery), t.px(22), th.INK,
                      anchor="midleft", width=half - t.px(110))
            blit_text(surface, reach_label(address), (left, button.rect.bottom + t.px(2)),
                      t.px(17), DIM_INK, width=half)  # under its Copy button too
        code_top = self._code_top()
        blit_text(surface, _("Room code"), (left, code_top), t.px(21), th.INK, True)
        blit_text(surface, self.hosted.code, (left, self.copy_code.rect.centery), t.px(34),
                  th.ACCENT_DARK, True, anchor="midleft", width=half - t.px(110))
        blit_wrapped(surface, who_holds_the_game(),
                     pygame.Rect(left, self.start_button.rect.top - t.px(62),
                                 box.width - t.px(60), t.px(56)), t.px(19), DIM_INK)
        self._draw_seats(surface, pygame.Rect(box.centerx + t.px(10), box.top + t.px(134),
                                              half + t.px(20), t.px(360)))
        super().draw(surface)

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        t = self.theme
        blit_text(surface, _("Seats"), area.topleft, t.px(21), th.INK, True)
        y = area.top + t.px(40)
        for i, (line, waiting) in enumerate(self.seat_lines()):
            icon = art.ichto(self.door.now().seats[i].colour, t.px(36))
            surface.blit(icon, icon.get_rect(center=(area.left + t.px(18), y + t.px(14))))
            blit_text(surface, line, (area.left + t.px(44), y + t.px(2)), t.px(22),
                      DIM_INK if waiting else th.INK, width=area.width - t.px(44))
            y += t.px(44)
        free = self.free_seats()
        note = (fmt("{count} online seats are still free.", count=free) if free > 1 else
                _("One online seat is still free.") if free == 1 else
                _("Everybody is here."))
        blit_text(surface, note, (area.left, y + t.px(10)), t.px(20), DIM_INK,
                  width=area.width)

    def seat_lines(self) -> list[tuple[str, bool]]:
        """Each seat in a sentence, and whether it still waits for a player."""
        mirror = self.door.link.mirror
        lines = []
        for i, seat in enumerate(self.door.now().seats):
            colour = colour_word(seat.colour)
            if i in self.door.links:  # played at this computer (by hand, or a bot)
                lines.append((fmt("{name} ({colour}): here", name=seat.name, colour=colour),
                              False))
            elif not is_person(seat.kind):
                lines.append((fmt("{name} ({colour}): computer", name=seat.name,
                                  colour=colour), False))
            elif mirror.has_joined(i):
                lines.append((fmt("{name} ({colour}): joined", name=seat.name, colour=colour),
                              False))
            else:
                lines.append((fmt("{colour}: waiting for a player...", colour=colour), True))
        return lines

    def autoplay_step(self) -> None:
        """A game that plays itself starts once everybody has joined (or, after a while,
        with AI in the free seats)."""
        if self.start_button.enabled or (self.age > AUTOPLAY_WAIT and self.fill_button.visible):
            self.start()
