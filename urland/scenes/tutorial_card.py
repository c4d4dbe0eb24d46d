"""Where the tutorial's coaching card goes in the side panel and how large its letters are:
one size for every card of the lesson, the usual one (a card whose words need more room than
the side panel has scrolls: urland.ui.coach_card)."""

from __future__ import annotations

import pygame

from urland.ui import theme as th
from urland.ui.coach_card import card_rect, text_sizes
from urland.ui.side_panel import SidePanel


def card_place(t: th.Theme, panel: SidePanel, need: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A card `need` pixels high over the top of the log's place, and the log's place left
    below it (the players' rows drawn smaller to make it room if they must)."""
    if need > panel.log_rect.height:
        panel.layout(t, panel.rect, panel.bottom, least_log=need)
    return card_rect(t, panel.log_rect, need)


def lesson_letters(t: th.Theme) -> int:
    """The letter size of every card of the lesson in this window and text size."""
    return text_sizes(t)[0]
