"""Where the tutorial's coaching card goes in the side panel and how large its letters are:
one size for every card of the lesson, the usual one (a card whose words need more room than
the side panel has scrolls: urland.ui.table.coach_card)."""

from __future__ import annotations

import pygame

from urland.ui import theme as th
from urland.ui.table.coach_card import card_rect, text_sizes
from urland.ui.table.side_panel import SidePanel

SCROLL_TO_END = 10**6  # a card scroll past its end: the card shows its last lines
PAGE_KEYS = {pygame.K_PAGEUP: -3, pygame.K_PAGEDOWN: 3}  # the lines a key scrolls the card


def card_place(t: th.Theme, panel: SidePanel, need: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A card `need` pixels high over the top of the log's place, and the log's place left
    below it (the players' rows drawn smaller to make it room if they must)."""
    if need > panel.log_rect.height:
        panel.layout(t, panel.rect, panel.bottom, least_log=need)
    return card_rect(t, panel.log_rect, need)


def lesson_letters(t: th.Theme) -> int:
    """The letter size of every card of the lesson in this window and text size."""
    return text_sizes(t)[0]


def card_scrolled(event: pygame.event.Event, card: pygame.Rect, scroll: int, most: int) -> int:
    """The card's scroll after `event` when the event is the card's: the wheel over a card
    with more lines than it shows, or Page Up / Page Down (which scroll the log when the card
    has nothing more to show); -1 when it is not the card's."""
    if not most:
        return -1
    if event.type == pygame.MOUSEWHEEL and card.collidepoint(pygame.mouse.get_pos()):
        lines = -event.y
    elif event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
        lines = PAGE_KEYS[event.key]
    else:
        return -1
    return max(0, min(most, scroll + lines))
