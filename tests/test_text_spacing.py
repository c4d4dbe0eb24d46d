"""Playtest 4, defect 13: small text had uneven letter spacing ("Al ex", "Ich to",
"1 f rom region 4" in the log): the gaps between the letters of one word must be even."""

from __future__ import annotations

import pygame
import pytest

from urland.ui import text as text_ui
from urland.ui.caches import clear_caches

LOG_LINE = "Alex retreats 1 Ichto to the reserve (1 from region 4)."
SEEN_TORN = ("Alex", "Ichto", "from")  # the words the player read as "Al ex", "Ich to", "f rom"


def letter_gaps(surface: pygame.Surface) -> list[int]:
    """The widths of the blank columns between the inked columns of a rendered word."""
    width, height = surface.get_size()
    inked = [any(surface.get_at((x, y)).a > 60 for y in range(height)) for x in range(width)]
    gaps, run, started = [], 0, False
    for ink in inked:
        if ink:
            if started and run:
                gaps.append(run)
            started, run = True, 0
        else:
            run += 1
    return gaps


@pytest.mark.parametrize("pixels", [16, 17, 18, 19, 20, 22])
@pytest.mark.parametrize("bold", [False, True])
def test_the_letters_of_a_word_in_small_text_are_evenly_spaced(pixels, bold):
    pygame.font.init()
    clear_caches()  # fonts cached by an earlier window died with its pygame.quit()
    for word in SEEN_TORN:
        gaps = letter_gaps(text_ui.render(word, pixels, (255, 255, 255), bold))
        assert max(gaps) - min(gaps) <= 1, (word, gaps)


def test_small_text_keeps_the_width_its_layout_was_measured_with():
    pygame.font.init()
    clear_caches()  # fonts cached by an earlier window died with its pygame.quit()
    for pixels in (16, 18, 22, 30):
        drawn = text_ui.render(LOG_LINE, pixels, (255, 255, 255), True)
        assert drawn.get_width() == text_ui.text_width(LOG_LINE, pixels, True)
