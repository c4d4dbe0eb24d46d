"""The show tells the game on the beat: it stands still behind the pause menu, Settings and
the rules help (F1) and goes on from there, and the scoring and eruption sounds are heard
as their own beat begins (not when the move is made)."""

from __future__ import annotations

import copy
import random

import pygame
import pytest
from test_scenes import click

from urland.app import App
from urland.bots.random_bot import random_move
from urland.table.session import Seat, Session
from urland.userfiles.settings import Settings


@pytest.fixture
def slow_app():
    """The window with animations Slow, as the player had them."""
    window = App(Settings(animation_speed="slow", ai_pause="none"), size=(1280, 720))
    yield window
    pygame.quit()


def a_scoring_that_erupts(app):
    """Three players at this screen; the acting one's next move ends an epoch whose scoring
    sets off eruptions (random play from seed 5). The table (nothing over it) and that move;
    the effects the show asks for are listed in `table.heard` with the caption then showing."""
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 5, None)
    game, pick = session.game, random.Random(1)
    while True:
        move = random_move(game.legal_options(), pick)
        events = copy.deepcopy(game).play(move)
        if {"score", "eruption"} <= {e.kind for e in events}:
            break
        game.play(move)
    table = app.show("table", session=session)
    table.flow.looks = []
    for _ in range(2):
        app.step(0.05)
    app.scenes = [table]
    table.heard = []
    table.show.play_sound = lambda name: table.heard.append((name, table.show.callout))
    return table, move


def esc(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    app.step(0.05)


def f1(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="",
                                         scancode=0))
    app.step(0.05)


def menu_then_settings(app):
    click(app, app.scene.controls.menu_button.rect.center)
    app.open("settings")
    app.step(0.05)


@pytest.mark.parametrize("cover", [esc, f1, menu_then_settings],
                         ids=["pause menu", "rules help", "settings"])
def test_the_show_stands_still_behind_the_menu_settings_and_rules_and_goes_on_after(
        slow_app, cover):
    """A scoring's show is playing when the player opens the menu (Esc), the rules (F1) or
    Settings: however long they read, no beat advances, no sound starts, the log gets no
    line and the banner stays; closed again, the show goes on from the beat it stood at."""
    table, move = a_scoring_that_erupts(slow_app)
    table.submit(move)
    slow_app.step(0.05)
    beats, t, heard = list(table.show.beats), table.show.t, list(table.heard)
    logged, held = [e.text for e in table.log.entries], table.held
    cover(slow_app)
    assert slow_app.scene is not table
    for _ in range(200):  # ten seconds behind it: longer than the whole show
        slow_app.step(0.05)
    assert table.show.beats == beats and table.show.t == pytest.approx(t)
    assert table.heard == heard and table.held == held
    assert [e.text for e in table.log.entries] == logged
    slow_app.scenes = [table]  # closed again
    slow_app.step(0.05)
    assert table.show.beats[:1] == beats[:1] and table.show.t > t  # on from there
    while table.show.busy:
        slow_app.step(0.05)
    assert {"score", "eruption"} <= {name for name, _ in table.heard}


def test_the_scoring_and_eruption_sounds_are_heard_with_their_own_beat(slow_app):
    """An epoch's end scores a region and its volcanoes erupt (R1): the score effect is
    heard as the caption "Region .. is scored" shows, each eruption's as its own caption
    shows; none at the move (before its beat), none left out while the show plays through."""
    table, move = a_scoring_that_erupts(slow_app)
    table.submit(move)
    assert not any(name in ("score", "eruption") for name, _ in table.heard)
    while table.show.busy:
        slow_app.step(0.05)
    scores = [caption for name, caption in table.heard if name == "score"]
    eruptions = [caption for name, caption in table.heard if name == "eruption"]
    assert scores and all("scored" in c for c in scores)
    assert len(eruptions) == 2 and all("erupts" in c for c in eruptions)
