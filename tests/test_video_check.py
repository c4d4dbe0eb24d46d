"""No invisible game: without a screen to show a window on, the game says why and stops,
instead of running on without a window (urland/ui/video_check.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from urland.texts import i18n
from urland.ui import video_check


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_a_driver_that_shows_nothing_is_refused_when_the_player_did_not_ask_for_it(driver):
    assert video_check.shows_nothing(driver, {})
    assert video_check.shows_nothing(driver, {"SDL_VIDEODRIVER": ""})


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_a_driver_asked_for_by_name_is_kept(driver):
    assert not video_check.shows_nothing(driver, {"SDL_VIDEODRIVER": driver})


@pytest.mark.parametrize("driver", ["x11", "wayland", "windows", "cocoa", "kmsdrm"])
def test_drivers_that_open_a_window_are_kept(driver):
    assert not video_check.shows_nothing(driver, {})


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux sessions")
def test_the_sentence_says_what_is_missing():
    assert "neither DISPLAY nor WAYLAND_DISPLAY is set" in video_check.no_window_sentence({})
    libraries = video_check.no_window_sentence({"DISPLAY": ":0"})
    assert "display libraries (such as libX11 and libGL) are missing" in libraries


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux sessions")
def test_the_sentence_is_in_the_players_language():
    try:
        i18n.set_language("de")
        assert video_check.no_window_sentence({}).startswith("Urland kann sein Fenster nicht")
    finally:
        i18n.set_language("en")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL falls back on offscreen")
def test_the_game_started_without_a_display_says_why_and_ends_with_an_error(tmp_path):
    env = {name: value for name, value in os.environ.items()
           if name not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env |= {"URLAND_HOME": str(tmp_path), "SDL_AUDIODRIVER": "dummy", "LANG": "C.UTF-8",
            "LC_ALL": "", "LANGUAGE": ""}
    result = subprocess.run([sys.executable, "-m", "urland"], env=env, capture_output=True,
                            text=True, timeout=120, check=False, cwd=tmp_path)
    assert result.returncode == 1
    assert "Urland cannot open its window: this session has no desktop display" in result.stderr
