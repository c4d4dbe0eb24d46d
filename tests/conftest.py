"""Shared test set-up: no window, no sound, and the user's folders in a temporary place."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import loops
import pytest
from examples import CI_EXAMPLES
from hypothesis import settings

# a real PostgreSQL for the tests that ask for `postgres_server` or `postgres_url`
pytest_plugins = ("postgres_server",)

# Hypothesis: `ci` draws every property test's full count, `dev` (the default) a tenth of it
# (tests/examples.py); CI selects its profile with HYPOTHESIS_PROFILE=ci (.ci/run).
settings.register_profile("ci", max_examples=CI_EXAMPLES)
settings.register_profile("dev", max_examples=CI_EXAMPLES // 10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `integration` and `slow` markers, by tests/loops.py (which loop runs what)."""
    for item in items:
        loops.mark(item)


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    """Settings, autosaves and crash logs go to a fresh folder for every test."""
    monkeypatch.setenv("URLAND_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def app():
    """The game's window at 1280x720 (dummy driver), animations instant, AI without pauses."""
    import pygame

    from urland.app import App
    from urland.userfiles.settings import Settings

    window = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    yield window
    window.scenes, scenes = [], window.scenes
    for scene in reversed(scenes):  # as the window closes: a table's bots stop
        scene.leave()
    pygame.quit()


@pytest.fixture
def store(opener):
    """The test's room store, from its module's `opener` fixture, closed after the test."""
    opened = opener()
    yield opened
    opened.close()
