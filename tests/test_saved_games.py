"""Several saved games: New game never overwrites an unfinished game (it asks, and the old game
moves to saves/), Continue resumes the latest, Load game lists every game with its date,
players, turn and whose move, and deletes one only after a confirmation."""

import os
import random
import time

import pytest

from urland import paths
from urland.bots.random_bot import random_move
from urland.engine.save import load_game
from urland.table import library
from urland.table.session import Seat, Session


def frames(app, k=2):
    for _ in range(k):
        app.step(0.016)


def saved_game(path, names=("Anna", "Ben", "Cleo"), seed=5, moves=12, age=0.0):
    """A session saved at `path` after `moves` random moves, last saved `age` seconds ago."""
    seats = [Seat(n, i, "human" if i == 0 else "easy") for i, n in enumerate(names)]
    session = Session.new(seats, seed, path)
    r = random.Random(seed)
    while not session.game.over and len(session.game.moves) < moves:
        session.play(random_move(session.game.legal_options(), r))
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return session


def test_new_game_asks_before_replacing_an_unfinished_game_and_keeps_it(app, user_home):
    old = saved_game(paths.autosave_path(), moves=20)
    new_game = app.show("new_game")
    new_game.begin()
    frames(app)
    question = app.scene
    assert question.name == "confirm" and question.title == "Start a new game?"
    assert "A game is still in play: Anna, Ben (AI), Cleo (AI)" in question.text
    question.cancel_button.on_click()  # Back: nothing changes
    assert app.scene is new_game
    assert load_game(paths.autosave_path())[0].moves == old.game.moves
    assert not paths.saves_dir().exists()

    new_game.begin()
    app.scene.confirm_button.on_click()  # Start new game
    table = app.scene
    assert table.name == "table" and table.door.session.autosave == paths.autosave_path()
    assert len(table.door.session.game.moves) == 0
    [kept] = paths.saves_dir().iterdir()
    assert kept.name.startswith("game-") and load_game(kept)[0].moves == old.game.moves


def test_new_game_over_a_finished_game_does_not_ask(app, user_home):
    saved_game(paths.autosave_path(), moves=100_000)
    app.show("new_game").begin()
    assert app.scene.name == "table"
    assert not paths.saves_dir().exists()


def test_new_game_never_overwrites_when_the_old_game_cannot_be_moved(user_home, monkeypatch):
    old = saved_game(paths.autosave_path(), moves=9)

    def refuse(*_a):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(library.os, "rename", refuse)
    path = library.new_game_path()
    assert path.parent == paths.saves_dir() and not path.exists()
    assert load_game(paths.autosave_path())[0].moves == old.game.moves


def test_continue_resumes_the_most_recently_saved_unfinished_game(app, user_home):
    saved_game(paths.autosave_path(), seed=1, age=3600)
    latest = saved_game(paths.saves_dir() / "game-b.yaml", names=("Eve", "Finn", "Gus"),
                        seed=2, moves=15, age=60)
    saved_game(paths.saves_dir() / "game-c.yaml", seed=3, moves=100_000, age=0)  # finished
    title = app.show("title")
    assert title.continue_button.enabled
    title.continue_button.on_click()
    table = app.scene
    assert table.name == "table"
    assert table.door.session.game.moves == latest.game.moves
    assert table.door.session.autosave == paths.saves_dir() / "game-b.yaml"  # saves where it was


def test_load_game_lists_date_players_turn_and_whose_move(app, user_home):
    a = saved_game(paths.autosave_path(), seed=1, moves=30, age=7200)
    saved_game(paths.saves_dir() / "game-x.yaml", names=("Eve", "Finn", "Gus", "Hal"), seed=2,
               moves=100_000, age=60)
    title = app.show("title")
    title.load_button.on_click()
    scene = app.scene
    assert scene.name == "load_game"
    games = [row.game for row in scene.rows]
    assert [g.path.name for g in games] == ["game-x.yaml", "autosave.yaml"]  # newest first
    finished, playing = games
    assert finished.players_text() == "Eve, Finn (AI), Gus (AI), Hal (AI)"
    assert finished.status_text().startswith("Finished: ") and finished.status_text().endswith(
        " won")
    state = a.game.state
    assert playing.status_text() == f"Turn {state.turn}: {a.seats[state.actor].name} to move"
    stamp = os.stat(paths.autosave_path()).st_mtime
    assert playing.saved_at.timestamp() == pytest.approx(stamp)
    frames(app)
    scene.rows[1].load.on_click()
    assert app.scene.name == "table" and app.scene.door.session.game.moves == a.game.moves


def test_deleting_a_saved_game_asks_first_and_removes_only_that_file(app, user_home):
    saved_game(paths.autosave_path(), seed=1, age=100)
    saved_game(paths.saves_dir() / "game-y.yaml", names=("Eve", "Finn", "Gus"), seed=2)
    scene = app.open("load_game")
    target = scene.rows[0].game
    assert target.path.name == "game-y.yaml"
    scene.rows[0].delete.on_click()
    question = app.scene
    assert question.name == "confirm" and question.title == "Delete this saved game?"
    assert "Eve, Finn (AI), Gus (AI)" in question.text
    question.cancel_button.on_click()  # Keep it
    assert target.path.exists() and len(scene.rows) == 2
    scene.rows[0].delete.on_click()
    app.scene.confirm_button.on_click()  # Delete
    assert not target.path.exists() and paths.autosave_path().exists()
    assert [row.game.path.name for row in scene.rows] == ["autosave.yaml"]


def test_a_damaged_game_in_the_saves_folder_is_set_aside_and_the_rest_listed(app, user_home):
    saved_game(paths.saves_dir() / "good.yaml")
    (paths.saves_dir() / "bad.yaml").write_text("format: urland-save\nversion: 2\nend: [\n")
    scene = app.open("load_game")
    assert [row.game.path.name for row in scene.rows] == ["good.yaml"]
    assert "A saved game could not be read: bad.yaml: damaged" in scene.message
    [moved] = [p.name for p in paths.saves_dir().iterdir() if p.name.startswith("bad.")]
    assert moved.startswith("bad.damaged-")
    again = app.open("load_game")
    assert again.message == "" and len(again.rows) == 1  # set aside once, not listed again


def test_the_list_replays_only_the_games_saved_since_it_was_last_read(user_home, monkeypatch):
    saved_game(paths.autosave_path(), seed=1, age=100)
    saved_game(paths.saves_dir() / "game-z.yaml", seed=2, age=200)
    library.scan()
    loads = []
    real_load = Session.load.__func__
    monkeypatch.setattr(Session, "load",
                        classmethod(lambda cls, p=None: loads.append(p.name) or real_load(cls, p)))
    assert len(library.scan()[0]) == 2 and loads == []
    saved_game(paths.saves_dir() / "game-z.yaml", seed=3, moves=20)  # played again since
    games, _ = library.scan()
    assert loads == ["game-z.yaml"] and games[0].path.name == "game-z.yaml"
