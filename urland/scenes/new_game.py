"""New game: 3-5 seats, each human, AI (its strength explained in a line) or online (a hosted
game: the `host` scene), a name and a colour; a seed. The seats come back as last time
(urland.userfiles.setup_memory). A colour is chosen from a strip showing all five and who
wears each; choosing one another seat wears swaps the two, and the screen says so."""

from __future__ import annotations

import random

import pygame

from urland.bots.registry import BOTS
from urland.engine import PLAYER_COUNTS
from urland.scenes.base import Scene
from urland.scenes.seat_row import DIM_INK, SeatRow, seats_problem
from urland.seats import plays_elsewhere, seat_kind
from urland.table import library
from urland.table.session import Seat, Session
from urland.texts.i18n import L_, _, fmt
from urland.texts.prompts import table_kind_line
from urland.texts.words import colour_word
from urland.ui import art
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.colour_picker import ColourPicker
from urland.ui.focus import Target, targets_of
from urland.ui.text import blit_text
from urland.ui.widgets import Button, Stepper, TextField, panel
from urland.userfiles.setup_memory import Setup, read_setup, save_setup

FLASH_SECONDS = 2.0


class NewGameScene(Scene):
    name = "new_game"
    fit = (1080, 680)  # its box (see `box`) and a margin

    def __init__(self, app) -> None:
        super().__init__(app)
        # Autoplay sets its own seats and must leave the player's remembered set-up alone.
        setup, problem = (Setup(), "") if app.autoplay else read_setup()
        thinking = app.settings.expert_thinking
        self.rows = [SeatRow(seat, thinking, self.choose_thinking) for seat in setup.seats]
        for i, row in enumerate(self.rows):
            row.colour_button.on_click = lambda i=i: self.open_picker(i)
        self.players = Stepper(setup.players, min(PLAYER_COUNTS), max(PLAYER_COUNTS),
                               fmt=lambda v: fmt("{count} players", count=v))
        self.seed = TextField("", limit=9, placeholder=L_("random"), digits=True)
        self.start = Button(L_("Start"), self.begin, "primary", key=pygame.K_RETURN)
        self.back = Button(L_("Back"), self.go_back, key=pygame.K_ESCAPE)
        self.buttons = [self.start, self.back]
        self.error = ""
        self.message = problem  # what just happened: a swap, or a set-up that was not read
        self.picker = ColourPicker()

    # --- colours ------------------------------------------------------------------------------

    def open_picker(self, i: int) -> None:
        self.picker.seat = None if self.picker.seat == i else i
        self.layout_picker()

    def holder(self, colour: int) -> int | None:
        """The active seat wearing `colour`, if any."""
        return next((i for i, row in enumerate(self.active_rows()) if row.colour == colour), None)

    def choose_colour(self, i: int, colour: int) -> None:
        """Give seat `i` the colour; the seat that wore it takes seat i's old one, and the
        message names both. All five rows always wear five different colours, so adding a
        player never makes two seats alike."""
        row = self.rows[i]
        self.picker.seat = None
        if row.colour == colour:
            return
        old = row.colour
        other = next(r for r in self.rows if r.colour == colour)
        other.colour, row.colour = old, colour
        holder = self.holder(old)
        if holder is not None:
            self.message = fmt("{a} and {b} swapped colours: {a} is {a_colour}, {b} is "
                               "{b_colour}.", a=row.label(i), b=other.label(holder),
                               a_colour=colour_word(colour), b_colour=colour_word(old))
            other.flash = FLASH_SECONDS
        else:
            self.message = fmt("{a} is {a_colour}.", a=row.label(i), a_colour=colour_word(colour))
        row.flash = FLASH_SECONDS
        self.error = ""

    def choose_thinking(self, key: str) -> None:
        """The expert's thinking time, chosen on a seat: one setting (Settings shows it too),
        so every expert seat shows it."""
        self.app.settings.expert_thinking = key
        self.app.save_settings()
        for row in self.rows:
            row.show_thinking(key)

    # --- layout -------------------------------------------------------------------------------

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.players.rect = pygame.Rect(box.left + t.px(40), box.top + t.px(86), t.px(260),
                                        t.px(48))
        self.seed.rect = pygame.Rect(box.right - t.px(220), box.top + t.px(86), t.px(180),
                                     t.px(48))
        for i, row in enumerate(self.rows):
            y = box.top + t.px(160) + i * t.px(64)
            row.rect = pygame.Rect(box.left + t.px(30), y, box.width - t.px(60), t.px(56))
            left = row.rect.left + t.px(10)
            row.colour_button.rect = pygame.Rect(left, y + t.px(4), t.px(160), t.px(48))
            row.name.rect = pygame.Rect(left + t.px(176), y + t.px(4), t.px(230), t.px(48))
            row.kind.rect = pygame.Rect(left + t.px(422), y + t.px(4), t.px(216), t.px(48))
            row.about = pygame.Rect(row.kind.rect.right + t.px(16), y,
                                    row.rect.right - row.kind.rect.right - t.px(26), t.px(56))
            row.thinking.rect = pygame.Rect(row.about.left, y + t.px(4),
                                            min(row.about.width, t.px(260)), t.px(48))
        self.start.rect = pygame.Rect(0, 0, t.px(220), t.px(54))
        self.start.rect.bottomright = (box.right - t.px(30), box.bottom - t.px(24))
        self.back.rect = pygame.Rect(0, 0, t.px(160), t.px(54))
        self.back.rect.bottomleft = (box.left + t.px(30), box.bottom - t.px(24))
        self.layout_picker()

    def layout_picker(self) -> None:
        if self.picker.seat is not None:
            self.picker.layout(self.theme, self.rows[self.picker.seat].colour_button.rect,
                               self.back.rect.top - self.theme.px(8))

    def box(self) -> pygame.Rect:
        t = self.theme
        return pygame.Rect(0, 0, t.px(1040), t.px(640)).move_to(
            center=(t.size[0] // 2, t.size[1] // 2))

    def active_rows(self) -> list[SeatRow]:
        return self.rows[:self.players.value]

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.picker.seat is not None and self.handle_picker(event):
            return True
        if self.players.handle(event) if event.type != pygame.KEYDOWN else False:
            self.picker.seat = None
            return True
        if self.seed.handle(event):
            return True
        for row in self.active_rows():
            if (row.name.handle(event) or row.kind.handle(event)
                    or row.colour_button.handle(event)
                    or (row.thinks and row.thinking.handle(event))):
                return True
        return super().handle(event)

    def handle_picker(self, event: pygame.event.Event) -> bool:
        """While the strip is open: a click on a colour chooses it, a click elsewhere or Esc
        closes it."""
        seat = self.picker.seat
        assert seat is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.picker.seat = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            colour = self.picker.colour_at(event.pos)
            if colour is None:
                self.picker.seat = None
            else:
                self.choose_colour(seat, colour)
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        for row in self.rows:
            row.flash = max(0.0, row.flash - dt)

    # --- starting -----------------------------------------------------------------------------

    def seats(self) -> list[Seat]:
        """The seats to play; a bot that takes a thinking time gets the one chosen."""
        seconds = self.app.settings.expert_seconds
        return [Seat(row.name.text.strip() or colour_word(row.colour), row.colour, row.kind.value,
                     seconds if row.thinks else None)
                for row in self.active_rows()]

    def setup(self) -> Setup:
        return Setup(self.players.value, [row.setup() for row in self.rows])

    def text_fields(self) -> list[TextField]:
        return [*(row.name for row in self.rows), self.seed]

    def focus_targets(self) -> list[Target]:
        """The player count and the seed; row by row its colour, name and kind; the buttons.
        With the colour strip open: its five colours."""
        if (seat := self.picker.seat) is not None:
            return self.picker.targets(lambda colour: self.choose_colour(seat, colour))
        rows = [w for r in self.active_rows()
                for w in (r.colour_button, r.name, r.kind, *([r.thinking] if r.thinks else []))]
        return targets_of(self.players, self.seed, *rows, *self.buttons)

    def remember(self) -> None:
        if self.app.autoplay is None:
            save_setup(self.setup())

    def go_back(self) -> None:
        if self.picker.seat is not None:
            self.picker.seat = None
            return
        self.remember()
        self.app.pop()

    def begin(self) -> None:
        if problem := seats_problem(self.active_rows(), self.seats()):
            self.error = problem
        elif self.seed.text and any(plays_elsewhere(s.kind) for s in self.seats()):
            # a seed known here would tell every hand to the player who typed it
            self.error = _("A game with online seats draws its own seed: clear the seed.")
        elif (unfinished := library.unfinished_autosave()) is None:
            self.start_game()
        else:
            self.app.open("confirm", title=_("Start a new game?"),
                          text=fmt("A game is still in play: {players}\n{status}.\nIt stays "
                                   "saved: Load game lists it.", players=unfinished.players_text(),
                                   status=unfinished.status_text()),
                          confirm=_("Start new game"), cancel=_("Back"), on_confirm=self.start_game)

    def start_game(self) -> None:
        """Start at once; an unfinished autosave is first moved into the saves folder."""
        self.remember()
        seed = int(self.seed.text) if self.seed.text else random.randrange(1, 10**9)
        if any(plays_elsewhere(s.kind) for s in self.seats()):
            return self.app.show("host", seats=self.seats(), seed=seed)
        session = Session.new(self.seats(), seed, library.new_game_path())
        self.app.show("table", session=session)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        box = self.box()
        panel(surface, box, th.PAPER, radius=t.px(16), shadow=t.px(8), border=th.ACCENT_DARK)
        blit_text(surface, _("New game"), (box.centerx, box.top + t.px(44)), t.px(44), th.INK, True,
                  anchor="center")
        blit_text(surface, _("Seed"), (self.seed.rect.left - t.px(12), self.seed.rect.centery),
                  t.px(24), th.INK, anchor="midright")
        self.players.draw(surface, t)
        self.seed.draw(surface, t)
        for i, row in enumerate(self.active_rows()):
            self.draw_row(surface, i, row)
        hint = table_kind_line([r.kind.value for r in self.active_rows()])
        line, colour = ((self.error, th.BAD) if self.error
                        else (self.message, th.ACCENT_DARK) if self.message
                        else (hint, DIM_INK))
        blit_text(surface, line, (box.centerx, box.bottom - t.px(100)), t.px(22), colour,
                  bold=bool(self.error or self.message), anchor="center",
                  width=box.width - t.px(40))
        super().draw(surface)
        for row in self.active_rows() if self.focus.tips_due() else ():
            row.draw_tooltip(surface, t)
        seat = self.picker.seat
        if seat is not None:
            wearers = [None if (h := self.holder(c)) is None else self.rows[h].label(h)
                       for c in range(5)]
            self.picker.draw(surface, t, self.rows[seat].label(seat), self.rows[seat].colour,
                             wearers)

    def draw_row(self, surface: pygame.Surface, i: int, row: SeatRow) -> None:
        t = self.theme
        pygame.draw.rect(surface, th.PAPER_DARK if i % 2 else (236, 226, 204), row.rect,
                         border_radius=t.px(8))
        b = row.colour_button
        b.draw(surface, t)
        if row.flash > 0 or self.picker.seat == i:
            pygame.draw.rect(surface, th.ACCENT_DARK, b.rect.inflate(t.px(6), t.px(6)),
                             t.px(3), border_radius=t.px(10))
        image = art.ichto(row.colour, t.px(40))
        surface.blit(image, image.get_rect(midleft=(b.rect.left + t.px(8), b.rect.centery)))
        blit_text(surface, colour_word(row.colour), (b.rect.left + t.px(56), b.rect.centery),
                  t.px(24), th.INK, True, anchor="midleft",
                  width=b.rect.right - b.rect.left - t.px(60))
        row.name.draw(surface, t)
        row.kind.draw(surface, t)
        row.draw_about(surface, t)

    def autoplay_step(self) -> None:
        auto = self.app.autoplay
        if auto is None or not auto.tours or self.age < 0.6:
            return
        self.players.value = len(auto.seats)
        for row, kind in zip(self.rows, auto.seats, strict=False):
            kind = seat_kind(kind).key  # "ai" is the default bot
            if kind not in row.kind.values:  # a bot New game does not offer (random)
                row.kind.values.append(kind)
                row.kind.labels.append(BOTS[kind].label)
            row.kind.index = row.kind.values.index(kind)
            row.kind.label = row.kind.labels[row.kind.index]
        hosted = any(plays_elsewhere(kind) for kind in auto.seats)
        self.seed.text = "" if hosted else str(auto.seed)  # hosted: a secret seed
        self.begin()
