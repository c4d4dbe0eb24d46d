"""Issue 50, part 2: the screens a keyboard could not go all over. Join's buttons and the games
found on the network, every page of the rules help, and out of History's export field, by
Tab alone; Up / Down keep their jobs."""

from __future__ import annotations

import pygame
import pytest
from test_scenes import frames

from urland.net.discovery import FoundGame
from urland.ui.widgets import TextField


@pytest.fixture(autouse=True)
def no_discovery(monkeypatch):
    monkeypatch.setenv("URLAND_DISCOVERY", "0")


def press(app, key, mod=0, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                         scancode=0))
    frames(app, 1)


def ringed(scene):
    """What the keyboard's focus is on: the ring's target, else the field being typed in."""
    target = scene.focus.focused(scene.focus_targets())
    return target.key if target is not None else next(
        (f for f in scene.text_fields() if f.focus), None)


def test_tab_goes_over_joins_fields_its_buttons_and_the_games_found(app, monkeypatch):
    app.show("title")
    app.open("join")
    frames(app)
    join = app.scene
    found = FoundGame("Anna's game", "192.168.1.20:8765")
    monkeypatch.setattr(join.finder, "found", lambda: [found])
    frames(app, 2)
    assert [str(b.label) for b in join.found_buttons] == [str(found)]
    seen = []
    for _ in range(6):
        press(app, pygame.K_TAB, unicode="\t")
        seen.append(ringed(join))
    assert seen == [join.room, join.player, join.join_button, join.cancel_button,
                    join.found_buttons[0], join.address]
    assert join.address.focus and not join.room.focus  # typing goes to the field ringed
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="\t")
    assert ringed(join) is join.found_buttons[0]
    assert not any(f.focus for f in join.fields)  # on a button, no field takes letters
    press(app, pygame.K_RETURN, unicode="\r")
    assert join.address.text == found.address  # Enter on a game found: its address
    join.close()


def test_tab_reaches_every_page_of_the_rules_help_and_its_close_button(app):
    app.show("title")
    app.open("rules")
    frames(app)
    rules = app.scene
    listed = [page.key for _rect, page in rules.rows]
    seen = []
    for _ in range(len(listed) + 1):
        press(app, pygame.K_TAB, unicode="\t")
        seen.append(ringed(rules))
    assert [k[1] for k in seen[:-1]] == listed and seen[-1] is rules.close
    press(app, pygame.K_TAB, unicode="\t")
    press(app, pygame.K_TAB, unicode="\t")  # round again: the second page
    press(app, pygame.K_RETURN, unicode="\r")
    assert rules.page.key == listed[1]
    press(app, pygame.K_DOWN)  # Down still steps to the next page
    assert rules.page.key == listed[2]


def test_tab_out_of_historys_export_field_ends_the_typing_there(app):
    app.show("history")
    frames(app)
    history = app.scene
    field = history.export_field
    for _ in range(10):
        press(app, pygame.K_TAB, unicode="\t")
        if ringed(history) is field:
            break
    assert ringed(history) is field
    press(app, pygame.K_RETURN, unicode="\r")
    assert field.focus  # Enter: typing in it
    before = field.text
    press(app, pygame.K_TAB, unicode="\t")
    assert not field.focus and not isinstance(ringed(history), TextField)
    press(app, pygame.K_x, unicode="x")
    assert field.text == before  # the letter did not go into the field left
