"""Urland in five languages: chosen, remembered, switched without restarting; every scene drawn in
every language with no text wider than its box; and a pseudo-language game that finds any text on
screen that never went through the catalogue."""

import re
from pathlib import Path

import pygame
import pytest
from language_tour import SEATS, autoplayed_game, autoplayed_tutorial, every_scene

from urland.app import App
from urland.cli import main
from urland.settings import Settings, load_settings, save_settings, settings_from
from urland.startup import prepare
from urland.texts import i18n
from urland.texts.events import render_event
from urland.texts.i18n import LANGUAGES, PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN
from urland.ui import text as text_ui


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")
    text_ui.stop_watching()


def test_every_event_of_a_game_has_a_sentence_in_every_language():
    from urland.bots.registry import make_bot
    from urland.session import Session

    session = Session.new(SEATS[:3], 4, None)
    bots = [make_bot("easy", i) for i in range(3)]
    while not session.game.over:
        d = session.game.decision()
        session.play(bots[d.seat].choose(session.game.view(d.seat)))
    for code in LANGUAGES:
        i18n.set_language(code)
        sentences = [render_event(e, session.names, session.game.board)
                     for e in session.game.log]
        assert all(sentences)


def test_a_sentence_follows_the_language_and_its_plural_rules():
    from urland.engine import Event

    event = Event("land", "", {"seat": 0, "src": 12, "dst": 4, "count": 2})
    names = ["Anna", "Ben", "Cleo"]
    i18n.set_language("de")
    assert render_event(event, names) == "Anna landet 2 Ichtos aus O1 in Region 5 an."
    i18n.set_language("fr")
    assert render_event(event, names) == "Anna débarque 2 Ichtos de O1 sur la région 5."
    i18n.set_language("en")
    assert render_event(event, names) == "Anna lands 2 Ichtos from O1 on region 5."


def test_the_game_words_are_the_rulebooks_words():
    from urland.texts.genes import gene_name
    from urland.texts.words import colour_word

    i18n.set_language("de")
    assert [gene_name(g) for g in ("legs", "care_of_young", "stinkglands", "warm_blood")] == [
        "Beine", "Brutpflege", "Stinkdrüse", "Warmblut"]
    i18n.set_language("it")
    assert i18n._("Environment player") == "Giocatore d'ambiente"
    i18n.set_language("fr")
    assert i18n._("Environment player") == "Joueur d'environnement"
    assert i18n._("DEAD") == "MORT"
    i18n.set_language("nl")
    assert i18n._("Environment player") == "Wereldspeler"
    assert colour_word(0) == "Wit"


def test_switching_language_in_the_running_game_relabels_its_buttons_and_is_remembered(
        user_home):
    app = App(Settings(), size=(1280, 720))
    title = app.show("title")
    app.step(1 / 60)
    assert str(title.new_button.label) == "New game"
    app.set_language("nl")
    app.step(1 / 60)
    assert str(title.new_button.label) == "Nieuw spel"
    assert load_settings().language == "nl"
    pygame.quit()


def test_the_language_defaults_to_the_systems_and_else_english(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert i18n.system_language() == "it"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("ja_JP", "UTF-8"))
    assert i18n.system_language() == "en"


def test_a_remembered_language_is_used_at_start_and_the_command_line_wins(user_home):
    save_settings(Settings(language="fr"))
    prepare()
    assert i18n.language() == "fr"
    prepare("de")
    assert i18n.language() == "de"
    assert load_settings().language == "fr"  # --lang is for this run only
    assert settings_from({"language": "xx"}).language == ""


def test_an_unknown_language_on_the_command_line_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "xx"])
    assert stop.value.code == 2
    assert "unknown language 'xx' (choose from en, de, fr, it, nl)" in capsys.readouterr().err


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_scene_in_every_language_keeps_its_text_inside_its_box(code, user_home):
    i18n.set_language(code)
    watch = text_ui.start_watching()
    autoplayed_game()  # first: then the history and the saved games have a game to list
    drawn = every_scene()
    autoplayed_tutorial()
    assert {"history", "load_game", "pause", "choose_chip", "auction", "auction_buy",
            "handover", "pick_ichtos", "game_over", "replay"} <= set(drawn)
    assert sorted(set(watch.overflows)) == []


TUTORIAL_NAMES = ["Alex", "Basil", "Greta"]  # the seats of assets/texts/tutorial.yaml
INNERMOST = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}]*{PSEUDO_CLOSE}")


def untranslated(shown: str) -> bool:
    """Is there a word in `shown` that did not come through the catalogue? (Players' names,
    ocean ids and folder names are the players' or the board's, not the game's words; each
    language is named in its own words.)"""
    rest = shown
    while INNERMOST.search(rest):
        rest = INNERMOST.sub("", rest)
    for name in ([s.name for s in SEATS] + TUTORIAL_NAMES + list(LANGUAGES.values())
                 + ["Eve", str(Path.home())]):
        rest = rest.replace(name, "")
    rest = re.sub(r"\bO\d\b", "", rest)
    return len(shown) > 1 and re.search(r"[^\W\d_]", rest) is not None


def test_a_pseudo_language_game_shows_no_text_that_skipped_the_catalogue(user_home):
    i18n.set_language(PSEUDO)
    watch = text_ui.start_watching()
    every_scene()
    app = autoplayed_game()
    assert app.scene.name == "game_over"
    autoplayed_tutorial()
    assert sorted(t for t in watch.seen if untranslated(t)) == []


def test_a_refused_move_is_explained_in_the_players_language_with_their_names():
    from language_tour import _advance

    from urland.engine import IllegalMoveError, Move
    from urland.engine.rules import check_move
    from urland.session import Session
    from urland.texts.refusals import refusal_text

    session = Session.new(SEATS[:3], 4, None)
    assert _advance(session, {"action"})
    state, board = session.game.state, session.game.board
    ocean = board.n_regions
    with pytest.raises(IllegalMoveError) as refused:
        check_move(state, Move("swim", ocean, ocean, 1))
    assert str(refused.value) == "Swim to a different ocean."
    i18n.set_language("de")
    assert refusal_text(refused.value.args[0], session.names, board) == (
        "Schwimm in einen anderen Ozean.")
    rival = next(s for s in range(3) if s != state.actor)
    with pytest.raises(IllegalMoveError) as refused:
        check_move(state, Move("bite", ocean, target=(rival,)))
    i18n.set_language("it")
    assert refusal_text(refused.value.args[0], session.names, board) == (
        "Questa azione richiede il gene Denti.")


def test_decimals_are_written_as_each_language_writes_them():
    assert i18n.decimal(30.5) == "30.5"
    i18n.set_language("de")
    assert i18n.decimal(30.5) == "30,5"
