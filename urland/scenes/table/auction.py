"""The mutation auction at the table: the secret bid, the reveal, buying a gene."""

from __future__ import annotations

import pygame

from urland.engine import Move, numbers_for
from urland.scenes.table.dialog import TableDialog
from urland.texts.genes import gene_texts
from urland.texts.i18n import L_, LP_, _, fmt
from urland.texts.words import sentences
from urland.ui import art
from urland.ui import theme as th
from urland.ui.key_map import CHOOSE, choose_step
from urland.ui.text import blit_text, blit_wrapped, text_width, wrap
from urland.ui.widgets import Button, Stepper, panel

SOFT_INK = (100, 90, 80)


def auction_order() -> tuple[str, str]:
    """Who buys in which order, said in the bid dialog and when the bids are revealed."""
    return (_("Highest bid first; on equal bids, whoever is further back on the track."),
            _("The first must buy a gene; the others may buy or pass."))


class BidScene(TableDialog):
    peekable = True
    name = "auction"
    width, height = 820, 580

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app, table)
        self.seat = seat
        self.decision = table.decision
        low, high = self.decision.count_range or (0, 0)
        self.stepper = Stepper(low, low, high, fmt=lambda v: fmt("bid {amount}", amount=v))
        self.ok = Button(L_("Place secret bid"), self.confirm, "primary", key=pygame.K_RETURN)
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
        box = self.draw_box(surface, fmt("Mutation! {name}, bid",
                                          name=self.door.now().seats[self.seat].name))
        draw_gene_row(surface, t, self.decision.state.display, pygame.Rect(box.left + t.px(30),
                      box.top + t.px(70), box.width - t.px(60), t.px(200)))
        bid = self.stepper.value
        price = self.decision.price(self.seat, bid)
        text = fmt("Bid from 0 to {high} (your reserve). If you buy, you pay {price, plural, "
                   "one {# Ichto} other {# Ichtos}} from the board: your bid plus 1 for each "
                   "gene you own.", high=self.stepper.high, price=price)
        text += " " + fmt("You have {count, plural, one {# Ichto} other {# Ichtos}} on the board.",
                          count=self.decision.state.on_board(self.seat))
        payable = self.decision.can_pay(self.seat, bid)
        if not payable:  # in red, saying what such a bid comes to (the auction's own words)
            texts = sentences()
            name = self.door.now().names[self.seat]
            text += " " + (texts.say("cannot_pay", seat=name, price=price)
                           if texts is not None else "")
        order = pygame.Rect(box.left + t.px(30), box.top + t.px(280), box.width - t.px(60),
                            t.px(44))  # what the bid is for
        blit_wrapped(surface, " ".join(auction_order()), order, t.px(19), SOFT_INK, centre=True)
        blit_wrapped(surface, text, pygame.Rect(order.left, order.bottom + t.px(4), order.width,
                                                t.px(66)),
                     t.px(21), th.INK if payable else th.BAD, centre=True)
        self.stepper.draw(surface, t)
        super().draw(surface)


def draw_gene_row(surface: pygame.Surface, t: th.Theme, genes: list[str], area: pygame.Rect,
                  selected: str | None = None) -> list[tuple[str, pygame.Rect]]:
    texts = gene_texts()
    n = max(1, len(genes))
    gap = t.px(10)
    w = min(t.px(230), (area.width - gap * (n - 1)) // n)
    x = area.centerx - (w * n + gap * (n - 1)) // 2
    out = []
    body = pygame.Rect(0, 0, w, area.height).inflate(-t.px(14), -t.px(44))
    size = min((card_text_size(t, texts[g]["text"], body) for g in genes), default=t.px(17))
    for i, g in enumerate(genes):
        r = pygame.Rect(x + i * (w + gap), area.top, w, area.height)
        panel(surface, r, (250, 244, 228) if g != selected else (255, 226, 150),
              radius=t.px(8), shadow=t.px(3), border=th.ACCENT_DARK)
        blit_text(surface, texts[g]["name"], (r.centerx, r.top + t.px(18)), t.px(23), th.INK,
                  True, anchor="center")
        body = r.inflate(-t.px(14), -t.px(44)).move(0, t.px(14))
        blit_wrapped(surface, texts[g]["text"], body, size, (70, 60, 50))
        out.append((g, r))
    return out


def card_text_size(t: th.Theme, text: str, body: pygame.Rect) -> int:
    """The largest readable size at which a gene's text fits its card."""
    for size in (t.px(25), t.px(23), t.px(21), t.px(19)):
        if max(text_width(word, size, False) for word in text.split()) > body.width:
            continue  # a word wider than the card
        if len(wrap(text, size, body.width)) * round(size * 1.15 * 0.75) <= body.height:
            return size
    return t.px(17)


class RevealScene(TableDialog):
    name = "auction_reveal"
    width, height = 700, 470

    def __init__(self, app, table, bids: list[int], ranking: list[int],
                 track: list[int]) -> None:
        super().__init__(app, table)
        self.bids, self.ranking, self.track = bids, ranking, track
        self.height = max(self.height, 250 + 50 * len(ranking))  # five rows need more room
        state = table.door.now().view.state
        self.for_sale = min(numbers_for(state.n).genes_per_mutation, len(state.display))
        self.ok = Button(LP_("dialog button", "Continue"), lambda: self.app.remove(self), "primary",
                         key=pygame.K_RETURN)
        self.buttons = [self.ok]

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.ok.rect = pygame.Rect(0, 0, t.px(220), t.px(54))
        self.ok.rect.midbottom = (box.centerx, box.bottom - t.px(24))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.draw_box(surface, _("Bids revealed"))
        for rank, seat in enumerate(self.ranking):
            y = box.top + t.px(90) + rank * t.px(50)
            s = self.door.now().seats[seat]
            blit_text(surface, f"{rank + 1}.", (box.left + t.px(70), y), t.px(30), th.INK, True,
                      anchor="midleft")
            icon = art.ichto(s.colour, t.px(40))
            surface.blit(icon, icon.get_rect(center=(box.left + t.px(140), y)))
            blit_text(surface, s.name, (box.left + t.px(175), y), t.px(28), th.INK,
                      anchor="midleft")
            blit_text(surface, fmt("bid {amount}", amount=self.bids[seat]),
                      (box.left + t.px(400), y), t.px(28),
                      th.INK, True, anchor="midleft")
            blit_text(surface, fmt("track {points}", points=self.track[seat]),
                      (box.left + t.px(520), y), t.px(22),
                      (110, 100, 90), anchor="midleft")
        rules = " ".join((
            *auction_order(),
            fmt("{count, plural, one {Only # gene is} other {Up to # genes are}} sold this "
                "time: then the auction ends.", count=self.for_sale)))
        blit_wrapped(surface, rules, pygame.Rect(box.left + t.px(30), box.bottom - t.px(175),
                                                 box.width - t.px(60), t.px(84)),
                     t.px(21), (100, 90, 80), centre=True)
        super().draw(surface)

    def autoplay_step(self) -> None:
        if self.age > 0.8:
            self.app.remove(self)


class BuyScene(TableDialog):
    peekable = True
    name = "auction_buy"
    own_keys = CHOOSE  # Left and Right: the one before, the next one
    width, height = 900, 470

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app, table)
        self.seat = seat
        self.decision = table.decision
        self.options = self.decision.options
        self.price = self.decision.price(seat)
        display = self.decision.state.display
        self.selected = display[0] if display else None
        self.cards: list[tuple[str, pygame.Rect]] = []
        self.buy = Button(L_("Buy"), self.confirm, "primary", key=pygame.K_RETURN)
        self.pass_button = Button(L_("Pass"), lambda: self.submit(Move("pass")),
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
        app, table, seat = self.app, self.table, self.seat
        self.app.open("pick_ichtos", table=table, seat=seat,
                      title=fmt("Pay {price} for {gene}", price=self.price,
                                gene=gene_texts()[self.selected]["name"]),
                      option=option, suggested=self.door.now().suggested_payment(option),
                      back=lambda: app.open("auction_buy", table=table, seat=seat))

    def layout(self) -> None:
        self.place_pair(self.buy, self.pass_button, (240, 200))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for gene, rect in self.cards:
                if rect.collidepoint(event.pos):
                    self.selected = gene
                    return True
        display = self.decision.state.display
        if (step := choose_step(event)) and self.selected in display:  # as for the chips
            self.selected = display[(display.index(self.selected) + step) % len(display)]
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        name = self.door.now().seats[self.seat].name
        box = self.draw_box(surface, fmt("{name}, choose a gene", name=name))
        self.cards = draw_gene_row(surface, t, self.decision.state.display, pygame.Rect(
            box.left + t.px(30), box.top + t.px(70), box.width - t.px(60), t.px(230)),
            self.selected)
        must = not self.pass_button.enabled
        text = fmt("Price: {price, plural, one {# Ichto} other {# Ichtos}} from the board (your "
                   "bid plus 1 for each gene you own).", price=self.price)
        if must:
            text += " " + _("As the top bidder you must buy.")
        blit_wrapped(surface, text, pygame.Rect(box.left + t.px(30), box.bottom - t.px(128),
                                                box.width - t.px(60), t.px(52)),
                     t.px(22), th.INK, centre=True)
        if self.selected:
            self.buy.label = fmt("Buy {gene}", gene=gene_texts()[self.selected]["name"])
        super().draw(surface)
