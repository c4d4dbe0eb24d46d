"""The title screen's shortcut keys are the same letters in every language, and each button
shows the key that opens it (a player who learnt H for History keeps it after a change of
language; a key map can name them once)."""

import pygame
import pytest
from test_scenes import frames

from urland.app import App
from urland.texts import i18n
from urland.texts.i18n import LANGUAGES
from urland.ui.widgets import key_label
from urland.userfiles.settings import Settings

TITLE_KEYS = ["N", "C", "L", "J", "T", "H", "R", "S", "Q"]  # New game ... Quit, as drawn


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_title_keys_do_not_change_with_the_language(code, english_after, user_home):
    i18n.set_language(code)
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    try:
        title = app.show("title")
        frames(app, 2)
        assert [key_label(b.key) for b in title.buttons] == TITLE_KEYS
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, unicode="s",
                                             mod=0))
        frames(app, 2)
        assert app.scene.name == "settings"
    finally:
        pygame.quit()


def test_a_change_of_language_keeps_every_key(english_after, user_home):
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    try:
        title = app.show("title")
        frames(app, 1)
        for code in LANGUAGES:
            i18n.set_language(code)
            frames(app, 1)
            assert [key_label(b.key) for b in title.buttons] == TITLE_KEYS, code
    finally:
        pygame.quit()
