"""The settings screen, driven with posted events: it shows the window's real size and changes
the text size of everything at once, remembered for next time."""

import pygame
from test_scenes import click, frames

from urland.app import App
from urland.userfiles.settings import Settings, load_settings


def open_settings(app):
    app.show("title")
    scene = app.open("settings")
    frames(app, 2)
    return scene


def test_settings_show_and_store_the_real_size_after_the_window_is_resized(app):
    scene = open_settings(app)
    assert scene.size.label == "1280 x 720"
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1500, 860), w=1500, h=860))
    frames(app, 2)
    assert app.screen.get_size() == (1500, 860)
    assert scene.size.label == "1500 x 860"
    assert (app.settings.window_width, app.settings.window_height) == (1500, 860)
    saved = load_settings()
    assert (saved.window_width, saved.window_height) == (1500, 860)
    click(app, scene.size.rect.center)  # the next offered size after the real one
    assert scene.size.label == "1600 x 900" and app.screen.get_size() == (1600, 900)


def test_full_screen_shows_the_size_the_screen_really_has(app):
    scene = open_settings(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
    frames(app, 2)
    assert app.fullscreen and scene.full.label == "Full screen"
    w, h = app.screen.get_size()
    assert scene.size.label == f"{w} x {h}"
    assert load_settings().fullscreen


def test_text_size_scales_every_text_and_widget_at_once_and_is_remembered(app):
    scene = open_settings(app)
    title = app.scenes[0]
    before = title.buttons[0].rect.size
    assert scene.text.label == "100 %"
    click(app, scene.text.rect.center)
    assert scene.text.label == "115 %"
    assert app.theme.px(100) == 115  # at 1280x720 a design unit is a pixel, now 1.15
    after = title.buttons[0].rect.size
    assert after[0] > before[0] and after[1] > before[1]  # laid out again without a restart
    click(app, scene.done.rect.center)
    assert app.scene is title
    assert load_settings().text_size == 115
    pygame.quit()
    again = App(load_settings(), size=(1280, 720))
    assert again.theme.px(100) == 115


def test_the_settings_dialog_fits_the_smallest_window_at_the_largest_text(app):
    app.settings.text_size = 130
    app.resize((960, 540))
    app.set_text_size(130)
    scene = open_settings(app)
    screen = app.screen.get_rect()
    box = scene.box()
    assert screen.contains(box)
    rects = [c.rect for _, c in scene.rows] + [scene.done.rect]
    for i, r in enumerate(rects):
        assert box.contains(r)
        assert not any(r.colliderect(o) for o in rects[i + 1:])


def test_a_window_never_opens_larger_than_the_screen(monkeypatch):
    from urland.ui import screen

    monkeypatch.setattr(screen, "screen_size", lambda: (1280, 720))
    assert screen.fit_screen((2560, 1440)) == (1280, 720)  # a size saved on a bigger screen
    assert screen.fit_screen((1024, 600)) == (1024, 600)


def test_settings_offer_only_window_sizes_the_screen_can_show(monkeypatch):
    import urland.scenes.settings as settings_scene

    monkeypatch.setattr(settings_scene, "screen_size", lambda: (1600, 900))
    a = App(Settings(), size=(1280, 720))
    try:
        scene = a.open("settings")
        sizes = scene._size_choice().sizes
        assert sizes == [(960, 540), (1280, 720), (1600, 900)]
    finally:
        pygame.quit()


class FakeWindow:
    """The window as the screen module sees it: where it stands and how large it is."""

    def __init__(self, position, size):
        self.position, self.size = position, size


def test_a_window_size_chosen_in_settings_is_centred_on_the_display_the_window_is_on(
        app, monkeypatch):
    """Playtest 4, defect 7: a larger size chosen in Settings must not grow off the screen
    from the old top-left corner; the window goes to the middle of its own display (here the
    second of two side by side)."""
    from urland.ui import screen

    window = FakeWindow((1920 + 300, 200), (1280, 720))  # on the right-hand display
    monkeypatch.setattr(screen, "_window", lambda: window)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)] * 2)
    scene = open_settings(app)
    larger = scene.size.sizes.index((1600, 900))
    scene._size(larger)  # what the size row's arrow does
    assert app.screen.get_size() == (1600, 900)
    assert window.position == screen._CENTRED_ON | 1  # SDL: centred on display 1
    assert screen.display_under(100, [1920, 1920]) == 0
    assert screen.display_under(2000, [1920, 1920]) == 1
    # A window dragged larger stays where the player put it.
    window.position = (2220, 200)
    app.resize((1400, 800))
    assert window.position == (2220, 200)
