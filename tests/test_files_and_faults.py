"""Files and faults: one test (or a few) per defect of the second files-and-faults review, most
serious first. Each states the file or input and checks what the player gets: a sentence, the
file set aside or left alone, the screen still up. (The fuzz corpus is tests/test_fuzz_files.py.)
"""

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pytest
import yaml
from test_scenes import click, frames

from urland import cli, paths
from urland.bots.random_bot import random_move
from urland.engine.save import dumps, load_game
from urland.records import history
from urland.records.history import export_record, list_records
from urland.records.record_check import CHECKED_FILE, fingerprint
from urland.records.stats import statistics
from urland.table import library, tutorial
from urland.table.session import Seat, Session
from urland.texts import i18n
from urland.ui.text import render
from urland.userfiles import folder_lock, startup, tutorial_progress
from urland.userfiles.settings import Settings, load_settings, save_settings
from urland.userfiles.setup_memory import read_setup

SEATS = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy")]


def play(session: Session, moves: int | None = None, seed: int = 1) -> Session:
    """Random legal moves until the game ends (or `moves` more have been played)."""
    r = random.Random(seed)
    target = None if moves is None else len(session.game.moves) + moves
    while not session.game.over and (target is None or len(session.game.moves) < target):
        session.play(random_move(session.game.legal_options(), r))
    return session


def mid_game(path: Path, seed: int = 5, moves: int = 20) -> Session:
    return play(Session.new(list(SEATS), seed, path), moves)


# seed -> a folder holding what playing that game to its end wrote in the user's folder
_FINISHED: dict[int, Path] = {}
_FINISHED_ROOT = tempfile.TemporaryDirectory(prefix="urland-finished-")  # gone at exit


def finished_record(home: Path, seed: int = 9) -> Path:
    """The history record of a finished game (with its autosave and the list of records found
    sound) in `home`, as playing the game there leaves them. The game is played once per run
    in a folder of its own, and its files are copied into each test's `home`."""
    played = _FINISHED.get(seed)
    if played is None:
        played = Path(_FINISHED_ROOT.name) / f"seed{seed}"
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("URLAND_HOME", str(played))
            session = play(Session.new(list(SEATS), seed, played / "autosave.yaml"))
        assert session.record is not None
        _FINISHED[seed] = played
    shutil.copytree(played, home, dirs_exist_ok=True)
    [record] = (home / "history").glob("*.yaml")
    return record


def damaged_names(folder: Path, stem: str) -> list[str]:
    return sorted(p.name for p in folder.glob(f"{stem}.damaged-*"))


@pytest.fixture
def free_lock():
    """The folder lock as a fresh process finds it, and let go after the test."""
    folder_lock.release()
    folder_lock._refused = False
    yield
    folder_lock.release()
    folder_lock._refused = False


# --- D1: a control character in any user file ---------------------------------------------------

def test_a_control_character_in_settings_gives_the_defaults_and_the_file_is_set_aside(user_home):
    user_home.mkdir()
    (user_home / "settings.yaml").write_bytes(b"window_width: 1600\x01\n")
    settings, notices = startup.prepare("en")
    assert settings == Settings()
    [kept] = damaged_names(user_home, "settings")
    assert notices == [f"The settings could not be read: settings.yaml: damaged (it holds a "
                       f"control character). The damaged file was kept as {kept}; the defaults are "
                       "used."]
    assert not (user_home / "settings.yaml").exists()


def test_a_control_character_in_the_autosave_is_told_on_the_title_and_set_aside(app, user_home):
    mid_game(user_home / "autosave.yaml")
    text = (user_home / "autosave.yaml").read_text()
    (user_home / "autosave.yaml").write_text(text.replace("players:", "players:\x7f", 1))
    title = app.show("title")
    frames(app)
    [kept] = damaged_names(user_home, "autosave")
    assert title.message == ("A saved game could not be read: autosave.yaml: damaged (it holds a "
                             f"control character). The damaged file was kept as {kept}.")
    assert not title.continue_button.enabled


def test_a_control_character_in_the_remembered_set_up_gives_the_usual_seats(app, user_home):
    user_home.mkdir()
    (user_home / "new_game.yaml").write_text("players: 3\x01\n")
    scene = app.show("new_game")
    frames(app)
    [kept] = damaged_names(user_home, "new_game")
    assert scene.message == ("The last set-up could not be read, so these are the usual seats. "
                             f"The damaged file was kept as {kept}.")
    assert [r.name.text for r in scene.rows][:2] == ["Anna", "Ben"]


def test_a_control_character_in_the_tutorial_progress_starts_it_from_the_beginning(user_home):
    user_home.mkdir()
    (user_home / "tutorial.yaml").write_text("chapter: 3\x02\n")
    _, notices = startup.prepare("en")
    [kept] = damaged_names(user_home, "tutorial")
    assert notices == ["How far you got in Learn to play could not be read: tutorial.yaml: "
                       "damaged (it holds a control character). "
                       f"The damaged file was kept as {kept}."]
    assert tutorial_progress.saved_chapter() == 0


def test_a_control_character_in_a_record_is_named_in_the_history(app, user_home, capsys):
    record = finished_record(user_home)
    bad = record.with_name("bad.yaml")
    bad.write_text(record.read_text().replace("format:", "\x1bformat:", 1))
    records, problems = list_records(paths.history_dir())
    assert [r.path for r in records] == [record]
    assert problems == ["bad.yaml: damaged (it holds a control character)."]
    scene = app.show("history")
    frames(app)
    assert scene.records and scene.problems == problems
    assert cli.main(["replay", str(bad)]) == 1
    assert capsys.readouterr().err == ("urland replay: bad.yaml: damaged (it holds a control "
                                       "character).\n")


# --- D2: two copies on one folder ---------------------------------------------------------------

HOLD = ("import sys, time; from urland.userfiles import folder_lock; "
        "assert folder_lock.claim(); print('held', flush=True); time.sleep(60)")


def test_a_second_copy_on_the_folder_says_so_and_starts_no_game(app, user_home, free_lock):
    mid_game(user_home / "autosave.yaml")
    before = (user_home / "autosave.yaml").read_bytes()
    other = subprocess.Popen([sys.executable, "-c", HOLD], stdout=subprocess.PIPE,
                             env={**os.environ, "URLAND_HOME": str(user_home)})
    try:
        assert other.stdout.readline() == b"held\n"
        assert folder_lock.claim() is False and folder_lock.in_use_elsewhere()
        title = app.show("title")
        frames(app)
        assert title.message.startswith("Urland is already open in another window on this "
                                        "computer. This window can join an online game, as a "
                                        "player of its own, but starts or continues no game "
                                        "here until the other one is closed.")
        assert not (title.new_button.enabled or title.continue_button.enabled
                    or title.load_button.enabled or title.learn_button.enabled)
        assert title.join_button.enabled
        click(app, title.continue_button.rect.center)
        assert app.scene is title
    finally:
        other.kill()  # the first copy crashes: its lock goes with it
        other.wait()
    assert (user_home / "autosave.yaml").read_bytes() == before
    title.update(1.0)  # the title asks again once a second
    assert app.scene is not title and app.scene.name == "title"
    assert app.scene.continue_button.enabled and not folder_lock.in_use_elsewhere()
    assert (user_home / "urland.lock").read_text() == f"{os.getpid()}\n"


def test_a_second_window_joins_as_a_player_of_its_own(app, user_home, free_lock):
    """Issue 50: a second window on the same folder may join the first one's hosted game; its
    identity, join form and seat tokens live in a sub-folder, the first window's stay as they
    were."""
    from urland.net.tokens import keep_token, saved_token
    from urland.userfiles.identity import online_identity
    from urland.userfiles.join_memory import read_join, save_join

    first, _problem = online_identity()
    save_join("127.0.0.1:8765", "ROOM-1", "Ann")
    keep_token("ws://127.0.0.1:8765", "ROOM-1", "ann-token")
    other = subprocess.Popen([sys.executable, "-c", HOLD], stdout=subprocess.PIPE,
                             env={**os.environ, "URLAND_HOME": str(user_home)})
    try:
        assert other.stdout.readline() == b"held\n"
        assert folder_lock.claim() is False
        title = app.show("title")
        frames(app)
        click(app, title.join_button.rect.center)
        assert app.scene.name == "join"
        assert read_join() == ("", "", "")  # the form is this window's own
        second, _problem = online_identity()
        assert second is not None and second != first  # another player to the server
        assert saved_token("ws://127.0.0.1:8765", "ROOM-1") is None
        save_join("127.0.0.1:8765", "ROOM-1", "Bea")
        keep_token("ws://127.0.0.1:8765", "ROOM-1", "bea-token")
    finally:
        other.kill()
        other.wait()
    folder_lock._refused = False  # the window as it is once it has the folder again
    assert read_join() == ("127.0.0.1:8765", "ROOM-1", "Ann")
    assert online_identity()[0] == first
    assert saved_token("ws://127.0.0.1:8765", "ROOM-1") == "ann-token"
    assert sorted(p.name for p in (user_home / folder_lock.SECOND_WINDOW).iterdir()) == [
        "identity.yaml", "join.yaml", "online.yaml"]


def test_a_second_copy_leaves_the_first_ones_files_alone(user_home, free_lock):
    user_home.mkdir()
    in_flight = user_home / ".autosave.yaml.abcd1234.tmp"  # the first copy's save being written
    in_flight.write_text("half")
    (user_home / "settings.yaml").write_text("window_width: [\n")
    other = subprocess.Popen([sys.executable, "-c", HOLD], stdout=subprocess.PIPE,
                             env={**os.environ, "URLAND_HOME": str(user_home)})
    try:
        assert other.stdout.readline() == b"held\n"
        assert folder_lock.claim() is False
        settings, notices = startup.prepare("en", tidy=not folder_lock.in_use_elsewhere())
        assert in_flight.read_text() == "half"
        assert (user_home / "settings.yaml").read_text() == "window_width: [\n"
        assert settings == Settings() and notices == []
        assert cli.main(["--autoplay", "--seats", "ai,ai,ai", "--quit-when-over"]) == 1
    finally:
        other.kill()
        other.wait()


def test_the_folder_is_free_again_once_the_copy_holding_it_quits(user_home, free_lock):
    assert folder_lock.claim()
    folder_lock.release()
    held = subprocess.run([sys.executable, "-c", "from urland.userfiles import folder_lock; "
                           "print(folder_lock.claim())"], capture_output=True, text=True,
                          env={**os.environ, "URLAND_HOME": str(user_home)}, timeout=60)
    assert held.stdout == "True\n"


# --- D3 and D10: History trusting a record ------------------------------------------------------

def forge(record: Path, name: str, **changes) -> Path:
    doc = yaml.safe_load(record.read_text())
    for key, value in changes.items():
        if key == "result":
            doc["meta"]["result"] = value
        else:
            doc[key] = value
    forged = record.with_name(name)
    forged.write_text(yaml.safe_dump(doc, sort_keys=False))
    return forged


@pytest.mark.parametrize("colours,why", [
    ([0, 1, 5], "damaged (Give each player a different colour (0-4).)"),
    (["a", "b", "c"], "damaged (players or colours of the wrong type)"),
    ([None, 1, 2], "damaged (players or colours of the wrong type)"),
    ([[0], 1, 2], "damaged (players or colours of the wrong type)"),
    ([0, 1, 10**18], "damaged (Give each player a different colour (0-4).)"),
    ([0, 1, 1], "damaged (Give each player a different colour (0-4).)"),
])
def test_a_record_with_odd_colours_is_named_and_the_history_still_opens(
        colours, why, app, user_home):
    record = finished_record(user_home)
    forge(record, "odd.yaml", colours=colours)
    scene = app.show("history")
    frames(app)
    assert [r.path for r in scene.records] == [record]
    [problem] = scene.problems
    assert problem.startswith(f"odd.yaml: {why}")


@pytest.mark.parametrize("date,shown", [
    ("9999-12-31T23:59:59-23:59", "date unknown"),
    ("0001-01-01T00:00:00+23:59", "date unknown"),
    ("0001-01-01T00:00:00", "0001-01-01 00:00 UTC"),
])
def test_a_record_dated_at_the_edge_of_the_calendar_shows_what_it_can(
        date, shown, app, user_home, monkeypatch):
    monkeypatch.setenv("TZ", "America/New_York")  # west of UTC: year 1 has no local time
    time.tzset()
    try:
        record = finished_record(user_home)
        doc = yaml.safe_load(record.read_text())
        doc["meta"]["date"] = date
        record.write_text(yaml.safe_dump(doc, sort_keys=False))
        [summary], problems = list_records(paths.history_dir())
        assert summary.local_date() == shown and problems == []
        app.show("history")
        frames(app)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_forged_record_is_named_and_never_counted(app, user_home):
    record = finished_record(user_home)
    forge(record, "forged.yaml", players=1, colours=[0], moves=[], end=0,
          result={"scores": [99], "winner": 0})
    records, problems = list_records(paths.history_dir())
    assert [r.path for r in records] == [record]
    assert problems == ["forged.yaml: damaged (Urland is played by 3, 4 or 5 players.)"]
    people, bots = statistics(records)
    assert sum(line.games for line in people + bots) == 3  # the real game's three seats


def test_a_record_whose_result_was_changed_is_named_and_never_counted(user_home):
    record = finished_record(user_home)
    game, meta = load_game(record)
    loser = min(range(3), key=lambda s: game.state.track[s])
    forge(record, "winner.yaml", result={"scores": meta["result"]["scores"], "winner": loser})
    records, problems = list_records(paths.history_dir())
    assert [r.path for r in records] == [record]
    assert problems == ["winner.yaml: damaged (its result is not the one its moves give)."]


def test_records_found_sound_are_remembered_and_a_changed_one_is_replayed_again(user_home):
    record = finished_record(user_home)
    checked = paths.history_dir() / CHECKED_FILE
    assert checked.read_text() == fingerprint(record.read_text()) + "\n"  # written here: sound
    [summary], _ = list_records(paths.history_dir())
    game = load_game(record)[0]
    assert summary.scores == tuple(game.state.track) and summary.names == ("Anna", "Ben", "Cleo")
    doc = yaml.safe_load(record.read_text())
    doc["meta"]["result"]["scores"] = [99, 0, 0]
    record.write_text(yaml.safe_dump(doc, sort_keys=False))
    records, problems = list_records(paths.history_dir())
    assert records == [] and problems == [
        f"{record.name}: damaged (its result is not the one its moves give)."]
    assert checked.read_text() == ""


def test_a_damaged_list_of_sound_records_only_means_replaying_them(user_home):
    record = finished_record(user_home)
    (paths.history_dir() / CHECKED_FILE).write_bytes(b"\x01\xff garbage")
    [summary], problems = list_records(paths.history_dir())
    assert summary.path == record and problems == []
    assert (paths.history_dir() / CHECKED_FILE).read_text() == (
        fingerprint(record.read_text()) + "\n")


def test_replay_refuses_the_forged_record_with_a_sentence(user_home, capsys):
    record = finished_record(user_home)
    forged = forge(record, "forged.yaml", players=1, colours=[0], moves=[], end=0,
                   result={"scores": [99], "winner": 0})
    assert cli.main(["replay", str(forged)]) == 1
    err = capsys.readouterr().err
    assert err == ("urland replay: forged.yaml: damaged (Urland is played by 3, 4 or 5 "
                   "players.)\n")


# --- D4: the seed field -----------------------------------------------------------------------

def type_key(app, text):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=text, mod=0))
    frames(app, 1)


def test_the_seed_field_takes_only_0_to_9(app):
    scene = app.show("new_game")
    frames(app)
    click(app, scene.seed.rect.center)
    for key in ("²", "³", "٣", "7", "x", "1"):
        type_key(app, key)
    assert scene.seed.text == "71"
    click(app, scene.start.rect.center)
    assert app.scene.name == "table" and app.scene.door.session.game.seed == 71


# --- D5: export ---------------------------------------------------------------------------------

def test_export_to_a_folder_urland_cannot_use_says_so(user_home, tmp_path, monkeypatch):
    record = finished_record(user_home)
    with pytest.raises(ValueError) as refused:
        export_record(record, "~nosuchuser/records")
    assert str(refused.value) == "There is no folder ~nosuchuser/records that Urland may use."
    closed = tmp_path / "closed"

    def no_look(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "is_dir", no_look)
    with pytest.raises(ValueError) as refused:
        export_record(record, str(closed / "inner"))
    assert str(refused.value) == f"There is no folder {closed / 'inner'} that Urland may use."


def test_export_never_overwrites_a_file_of_the_same_name(user_home, tmp_path):
    record = finished_record(user_home)
    out = tmp_path / "out"
    out.mkdir()
    (out / record.name).write_text("someone's own file")
    copy = export_record(record, str(out))
    assert copy == out / f"{record.stem}-2.yaml"
    assert copy.read_text() == record.read_text()
    assert (out / record.name).read_text() == "someone's own file"
    assert export_record(record, str(out)) == out / f"{record.stem}-3.yaml"


def test_the_history_screen_tells_an_unusable_export_folder(app, user_home):
    finished_record(user_home)
    scene = app.show("history")
    frames(app)
    scene.export_field.text = "~nosuchuser/records"
    click(app, scene.export_button.rect.center)
    assert scene.message == "There is no folder ~nosuchuser/records that Urland may use."


# --- D6: a finished game whose record was never written -----------------------------------------

def test_a_finished_game_the_history_could_not_take_is_recorded_when_the_title_next_looks(
        user_home):
    user_home.mkdir()
    (user_home / "history").write_text("in the way")
    session = play(Session.new(list(SEATS), 9, user_home / "autosave.yaml"))
    assert session.record is None and session.record_error.startswith(
        "The game could not be kept in the history:")
    games, notices = library.scan()  # the title, while the history is still blocked
    assert list(user_home.glob("history/*")) == [] and games[0].over
    (user_home / "history").unlink()
    games, notices = library.scan()  # the title again, in the same run: tried again
    assert notices == [] and games[0].over
    [record] = paths.history_dir().glob("*.yaml")
    assert load_game(record)[0].notation() == session.game.notation()
    assert yaml.safe_load((user_home / "autosave.yaml").read_text())["meta"]["recorded"] is True
    library._described.clear()
    library.scan()  # looked at again: the record is found, not written twice
    assert len(list(paths.history_dir().glob("*.yaml"))) == 1


def test_a_record_deleted_in_the_history_does_not_come_back(user_home):
    session = play(Session.new(list(SEATS), 9, user_home / "autosave.yaml"))
    assert yaml.safe_load(session.autosave.read_text())["meta"]["recorded"] is True
    history.delete_record(session.record)
    library.scan()
    assert list(paths.history_dir().glob("*.yaml")) == []


def test_a_game_killed_between_its_last_autosave_and_its_record_is_recorded_at_start(user_home):
    session = play(Session.new(list(SEATS), 9, user_home / "autosave.yaml"))
    doc = yaml.safe_load(session.autosave.read_text())
    doc["meta"]["recorded"] = False  # the autosave as it was before the record was written
    session.autosave.write_text(yaml.safe_dump(doc, sort_keys=False))
    session.record.unlink()
    assert library.scan()[1] == []
    [record] = paths.history_dir().glob("*.yaml")
    assert load_game(record)[0].notation() == session.game.notation()


# --- D7: names pygame cannot draw ---------------------------------------------------------------

@pytest.mark.parametrize("name", ["\ud800", "\u200b", "\u034f", " ", "\x85"])
def test_a_name_no_font_can_draw_becomes_the_colour_name(name, app, user_home):
    mid_game(user_home / "autosave.yaml")
    doc = yaml.safe_load((user_home / "autosave.yaml").read_text())
    doc["meta"]["seats"][0]["name"] = name
    (user_home / "autosave.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    session = Session.load(user_home / "autosave.yaml")
    assert session.names == ["White", "Ben", "Cleo"]
    title = app.show("title")
    frames(app)
    click(app, title.continue_button.rect.center)
    frames(app, 5)
    assert app.running and app.scene.door.now().names == ("White", "Ben", "Cleo")


def test_a_record_with_an_undrawable_name_tells_its_story(app, user_home):
    record = finished_record(user_home)
    doc = yaml.safe_load(record.read_text())
    doc["meta"]["seats"][1]["name"] = "\u200b"
    record.write_text(yaml.safe_dump(doc, sort_keys=False))
    scene = app.show("history")
    frames(app)
    assert scene.records[0].names == ("Anna", "Black", "Cleo")
    click(app, scene.story_button.rect.center)
    frames(app, 5)
    assert app.running and app.scene.name == "story"


def test_an_undrawable_name_in_the_set_up_is_not_taken(app, user_home):
    user_home.mkdir()
    (user_home / "new_game.yaml").write_text('seats: [{name: "\\u034f"}, {name: "Zoe"}]\n')
    assert [s.name for s in read_setup()[0].seats][:2] == ["Anna", "Zoe"]
    app.show("new_game")
    frames(app)


def test_any_text_renders_even_one_no_font_can_draw(app):
    for text in ("\ud800", "\u200b", "\u034f", "bad-\udcff.yaml"):
        assert render(text, 20, (0, 0, 0)).get_height() > 0


# --- D8: file names that are not UTF-8 --------------------------------------------------------

def test_a_damaged_record_whose_name_is_not_utf8_is_named_with_a_replacement(app, user_home):
    finished_record(user_home)
    folder = os.fsencode(paths.history_dir())
    with open(folder + b"/bad-\xff.yaml", "w") as f:
        f.write("x")
    _, problems = list_records(paths.history_dir())
    assert problems == ["bad-\ufffd.yaml: not an Urland save."]
    app.show("history")
    frames(app)


def test_a_damaged_save_whose_name_is_not_utf8_is_named_with_a_replacement(app, user_home):
    paths.saves_dir().mkdir(parents=True)
    with open(os.fsencode(paths.saves_dir()) + b"/game-\xfe.yaml", "w") as f:
        f.write("format: urland-save\x01\n")
    title = app.show("title")
    frames(app)
    assert title.message.startswith("A saved game could not be read: game-\ufffd.yaml: damaged "
                                    "(it holds a control character). The damaged file was kept "
                                    "as game-")


# --- D9: a newer Urland's files ------------------------------------------------------------------

def test_a_save_from_a_newer_urland_is_left_where_it_is(app, user_home):
    mid_game(user_home / "autosave.yaml")
    text = (user_home / "autosave.yaml").read_text().replace("version: 4", "version: 5")
    (user_home / "autosave.yaml").write_text(text)
    title = app.show("title")
    frames(app)
    assert title.message == ("autosave.yaml was saved by a newer version of Urland: it is left "
                             "as it is for that version.")
    assert (user_home / "autosave.yaml").read_text() == text
    assert not title.continue_button.enabled
    assert library.save_files() == [user_home / "autosave.yaml"]
    assert app.show("title").message == ""  # told once a run


def test_settings_only_a_newer_urland_knows_are_kept(user_home):
    user_home.mkdir()
    (user_home / "settings.yaml").write_text("window_width: 1600\nhaptics: strong\n"
                                             "colour_blind: {mode: deutan}\n")
    settings = load_settings()
    settings.muted = True
    save_settings(settings)
    data = yaml.safe_load((user_home / "settings.yaml").read_text())
    assert data["haptics"] == "strong" and data["colour_blind"] == {"mode": "deutan"}
    assert data["muted"] is True and data["window_width"] == 1600


# --- D11: Continue after the clock went back ----------------------------------------------------

def test_continue_resumes_the_game_saved_last_whatever_the_file_dates(user_home):
    paths.saves_dir().mkdir(parents=True)
    older = mid_game(paths.saves_dir() / "game-b.yaml", seed=3, moves=30)
    newer = mid_game(user_home / "autosave.yaml", seed=4, moves=40)
    in_2099 = datetime(2099, 1, 1, tzinfo=UTC).timestamp()
    os.utime(older.autosave, (in_2099, in_2099))  # saved while the clock was far ahead
    games, _ = library.scan()
    assert library.latest_unfinished(games).path == newer.autosave
    assert [g.path for g in games] == [newer.autosave, older.autosave]


# --- D12: dates after 9999 ---------------------------------------------------------------------

def test_a_save_dated_after_9999_shows_the_last_date_there_is(user_home):
    session = mid_game(user_home / "autosave.yaml")
    game = library.describe(session, session.autosave, 253402300800.0)  # 10000-01-01
    assert game.saved_at == datetime(9999, 12, 31, 23, 59, 59)
    assert library.fresh_save_path(253402300800.0).name == "game-9999-12-31T23-59-59.yaml"


# --- D13: a sealed save names no move ----------------------------------------------------------

def test_a_sealed_save_that_cannot_be_replayed_names_only_the_move_number(app, user_home):
    session = mid_game(user_home / "autosave.yaml", moves=30)
    text = dumps(session.game, {"seats": session.seat_meta()})
    changed_seed = text  # a sealed record whose seed was changed: its chips differ
    doc = yaml.safe_load(changed_seed)
    from urland.engine.save import seal, unseal

    seed, moves = unseal(doc["sealed"], "x")
    doc["sealed"] = seal(seed + 1, moves)
    (user_home / "autosave.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    title = app.show("title")
    frames(app)
    assert "cannot be replayed)." in title.message
    assert "'" not in title.message and "chip" not in title.message.lower()
    assert "bid" not in title.message.lower()


# --- D14: a broken install ---------------------------------------------------------------------

def test_learn_to_play_without_its_script_says_so(app, monkeypatch, tmp_path):
    monkeypatch.setattr(tutorial, "asset_path", lambda *parts: tmp_path / "gone.yaml")
    tutorial.load_script.cache_clear()
    try:
        title = app.show("title")
        frames(app)
        click(app, title.learn_button.rect.center)
        assert app.scene.name == "title"
        assert app.scene.message == ("Learn to play cannot start: gone.yaml: no such file. "
                                     "Reinstalling Urland restores the game's own files.")
    finally:
        tutorial.load_script.cache_clear()


def test_a_truncated_language_file_gives_english_and_says_so(monkeypatch, tmp_path, user_home):
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    real = Path(i18n.locale_dir()) / "de" / "LC_MESSAGES" / "urland.mo"
    (folder / "urland.mo").write_bytes(real.read_bytes()[:40])
    monkeypatch.setattr(i18n, "locale_dir", lambda: str(tmp_path / "locale"))
    try:
        _, notices = startup.prepare("de")
        assert i18n.language() == "en"
        assert notices == ["The language file for Deutsch cannot be read, so Urland speaks "
                           "English. Reinstalling Urland restores the game's own files."]
    finally:
        i18n.set_language("en")


# --- D15: seeds over 18 digits -----------------------------------------------------------------

def test_a_seed_longer_than_a_save_can_hold_is_refused_on_the_command_line(capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--autoplay", "--seed", "9" * 23, "--quit-when-over"])
    assert stopped.value.code == 2
    assert "expected a whole number of at most 18 digits, not '99999999999999999999999'" in (
        capsys.readouterr().err)
    assert cli._seed("-" + "9" * 18) == -(10**18 - 1)


def test_a_game_with_the_longest_seed_leaves_a_record_the_history_reads(user_home):
    session = play(Session.new(list(SEATS), 10**18 - 1, user_home / "autosave.yaml"))
    records, problems = list_records(paths.history_dir())
    assert problems == [] and records[0].path == session.record
    assert history.load_record(session.record)[0].seed == 10**18 - 1
