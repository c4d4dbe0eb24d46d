"""The private and modal decisions at the table: hand-over, chips, bids, genes, Ears.

Each dialog answers one engine decision through `TableScene.submit` and closes itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from urland.bots.candidates import cheapest_payment
from urland.engine.moves import Move
from urland.engine.rules import legal_options
from urland.engine.state import COLOUR_NAMES
from urland.scenes.base import Dialog
from urland.scenes.rules import gene_texts
from urland.ui import art
from urland.ui import theme as th
from urland.ui.backdrop import backdrop
from urland.ui.text import blit_text, blit_wrapped
from urland.ui.widgets import Button, Stepper, panel

if TYPE_CHECKING:
    from urland.scenes.table import TableScene


class TableDialog(Dialog):
    def __init__(self, table: TableScene) -> None:
        super().__init__(table.app)
        self.table = table
        self.session = table.session

    def submit(self, move: Move) -> None:
        self.app.remove(self)
        self.table.submit(move)

    def seat_label(self, seat: int) -> str:
        return self.session.seats[seat].label


class HandOverScene(TableDialog):
    """A curtain before private information at a shared screen."""

    name = "handover"
    width, height = 640, 360

    def __init__(self, table: TableScene, seat: int, what: str, then=None) -> None:
        super().__init__(table)
        self.seat = seat
        self.what = what
        self.then = then
        seat_obj = self.session.seats[seat]
        self.ok = Button(f"I am {seat_obj.name}", self.confirm, "primary", key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def confirm(self) -> None:
        self.session.unlocked = self.seat
        self.app.remove(self)
        if self.then is not None:
            self.then()
        else:
            self.table.asked = None  # let the table open the private step now

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.ok.rect = pygame.Rect(0, 0, t.px(280), t.px(56))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(28))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(backdrop(t.size), (0, 0))  # the table stays hidden behind the curtain
        seat = self.session.seats[self.seat]
        box = self.draw_box(surface, f"Pass the screen to {seat.name}")
        image = art.ichto(seat.colour, t.px(84))
        surface.blit(image, image.get_rect(center=(box.centerx, box.top + t.px(118))))
        blit_text(surface, f"{seat.name} plays {COLOUR_NAMES[seat.colour]}.",
                  (box.centerx, box.top + t.px(180)), t.px(26), th.INK, True, anchor="center")
        blit_text(surface, f"Everybody else, look away: {self.what}.",
                  (box.centerx, box.top + t.px(214)), t.px(23), (100, 90, 80), anchor="center")
        super().draw(surface)


class ChipScene(TableDialog):
    """The environment player lays one of three chips face down."""

    name = "choose_chip"
    width, height = 760, 470

    def __init__(self, table: TableScene, seat: int) -> None:
        super().__init__(table)
        self.seat = seat
        self.view = self.session.game.view(seat)
        self.chips = sorted(self.view.known_hand())
        self.selected = self.chips[0]
        self.chip_rects: list[pygame.Rect] = []
        self.ok = Button("Lay it face down", self.confirm, "primary", key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def confirm(self) -> None:
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
                    self.selected = chip
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = self.chips.index(self.selected) + (1 if event.key == pygame.K_RIGHT else -1)
            self.selected = self.chips[i % len(self.chips)]
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, "Choose the region that scores")
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
                blit_text(surface, "empty", (rect.centerx, y), t.px(22), (110, 100, 90),
                          anchor="center")
            for i, s in enumerate(present):
                icon = art.ichto(state.colours[s], t.px(30))
                px = x + (i % 3) * t.px(36)
                py = y + (i // 3) * t.px(34)
                surface.blit(icon, icon.get_rect(center=(px, py)))
                blit_text(surface, str(state.count(root, s)), (px + t.px(14), py + t.px(8)),
                          t.px(20), th.INK, True)
        blit_text(surface, "The other two chips go face down to the dead player.",
                  (box.centerx, box.bottom - t.px(100)), t.px(22), (100, 90, 80),
                  anchor="center")
        super().draw(surface)


class PeekScene(TableDialog):
    """The dead player looks at the two chips passed to them."""

    name = "peek"
    width, height = 640, 380

    def __init__(self, table: TableScene, seat: int) -> None:
        super().__init__(table)
        self.seat = seat
        self.chips = sorted(self.session.game.view(seat).known_hand())
        self.ok = Button("Hide them", self.close, "primary", key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def close(self) -> None:
        self.session.unlocked = None
        self.app.remove(self)

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.ok.rect = pygame.Rect(0, 0, t.px(240), t.px(54))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(24))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, "Your chips for next turn")
        for i, chip in enumerate(self.chips):
            image = art.chip(chip, t.px(100))
            surface.blit(image, image.get_rect(center=(box.centerx + (i - 0.5) * t.px(140),
                                                       box.top + t.px(150))))
        blit_text(surface, "These two will not score this turn. Next turn you draw a third",
                  (box.centerx, box.top + t.px(230)), t.px(22), th.INK, anchor="center")
        blit_text(surface, "and choose among them. Keep them secret.",
                  (box.centerx, box.top + t.px(254)), t.px(22), th.INK, anchor="center")
        super().draw(surface)


class BidScene(TableDialog):
    name = "auction"
    width, height = 820, 540

    def __init__(self, table: TableScene, seat: int) -> None:
        super().__init__(table)
        self.seat = seat
        state = self.session.game.state
        self.stepper = Stepper(0, 0, state.reserve[seat], fmt=lambda v: f"bid {v}")
        self.ok = Button("Place secret bid", self.confirm, "primary", key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def confirm(self) -> None:
        self.submit(Move("bid", count=self.stepper.value))

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.stepper.rect = pygame.Rect(0, 0, t.px(300), t.px(56))
        self.stepper.rect.center = (box.centerx, box.bottom - t.px(150))
        self.ok.rect = pygame.Rect(0, 0, t.px(300), t.px(54))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(26))

    def handle(self, event: pygame.event.Event) -> bool:
        return self.stepper.handle(event) or super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, f"Mutation! {self.session.seats[self.seat].name}, bid")
        state = self.session.game.state
        draw_gene_row(surface, t, state.display, pygame.Rect(box.left + t.px(30),
                      box.top + t.px(70), box.width - t.px(60), t.px(200)))
        owned = state.genes[self.seat].bit_count()
        blit_text(surface, f"Bid from your reserve of {state.reserve[self.seat]}. If you buy, you "
                  f"pay bid + {owned} (genes you own) Ichtos from the board.",
                  (box.centerx, box.bottom - t.px(205)), t.px(21), th.INK, anchor="center")
        self.stepper.draw(surface, t)
        super().draw(surface)


def draw_gene_row(surface: pygame.Surface, t: th.Theme, genes: list[str], area: pygame.Rect,
                  selected: str | None = None) -> list[tuple[str, pygame.Rect]]:
    texts = gene_texts()
    n = max(1, len(genes))
    gap = t.px(10)
    w = min(t.px(180), (area.width - gap * (n - 1)) // n)
    x = area.centerx - (w * n + gap * (n - 1)) // 2
    out = []
    for i, g in enumerate(genes):
        r = pygame.Rect(x + i * (w + gap), area.top, w, area.height)
        panel(surface, r, (250, 244, 228) if g != selected else (255, 226, 150),
              radius=t.px(8), shadow=t.px(3), border=th.ACCENT_DARK)
        blit_text(surface, texts[g]["name"], (r.centerx, r.top + t.px(18)), t.px(23), th.INK,
                  True, anchor="center")
        blit_wrapped(surface, texts[g]["text"], r.inflate(-t.px(14), -t.px(44)).move(
            0, t.px(14)), t.px(17), (70, 60, 50))
        out.append((g, r))
    return out


class RevealScene(TableDialog):
    name = "auction_reveal"
    width, height = 700, 470

    def __init__(self, table: TableScene, bids: list[int], ranking: list[int],
                 track: list[int]) -> None:
        super().__init__(table)
        self.bids, self.ranking, self.track = bids, ranking, track
        self.ok = Button("Continue", lambda: self.app.remove(self), "primary",
                         key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.ok.rect = pygame.Rect(0, 0, t.px(220), t.px(54))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(24))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, "Bids revealed")
        for rank, seat in enumerate(self.ranking):
            y = box.top + t.px(90) + rank * t.px(50)
            s = self.session.seats[seat]
            blit_text(surface, f"{rank + 1}.", (box.left + t.px(70), y), t.px(30), th.INK, True,
                      anchor="midleft")
            icon = art.ichto(s.colour, t.px(40))
            surface.blit(icon, icon.get_rect(center=(box.left + t.px(140), y)))
            blit_text(surface, s.name, (box.left + t.px(175), y), t.px(28), th.INK,
                      anchor="midleft")
            blit_text(surface, f"bid {self.bids[seat]}", (box.left + t.px(400), y), t.px(28),
                      th.INK, True, anchor="midleft")
            blit_text(surface, f"track {self.track[seat]}", (box.left + t.px(520), y), t.px(22),
                      (110, 100, 90), anchor="midleft")
        blit_text(surface, "Higher bids rank higher; on equal bids the player further back on "
                  "the track ranks higher.", (box.centerx, box.bottom - t.px(126)), t.px(20),
                  (100, 90, 80), anchor="center")
        blit_text(surface, "The first must buy a gene; the others may buy or pass.",
                  (box.centerx, box.bottom - t.px(104)), t.px(20), (100, 90, 80),
                  anchor="center")
        super().draw(surface)

    def autoplay_step(self) -> None:
        if self.age > 0.8:
            self.app.remove(self)


class BuyScene(TableDialog):
    name = "auction_buy"
    width, height = 900, 470

    def __init__(self, table: TableScene, seat: int) -> None:
        super().__init__(table)
        self.seat = seat
        state = self.session.game.state
        self.options = legal_options(state)
        self.price = state.bids[seat] + state.genes[seat].bit_count()
        self.selected = state.display[0] if state.display else None
        self.cards: list[tuple[str, pygame.Rect]] = []
        self.buy = Button("Buy", self.confirm, "primary", key=pygame.K_RETURN)
        self.pass_button = Button("Pass", lambda: self.submit(Move("pass")),
                                  enabled=any(o.move.kind == "pass" for o in self.options))
        self.buttons = [self.buy, self.pass_button]

    def confirm(self) -> None:
        if self.selected is None:
            return
        option = next(o for o in self.options if o.move.kind == "buy"
                      and o.move.gene == self.selected)
        if option.picks is None:
            self.submit(option.move)
            return
        self.app.remove(self)
        self.app.push(PickScene(self.table, self.seat, f"Pay {self.price} for "
                                f"{gene_texts()[self.selected]['name']}", option.move,
                                self.price, self.price,
                                dict(cheapest_payment(self.session.game.state, option)),
                                back=lambda: self.app.push(BuyScene(self.table, self.seat))))

    def layout(self) -> None:
        self.place_pair(self.buy, self.pass_button, (240, 200))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for gene, rect in self.cards:
                if rect.collidepoint(event.pos):
                    self.selected = gene
                    return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        name = self.session.seats[self.seat].name
        box = self.draw_box(surface, f"{name}, choose a gene")
        state = self.session.game.state
        self.cards = draw_gene_row(surface, t, state.display, pygame.Rect(
            box.left + t.px(30), box.top + t.px(70), box.width - t.px(60), t.px(230)),
            self.selected)
        must = not self.pass_button.enabled
        blit_text(surface, f"Price: {self.price} Ichtos from the board (bid "
                  f"{state.bids[self.seat]} + {state.genes[self.seat].bit_count()} genes owned)."
                  + (" As the top bidder you must buy." if must else ""),
                  (box.centerx, box.bottom - t.px(110)), t.px(22), th.INK, anchor="center")
        if self.selected:
            self.buy.label = f"Buy {gene_texts()[self.selected]['name']}"
        super().draw(surface)


class PickScene(TableDialog):
    """Choose Ichtos from the board: paying for a gene, or a Retreat from several areas."""

    name = "pick_ichtos"
    width, height = 780, 560

    def __init__(self, table: TableScene, seat: int, title: str, move: Move, low: int,
                 high: int, suggested: dict[int, int], back=None) -> None:
        super().__init__(table)
        self.seat, self.title, self.move = seat, title, move
        self.low, self.high = low, high
        state = self.session.game.state
        self.areas = [a for a in range(state.board.n_areas) if state.count(a, seat)]
        self.steppers = {a: Stepper(suggested.get(a, 0), 0, state.count(a, seat))
                         for a in self.areas}
        self.ok = Button("Confirm", self.confirm, "primary", key=pygame.K_RETURN)
        self.back_action = back
        self.back = Button("Back", self.go_back, key=pygame.K_ESCAPE)
        self.buttons = [self.ok, self.back]

    def total(self) -> int:
        return sum(s.value for s in self.steppers.values())

    def confirm(self) -> None:
        if self.low <= self.total() <= self.high:
            picks = tuple(sorted((a, s.value) for a, s in self.steppers.items() if s.value))
            self.submit(self.move._replace(picks=picks))

    def go_back(self) -> None:
        self.app.remove(self)
        if self.back_action:
            self.back_action()

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        cols = 3 if len(self.areas) > 10 else 2
        col_w = (box.width - t.px(60)) // cols
        for i, a in enumerate(self.areas):
            x = box.left + t.px(30) + (i % cols) * col_w
            y = box.top + t.px(80) + (i // cols) * t.px(50)
            self.steppers[a].rect = pygame.Rect(x + col_w - t.px(160), y, t.px(150), t.px(42))
        self.place_pair(self.ok, self.back, (220, 160), 52)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                          pygame.MOUSEWHEEL):
            for s in self.steppers.values():
                if (event.type == pygame.MOUSEWHEEL or s.rect.collidepoint(event.pos)) and \
                        s.handle(event):
                    return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, self.title)
        board = self.session.game.board
        for a in self.areas:
            s = self.steppers[a]
            blit_text(surface, board.area_name(a) if a >= board.n_regions else
                      f"region {board.region_numbers[a]}", (s.rect.left - t.px(10),
                                                            s.rect.centery),
                      t.px(22), th.INK, anchor="midright")
            s.draw(surface, t)
        total = self.total()
        need = f"exactly {self.low}" if self.low == self.high else f"at least {self.low}"
        ok = self.low <= total <= self.high
        self.ok.enabled = ok
        blit_text(surface, f"Chosen: {total} (take {need})", (box.centerx,
                  box.bottom - t.px(96)), t.px(24), th.INK if ok else th.BAD, True,
                  anchor="center")
        super().draw(surface)


class EarsScene(TableDialog):
    name = "ears"
    width, height = 600, 360

    def __init__(self, table: TableScene, seat: int, most: int) -> None:
        super().__init__(table)
        self.seat = seat
        self.stepper = Stepper(most, 0, most, fmt=lambda v: f"{v} stay")
        self.ok = Button("Confirm", lambda: self.submit(Move("ears_stay",
                                                             count=self.stepper.value)),
                         "primary", key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.stepper.rect = pygame.Rect(0, 0, t.px(280), t.px(56))
        self.stepper.rect.center = (box.centerx, box.centery + t.px(10))
        self.ok.rect = pygame.Rect(0, 0, t.px(220), t.px(52))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(24))

    def handle(self, event: pygame.event.Event) -> bool:
        return self.stepper.handle(event) or super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, "Panic! Your Ears hear it coming")
        blit_text(surface, "How many of your Ichtos stay on land? The rest flee with the others.",
                  (box.centerx, box.top + t.px(90)), t.px(21), th.INK, anchor="center")
        self.stepper.draw(surface, t)
        super().draw(surface)
