"""Where the tutorial's coaching card goes in the side panel and how large its letters are:
one size for every card of the lesson, the largest at which the longest step's card fits."""

from __future__ import annotations

import pygame

from urland.table.tutorial import Script
from urland.texts.i18n import pgettext
from urland.ui import theme as th
from urland.ui.table.coach_card import card_height, card_rect, fitting_size
from urland.ui.table.side_panel import SidePanel


def card_place(t: th.Theme, panel: SidePanel, need: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A card `need` pixels high over the top of the log's place, and the log's place left
    below it (the players' rows drawn smaller to make it room if they must)."""
    if need > panel.log_rect.height:
        panel.layout(t, panel.rect, panel.bottom, least_log=need)
    return card_rect(t, panel.log_rect, need)


def lesson_letters(t: th.Theme, panel: SidePanel, script: Script) -> int:
    """The letter size of every card of the lesson in this panel and language (the panel is
    laid out for the longest card: lay it out again for the card shown)."""
    texts = [pgettext("tutorial", s.text) for c in script.chapters for s in c.steps]
    longest = max(texts, key=len)
    room = t.px(150)  # the Next button's
    card, _rest = card_place(t, panel, card_height(t, panel.log_rect.width, longest, "", room))
    return fitting_size(t, card, longest, room)
