"""The keyboard focus, one model for every screen: a ring that Tab / Shift+Tab and the arrow
keys move over what a screen offers (its buttons, fields, steppers, a board's areas), Enter
uses what it is on, + / - change it when it is a number.

A scene lists its `Target`s each time they are wanted (what is shown changes from frame to
frame); the `FocusRing` remembers which one has the focus by the target's `key`, so the focus
stays put while the list is rebuilt. The ring is drawn only once a key has moved it (a player
with a mouse never sees it), and a mouse click hides it again.

The keys are the same in every language: they are never taken from a translated label.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from urland.ui import theme as th
from urland.ui.text import blit_text, render
from urland.ui.tooltip import TipWatch
from urland.ui.widgets import MINUS_KEYS, PLUS_KEYS, Button, Choice, Stepper, TextField, panel

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
RING = th.ACCENT  # the ring's gold, as the primary buttons
RING_HALO = (255, 244, 200)  # its bright inner edge
RING_SHADOW = (8, 12, 18)  # its dark outer edge, so it reads on paper and on the sea


@dataclass(eq=False)
class Target:
    """One place the focus can be: where it is drawn and what the keys do there.

    `activate` is Enter's; `adjust(+1 / -1)` is + and -'s (and Left / Right's when
    `arrows_adjust`, as on a stepper); `round` draws a circle (an area of the board)."""

    key: Hashable
    rect: pygame.Rect
    activate: Callable[[], None] | None = None
    adjust: Callable[[int], None] | None = None
    arrows_adjust: bool = False
    round: bool = False
    label: str = ""  # a caption drawn beside the ring (what the focus is on, on the board)


def button_target(button: Button) -> Target | None:
    """A button (or a Choice) as a target, or None when it cannot be used now."""
    if not (button.visible and button.enabled and button.rect.width):
        return None
    if isinstance(button, Choice):
        return Target(button, button.rect, button._next, button.step, arrows_adjust=True)
    return Target(button, button.rect, button.on_click)


def stepper_target(stepper: Stepper, activate: Callable[[], None] | None = None) -> Target:
    """A stepper: + / - and Left / Right change it, Enter does `activate` (e.g. confirm)."""
    return Target(stepper, stepper.rect, activate, lambda d: stepper.set(stepper.value + d),
                  arrows_adjust=True)


def field_target(field: TextField) -> Target:
    """A text field: Enter puts the cursor in it (then the keys type)."""
    def start() -> None:
        field.focus = True
        field.select_all()
    return Target(field, field.rect, start)


def button_targets(buttons: Sequence[Button]) -> list[Target]:
    return [t for t in (button_target(b) for b in buttons) if t is not None]


def targets_of(*widgets: Button | Stepper | TextField) -> list[Target]:
    """Any mix of the widgets (buttons, choices, steppers, text fields) as targets, in order;
    a button that cannot be used now is left out."""
    out: list[Target | None] = []
    for w in widgets:
        if isinstance(w, Stepper):
            out.append(stepper_target(w))
        elif isinstance(w, TextField):
            out.append(field_target(w))
        else:
            out.append(button_target(w))
    return [t for t in out if t is not None]


class FocusRing:
    """Which target has the keyboard's focus, and the keys that move and use it."""

    def __init__(self) -> None:
        self.current: Hashable | None = None
        self.shown = False  # drawn once the keys moved it; a click hides it
        self.last = (0, 0)  # where the focus was last seen (for when its target goes)
        # The targets the focus was on when they went (an area while a move is shown, a
        # button under a strip that opened), newest last: the focus goes back to them.
        self.gone: list[Hashable] = []
        self.tips = TipWatch()  # a click or a key hides the tooltip under the mouse

    def tips_due(self) -> bool:
        """Whether the screen may draw the tooltip under the mouse: not after a click or a
        key until the mouse moves on, and not while the ring is shown (the line beside it
        says what the keys do there, and a tooltip would lie over it)."""
        return not (self.tips.hushed or self.shown)

    def focused(self, targets: Sequence[Target]) -> Target | None:
        """The target with the focus. While it is gone (a move is being shown, a strip of
        choices covers it), a stand-in has the ring: the newest target it left that is back,
        else the one nearest to where it was. The focus itself stays put, so it comes back
        when its target does; a key pressed on the stand-in moves it from there."""
        if not self.shown or not targets:
            return None
        by_key = {t.key: t for t in targets}
        at = by_key.get(self.current)
        if at is not None:
            self.gone = [k for k in self.gone if k not in by_key]  # back, and left behind
            self.last = at.rect.center
            return at
        if self.current is not None and self.current not in self.gone:
            self.gone = [*self.gone, self.current][-8:]
        back = next((k for k in reversed(self.gone) if k in by_key), None)
        if back is not None:
            self.current = back
            self.gone = self.gone[:self.gone.index(back)]
            return self.focused(targets)
        x, y = self.last
        return min(targets, key=lambda t: (t.rect.centerx - x) ** 2 + (t.rect.centery - y) ** 2)

    def put(self, key: Hashable) -> None:
        """Give the focus to the target with this key (and show the ring)."""
        self.current, self.shown = key, True
        self.gone = []

    def handle(self, event: pygame.event.Event, targets: Sequence[Target],
               default: Hashable | None = None) -> bool:
        """Tab / Shift+Tab, the arrows, Enter, + and -; True when the event was the ring's.

        The first key only shows the ring: where it was before a click hid it, else on
        `default` (the screen's main control) or the first target. Before that, Enter is
        left to the screen (its main button's key)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.shown = False
            self.gone = []
            return False
        if event.type != pygame.KEYDOWN or not targets:
            return False
        key, mods = event.key, getattr(event, "mod", 0)
        moving = key == pygame.K_TAB or key in ARROWS
        if key in ENTER_KEYS and not self.shown:
            return False
        if not (moving or key in ENTER_KEYS or key in PLUS_KEYS + MINUS_KEYS):
            return False
        if key in PLUS_KEYS + MINUS_KEYS and not self.shown:
            return False
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        at = self.focused(targets)
        if at is None:
            if not moving:
                return False
            keys = [t.key for t in targets]  # back where it was, else on the main control
            self.put(next(k for k in (self.current, default, keys[0]) if k in keys))
            return True
        self.current = at.key  # a stand-in: the keys go on from it
        return self._act(at, key, mods, targets)

    def _act(self, at: Target, key: int, mods: int, targets: Sequence[Target]) -> bool:
        if key in ENTER_KEYS:
            if at.activate is not None:
                at.activate()
            return True
        if key in PLUS_KEYS + MINUS_KEYS:
            if at.adjust is None:
                return False
            at.adjust(1 if key in PLUS_KEYS else -1)
            return True
        if key == pygame.K_TAB:
            step = -1 if mods & pygame.KMOD_SHIFT else 1
            self.current = targets[(targets.index(at) + step) % len(targets)].key
            return True
        dx, dy = ARROWS[key]
        if at.adjust is not None and at.arrows_adjust and dx:
            at.adjust(dx)
            return True
        ahead = nearest(at, targets, (dx, dy))
        if ahead is not None:
            self.current = ahead.key
        return True

    def draw(self, surface: pygame.Surface, theme: th.Theme, targets: Sequence[Target]) -> None:
        at = self.focused(targets)
        if at is not None:
            draw_ring(surface, theme, at.rect, round_=at.round)
            if at.label:
                draw_tag(surface, theme, at.rect, at.label)


def nearest(at: Target, targets: Sequence[Target], way: tuple[int, int]) -> Target | None:
    """The target nearest to `at` in the direction `way` (a unit step): ahead along it, and
    off to the side counting double, so Down goes to what is below rather than far aside."""
    cx, cy = at.rect.center
    best, best_cost = None, math.inf
    for t in targets:
        if t is at:
            continue
        x, y = t.rect.center
        ahead = (x - cx) * way[0] + (y - cy) * way[1]
        aside = abs((x - cx) * way[1]) + abs((y - cy) * way[0])
        if ahead <= 0 or aside > 3 * ahead + max(at.rect.size):
            continue
        cost = ahead + 2 * aside
        if cost < best_cost:
            best, best_cost = t, cost
    return best


def draw_ring(surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect,
              round_: bool = False) -> None:
    """The focus ring: a gold band with a bright inner edge and a dark outer one, breathing
    gently so the eye finds it."""
    pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 260.0)
    gap = theme.px(5) + int(theme.px(2) * pulse)
    band = max(3, theme.px(4))
    if round_:
        centre = rect.center
        radius = max(rect.width, rect.height) // 2 + gap
        pygame.draw.circle(surface, RING_SHADOW, centre, radius + band + 1, band // 2 + 2)
        pygame.draw.circle(surface, RING, centre, radius + band, band)
        pygame.draw.circle(surface, RING_HALO, centre, radius, max(1, band // 3))
        return
    outer = rect.inflate(2 * (gap + band), 2 * (gap + band))
    corner = theme.px(12)
    pygame.draw.rect(surface, RING_SHADOW, outer.inflate(4, 4), band // 2 + 2,
                     border_radius=corner + 2)
    pygame.draw.rect(surface, RING, outer, band, border_radius=corner)
    pygame.draw.rect(surface, RING_HALO, outer.inflate(-2 * band, -2 * band),
                     max(1, band // 3), border_radius=max(1, corner - band))


def draw_tag(surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect, text: str) -> None:
    """A small label under (or over) the ring: what has the focus and what Enter does."""
    size = theme.px(20)
    width = render(text, size, th.INK).get_width() + theme.px(20)
    box = pygame.Rect(0, 0, min(width, surface.get_width() - theme.px(8)), theme.px(32))
    box.midtop = (rect.centerx, rect.bottom + theme.px(14))
    if box.bottom > surface.get_height() - theme.px(4):
        box.midbottom = (rect.centerx, rect.top - theme.px(14))
    box.clamp_ip(surface.get_rect())
    panel(surface, box, th.PAPER, radius=theme.px(8), shadow=theme.px(4), border=RING,
          covers=False)
    blit_text(surface, text, box.center, size, th.INK, True, anchor="center",
              width=box.width - theme.px(12))
