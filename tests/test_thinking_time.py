"""The expert's thinking time a player chooses: in Settings and on New game's expert seats, kept
with the settings, given to the expert at the table, and written with the seats into the save
and the game's record, so that a continued game or a replay knows it."""

from __future__ import annotations

import random

import pytest
from test_scenes import click, frames

from urland import paths
from urland.bots.random_bot import random_move
from urland.engine import Game
from urland.engine.save import load_game
from urland.records import history
from urland.table.local import LocalTable
from urland.table.room import CODE
from urland.table.session import Seat, Session
from urland.userfiles.settings import THINKING_TIMES, Settings, load_settings, save_settings

SEATS = [Seat("Anna", 0), Seat("Ben", 1, "expert", 4.0), Seat("Cleo", 2, "medium")]


def test_the_thinking_times_are_quick_normal_and_deep():
    assert THINKING_TIMES == {"quick": 0.25, "normal": 1.0, "deep": 4.0}
    assert Settings().expert_seconds == 1.0


def test_the_thinking_time_is_kept_with_the_settings_and_an_odd_one_falls_back(user_home):
    save_settings(Settings(expert_thinking="deep"))
    assert load_settings().expert_thinking == "deep" and load_settings().expert_seconds == 4.0
    paths.settings_path().write_text("expert_thinking: forever\n")
    assert load_settings().expert_thinking == "normal"


def test_settings_offers_the_thinking_time_and_keeps_the_choice(app):
    scene = app.open("settings")
    frames(app)
    assert [str(label) for label in scene.thinking.labels] == [
        "Quick (0.25 s)", "Normal (1 s)", "Deep (4 s)"]
    assert scene.thinking.value == "normal"
    click(app, scene.thinking.rect.center)  # one step on: Deep
    assert app.settings.expert_thinking == "deep"
    scene.close()
    assert load_settings().expert_thinking == "deep"


def test_new_games_expert_seat_offers_the_thinking_time_and_the_game_gets_it(app):
    scene = app.show("new_game")
    frames(app)
    ben, cleo = scene.rows[1], scene.rows[2]
    for row in (ben, cleo):
        row.kind.index = row.kind.values.index("expert")
        row.kind.label = row.kind.labels[row.kind.index]
    frames(app)
    assert ben.thinks and not scene.rows[0].thinks
    assert any(t.key is ben.thinking for t in scene.focus_targets())  # the keyboard reaches it
    click(app, ben.thinking.back_arrow().center)  # one step back from Normal: Quick
    assert app.settings.expert_thinking == "quick"
    assert cleo.thinking.value == "quick"  # one setting: every expert seat shows it
    assert load_settings().expert_thinking == "quick"
    seats = scene.seats()
    assert [s.think for s in seats[:3]] == [None, 0.25, 0.25]


def test_the_thinking_time_is_saved_with_the_seats_and_made_into_the_experts_budget(user_home):
    path = user_home / "autosave.yaml"
    session = Session.new(SEATS, 5, path)
    _, meta = load_game(path)
    assert meta["seats"][1] == {"name": "Ben", "kind": "expert", "think": 4.0}
    assert "think" not in meta["seats"][0] and "think" not in meta["seats"][2]
    again = Session.load(path)
    assert [s.think for s in again.seats] == [None, 4.0, None]
    door = LocalTable(again)
    assert door.now().bots_here[1][2] == 4.0
    room_bots = door.room.master.bots[CODE]  # the game's room plays its bots
    assert room_bots[1].seconds == 4.0  # type: ignore[attr-defined]
    assert room_bots[2].name == "medium"
    door.close()
    assert session.seat_meta() == again.seat_meta()


def test_the_record_of_a_finished_game_names_the_thinking_time(tmp_path):
    game = Game.new(5, 3)
    rng = random.Random(5)
    while not game.over:
        game.play(random_move(game.legal_options(), rng))
    session = Session(game, SEATS)
    path = history.write_record(game, session.seat_meta(), tmp_path)
    _, meta = history.load_record(path)
    assert history.thinking_from_meta(meta, 3) == [None, 4.0, None]
    assert [s.think for s in Session.from_record(path).seats] == [None, 4.0, None]


@pytest.mark.parametrize("written", ["lots", -1, 0, 1e9, True, None, [4]])
def test_a_thinking_time_that_is_not_a_time_is_not_believed(written):
    meta = {"seats": [{"name": "Ben", "kind": "expert", "think": written}]}
    assert history.thinking_from_meta(meta, 1) == [None]
