"""The shortcut keys are the same keys in every language, and each button shows the key that
opens it (a player who learnt H for History keeps it after a change of language; a key map can
name them once): the title's, and every menu's. Only a named key's name follows the language,
as on its keyboards (Enter is "Entrée" in French)."""

import pygame
import pytest
from test_scenes import frames, solo_table

from urland.app import App
from urland.texts import i18n
from urland.texts.i18n import LANGUAGES
from urland.ui.focus import ENTER_KEYS
from urland.ui.key_map import key_map, key_map_chords
from urland.ui.widgets import Button, key_label
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


def _open_table(app):
    solo_table(app)


# Every menu a player reaches by keys, opened over the title (or a table) as in play.
MENUS = {
    "title": lambda app: None,
    "new_game": lambda app: app.open("new_game"),
    "join": lambda app: app.open("join"),
    "load_game": lambda app: app.open("load_game"),
    "history": lambda app: app.show("history"),
    "settings": lambda app: app.open("settings"),
    "rules": lambda app: app.open("rules"),
    "table": _open_table,
    "pause": lambda app: (_open_table(app), app.open("pause", leave=lambda: None)),
}


def _listed_keys(scene) -> list[tuple[tuple[int, ...], ...]]:
    """The keys of each row of the screen's key map, as pressed (not as named)."""
    return key_map_chords(scene)


def _keyed_buttons(scene) -> list[Button]:
    """The shown, usable buttons of `scene` that a key of their own presses (a letter, a
    digit, Esc; Enter uses what the focus is on)."""
    shown = [*scene.buttons, *getattr(scene, "key_buttons", list)(),
             *(t.key for t in scene.focus_targets() if isinstance(t.key, Button))]
    return [b for b in dict.fromkeys(shown) if b.visible and b.enabled and b.key is not None
            and b.key not in ENTER_KEYS]


def _leave_the_text_field(app) -> None:
    """A field being typed in has the keys: Esc leaves it first, as a player does."""
    if any(field.focus for field in app.scene.text_fields()):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="\x1b"))
        frames(app, 1)


def _press_each_key(app) -> dict[int, list[str]]:
    """Each keyed button's key pressed once: which buttons it pressed (their actions are
    stood in for, so that the screen stays)."""
    pressed: dict[int, list[str]] = {}
    for button in _keyed_buttons(app.scene):
        button.on_click = lambda key=button.key, label=str(button.label): pressed.setdefault(
            key, []).append(label)
    for button in _keyed_buttons(app.scene):
        typed = chr(button.key) if button.key < 0x110000 and chr(button.key).isprintable() else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=button.key, mod=0,
                                             unicode=typed))
        frames(app, 1)
    return pressed


def _open_menu(app, menu: str):
    """`menu` opened afresh, in the language of the moment, with no text field typed in."""
    app.show("title")
    MENUS[menu](app)
    frames(app, 2)
    _leave_the_text_field(app)
    return app.scene


def _keys_of(app) -> tuple[list[tuple[tuple[int, ...], ...]], list[int]]:
    """The keys the screen on top lists, and those of its buttons it answers (pressed)."""
    pressed = _press_each_key(app)
    assert all(len(labels) == 1 for labels in pressed.values()), pressed
    assert len(key_map(app.scene)) == len(_listed_keys(app.scene))  # a printed row each
    return _listed_keys(app.scene), sorted(pressed)


@pytest.mark.parametrize("menu", list(MENUS))
def test_each_menus_keys_are_the_same_in_every_language_and_still_work(
        menu, english_after, user_home, monkeypatch):
    """The keys a menu lists (F1, Keyboard keys) are the same keys in every language, whether
    the menu was opened in that language or the language changed while it was open (each
    printed with the language's name for it), and each button's key (a letter, a digit, Esc)
    presses that button, under its words of the moment."""
    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    try:
        scene = _open_menu(app, menu)
        listed = _listed_keys(scene)
        keyed = sorted(b.key for b in _keyed_buttons(scene))
        assert listed and _keys_of(app) == (listed, keyed)
        for code in LANGUAGES:  # changed while the menu is open
            app.set_language(code)
            frames(app, 1)
            _leave_the_text_field(app)
            assert app.scene is scene
            assert _keys_of(app) == (listed, keyed), code
        for code in LANGUAGES:  # opened in that language
            app.set_language(code)
            _open_menu(app, menu)
            assert _keys_of(app) == (listed, keyed), code
    finally:
        for scene in reversed(app.scenes):  # a table's bots stop
            scene.leave()
        app.scenes = []
        pygame.quit()


def _printed(app, menu: str, code: str) -> list[str]:
    """The keys the key map of `menu`, opened in `code`, prints (as F1 shows them)."""
    app.set_language(code)
    _open_menu(app, menu)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    frames(app, 2)
    assert app.scene.name == "rules"
    return [printed for printed, _does in app.scene.keys]


def test_the_key_map_names_the_keys_as_the_languages_keyboards_do(
        english_after, user_home, monkeypatch):
    """Enter and Esc are "Entrée" and "Échap" on a French key map (as its sentences say them),
    Shift+Tab is "Maj+Tab", Ctrl+Z is "Strg+Z" in German; the letters stay as they are."""
    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    try:
        english, french = _printed(app, "new_game", "en"), _printed(app, "new_game", "fr")
        assert {"Tab / Shift+Tab", "Enter", "Esc", "F11", "M"} <= set(english)
        assert {"Tab / Maj+Tab", "Entrée", "Échap", "F11", "M"} <= set(french)
        assert not {"Enter", "Esc"} & set(french) and len(french) == len(english)
        assert "Strg+Z" in _printed(app, "table", "de")
        assert "Ctrl+Z" in _printed(app, "table", "it")
    finally:
        for scene in reversed(app.scenes):  # a table's bots stop
            scene.leave()
        app.scenes = []
        pygame.quit()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_keyboard_rules_name_the_keys_as_the_key_map_under_them(code, english_after):
    """The keys page's paragraph says Enter and Esc as the key map under it prints them
    ("Entrée ... Échap" in French, "Invio" in Italian), never the English names where the
    language has its own."""
    from urland.scenes.rules import KEYS_PAGE
    from urland.texts.rules_pages import page_index, pages

    i18n.set_language(code)
    text = pages()[page_index(KEYS_PAGE)].text
    for key, english in ((pygame.K_RETURN, "Enter"), (pygame.K_ESCAPE, "Esc")):
        named = key_label(key)
        assert named in text, (code, named)
        assert named == english or english not in text, (code, english)
