"""New game: 3-5 seats, each human or AI (with strength), a name and a colour; a seed."""

from __future__ import annotations

import random

import pygame

from urland import library
from urland.engine import COLOUR_NAMES
from urland.scenes.base import Scene
from urland.session import Seat, Session
from urland.ui import art
from urland.ui import theme as th
from urland.ui.backdrop import backdrop
from urland.ui.text import blit_text
from urland.ui.widgets import Button, Choice, Stepper, TextField, panel

DEFAULT_NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve")
KIND_LABELS = {"human": "Human", "easy": "AI - easy", "medium": "AI - medium",
               "hard": "AI - hard"}


class SeatRow:
    def __init__(self, index: int, kind: str) -> None:
        self.colour = index
        self.name = TextField(DEFAULT_NAMES[index], limit=14)
        kinds = list(KIND_LABELS)
        self.kind = Choice(kinds, kinds.index(kind), labels=list(KIND_LABELS.values()))
        self.colour_button = Button("", lambda: None, "paper")
        self.rect = pygame.Rect(0, 0, 0, 0)


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows = [SeatRow(i, "human" if i == 0 else "medium") for i in range(5)]
        for i, row in enumerate(self.rows):
            row.colour_button.on_click = lambda i=i: self._next_colour(i)
        self.players = Stepper(4, 3, 5, fmt=lambda v: f"{v} players")
        self.seed = TextField("", limit=9, placeholder="random", digits=True)
        self.start = Button("Start", self.begin, "primary", key=pygame.K_RETURN)
        self.back = Button("Back", self.app.pop, key=pygame.K_ESCAPE)
        self.buttons = [self.start, self.back]
        self.error = ""

    def _next_colour(self, i: int) -> None:
        """Step a seat to the next colour; a seat already wearing it takes the old one."""
        row = self.rows[i]
        new = (row.colour + 1) % 5
        for other in self.rows[:self.players.value]:
            if other is not row and other.colour == new:
                other.colour = row.colour
        row.colour = new

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
            row.colour_button.rect = pygame.Rect(row.rect.left + t.px(10), y + t.px(4),
                                                 t.px(150), t.px(48))
            row.name.rect = pygame.Rect(row.rect.left + t.px(180), y + t.px(4), t.px(260),
                                        t.px(48))
            row.kind.rect = pygame.Rect(row.rect.right - t.px(250), y + t.px(4), t.px(240),
                                        t.px(48))
        self.start.rect = pygame.Rect(0, 0, t.px(220), t.px(54))
        self.start.rect.bottomright = (box.right - t.px(30), box.bottom - t.px(24))
        self.back.rect = pygame.Rect(0, 0, t.px(160), t.px(54))
        self.back.rect.bottomleft = (box.left + t.px(30), box.bottom - t.px(24))

    def box(self) -> pygame.Rect:
        t = self.theme
        r = pygame.Rect(0, 0, t.px(900), t.px(640))
        r.center = (t.size[0] // 2, t.size[1] // 2)
        return r

    def active_rows(self) -> list[SeatRow]:
        return self.rows[:self.players.value]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.players.handle(event) if event.type != pygame.KEYDOWN else False:
            return True
        if self.seed.handle(event):
            return True
        for row in self.active_rows():
            if row.name.handle(event) or row.kind.handle(event) or row.colour_button.handle(event):
                return True
        return super().handle(event)

    def seats(self) -> list[Seat]:
        return [Seat(row.name.text.strip() or COLOUR_NAMES[row.colour], row.colour, row.kind.value)
                for row in self.active_rows()]

    def begin(self) -> None:
        colours = [r.colour for r in self.active_rows()]
        if len(set(colours)) != len(colours):
            self.error = "Each seat needs its own colour."
            return
        unfinished = library.unfinished_autosave()
        if unfinished is None:
            self.start_game()
            return
        self.app.open("confirm", title="Start a new game?",
                      text=f"A game is still in play: {unfinished.players_text()}\n"
                           f"{unfinished.status_text()}.\nIt stays saved: Load game lists it.",
                      confirm="Start new game", cancel="Back", on_confirm=self.start_game)

    def start_game(self) -> None:
        """Start at once; an unfinished autosave is first moved into the saves folder."""
        seed = int(self.seed.text) if self.seed.text else random.randrange(1, 10**9)
        session = Session.new(self.seats(), seed, library.new_game_path())
        self.app.show("table", session=session)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))
        box = self.box()
        panel(surface, box, th.PAPER, radius=t.px(16), shadow=t.px(8), border=th.ACCENT_DARK)
        blit_text(surface, "New game", (box.centerx, box.top + t.px(44)), t.px(44), th.INK, True,
                  anchor="center")
        blit_text(surface, "Seed", (self.seed.rect.left - t.px(12), self.seed.rect.centery),
                  t.px(24), th.INK, anchor="midright")
        self.players.draw(surface, t)
        self.seed.draw(surface, t)
        for i, row in enumerate(self.active_rows()):
            pygame.draw.rect(surface, th.PAPER_DARK if i % 2 else (236, 226, 204), row.rect,
                             border_radius=t.px(8))
            b = row.colour_button
            b.label = ""
            b.draw(surface, t)
            image = art.ichto(row.colour, t.px(40))
            surface.blit(image, image.get_rect(midleft=(b.rect.left + t.px(8), b.rect.centery)))
            blit_text(surface, COLOUR_NAMES[row.colour], (b.rect.left + t.px(56), b.rect.centery),
                      t.px(24), th.INK, True, anchor="midleft")
            row.name.draw(surface, t)
            row.kind.draw(surface, t)
        humans = sum(1 for r in self.active_rows() if r.kind.value == "human")
        hint = ("One screen, passed around: secrets are shown only after a hand-over screen."
                if humans > 1 else "Solo against the computer." if humans == 1
                else "Watch the computer play.")
        blit_text(surface, self.error or hint, (box.centerx, box.bottom - t.px(100)), t.px(22),
                  th.BAD if self.error else (100, 90, 80), anchor="center")
        super().draw(surface)

    def autoplay_step(self) -> None:
        auto = self.app.autoplay
        if auto is None or self.age < 0.6:
            return
        kinds = {"ai": "medium", "human": "human", "easy": "easy", "medium": "medium",
                 "hard": "hard", "random": "easy"}
        self.players.value = len(auto.seats)
        for row, kind in zip(self.rows, auto.seats, strict=False):
            row.kind.index = list(KIND_LABELS).index(kinds.get(kind, "medium"))
        self.seed.text = str(auto.seed)
        self.begin()
