"""The watcher the language tests rely on finds what a player would see as broken: a text drawn
over another, a text sticking out of its button or hidden behind one, a text shortened or left
out; and it does not cry wolf over a button's own label, a text on its shadow or a dialog drawn
over the table."""

import pygame
import pytest

from urland.ui import text as text_ui
from urland.ui import theme as th
from urland.ui.caches import clear_caches
from urland.ui.text import blit_text, blit_wrapped, ellipsized
from urland.ui.widgets import Button, panel


@pytest.fixture()
def screen():
    pygame.init()
    clear_caches()  # fonts made before another test's pygame.quit() are gone
    surface = pygame.Surface((400, 300))
    watch = text_ui.start_watching()
    yield surface, watch
    text_ui.stop_watching()


def test_two_texts_drawn_over_each_other_are_found(screen):
    surface, watch = screen
    blit_text(surface, "Koexistenz und eine Mutation", (10, 10), 24, th.INK)
    blit_text(surface, "Schritt 20 von 33", (150, 12), 19, th.INK)
    text_ui.end_frame()
    assert len(watch.overlaps) == 1
    assert "'Koexistenz und eine Mutation' and 'Schritt 20 von 33'" in next(iter(watch.overlaps))


def test_text_side_by_side_or_on_its_own_shadow_is_fine(screen):
    surface, watch = screen
    for dx, dy in ((1, 1), (0, 0)):
        blit_text(surface, "O3", (50 + dx, 50 + dy), 24, th.INK)
    blit_text(surface, "East Ocean", (120, 50), 16, th.INK)
    blit_wrapped(surface, "A long sentence wrapped over a few lines in its box.",
                 pygame.Rect(10, 100, 120, 80), 20, th.INK)
    text_ui.end_frame()
    assert watch.overlaps == set()


def test_a_buttons_label_is_fine_but_text_under_or_out_of_a_button_is_not(screen):
    surface, watch = screen
    theme = th.Theme((1280, 720))
    blit_wrapped(surface, "the last words of a card are hidden behind the Next button",
                 pygame.Rect(10, 10, 380, 60), 20, th.INK)
    button = Button("Next", lambda: None)
    button.rect = pygame.Rect(300, 20, 90, 36)
    button.draw(surface, theme)
    text_ui.end_frame()
    assert any("[Next]" in o for o in watch.overlaps)
    watch.overlaps.clear()
    button.draw(surface, theme)
    text_ui.end_frame()
    assert watch.overlaps == set()


def test_a_dialog_drawn_over_the_table_hides_what_is_under_it(screen):
    surface, watch = screen
    blit_text(surface, "a line of the game log", (20, 120), 20, th.INK)
    panel(surface, pygame.Rect(0, 100, 400, 100))
    blit_text(surface, "Choose the region to be scored", (20, 120), 24, th.INK)
    text_ui.end_frame()
    assert watch.overlaps == set()


def test_text_shortened_or_left_out_is_an_overflow(screen):
    _surface, watch = screen
    assert ellipsized("Finale: più in terraferma", 20, 60).endswith("...")
    text_ui.left_out("Turbo", "no room")
    assert len(watch.overflows) == 2


def test_a_french_line_never_starts_with_its_spaced_punctuation(screen):
    from urland.ui.text import wrap

    sentence = "Panique ! Cliquez sur « Fin du tour » : la région 5 est décomptée ; vraiment ?"
    for width in range(40, 420, 7):
        lines = wrap(sentence, 19, width)
        assert " ".join(lines) == sentence
        for line in lines:
            assert line[0] not in ":;!?»", (width, lines)
            assert not line.endswith("«"), (width, lines)


def test_a_players_gain_in_a_scoring_caption_stays_on_the_line_of_their_name(screen):
    from urland.ui.text import wrap

    caption = ("Region 2 is scored: competition. Alex +2 points, Basil +2 points, "
               "Greta +3 points.")
    for width in range(60, 420, 7):
        lines = wrap(caption, 19, width)
        assert " ".join(lines) == caption
        assert not any(line.startswith("+") for line in lines), (width, lines)
