"""A damaged language file (truncated, garbage, empty, wrong magic number) gives English for
that language and a sentence saying so, in the log and on screen, at start and when chosen in
Settings; every other language goes on as before. The files are really damaged, in a scratch
copy of the assets folder."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from test_scenes import frames

from urland import resources
from urland.app import App
from urland.texts import i18n
from urland.ui import text as text_ui
from urland.userfiles.settings import Settings

ASSETS = Path(resources.assets_dir())
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]
NAMES = dict(i18n.LANGUAGES)  # each language in its own words, read from the intact files
REINSTALL = "Reinstalling Urland restores the game's own files."


def damage(mo: Path, how: str) -> None:
    data = mo.read_bytes()
    mo.write_bytes({"truncated": data[:40],
                    "garbage": bytes(range(256)) * 8,
                    "empty": b"",
                    "wrong magic": b"\x00\x00\x00\x00" + data[4:]}[how])


DAMAGE = ["truncated", "garbage", "empty", "wrong magic"]


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


def scratch_locale(tmp_path: Path, code: str, how: str) -> Path:
    copy = tmp_path / "locale"
    shutil.copytree(ASSETS / "locale", copy)
    damage(copy / code / "LC_MESSAGES" / "urland.mo", how)
    return copy


@pytest.mark.parametrize("how", DAMAGE)
@pytest.mark.parametrize("code", TRANSLATED)
def test_a_damaged_catalogue_is_offered_by_its_code_and_the_others_by_their_names(
        tmp_path, code, how):
    found, damaged = i18n._found_languages(scratch_locale(tmp_path, code, how))
    assert list(found) == list(NAMES)
    assert found[code] == code and list(damaged) == [code]
    assert {c: n for c, n in found.items() if c != code} == {
        c: n for c, n in NAMES.items() if c != code}


def choose(settings, code: str) -> None:
    """The language row set to `code`, as its arrows do."""
    settings.language.index = settings.language.values.index(code)
    settings._language(settings.language.index)


@pytest.mark.parametrize("how", DAMAGE)
def test_choosing_a_damaged_language_in_settings_gives_english_and_says_so_there(
        tmp_path, monkeypatch, how, english_after, user_home, caplog):
    locale = str(scratch_locale(tmp_path, "it", how))
    monkeypatch.setattr(i18n, "locale_dir", lambda: locale)
    monkeypatch.setattr(i18n, "_reported", set())
    i18n.set_language("fr")
    app = App(Settings(animation_speed="instant", ai_pause="none", language="fr"),
              size=(1280, 720))
    watch = text_ui.start_watching()
    try:
        settings = app.open("settings")
        frames(app, 1)
        assert i18n.language() == "fr" and "Terminé" in watch.seen
        choose(settings, "it")
        watch.seen.clear()
        frames(app, 1)
        assert i18n.language() == "en" and "Done" in watch.seen
        assert (f"The language file for {NAMES['it']} cannot be read, so Urland speaks "
                "English.") in watch.seen
        assert "the language file for it" in caplog.text and "English is used" in caplog.text
        choose(settings, "nl")  # another language: as ever
        watch.seen.clear()
        frames(app, 1)
        assert i18n.language() == "nl" and i18n.broken_catalogue() == ""
        assert not any("cannot be read" in t for t in watch.seen)
    finally:
        text_ui.stop_watching()
        pygame.quit()


# A real start in a fresh interpreter, on a scratch copy of the assets: the command line, the
# start-up checks, the window and its title screen. The title's first frame is drawn, then the
# program prints what the player is shown and stops.
START = """
import json, sys
from pathlib import Path
from urland import resources
resources.assets_dir = lambda: Path(sys.argv[1])
from urland import app as window
from urland.texts import i18n

def run(self, first="title", **kwargs):
    title = self.show("title")
    self.step(1 / 60)
    print(json.dumps({"language": i18n.language(), "notices": title.notices,
                      "new_game": str(title.new_button.label)}))
    return 0

window.App.run = run
from urland.cli import main
sys.exit(main(sys.argv[2:]))
"""


def start(tmp_path: Path, args: list[str], system_language: str) -> tuple[dict, str]:
    env = dict(os.environ, LANGUAGE=system_language, LC_ALL="C", LANG="C",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", START, str(tmp_path / "assets"), *args],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def scratch_assets(tmp_path: Path, code: str, how: str) -> None:
    copy = tmp_path / "assets"
    shutil.copytree(ASSETS, copy)
    damage(copy / "locale" / code / "LC_MESSAGES" / "urland.mo", how)


@pytest.mark.parametrize("how", DAMAGE)
def test_the_game_starts_in_english_when_the_systems_language_file_is_damaged(tmp_path, how):
    scratch_assets(tmp_path, "de", how)
    shown, log = start(tmp_path, [], system_language="de")
    assert shown["language"] == "en" and shown["new_game"] == "New game"
    assert shown["notices"] == ["The language file for de cannot be read, so Urland speaks "
                                f"English. {REINSTALL}"]
    assert "the language file for de" in log and "English is used" in log
    assert "Traceback" not in log


def test_another_language_starts_as_ever_beside_a_damaged_one(tmp_path):
    scratch_assets(tmp_path, "de", "truncated")
    shown, log = start(tmp_path, ["--lang", "fr"], system_language="de")
    assert shown["language"] == "fr" and shown["new_game"] == "Nouvelle partie"
    assert shown["notices"] == []
    assert "the language file for de" in log  # named in the log all the same
