"""The keys a screen answers to, read from the screen itself, so that its key map cannot say
more or less than the screen does: the keyboard focus's keys when it has anything to reach,
each shown button's own key (with the button's own words), the screen's own key table
(`OwnKey`s, which its `handle` answers from), and the keys every screen answers to.

The keys are the same in every language; a named key is printed as on the language's
keyboards ("Entrée", "Échap" in French, see `key_label`), and what they do is translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from urland.texts.i18n import N_, _
from urland.ui.focus import ARROWS, Target
from urland.ui.widgets import MINUS_KEYS, PLUS_KEYS, Button, key_label

KeyRow = tuple[str, str]  # the keys as printed, what they do here
Chord = tuple[int, ...]  # a key, then the keys held for it: (K_TAB, K_LSHIFT) is Shift+Tab


@dataclass(frozen=True)
class OwnKey:
    """One key of a screen's own key table: `key` (with `ctrl` held), and what it does."""

    key: int
    does: str  # an N_() text
    ctrl: bool = False

    def matches(self, event: pygame.event.Event) -> bool:
        held = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        return event.type == pygame.KEYDOWN and event.key == self.key and held == self.ctrl

    @property
    def chord(self) -> Chord:
        return (self.key, pygame.K_LCTRL) if self.ctrl else (self.key,)


def own_key(table: Sequence[OwnKey], event: pygame.event.Event) -> OwnKey | None:
    """The entry of `table` that `event` presses, if any."""
    return next((k for k in table if k.matches(event)), None)


# What the App answers on every screen (urland.app.App.handle: M not while typing, F1 not
# in the rules).
EVERYWHERE = (OwnKey(pygame.K_F1, N_("these rules")), OwnKey(pygame.K_F11, N_("full screen")),
              OwnKey(pygame.K_m, N_("sound off or on")))


# Left and Right where a dialog chooses among things in a row (a scoring chip, a gene).
CHOOSE = (OwnKey(pygame.K_LEFT, N_("the one before")), OwnKey(pygame.K_RIGHT, N_("the next one")))
CHOOSE_STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


def choose_step(event: pygame.event.Event) -> int:
    """-1 or +1 when `event` is a key of `CHOOSE`, else 0."""
    own = own_key(CHOOSE, event)
    return 0 if own is None else CHOOSE_STEPS[own.key]


class Keyed(Protocol):
    """A screen (urland.scenes.base.Scene): its buttons and its focus's targets."""

    name: str
    buttons: list[Button]

    @property
    def takes_text(self) -> bool: ...

    def focus_targets(self) -> list[Target]: ...


def key_map(screen: Keyed) -> list[KeyRow]:
    """The keys `screen` answers to: its focus's, its buttons' (those the focus reaches too,
    as a dialog's "See the board", and those a screen answers besides, its `key_buttons()`),
    its own table's (`own_keys`), and every screen's."""
    return key_rows(*_answered(screen))


def key_map_chords(screen: Keyed) -> list[tuple[Chord, ...]]:
    """The keys of each row of `screen`'s key map, as pressed (the same in every language,
    whatever each is called)."""
    return list(_listed(*_answered(screen)))


def _answered(screen: Keyed) -> tuple[list[Target], list[Button], tuple[OwnKey, ...]]:
    """What `screen` answers keys with: its focus targets, its buttons, its own key table."""
    targets = screen.focus_targets()
    more = [t.key for t in targets if isinstance(t.key, Button)]
    more += getattr(screen, "key_buttons", list)()
    buttons = [*screen.buttons, *(b for b in more if b not in screen.buttons)]
    left_out = {pygame.K_m} if screen.takes_text else set()  # typed there, not a key
    if screen.name == "rules":
        left_out.add(pygame.K_F1)
    everywhere = [k for k in EVERYWHERE if k.key not in left_out]
    return targets, buttons, (*getattr(screen, "own_keys", ()), *everywhere)


def key_rows(targets: Sequence[Target], buttons: Sequence[Button],
             own: Sequence[OwnKey] = ()) -> list[KeyRow]:
    """The key map of a screen with these focus targets, buttons and own key table."""
    return list(_listed(targets, buttons, own).values())


def _listed(targets: Sequence[Target], buttons: Sequence[Button],
            own: Sequence[OwnKey]) -> dict[tuple[Chord, ...], KeyRow]:
    """Each row's keys, and the row: its keys as printed, what they do."""
    rows: list[tuple[tuple[Chord, ...], str, str]] = []  # the keys, joined by, what they do
    taken = {k.key for k in own}
    if targets:
        rows.append((((pygame.K_TAB,), (pygame.K_TAB, pygame.K_LSHIFT)), " / ",
                     _("move the focus")))
        free = [k for k in ARROWS if k not in taken]  # the others are the screen's own
        if free:
            rows.append((tuple((k,) for k in free), " ", _("move the focus that way")))
        rows.append((((pygame.K_RETURN,),), "", _("use what the focus is on")))
        if any(t.adjust is not None for t in targets):
            rows.append((((pygame.K_PLUS,), (pygame.K_MINUS,)), " / ", _("more / fewer")))
    for b in buttons:
        if b.key is not None and b.visible and b.key not in PLUS_KEYS + MINUS_KEYS:
            words = str(b.label) if any(c.isalpha() for c in str(b.label)) else str(b.tooltip)
            rows.append((((b.key,),), "", words))
    rows += [((k.chord,), "", _(k.does)) for k in own]
    once: dict[tuple[Chord, ...], KeyRow] = {}  # a key both a button's and the table's: the
    for chords, joined_by, does in rows:        # first row says it
        once.setdefault(chords, (joined_by.join(key_label(*c) for c in chords), does))
    return once
