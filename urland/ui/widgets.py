"""Buttons, steppers, choice buttons and text fields: the few controls the game needs.

Each widget has a `rect` set by its scene's layout, `handle(event)` that returns True when it
used the event, and `draw(surface, theme)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from urland.texts.i18n import LP_, LazyInContext, Text
from urland.ui import theme as th
from urland.ui.text import blit_text, cover, fitting_size, left_out, note, render, text_width


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: th.Colour = th.PANEL,
          radius: int = 10, shadow: int = 4, border: th.Colour | None = None,
          covers: bool = True) -> None:
    """A rounded panel; it `covers` what was drawn under it before (a dialog over the table)."""
    if covers:
        cover(surface, rect)
    if shadow:
        surface.blit(_shadow(rect.size, radius), rect.move(shadow // 2, shadow))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, max(1, radius // 6), border_radius=radius)


@lru_cache(maxsize=256)
def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=radius)
    return shade


STYLES = {
    "primary": (th.ACCENT, (252, 204, 110), th.INK),
    "secondary": (th.PANEL_LIGHT, (64, 80, 98), th.TEXT),
    "danger": ((168, 64, 56), (196, 84, 72), th.TEXT),
    "paper": (th.PAPER_DARK, th.PAPER, th.INK),
}


class Button:
    def __init__(self, label: Text, on_click: Callable[[], None], style: str = "secondary",
                 enabled: bool = True, tooltip: Text = "", key: int | None = None,
                 show_key: bool = False) -> None:
        self.label = label
        self.detail: Text = ""  # a second, smaller line under the label
        self.show_key = show_key  # draw the shortcut as a key cap at the right
        self.on_click = on_click
        self.style = style
        self.enabled = enabled
        self.tooltip = tooltip
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.visible = True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1
              and self.rect.collidepoint(event.pos)):
            if self.enabled:
                self.on_click()
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(
                event.pos):
            return True
        elif (event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key
              and self.enabled):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        if not self.visible or self.rect.width == 0:
            return
        base, hover, ink = STYLES[self.style]
        fill = hover if self.hover and self.enabled else base
        if not self.enabled:
            fill, ink = (70, 74, 80), (140, 144, 150)
        panel(surface, self.rect, fill, radius=theme.px(9), shadow=theme.px(4), covers=False)
        note(surface, self.rect, f"[{self.label}]", box=True)
        if self.show_key and self.key is not None:
            self._draw_key_cap(surface, theme, ink)
        centre, room = self.label_space(theme)
        if self.detail:
            blit_text(surface, self.label, (centre[0], centre[1] - theme.px(9)), theme.px(24),
                      ink, bold=True, anchor="center", width=room)
            blit_text(surface, self.detail, (centre[0], centre[1] + theme.px(12)),
                      theme.px(18), ink, anchor="center", width=room)
        else:
            blit_text(surface, self.label, centre, theme.px(24), ink, bold=True,
                      anchor="center", width=room)

    def label_space(self, theme: th.Theme) -> tuple[tuple[int, int], int]:
        """Where the label is centred (left of the key cap, when shown) and how wide it may
        be."""
        centre = self.rect.center
        if self.show_key and self.key is not None:
            centre = ((self.rect.left + self._key_cap(theme).left) // 2, self.rect.centery)
        return centre, self.label_room(theme, centre[0])

    def label_room(self, theme: th.Theme, centre_x: int) -> int:
        """How wide the label may be, centred on `centre_x` (a longer one is drawn smaller)."""
        return 2 * min(centre_x - self.rect.left, self.rect.right - centre_x) - theme.px(8)

    def _draw_key_cap(self, surface: pygame.Surface, theme: th.Theme,
                      ink: th.Colour) -> pygame.Rect:
        """The shortcut key, as a small outlined cap at the right end; its rect."""
        assert self.key is not None
        cap = self._key_cap(theme)
        pygame.draw.rect(surface, ink, cap, max(1, theme.px(2)), border_radius=theme.px(5))
        blit_text(surface, key_label(self.key), cap.center, theme.px(18), ink, bold=True,
                  anchor="center")
        return cap

    def _key_cap(self, theme: th.Theme) -> pygame.Rect:
        side = max(theme.px(26), 20)
        cap = pygame.Rect(0, 0, side, side)
        cap.midright = (self.rect.right - theme.px(10), self.rect.centery)
        return cap


# The keys printed with a name, in the words of the language's keyboards ("Entrée", "Échap",
# "Maj" in French); the key itself is the same in every language.
KEY_NAMES: dict[int, LazyInContext] = {
    pygame.K_RETURN: LP_("key", "Enter"), pygame.K_KP_ENTER: LP_("key", "Enter"),
    pygame.K_ESCAPE: LP_("key", "Esc"), pygame.K_SPACE: LP_("key", "Space"),
    pygame.K_TAB: LP_("key", "Tab"), pygame.K_BACKSPACE: LP_("key", "Backspace"),
    pygame.K_DELETE: LP_("key", "Delete"),
    pygame.K_LEFT: LP_("key", "Left"), pygame.K_RIGHT: LP_("key", "Right"),
    pygame.K_UP: LP_("key", "Up"), pygame.K_DOWN: LP_("key", "Down"),
    pygame.K_HOME: LP_("key", "Home"), pygame.K_END: LP_("key", "End"),
    pygame.K_PAGEUP: LP_("key", "Page Up"), pygame.K_PAGEDOWN: LP_("key", "Page Down"),
    pygame.K_LSHIFT: LP_("key", "Shift"), pygame.K_RSHIFT: LP_("key", "Shift"),
    pygame.K_LCTRL: LP_("key", "Ctrl"), pygame.K_RCTRL: LP_("key", "Ctrl"),
}


def key_label(key: int, *held: int) -> str:
    """A key as printed on the language's keyboards, after the keys `held` for it: "N", "F1",
    "Esc", "Enter" ("Échap", "Entrée" in French), "Shift+Tab" ("Maj+Tab")."""
    name = pygame.key.name(key)
    own = str(KEY_NAMES[key]) if key in KEY_NAMES else (
        name.upper() if len(name) == 1 else name.title())
    return "+".join([*(key_label(h) for h in held), own])


# Keys held for another key (a capital's Shift): they leave a text field's selection alone.
MODIFIER_KEYS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                           pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_CAPSLOCK, pygame.K_MODE))
SELECTION = (176, 206, 236)  # behind a text field's selected text

# - and + wherever a number goes down or up (Ichtos carried on the board, a stepper's value);
# a stepper also takes the arrows.
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
LESS_KEYS = (pygame.K_LEFT, pygame.K_DOWN, *MINUS_KEYS)
MORE_KEYS = (pygame.K_RIGHT, pygame.K_UP, *PLUS_KEYS)


class Stepper:
    """[-] value [+] within [low, high]."""

    def __init__(self, value: int, low: int, high: int,
                 on_change: Callable[[int], None] | None = None,
                 fmt: Callable[[int], str] = str) -> None:
        self.value, self.low, self.high = value, low, high
        self.on_change = on_change
        self.fmt = fmt
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.minus = Button("-", lambda: self.set(self.value - 1))
        self.plus = Button("+", lambda: self.set(self.value + 1))

    def set(self, value: int) -> None:
        value = max(self.low, min(self.high, value))
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def layout(self) -> None:
        h = self.rect.height
        self.minus.rect = pygame.Rect(self.rect.left, self.rect.top, h, h)
        self.plus.rect = pygame.Rect(self.rect.right - h, self.rect.top, h, h)

    def handle(self, event: pygame.event.Event) -> bool:
        self.layout()
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.set(self.value + event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in LESS_KEYS:
            self.set(self.value - 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in MORE_KEYS:
            self.set(self.value + 1)
            return True
        return self.minus.handle(event) or self.plus.handle(event)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        self.layout()
        self.minus.enabled = self.value > self.low
        self.plus.enabled = self.value < self.high
        inner = self.rect.inflate(-2 * self.rect.height - theme.px(8), 0)
        pygame.draw.rect(surface, th.PAPER, inner, border_radius=theme.px(6))
        blit_text(surface, self.fmt(self.value), inner.center, theme.px(30), th.INK, True,
                  anchor="center", width=inner.width - theme.px(8))
        self.minus.draw(surface, theme)
        self.plus.draw(surface, theme)


class Choice(Button):
    """A button that steps through a list of values both ways: a click steps forward, a click
    on its left arrow (or with the right mouse button) steps back. With `wraps` false the
    steps stop at both ends (their arrow dimmed there) and only a click on the last value
    comes round to the first, so a list with an order (weakest to strongest) reads one way."""

    def __init__(self, values: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None,
                 labels: Sequence[Text] | None = None, wraps: bool = True) -> None:
        self.values = list(values)
        self.labels = list(labels or values)
        self.index = index
        self.on_change = on_change
        self.wraps = wraps
        super().__init__(self.labels[index], self._next, style="paper")

    def _next(self) -> None:
        self.step(1 if self.index < len(self.values) - 1 else -self.index)

    def step(self, delta: int) -> None:
        if self.wraps:
            index = (self.index + delta) % len(self.values)
        else:
            index = max(0, min(len(self.values) - 1, self.index + delta))
        if index == self.index:
            return
        self.index = index
        self.label = self.labels[self.index]
        if self.on_change:
            self.on_change(self.index)

    def back_arrow(self) -> pygame.Rect:
        """The left end of the button, where a click steps back."""
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.height, self.rect.height)

    def handle(self, event: pygame.event.Event) -> bool:
        if (self.visible and self.enabled and event.type == pygame.MOUSEBUTTONUP
                and self.rect.collidepoint(event.pos)
                and (event.button == 3 or (event.button == 1
                                           and self.back_arrow().collidepoint(event.pos)))):
            self.step(-1)
            return True
        return super().handle(event)

    def label_room(self, theme: th.Theme, centre_x: int) -> int:
        """Clear of the arrows at both ends (a glyph centred in a square at each end)."""
        if len(self.values) < 2:
            return super().label_room(theme, centre_x)
        return self.rect.width - 2 * (self.back_arrow().width // 2 + theme.px(10))

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        super().draw(surface, theme)
        if not self.visible or self.rect.width == 0 or len(self.values) < 2:
            return
        ink = STYLES[self.style][2]
        back, ahead = self.back_arrow(), self.back_arrow()
        ahead.right = self.rect.right
        first, last = self.index == 0, self.index == len(self.values) - 1
        blit_text(surface, "<", back.center, theme.px(24), self._arrow_ink(ink, first),
                  bold=True, anchor="center")
        blit_text(surface, ">", ahead.center, theme.px(24), self._arrow_ink(ink, last),
                  bold=True, anchor="center")

    def _arrow_ink(self, ink: tuple[int, int, int], at_end: bool) -> tuple[int, int, int]:
        """An arrow that cannot step (the end of a list that does not wrap) is drawn faint."""
        if self.wraps or not at_end:
            return ink
        return tuple((c + 2 * 200) // 3 for c in ink)  # type: ignore[return-value]

    @property
    def value(self) -> str:
        return self.values[self.index]


def _ascii_digits(text: str) -> bool:
    """0-9 only: str.isdigit() also takes "²" (a key of French keyboards), which int() refuses."""
    return text.isascii() and text.isdigit()


class TextField:
    """A line of text to type: Backspace deletes, Ctrl+A (Cmd+A) selects it all so that what
    is typed or pasted next replaces it, Enter, Tab or Escape leave the field."""

    def __init__(self, text: str = "", limit: int = 20, placeholder: Text = "",
                 digits: bool = False) -> None:
        self.text = text
        self.limit = limit
        self.placeholder = placeholder
        self.digits = digits
        self.focus = False
        self.selected = False  # the whole text is selected: the next key replaces it
        self.rect = pygame.Rect(0, 0, 0, 0)

    def select_all(self) -> None:
        self.selected = bool(self.text)

    def put(self, text: str) -> None:
        """Text typed or pasted: it replaces a selection, else it is added at the end."""
        kept = "" if self.selected else self.text
        self.text, self.selected = (kept + text)[:self.limit], False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus = self.rect.collidepoint(event.pos)
            self.selected = False
            return self.focus
        if not self.focus or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.select_all()
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.text = "" if self.selected else self.text[:-1]
            self.selected = False
        elif event.key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE):
            self.focus = self.selected = False
        elif (event.unicode and event.unicode.isprintable()
              and (self.selected or len(self.text) < self.limit)
              and (not self.digits or _ascii_digits(event.unicode))):
            self.put(event.unicode)
        elif event.key not in MODIFIER_KEYS:  # Shift held for a capital keeps the selection
            self.selected = False
        return True

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        pygame.draw.rect(surface, th.PAPER, self.rect, border_radius=theme.px(6))
        pygame.draw.rect(surface, th.ACCENT if self.focus else th.PAPER_DARK, self.rect,
                         theme.px(2), border_radius=theme.px(6))
        if not self.text:  # the hint (after the cursor), smaller where it is long
            left = self.rect.left + theme.px(8)
            if self.focus:
                cursor = render("|", theme.px(24), th.INK)
                surface.blit(cursor, cursor.get_rect(midleft=(left, self.rect.centery)))
                left += cursor.get_width()
            blit_text(surface, self.placeholder, (left, self.rect.centery), theme.px(24),
                      (140, 130, 120), anchor="midleft",
                      width=self.rect.right - theme.px(8) - left)
            return
        shown = self.text or str(self.placeholder)
        colour = th.INK if self.text else (140, 130, 120)
        pixels = theme.px(24)
        if not self.text:  # the game's own words must fit the field (the player's may scroll)
            room = self.rect.width - theme.px(16)
            pixels = fitting_size(shown, pixels, room)
            if text_width(shown, pixels) > room:
                left_out(shown, f"a placeholder wider than its field ({room} px)")
        image = render(shown + ("|" if self.focus and not self.selected else ""), pixels, colour)
        where = image.get_rect(midleft=(self.rect.left + theme.px(8), self.rect.centery))
        if self.selected and self.focus:
            pygame.draw.rect(surface, SELECTION, where.inflate(theme.px(4), 0),
                             border_radius=theme.px(3))
        surface.blit(image, where)
