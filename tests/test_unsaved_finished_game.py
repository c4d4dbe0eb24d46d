"""The final move itself cannot be saved (a full disk, a folder made unwritable): the finished
game is kept in memory, the player is told so on the game-over screen, and the game and its
history record are written as soon as the disk allows: every few seconds while the window is
open, as it closes, or at the next start from the spare copy kept where a file could go."""

import errno
import os
import random
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from urland import paths
from urland.app import App
from urland.bots.random_bot import random_move
from urland.engine.save import load_game
from urland.records.history import list_records
from urland.table import library, unsaved
from urland.table.local import LocalTable
from urland.table.session import Seat, Session
from urland.ui import text as text_ui
from urland.userfiles import startup
from urland.userfiles.settings import Settings

SEATS = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy")]
SEED = 5
TOLD = ("The finished game could not be saved (no space left on device). Urland keeps it and "
        "writes it, with its history record, as soon as the disk allows: it tries again every "
        "few seconds, as the window closes and at the next start.")
NOWHERE = ("Nothing could be written for the next start either: keep this window open until "
           "there is room again.")


@pytest.fixture(autouse=True)
def fresh(monkeypatch, tmp_path):
    """Nothing waiting from another test; the system's temporary folder a scratch one."""
    monkeypatch.setattr(unsaved, "_waiting", {})
    system_tmp = tmp_path / "system-tmp"
    system_tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(system_tmp))
    return system_tmp


def whole_game() -> list:
    """The moves of one random game to its end (played once, unsaved)."""
    session, r = Session.new(SEATS, SEED), random.Random(SEED)
    while not session.game.over:
        session.play(random_move(session.game.legal_options(), r))
    return list(session.game.moves)


MOVES = whole_game()


def one_move_from_the_end(home: Path) -> LocalTable:
    """A game autosaved after every move, its last move still to play."""
    session = Session.new(SEATS, SEED, home / "autosave.yaml")
    for move in MOVES[:-1]:
        session.game.play(move)
    assert session.save() and not session.game.over
    return LocalTable(session)


@contextmanager
def disk_full(home: Path):
    """Every write into the user folder fails with ENOSPC (as a full disk answers)."""
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if str(dst).startswith(str(home)):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst, *args, **kwargs)

    os.replace = replace
    try:
        yield
    finally:
        os.replace = real


@contextmanager
def unwritable(folder: Path):
    """The folder really refuses new files: chmod for a user; for the superuser, whom chmod
    does not stop, the folder is put away and a file stands in its place."""
    if os.geteuid() != 0:
        folder.chmod(0o500)
        try:
            yield
        finally:
            folder.chmod(0o700)
        return
    away = folder.with_name(folder.name + ".away")
    folder.rename(away)
    folder.write_text("not a folder")
    try:
        yield
    finally:
        folder.unlink()
        away.rename(folder)


def records() -> list:
    found, problems = list_records(paths.history_dir())
    assert problems == []
    return found


def game_over_screen(table: LocalTable) -> App:
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    app.show("game_over", session=table.finished())
    return app


def shown(app: App, seconds: float) -> set[str]:
    """What the screen showed over `seconds` of frames (a fake clock: 1/60 s each)."""
    watch = text_ui.start_watching()
    try:
        for _ in range(max(1, round(seconds * 60))):
            app.step(1 / 60)
        return set(watch.seen) | set(watch.lines)
    finally:
        text_ui.stop_watching()


def told(seen: set[str], sentence: str) -> bool:
    """The sentence is on screen, whole or as the lines it was wrapped into."""
    lines = sorted((t for t in seen if len(t) > 12 and t in sentence), key=sentence.index)
    return sentence in seen or " ".join(lines) == sentence


def test_a_full_disk_at_the_last_move_keeps_the_game_says_so_and_writes_it_once_it_can(
        user_home, fresh):
    table = one_move_from_the_end(user_home)
    app = game_over = None
    try:
        with disk_full(user_home):
            table.play(MOVES[-1])
            assert table.now().over and table.now().save_problem == TOLD
            assert len(load_game(user_home / "autosave.yaml")[0].moves) == len(MOVES) - 1
            assert records() == []
            assert [p.name for p in fresh.rglob("*.finished.yaml")] == [
                f"autosave-seed{SEED}.finished.yaml"]  # the spare copy, for the next start
            app = game_over_screen(table)
            game_over = app.scene
            assert told(shown(app, 6), TOLD)  # retried after 5 s: the disk still refuses
            assert records() == [] and unsaved.waiting() == [table.session]
            # Meanwhile the title lists it finished; Continue does not offer it one move short.
            games, _ = library.scan()
            assert games[0].over and library.latest_unfinished(games) is None
        shown(app, 6)  # room again: the next retry (5 s after the last) writes them
        seen = shown(app, 0.05)
        assert not told(seen, TOLD) and "Kept in your history." in seen
        assert game_over.problem() == "" and unsaved.waiting() == []
        assert load_game(user_home / "autosave.yaml")[0].moves == MOVES
        assert [load_game(r.path)[0].moves for r in records()] == [MOVES]
        assert list(fresh.rglob("*.finished.yaml")) == []
    finally:
        pygame.quit()


def test_an_unwritable_folder_is_tried_again_as_the_window_closes(user_home):
    table = one_move_from_the_end(user_home)
    with unwritable(user_home):
        table.play(MOVES[-1])
        assert table.now().save_problem.startswith("The finished game could not be saved (")
        app = game_over_screen(table)
        assert any(line.startswith("The finished game could not be saved") for line in
                   shown(app, 1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run("game_over", session=table.finished())  # closed within the 5 s between retries
    assert load_game(user_home / "autosave.yaml")[0].moves == MOVES
    assert [load_game(r.path)[0].moves for r in records()] == [MOVES]
    assert unsaved.waiting() == []


def test_closed_before_the_disk_allows_the_next_start_writes_it(user_home, fresh, monkeypatch):
    table = one_move_from_the_end(user_home)
    with disk_full(user_home):
        table.play(MOVES[-1])
        unsaved.retry()  # as the window closes: still full
    assert records() == []
    monkeypatch.setattr(unsaved, "_waiting", {})  # the program ended; its memory is gone
    with disk_full(user_home):  # the next start, the disk still full: kept, not lost
        start()
        games, _ = library.scan()
        assert games[0].over and library.latest_unfinished(games) is None
        assert len(list(fresh.rglob("*.finished.yaml"))) == 1
    monkeypatch.setattr(unsaved, "_waiting", {})
    start()  # a start with room: the save and the history get the game
    assert load_game(user_home / "autosave.yaml")[0].moves == MOVES
    assert [load_game(r.path)[0].moves for r in records()] == [MOVES]
    assert list(fresh.rglob("*.finished.yaml")) == []
    games, _ = library.scan()
    assert games[0].over and library.latest_unfinished(games) is None
    start()  # nothing left to do: no second record
    assert len(records()) == 1


def test_with_nowhere_to_keep_a_copy_the_player_is_told_to_keep_the_window_open(
        user_home, fresh):
    table = one_move_from_the_end(user_home)
    shutil.rmtree(fresh)
    fresh.write_text("the temporary folder is gone too")
    with disk_full(user_home):
        table.play(MOVES[-1])
        assert table.now().save_problem == TOLD + " " + NOWHERE
        unsaved.retry()
        assert table.now().save_problem == TOLD + " " + NOWHERE
    unsaved.retry()
    assert table.now().save_problem is None and [load_game(r.path)[0].moves for r in records()] == [
        MOVES]


def test_a_spare_copy_never_replaces_another_game_saved_since(user_home, fresh, monkeypatch):
    table = one_move_from_the_end(user_home)
    with disk_full(user_home):
        table.play(MOVES[-1])
    monkeypatch.setattr(unsaved, "_waiting", {})
    other = Session.new(SEATS, SEED + 1, user_home / "autosave.yaml")  # a new game took it
    other.play(other.game.legal_options()[0].move)
    start()
    assert load_game(user_home / "autosave.yaml")[0].moves == other.game.moves
    assert [load_game(r.path)[0].moves for r in records()] == [MOVES]  # the history has it
    assert list(fresh.rglob("*.finished.yaml")) == []


def start() -> None:
    """What the program does at start, before the window opens (urland.cli)."""
    startup.prepare("en")
    unsaved.recover()


def test_a_spare_copy_half_written_when_the_program_died_is_cleaned_at_the_next_start(
        tmp_path, monkeypatch):
    # The spare copies' folders fill only when the disk was already full: what an interrupted
    # write left there must not pile up.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    places = unsaved.spare_places()
    assert places
    leftovers = []
    for place in places:
        place.mkdir(parents=True, exist_ok=True)
        leftover = place / ".game.finished.yaml.ab12cd34.tmp"
        leftover.write_text("half a game")
        leftovers.append(leftover)
    start()
    assert all(not f.exists() for f in leftovers)
