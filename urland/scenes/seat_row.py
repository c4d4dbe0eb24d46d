"""A seat of New game: who plays it (a person here, an AI of some strength, a person
online), under which name and in which colour; for a bot that takes a thinking time (the
expert), how long it thinks a move."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from urland.bots.registry import BOTS, HUMAN, OFFERED_KINDS, ONLINE, SEAT_KINDS, takes_thinking_time
from urland.seats import plays_elsewhere
from urland.table.session import Seat
from urland.texts.i18n import L_, Text, _, fmt
from urland.texts.thinking import thinking_labels
from urland.ui import theme as th
from urland.ui.text import blit_text, line_height, wrap
from urland.ui.tooltip import tooltip
from urland.ui.widgets import Button, Choice, TextField
from urland.userfiles.settings import THINKING_TIMES
from urland.userfiles.setup_memory import NAME_LIMIT, SeatSetup

# The seat choices, people first (here, then online) and then the bots the catalogue offers
# from the weakest to the strongest: the list stops at both ends rather than wrapping, so
# "<" from Human stays on Human and ">" climbs in strength.
_PEOPLE: dict[str, Text] = {HUMAN: L_("Human"), ONLINE: L_("Online")}
KIND_LABELS: dict[str, Text] = {k: _PEOPLE[k] if k in _PEOPLE else BOTS[k].label
                                for k in OFFERED_KINDS}
# One line each, shown beside the choice: what playing against this seat is like.
KIND_LINES: dict[str, Text] = {HUMAN: L_("A person at this screen.")} | {
    k: BOTS[k].line or BOTS[k].label for k in SEAT_KINDS if k in BOTS} | {
    ONLINE: L_("A player who joins from another computer.")}
DIM_INK = (100, 90, 80)


class SeatRow:
    def __init__(self, seat: SeatSetup, thinking: str = "normal",
                 on_thinking: Callable[[str], None] | None = None) -> None:
        """`thinking`: the key of THINKING_TIMES the thinking choice shows; `on_thinking` is
        told the key chosen there."""
        self.colour = seat.colour
        self.name = TextField(seat.name, limit=NAME_LIMIT)
        kinds = list(KIND_LABELS)
        self.kind = Choice(kinds, kinds.index(seat.kind), labels=list(KIND_LABELS.values()),
                           wraps=False)
        times = list(THINKING_TIMES)
        self.thinking = Choice(times, times.index(thinking), labels=thinking_labels(
            THINKING_TIMES), on_change=lambda i: on_thinking and on_thinking(times[i]))
        self.colour_button = Button("", lambda: None, "paper")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.about = pygame.Rect(0, 0, 0, 0)  # where the kind's line is written
        self.flash = 0.0  # seconds left to light the colour button after a swap

    @property
    def thinks(self) -> bool:
        """Whether the seat's bot takes a thinking time (its choice is shown)."""
        return takes_thinking_time(self.kind.value)

    def show_thinking(self, key: str) -> None:
        """Show the thinking time `key` (chosen in another row or in Settings)."""
        self.thinking.index = self.thinking.values.index(key)
        self.thinking.label = self.thinking.labels[self.thinking.index]

    def label(self, index: int) -> str:
        return self.name.text.strip() or fmt("Seat {number}", number=index + 1)

    def setup(self) -> SeatSetup:
        return SeatSetup(self.name.text.strip(), self.kind.value, self.colour)

    def draw_about(self, surface: pygame.Surface, t: th.Theme) -> None:
        """What playing against the seat is like, in a line; for a bot that takes a thinking
        time, the choice of that time in its place (the line is its tooltip)."""
        if self.thinks:
            self.thinking.tooltip = KIND_LINES[self.kind.value]
            self.thinking.draw(surface, t)
            return
        lines = wrap(KIND_LINES[self.kind.value], t.px(20), self.about.width)[:2]
        step = line_height(t.px(20))
        y = self.about.centery - step * len(lines) // 2
        for line in lines:
            blit_text(surface, line, (self.about.left, y), t.px(20), DIM_INK)
            y += step

    def draw_tooltip(self, surface: pygame.Surface, t: th.Theme) -> None:
        """The seat's line over its thinking time while the mouse is on it."""
        if self.thinks and self.thinking.hover and self.thinking.tooltip:
            tooltip(surface, t, self.kind.label, self.thinking.tooltip, pygame.mouse.get_pos())


def seats_problem(rows: Sequence[SeatRow], seats: Sequence[Seat]) -> str:
    """Why these seats cannot start a game ('' when they can): two of one colour, or two
    played here of one name (case and spaces aside: no "Anna" beside "Anna (2)" at one
    table; an online seat's player brings their own name). The second of a name gets the
    cursor, its name selected so what is typed next replaces it."""
    colours = [row.colour for row in rows]
    if len(set(colours)) != len(colours):
        return _("Each seat needs its own colour.")
    first: dict[str, str] = {}
    for row, seat in zip(rows, seats, strict=True):
        if plays_elsewhere(seat.kind):
            continue
        key = " ".join(seat.name.casefold().split())
        if key in first:
            for other in rows:
                other.name.focus = other is row
            row.name.select_all()
            return fmt("Two players are called {name}: give each their own name.",
                       name=first[key])
        first[key] = seat.name
    return ""
