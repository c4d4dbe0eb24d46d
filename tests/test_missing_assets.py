"""A missing or damaged asset gives a clear message on the title screen at start, not a crash
later: without the texts the Rules still open (saying what is missing); without the board no
game can start, and the title says so."""

import shutil
from pathlib import Path

import pygame
import pytest

from urland import resources, startup
from urland.app import App
from urland.engine import board as board_module
from urland.settings import Settings
from urland.texts import assets as texts

ASSETS = Path(resources.assets_dir())


@pytest.fixture
def assets(tmp_path, monkeypatch):
    """A copy of the assets folder the test may damage; every cache forgets the real one."""
    copy = tmp_path / "assets"
    shutil.copytree(ASSETS, copy)
    monkeypatch.setattr(resources, "assets_dir", lambda: copy)
    texts.clear()
    board_module.standard_board.cache_clear()
    yield copy
    texts.clear()
    board_module.standard_board.cache_clear()


@pytest.fixture
def app():
    a = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    yield a
    pygame.quit()


def test_the_shipped_assets_have_no_problems():
    assert startup.asset_problems() == []


def test_without_the_texts_folder_the_title_says_so_and_rules_open(assets, app):
    shutil.rmtree(assets / "texts")
    _, notices = startup.prepare()
    assert notices == [
        "The rules text cannot be shown: rules.yaml: no such file. "
        "Reinstalling Urland brings it back.",
        "The gene cards cannot be shown: genes.yaml: no such file. "
        "Reinstalling Urland brings it back.",
    ]
    app.notices = notices
    title = app.show("title")
    assert "The rules text cannot be shown" in title.message
    assert title.new_button.enabled  # the game itself can still be played
    rules = app.open("rules")
    for tab in ("rules", "genes"):
        rules._tab(tab)
        app.step(0.016)
    assert texts.rules_text()[0]["title"] == "The rules are missing"
    assert texts.gene_texts()["legs"]["name"] == "Legs"  # the table still has gene names


def test_a_damaged_gene_file_is_named(assets):
    (assets / "texts" / "genes.yaml").write_text("legs: {name: Legs}\n")
    assert startup.asset_problems() == [
        "The gene cards cannot be shown: genes.yaml: damaged (a gene is missing). "
        "Reinstalling Urland brings it back."]


def test_without_the_board_no_game_starts_and_the_title_says_why(assets, app):
    (assets / "board.yaml").unlink()
    _, notices = startup.prepare()
    assert notices == ["The board cannot be loaded: board.yaml: no such file. No game can "
                       "start. Reinstalling Urland brings it back."]
    app.notices = notices
    title = app.show("title")
    app.step(0.016)
    assert title.message == notices[0]
    assert not title.new_button.enabled and not title.continue_button.enabled
    assert not title.load_button.enabled
