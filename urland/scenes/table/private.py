"""Private steps at the table: the hand-over curtain, the scoring chip, the dead player's look."""

from __future__ import annotations

import pygame

from urland.engine import Move
from urland.scenes.table.dialog import TableDialog
from urland.texts.i18n import L_, _, fmt
from urland.texts.words import colour_word
from urland.ui import art
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop
from urland.ui.key_map import CHOOSE, choose_step
from urland.ui.text import blit_text, blit_wrapped
from urland.ui.widgets import Button, panel


class HandOverScene(TableDialog):
    """A curtain before private information at a shared screen. It repeats what everybody has
    just seen happen (the table's public news), so nobody misses a scoring behind it."""

    name = "handover"
    has_menu = False  # its own Menu button opens the pause menu
    width, height = 640, 360

    def __init__(self, app, table, seat: int, what: str, then=None) -> None:
        super().__init__(app, table)
        self.seat = seat
        self.what = what
        self.then = then
        self.news = table.news.public_results()
        if self.news:
            self.height = 380 + 30 * sum(len(n) // 60 + 1 for n in self.news)
        seat_obj = self.door.now().seats[seat]
        self.ok = Button(fmt("I am {name}", name=seat_obj.name), self.confirm, "primary",
                         key=pygame.K_RETURN)
        self.menu = Button(L_("Menu"), lambda: self.app.open("pause", leave=table.to_title),
                           key=pygame.K_ESCAPE)
        self.buttons = [self.ok, self.menu]

    def confirm(self) -> None:
        self.table.flow.handed_over(self.seat)  # the table opens the private step now...
        self.app.remove(self)
        if self.then is not None:
            self.then()  # ... or this curtain's own look

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.ok.rect = pygame.Rect(0, 0, t.px(280), t.px(56))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(28))
        self.menu.rect = pygame.Rect(t.size[0] - t.px(120), t.px(7), t.px(110), t.px(36))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))  # the table stays hidden behind the curtain
        seat = self.door.now().seats[self.seat]
        box = self.draw_box(surface, fmt("Pass the screen to {name}", name=seat.name))
        image = art.ichto(seat.colour, t.px(84))
        surface.blit(image, image.get_rect(center=(box.centerx, box.top + t.px(118))))
        blit_text(surface, fmt("{name} plays {colour}.", name=seat.name,
                               colour=colour_word(seat.colour)),
                  (box.centerx, box.top + t.px(180)), t.px(26), th.INK, True, anchor="center",
                  width=box.width - t.px(40))
        what = fmt(self.what, name=seat.name)
        blit_text(surface, fmt("Everybody else, look away: {what}.", what=what),
                  (box.centerx, box.top + t.px(214)), t.px(23), (100, 90, 80), anchor="center",
                  width=box.width - t.px(40))
        if self.news:
            area = pygame.Rect(box.left + t.px(30), box.top + t.px(246), box.width - t.px(60),
                               self.ok.rect.top - box.top - t.px(262))
            panel(surface, area, (238, 230, 210), radius=t.px(8))
            blit_text(surface, _("Just happened, for everyone:"), (area.left + t.px(12),
                      area.top + t.px(8)), t.px(19), (100, 90, 80), True)
            text_area = area.inflate(-t.px(24), -t.px(40)).move(0, t.px(14))
            for item in self.news:
                used = blit_wrapped(surface, item, text_area, t.px(20), th.INK)
                text_area.top += used + t.px(4)
        super().draw(surface)


class ChipScene(TableDialog):
    """The environment player lays one of three chips face down."""

    peekable = True
    name = "choose_chip"
    own_keys = CHOOSE  # Left and Right: the one before, the next one
    width, height = 760, 470

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app, table)
        self.seat = seat
        self.view = self.door.view(seat)
        self.chips = sorted(self.view.known_hand())
        # None preselected: a ring on one chip reads as advice, and the first in order may be
        # an empty region. The button waits until the player picks one.
        self.selected: int | None = None
        self.chip_rects: list[pygame.Rect] = []
        self.ok = Button(L_("Lay it face down"), self.confirm, "primary", key=pygame.K_RETURN,
                         enabled=False)
        self.buttons = [self.ok]

    def pick(self, chip: int) -> None:
        self.selected = chip
        self.ok.enabled = True

    def confirm(self) -> None:
        if self.selected is not None:
            self.submit(Move("chip", count=self.selected))

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        size = t.px(120)
        gap = t.px(60)
        total = len(self.chips) * size + (len(self.chips) - 1) * gap
        x = box.centerx - total // 2
        self.chip_rects = [pygame.Rect(x + i * (size + gap), box.top + t.px(110), size, size)
                           for i in range(len(self.chips))]
        self.ok.rect = pygame.Rect(0, 0, t.px(280), t.px(54))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(26))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for chip, rect in zip(self.chips, self.chip_rects, strict=True):
                if rect.collidepoint(event.pos):
                    self.pick(chip)
                    return True
        if step := choose_step(event):
            if self.selected is None:  # Right: the first chip, Left: the last
                i = 0 if step > 0 else -1
            else:
                i = (self.chips.index(self.selected) + step) % len(self.chips)
            self.pick(self.chips[i])
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, _("Choose the region to be scored"))
        state = self.view.state
        for chip, rect in zip(self.chips, self.chip_rects, strict=True):
            if chip == self.selected:
                pygame.draw.circle(surface, th.ACCENT, rect.center, rect.width // 2 + t.px(10))
            image = art.chip(chip, rect.width)
            surface.blit(image, rect)
            root = state.root(state.chip_area(chip))
            x = rect.centerx - t.px(50)
            y = rect.bottom + t.px(30)
            present = [s for s in range(state.n) if state.count(root, s)]
            if not present:
                blit_text(surface, _("empty"), (rect.centerx, y), t.px(22), (110, 100, 90),
                          anchor="center")
            for i, s in enumerate(present):
                icon = art.ichto(state.colours[s], t.px(30))
                px = x + (i % 3) * t.px(36)
                py = y + (i // 3) * t.px(34)
                surface.blit(icon, icon.get_rect(center=(px, py)))
                blit_text(surface, str(state.count(root, s)), (px + t.px(14), py + t.px(8)),
                          t.px(20), th.INK, True)
        blit_text(surface, _("The other two chips go face down to the dead player."),
                  (box.centerx, box.bottom - t.px(100)), t.px(22), (100, 90, 80),
                  anchor="center", width=box.width - t.px(40))
        super().draw(surface)


class PeekScene(TableDialog):
    """The dead player looks at the two chips passed to them (the game waits meanwhile, so
    the board and what happened since may be looked at too)."""

    peekable = True
    name = "peek"
    width, height = 640, 380

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app, table)
        self.seat = seat
        self.chips = sorted(self.door.view(seat).known_hand())
        self.ok = Button(L_("Hide the chips"), self.close, "primary", key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def close(self) -> None:
        self.table.flow.looked()
        self.app.remove(self)

    def update(self, dt: float) -> None:
        super().update(dt)
        # The look belongs to the turn its seat is dead in (rules 4.1 and 4.5). Online the game
        # goes on meanwhile: once the seat is no longer the dead player (the next turn has
        # begun: it now chooses among these chips and a third) the look gives way, so the
        # table, its top bar and the decision asked are all of the turn being played.
        now = self.door.now()
        if self.app.scene is self and (now.over or now.view.state.dead != self.seat):
            self.close()

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.ok.rect = pygame.Rect(0, 0, t.px(240), t.px(54))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(24))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        name = self.door.now().seats[self.seat].name
        box = self.draw_box(surface, fmt("{name}: the two chips passed to you", name=name))
        for i, chip in enumerate(self.chips):
            image = art.chip(chip, t.px(100))
            surface.blit(image, image.get_rect(center=(box.centerx + (i - 0.5) * t.px(140),
                                                       box.top + t.px(150))))
        blit_wrapped(surface, _("The regions of these two chips will not be scored this turn. "
                                "Next turn you draw a third and choose among them. Keep them "
                                "secret."),
                     pygame.Rect(box.left + t.px(30), box.top + t.px(218), box.width - t.px(60),
                                 t.px(64)), t.px(22), th.INK, centre=True)
        super().draw(surface)
