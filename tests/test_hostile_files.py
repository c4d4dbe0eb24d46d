"""The hostile-file corpus: each file as autosave.yaml or settings.yaml, read through the same code
as the title screen and the start-up checks. Each gives a message (or, for a settings file that
is valid YAML, is simply not used), never an exception; the file is moved aside; every other
file in the folder is left exactly as it was. tests/hostile/ holds the small files; the 40 MB
file, the FIFO, the symlink to /dev/zero and the unreadable file are made here at run time.
The same files in history/ are named in the history list, beside the records that still read.
(How long each takes is printed by benchmarks/hostile_files_bench.py.)
"""

import os
import random
import re
import shutil
import signal
from pathlib import Path

import pygame
import pytest

from urland import paths
from urland.app import App
from urland.bots.random_bot import random_move
from urland.records.history import list_records
from urland.table import library
from urland.table.session import Seat, Session
from urland.userfiles import startup
from urland.userfiles.settings import Settings

CORPUS = Path(__file__).parent / "hostile"
COMMITTED = sorted(p.name for p in CORPUS.glob("*.yaml"))
MADE_AT_RUN_TIME = ["40-megabytes", "fifo", "symlink-to-dev-zero", "unreadable"]
# Valid YAML once dates are plain text: as settings these are ignored, not damaged.
VALID_YAML = {"impossible-date.yaml", "future-version.yaml", "illegal-move.yaml",
              "truncated.yaml", "settings-impossible-date.yaml"}


def make(name: str, path: Path, monkeypatch) -> None:
    """Put the hostile file `name` at `path`."""
    if name == "40-megabytes":
        with path.open("wb") as f:
            f.write(b"format: urland-save\n")
            f.truncate(40_000_000)
    elif name == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this system")
        os.mkfifo(path)
    elif name == "symlink-to-dev-zero":
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero on this system")
        path.symlink_to("/dev/zero")
    elif name == "unreadable":
        shutil.copy(CORPUS / "future-version.yaml", path)
        path.chmod(0)
        if os.access(path, os.R_OK):  # the superuser reads anything: refuse as the OS would
            real_open = os.open

            def refusing_open(p, flags, *args, **kwargs):
                if Path(p) == path:
                    raise PermissionError(13, "Permission denied", str(p))
                return real_open(p, flags, *args, **kwargs)

            monkeypatch.setattr(os, "open", refusing_open)
    else:
        shutil.copy(CORPUS / name, path)


@pytest.fixture(autouse=True)
def never_hang():
    """A file that blocks the reader fails the test instead of freezing the run."""
    def stuck(*_):
        raise TimeoutError("reading a hostile file hung")

    if not hasattr(signal, "SIGALRM"):
        yield
        return
    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def app():
    a = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    yield a
    pygame.quit()


def bystanders(home: Path) -> dict[str, bytes]:
    """Other files in the folder: a good saved game and a note the player keeps there."""
    home.mkdir(parents=True, exist_ok=True)
    seats = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy")]
    Session.new(seats, 9, paths.saves_dir() / "kept.yaml")
    (home / "notes.txt").write_text("my notes")
    return snapshot(home)


def snapshot(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and not p.is_symlink() and ".damaged-" not in p.name
            and ".newer-version-" not in p.name and p.name not in ("autosave.yaml",
                                                                    "settings.yaml")}


def set_aside(home: Path, stem: str) -> list[str]:
    return sorted(p.name for p in home.iterdir() if p.name.startswith(f"{stem}.")
                  and p.name != f"{stem}.yaml")


# A save from a newer Urland is not damaged: it is left in place (tests/test_files_and_faults.py).
@pytest.mark.parametrize("name", [n for n in COMMITTED + MADE_AT_RUN_TIME
                                  if n != "future-version.yaml"])
def test_a_hostile_autosave_is_set_aside_with_a_message_on_the_title_screen(
        name, app, user_home, monkeypatch):
    before = bystanders(user_home)
    make(name, user_home / "autosave.yaml", monkeypatch)
    title = app.show("title")
    app.step(0.016)
    assert "A saved game could not be read: autosave.yaml:" in title.message
    assert "The damaged file was kept as autosave." in title.message
    assert not (user_home / "autosave.yaml").exists()
    [moved] = set_aside(user_home, "autosave")
    assert moved.startswith("autosave.damaged-") and moved.endswith(".yaml")
    assert snapshot(user_home) == before  # nothing else touched
    assert title.continue_button.enabled and title.latest.path.name == "kept.yaml"
    again = app.show("title")
    assert again.message == ""  # told once


@pytest.mark.parametrize("name", COMMITTED + MADE_AT_RUN_TIME)
def test_a_hostile_settings_file_gives_the_default_settings(name, user_home, monkeypatch):
    before = bystanders(user_home)
    make(name, user_home / "settings.yaml", monkeypatch)
    settings, notices = startup.prepare()
    assert settings == Settings()
    if name in VALID_YAML:
        assert notices == []  # a readable file with nothing usable in it: defaults, silently
        assert set_aside(user_home, "settings") == []
    else:
        [notice] = notices
        assert notice.startswith("The settings could not be read: settings.yaml:")
        assert notice.endswith("the defaults are used.")
        [moved] = set_aside(user_home, "settings")
        assert moved.startswith("settings.damaged-")
    assert snapshot(user_home) == before


@pytest.mark.parametrize("name,why", [
    ("impossible-date.yaml", "seed or moves of the wrong type"),
    ("long-integer.yaml", "a number far too long"),
    ("deep-nesting.yaml", "nested far too deeply"),
    ("billion-laughs.yaml", "YAML references"),
    ("binary-garbage.yaml", "not a text file"),
    ("illegal-move.yaml", "move 6 \\('bid 99'\\) cannot be replayed"),
    ("truncated.yaml", "truncated \\(the closing line is missing\\)"),
    ("40-megabytes", "far too large: 40.0 MB"),
    ("fifo", "not an ordinary file"),
    ("symlink-to-dev-zero", "not an ordinary file"),
    ("unreadable", "cannot be read \\(Permission denied\\)"),
])
def test_each_hostile_save_says_what_is_wrong(name, why, user_home, monkeypatch):
    user_home.mkdir(parents=True)
    make(name, user_home / "autosave.yaml", monkeypatch)
    session, problem = library.open_game(user_home / "autosave.yaml")
    assert session is None
    assert problem.startswith("A saved game could not be read: autosave.yaml:")
    assert re.search(why, problem)


@pytest.mark.parametrize("name", COMMITTED + MADE_AT_RUN_TIME)
def test_a_hostile_file_in_the_history_is_named_and_the_records_still_listed(
        name, user_home, monkeypatch):
    folder = paths.history_dir()
    folder.mkdir(parents=True)
    make(name, folder / "hostile.yaml", monkeypatch)
    session = Session.new([Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy")],
                          9, user_home / "autosave.yaml")
    r = random.Random(1)
    while not session.game.over:
        session.play(random_move(session.game.legal_options(), r))
    records, problems = list_records(folder)
    assert [r.path for r in records] == [session.record]
    [problem] = problems
    assert problem.startswith("hostile.yaml: ")


def test_a_dangling_symlink_as_autosave_is_set_aside_once(app, user_home):
    user_home.mkdir(parents=True)
    (user_home / "autosave.yaml").symlink_to(user_home / "gone.yaml")
    title = app.show("title")
    assert "autosave.yaml: no such save." in title.message
    assert app.show("title").message == ""
