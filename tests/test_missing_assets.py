"""A missing or damaged asset gives a clear message on the title screen at start, not a crash
later: without the texts the Rules still open (saying what is missing); without the board no
game can start, and the title says so."""

import shutil
from pathlib import Path

import pygame
import pytest

from urland import resources
from urland.app import App
from urland.engine import Event, Move, new_game
from urland.engine import board as board_module
from urland.texts import assets as texts
from urland.texts.describe import describe
from urland.texts.events import event_sentence
from urland.userfiles import startup
from urland.userfiles.settings import Settings

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
        "Reinstalling Urland restores the game's own files.",
        "The game's sentences cannot be shown, plainer ones are used: sentences.yaml: no such "
        "file. Reinstalling Urland restores the game's own files.",
    ]
    app.notices = notices
    title = app.show("title")
    assert "The rules text cannot be shown" in title.message
    assert title.new_button.enabled  # the game itself can still be played
    rules = app.open("rules")
    for page in rules.listed:  # the stand-in page and every gene's page still draw
        rules.open_page(page)
        app.step(0.016)
    assert rules.listed[0].title == "The rules are missing"
    assert texts.rules_text()[0]["title"] == "The rules are missing"
    assert texts.gene_texts()["legs"]["name"] == "Legs"  # the table still has gene names
    # events are told by their kind and data, moves in the notation's plainer words
    s = new_game(1, 4)
    names = ["Anna", "Ben", "Cleo", "Dan"]
    deal = next(e for e in s.events if e.kind == "setup_deal")
    assert event_sentence(deal, names) == f"setup_deal: seat Anna, chips {deal.data['chips']}"
    landed = Event("land", {"seat": 2, "src": 13, "dst": 4, "count": 1})
    assert event_sentence(landed, names) == "land: seat Cleo, src O2, dst 5, count 1"
    assert describe(Move("swim", 12, 13, 2), s) == "swim O1 O2 x2"


def test_a_damaged_gene_file_is_named_and_no_game_starts(assets, app):
    (assets / "genes.yaml").write_text("legs: {name: Legs}\n")
    _, notices = startup.prepare()
    assert notices == [
        "The gene cards cannot be loaded: genes.yaml: gene 'legs': 'kind' must be a non-empty "
        "text. No game can start. Reinstalling Urland restores the game's own files."]
    app.notices = notices
    title = app.show("title")
    app.step(0.016)
    assert not title.new_button.enabled
    assert texts.gene_texts()["care_of_young"]["name"] == "Care of young"  # a stand-in


def test_without_the_board_no_game_starts_and_the_title_says_why(assets, app):
    (assets / "board.yaml").unlink()
    _, notices = startup.prepare()
    assert notices == ["The board cannot be loaded: board.yaml: no such file. No game can "
                       "start. Reinstalling Urland restores the game's own files."]
    app.notices = notices
    title = app.show("title")
    app.step(0.016)
    assert title.message == notices[0]
    assert not title.new_button.enabled and not title.continue_button.enabled
    assert not title.load_button.enabled
