"""A seat of New game: who plays it (a person here, an AI of some strength, a person
online), under which name and in which colour."""

from __future__ import annotations

import pygame

from urland.bots.registry import BOTS, HUMAN, OFFERED_KINDS, ONLINE, SEAT_KINDS
from urland.texts.i18n import L_, Text, fmt
from urland.ui.widgets import Button, Choice, TextField
from urland.userfiles.setup_memory import NAME_LIMIT, SeatSetup

# The seat choices: a person here, one of the bots the catalogue offers, or a person online.
KIND_LABELS: dict[str, Text] = {HUMAN: L_("Human")} | {
    k: BOTS[k].label for k in OFFERED_KINDS if k in BOTS} | {ONLINE: L_("Online")}
# One line each, shown beside the choice: what playing against this seat is like.
KIND_LINES: dict[str, Text] = {HUMAN: L_("A person at this screen.")} | {
    k: BOTS[k].line or BOTS[k].label for k in SEAT_KINDS if k in BOTS} | {
    ONLINE: L_("A player who joins from another computer.")}


class SeatRow:
    def __init__(self, seat: SeatSetup) -> None:
        self.colour = seat.colour
        self.name = TextField(seat.name, limit=NAME_LIMIT)
        kinds = list(KIND_LABELS)
        self.kind = Choice(kinds, kinds.index(seat.kind), labels=list(KIND_LABELS.values()))
        self.colour_button = Button("", lambda: None, "paper")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.about = pygame.Rect(0, 0, 0, 0)  # where the kind's line is written
        self.flash = 0.0  # seconds left to light the colour button after a swap

    def label(self, index: int) -> str:
        return self.name.text.strip() or fmt("Seat {number}", number=index + 1)

    def setup(self) -> SeatSetup:
        return SeatSetup(self.name.text.strip(), self.kind.value, self.colour)
