"""Choosing numbers of Ichtos: paying for a gene or a Retreat from several areas; Ears."""

from __future__ import annotations

import pygame

from urland.engine import Move, Option
from urland.scenes.table.dialog import TableDialog
from urland.texts.i18n import L_, _, fmt
from urland.ui import theme as th
from urland.ui.focus import Target, stepper_target
from urland.ui.text import blit_text
from urland.ui.widgets import MINUS_KEYS, PLUS_KEYS, Button, Stepper


class PickScene(TableDialog):
    """Choose Ichtos from the board: paying for a gene, or a Retreat from several areas."""

    peekable = True
    name = "pick_ichtos"
    width, height = 780, 560

    def __init__(self, app, table, seat: int, title: str, option: Option,
                 suggested: dict[int, int], back=None) -> None:
        super().__init__(app, table)
        assert option.picks is not None
        self.seat, self.title, self.option = seat, title, option
        self.low, self.high = option.picks.lo, option.picks.hi
        limits = dict(option.picks.limits)
        self.areas = sorted(limits)
        # Two columns, as many rows as the areas need (three columns left no room for the
        # labels): taller than its usual box when many areas can pay.
        self.height = max(self.height, 80 + 50 * ((len(self.areas) + 1) // 2) + 150)
        self.steppers = {a: Stepper(suggested.get(a, 0), 0, limits[a]) for a in self.areas}
        self.ok = Button(L_("Confirm"), self.confirm, "primary", key=pygame.K_RETURN)
        self.back_action = back
        self.back = Button(L_("Back"), self.go_back, key=pygame.K_ESCAPE)
        self.buttons = [self.ok, self.back]

    def total(self) -> int:
        return sum(s.value for s in self.steppers.values())

    def confirm(self) -> None:
        if self.low <= self.total() <= self.high:
            picks = tuple(sorted((a, s.value) for a, s in self.steppers.items() if s.value))
            self.submit(self.option.with_picks(picks))

    def go_back(self) -> None:
        self.app.remove(self)
        if self.back_action:
            self.back_action()

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        col_w = (box.width - t.px(60)) // 2
        for i, a in enumerate(self.areas):
            x = box.left + t.px(30) + (i % 2) * col_w
            y = box.top + t.px(80) + (i // 2) * t.px(50)
            self.steppers[a].rect = pygame.Rect(x + col_w - t.px(160), y, t.px(150), t.px(42))
        self.place_pair(self.ok, self.back, (220, 160), 52)

    def focus_targets(self) -> list[Target]:
        """Each area's stepper (+ / - or Left / Right: how many from there; Enter confirms),
        then the buttons."""
        return [*(stepper_target(self.steppers[a], self.confirm) for a in self.areas),
                *super().focus_targets()]

    def focus_default(self) -> object | None:
        return self.steppers[self.areas[0]] if self.areas else super().focus_default()

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key in PLUS_KEYS + MINUS_KEYS
                and not self.focus.shown and self.areas):
            self.focus.put(self.steppers[self.areas[0]])  # + / - begin on the first area
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
        board = self.door.now().board
        state = self.door.now().view.state
        for a in self.areas:
            s = self.steppers[a]
            name = (board.area_name(a) if a >= board.n_regions else
                    fmt("region {number}", number=board.region_numbers[a]))
            label = fmt("{area} · {count, plural, one {# Ichto} other {# Ichtos}} there",
                        area=name, count=state.count(a, self.seat))
            blit_text(surface, label, (s.rect.left - t.px(10), s.rect.centery), t.px(22),
                      th.INK, anchor="midright")
            s.draw(surface, t)
        total = self.total()
        if self.low == self.high:
            chosen = fmt("Chosen: {total} (take exactly {low})", total=total, low=self.low)
        else:
            chosen = fmt("Chosen: {total} (take at least {low})", total=total, low=self.low)
        ok = self.low <= total <= self.high
        self.ok.enabled = ok
        blit_text(surface, chosen, (box.centerx, box.bottom - t.px(96)), t.px(24),
                  th.INK if ok else th.BAD, True, anchor="center", width=box.width - t.px(40))
        super().draw(surface)


class EarsScene(TableDialog):
    peekable = True
    name = "ears"
    width, height = 600, 360

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app, table)
        self.seat = seat
        _least, most = table.decision.count_range or (0, 0)
        self.stepper = Stepper(most, 0, most, fmt=lambda v: fmt("{count} stay", count=v))
        self.ok = Button(L_("Confirm"), lambda: self.submit(Move("ears_stay",
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
        box = self.draw_box(surface, _("Panic! Your Ears hear it coming"))
        blit_text(surface,
                  _("How many of your Ichtos stay on land? The rest flee with the others."),
                  (box.centerx, box.top + t.px(90)), t.px(21), th.INK, anchor="center",
                  width=box.width - t.px(40))
        self.stepper.draw(surface, t)
        super().draw(surface)
