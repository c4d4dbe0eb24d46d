"""A save that cannot be written never ends the game: the session says so (the table shows the
sentence in a banner), retries at the next decision, and the crash window tells the truth.
Leftover temporary files are removed at start, and nothing else is."""

import errno
import os
import random

import pytest

from urland.bots.random_bot import random_move
from urland.engine.save import load_game
from urland.table.session import Seat, Session
from urland.ui.crash import run_guarded
from urland.userfiles import save_status, startup

SEATS = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy")]


@pytest.fixture(autouse=True)
def fresh_status(monkeypatch):
    monkeypatch.setattr(save_status, "STATUS", save_status.SaveStatus())


def read_only(monkeypatch):
    """The data folder turns read-only (chmod cannot stop the superuser, so fail the write)."""
    def refuse(*_a, **_k):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)


def test_new_game_in_an_unwritable_data_folder_starts_and_says_it_is_not_saved(user_home):
    user_home.parent.mkdir(parents=True, exist_ok=True)
    user_home.write_text("a file where the folder should be")
    session = Session.new(SEATS, 3, user_home / "autosave.yaml")
    assert session.save_problem is not None
    assert session.save_problem.startswith("The game could not be saved (")
    assert "tries again after every move" in session.save_problem
    session.play(session.game.legal_options()[0].move)  # the game goes on
    assert len(session.game.moves) == 1 and session.save_problem is not None


def test_a_folder_turning_read_only_mid_game_is_reported_then_retried(user_home, monkeypatch):
    path = user_home / "autosave.yaml"
    session = Session.new(SEATS, 3, path)
    session.play(session.game.legal_options()[0].move)
    assert session.save_problem is None
    with monkeypatch.context() as m:
        read_only(m)
        session.play(session.game.legal_options()[0].move)
        assert session.save_problem == ("The game could not be saved (read-only file system). "
                                        "Play on: Urland tries again after every move.")
        assert len(load_game(path)[0].moves) == 1  # the last good save is intact
        assert [p.name for p in user_home.iterdir()] == ["autosave.yaml"]  # no temp file left
    session.play(session.game.legal_options()[0].move)  # writable again: the retry succeeds
    assert session.save_problem is None
    assert load_game(path)[0].moves == session.game.moves


def test_the_crash_window_says_the_game_was_saved_only_when_it_was(user_home, monkeypatch,
                                                                   capsys):
    def crash(argv):
        raise RuntimeError("boom")

    run_guarded(crash)
    assert "No game was played since Urland started" in capsys.readouterr().err

    session = Session.new(SEATS, 3, user_home / "autosave.yaml")
    run_guarded(crash)
    assert "Your game was autosaved after the last decision" in capsys.readouterr().err

    read_only(monkeypatch)
    session.play(session.game.legal_options()[0].move)
    run_guarded(crash)
    err = capsys.readouterr().err
    assert "autosaved after the last decision" not in err
    assert "The last autosave failed; Continue resumes the game as it was at" in err
    assert "read-only file system" in err


def test_the_crash_window_never_claims_a_save_that_never_happened(user_home, monkeypatch,
                                                                  capsys):
    read_only(monkeypatch)
    Session.new(SEATS, 3, user_home / "autosave.yaml")
    run_guarded(lambda argv: 1 / 0)
    err = capsys.readouterr().err
    assert "Your game could NOT be saved since Urland started" in err
    assert "autosaved" not in err


def test_leftover_temporary_files_are_removed_at_start_and_nothing_else(user_home):
    saves = user_home / "saves"
    saves.mkdir(parents=True)
    leftovers = [user_home / ".autosave.yaml.k2j4_x9a.tmp", saves / ".game-1.yaml.abcdefgh.tmp",
                 user_home / ".settings.yaml.0a1b2c3d.tmp"]
    kept = [user_home / "autosave.yaml", user_home / "notes.tmp", user_home / ".hidden.tmp",
            saves / "game-1.yaml", user_home / ".autosave.yaml.short.tmp"]
    for p in leftovers + kept:
        p.write_text("x")
    removed = startup.remove_temp_files()
    assert sorted(removed) == sorted(p.name for p in leftovers)
    assert not any(p.exists() for p in leftovers)
    assert all(p.read_text() == "x" for p in kept)


def test_the_crash_window_after_the_game_ended_does_not_offer_to_continue_it(user_home,
                                                                             capsys):
    session = Session.new(SEATS, 3, user_home / "autosave.yaml")
    r = random.Random(3)
    while not session.game.over:
        session.play(random_move(session.game.legal_options(), r))
    run_guarded(lambda argv: 1 / 0)
    err = capsys.readouterr().err
    assert "Your finished game was saved." in err and "Continue" not in err
