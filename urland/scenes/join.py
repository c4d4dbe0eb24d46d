"""Join online game: the server's address, the room code and a name; games found on the local
network listed by themselves. Joining takes a free online seat (or one's own seat again) and
opens the table for it. The address and name come back as last typed; each field takes a
paste (Ctrl+V, Cmd+V), and an invitation (`ws://host:port/ROOM-CODE`) fills both the
address and the room code: pasted, at once; typed, when its typing ends (Tab, Enter, a click
elsewhere, Join). The invitation's code replaces the one in Room code: it is the newer."""

from __future__ import annotations

import pygame

from urland.net.addresses import split_invitation
from urland.net.discovery import Finder
from urland.net.joining import Joiner
from urland.scenes.base import Dialog
from urland.texts.i18n import L_, _, fmt
from urland.ui import theme as th
from urland.ui.clipboard import is_paste, paste
from urland.ui.focus import Target, targets_of
from urland.ui.text import blit_text, blit_wrapped
from urland.ui.widgets import Button, TextField
from urland.userfiles.identity import online_identity, read_identity, replace_identity
from urland.userfiles.join_memory import read_join, save_join

HINT_INK = (96, 88, 80)
REFUSALS = {
    "no-room": L_("There is no game with that room code on this server."),
    "token": L_("That seat belongs to someone else."),
    "full": L_("Every seat of this game is taken."),
    "over": L_("The game in this room is over: ask for the code of a new one."),
    "version": L_("The server runs another version of Urland: both need the same version."),
    "busy": L_("Too many connections from your address: try again in a moment."),
    "not-kept": L_("The server cannot keep a new seat just now: try again later."),
    "name-taken": L_("Another player of this server has that name, or one that looks like "
                     "it: choose another."),
    "slow-down": L_("Too many wrong room codes from your address: wait a minute, then check "
                    "the code and try again."),
}


class JoinScene(Dialog):
    name = "join"
    width, height = 720, 540

    def __init__(self, app, rejoin: bool = False) -> None:
        """`rejoin`: join at once with the game remembered (the title's Continue online
        game); the form stays open, saying why, if that seat cannot be taken."""
        super().__init__(app)
        address, room, name = read_join()
        self.address = TextField(address, limit=120, placeholder=L_("host:port or ws://..."))
        self.room = TextField(room, limit=40, placeholder=L_("room code"))
        self.player = TextField(name, limit=24, placeholder=L_("your name"))
        first = next((f for f in (self.address, self.room, self.player) if not f.text), None)
        if first is None:  # all remembered: the address first, selected, so typing replaces it
            first = self.address
            first.select_all()
        first.focus = True  # the first field left to type
        self.fields = [self.address, self.room, self.player]
        self.join_button = Button(L_("Join"), self.join, "primary", key=pygame.K_RETURN)
        self.cancel_button = Button(L_("Cancel"), self.close, key=pygame.K_ESCAPE)
        self.buttons = [self.join_button, self.cancel_button]
        self.finder = Finder()
        self.found_buttons: list[Button] = []
        self.joiner: Joiner | None = None
        self.problem = ""
        # The identity file is damaged and the player was told: the next Join takes a new one
        self.new_identity_offered = False
        if rejoin:
            self.join()

    def text_fields(self) -> list[TextField]:
        return self.fields  # letters are typed (an M does not mute here)

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        left, width = box.left + t.px(200), box.width - t.px(230)
        for i, field in enumerate(self.fields):
            field.rect = pygame.Rect(left, box.top + t.px(80 + 58 * i), width, t.px(44))
        self.place_pair(self.join_button, self.cancel_button)

    def close(self) -> None:
        self.finder.close()
        self.app.remove(self)

    def join(self) -> None:
        if self.joiner is not None:
            return
        self.problem = ""  # a new attempt: what went wrong with the last one is no longer news
        self._take_invitation_code()
        address, room = self.address.text.strip(), self.room.text.strip()
        if not address or not room:
            self.problem = _("Type the server's address and the room code.")
            return
        if not self._identity_ready():
            return
        try:
            self.joiner = Joiner(address, room, self.player.text.strip())
        except ValueError:
            self.problem = _("That is not a server address: write host:port, for example "
                             "192.168.1.20:8765.")
            return

    def _identity_ready(self) -> bool:
        """The player's identity can be read (or is made now); a damaged one is said, and
        the next Join takes a new one (the damaged file kept aside). False: said, not joined."""
        if self.new_identity_offered:
            self.new_identity_offered = False
            identity, kept = replace_identity()
            if identity is None:
                self.problem = kept
                return False
            return True
        identity, _problem = online_identity()
        if identity is not None or not read_identity()[1]:
            return True  # (a file that cannot be written only joins without an identity)
        self.new_identity_offered = True
        self.problem = _("Your online identity is damaged. Join again to take a new one.")
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        joiner = self.joiner
        if joiner is None or not joiner.done.is_set():
            self._list_found()
            return
        self.joiner = None
        if joiner.link is None:
            refusal = REFUSALS.get(joiner.refused)
            self.problem = (str(refusal) if refusal else fmt(
                "No Urland game answers at {address}. Check the address, and that the host "
                "has the game open.", address=self.address.text.strip())
                if joiner.unreachable else fmt("Could not join: {why}", why=joiner.failure))
            return
        self.finder.close()
        save_join(self.address.text.strip(), self.room.text.strip(), self.player.text.strip())
        from urland.table.remote import RemoteTable

        self.app.show("online_table", door=RemoteTable(joiner.link))

    def _list_found(self) -> None:
        games = self.finder.found()[:3]
        if [b.label for b in self.found_buttons] == [str(g) for g in games]:
            return
        t = self.theme
        box = self.box()
        self.found_buttons = []
        for i, game in enumerate(games):
            button = Button(str(game), lambda a=game.address: self._pick(a))
            button.rect = pygame.Rect(box.left + t.px(30), box.top + t.px(300 + 46 * i),
                                      box.width - t.px(60), t.px(40))
            self.found_buttons.append(button)
        self.buttons = [self.join_button, self.cancel_button, *self.found_buttons]

    def _pick(self, address: str) -> None:
        self.address.text, self.problem = address, ""
        self.room.focus = True

    def _take_invitation_code(self) -> None:
        """An invitation typed into Server: its room code goes to Room code (replacing the
        one there, which is older than what was just typed) and Server keeps the address."""
        address, code = split_invitation(self.address.text)
        if code:
            self.address.text, self.room.text = address, code
            self.address.selected = self.room.selected = False
            self.problem = ""

    def paste_into(self, field: TextField) -> None:
        """The clipboard into `field`: an invitation fills the address and the room code."""
        text = paste()
        if text:
            self.problem = ""  # the form is being filled in again: the old problem is gone
        address, code = split_invitation(text)
        if code:
            self.address.text, self.room.text = address[:self.address.limit], code
            self.address.selected = self.room.selected = False  # replaced, as typing would
        else:
            field.put(text)

    def focus_targets(self) -> list[Target]:
        """Tab's order: the three fields, Join, Cancel, then each game found on the network."""
        return targets_of(*self.fields, *self.buttons)

    def _tab(self, typing: TextField | None, step: int) -> None:
        """Tab / Shift+Tab: the next field (typing there, what it holds selected so typing
        replaces it) or the next button (the ring on it, no field typing)."""
        targets = self.focus_targets()
        keys = [t.key for t in targets]
        ringed = self.focus.focused(targets)
        at = (keys.index(typing) if typing is not None
              else keys.index(ringed.key) if ringed is not None else -1 if step > 0 else 0)
        ahead = keys[(at + step) % len(keys)]
        for field in self.fields:
            field.focus = field is ahead
        if isinstance(ahead, TextField):
            ahead.select_all()
        self.focus.put(ahead)

    def handle(self, event: pygame.event.Event) -> bool:
        typing_address = self.address.focus
        handled = self._handle(event)
        if typing_address and not self.address.focus:  # its typing ended: Tab, a click away
            self._take_invitation_code()
        return handled

    def _handle(self, event: pygame.event.Event) -> bool:
        focused = next((f for f in self.fields if f.focus), None)
        if focused is not None and is_paste(event):
            self.paste_into(focused)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._tab(focused, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        for field in self.fields:
            before = field.text
            if field.handle(event):
                if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
                    self.join()
                elif field.text != before:  # being corrected: the old problem is gone
                    self.problem = ""
                return True
        super().handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        box = self.draw_box(surface, _("Join online game"))
        t = self.theme
        labels = (_("Server"), _("Room code"), _("Your name"))
        for field, label in zip(self.fields, labels, strict=True):
            blit_text(surface, label, (box.left + t.px(30), field.rect.centery), t.px(24),
                      th.INK, True, anchor="midleft", width=t.px(165))
            field.draw(surface, t)
        y = box.top + t.px(262)
        heading = (_("Games on this network:") if self.found_buttons else
                   _("No game found on this network yet: type the address the host gives you."))
        blit_text(surface, heading, (box.left + t.px(30), y), t.px(20), HINT_INK,
                  width=box.width - t.px(60))
        if self.joiner is not None:
            status, colour = _("Connecting..."), th.INK
        else:
            status, colour = self.problem, th.BAD
        if status:  # on two lines where one is too narrow (a long address, a small window)
            blit_wrapped(surface, status, pygame.Rect(box.left + t.px(30), box.bottom - t.px(
                128), box.width - t.px(60), t.px(48)), t.px(21), colour, centre=True)
        super().draw(surface)
