"""Urland in five languages: chosen, remembered, switched without restarting; every scene drawn in
every language with no text wider than its box; and a pseudo-language game that finds any text on
screen that never went through the catalogue."""

import re
from pathlib import Path

import pygame
import pytest
from language_tour import SEATS, SIZES, autoplayed_game, autoplayed_tutorial, every_scene

from urland.app import App
from urland.cli import main
from urland.texts import i18n
from urland.texts.events import render_event
from urland.texts.i18n import LANGUAGES, PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN
from urland.ui import text as text_ui
from urland.userfiles.settings import Settings, load_settings, save_settings, settings_from
from urland.userfiles.startup import prepare


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")
    text_ui.stop_watching()


def test_every_event_of_a_game_has_a_sentence_in_every_language():
    from urland.bots.registry import make_bot
    from urland.table.session import Session

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
    assert render_event(event, names) == "Anna bringt 2 Ichtos aus O1 in Gebiet 5 an Land."
    i18n.set_language("fr")
    assert render_event(event, names) == "Anna débarque 2 Ichtos d'O1 sur la région 5."
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


# Each edition's words for the roles, chips, actions and areas; the gene deck and the chip pile
# named apart ("Genes on display · deck 6" sits beside "chip pile 9" on the table).
EDITION_WORDS = {
    "de": {"DEAD": "KIEBITZ", "Double turn +2": "Extrazug +2", "ocean": "Wassergebiet",
           "Panic": "Massenpanik", "Competition": "Konkurrenz"},
    "it": {"Double turn +2": "Doppio turno +2", "Competition": "Competizione",
           "Final: most on land": "Punteggio terraferma"},
    "fr": {"Competition": "Concurrence", "Double-turn chips": "Jetons de coup supplémentaire",
           "Final: most Ichtos": "Présence générale", "Final: most on land": "Présence terrestre",
           "still to be scored": "reste à décompter"},
    "nl": {"ocean": "watergebied", "Seed": "Startgetal", "DEAD": "TOESCHOUWER"},
}


@pytest.mark.parametrize("code", list(EDITION_WORDS))
def test_each_language_uses_its_editions_words_and_two_words_for_the_two_piles(code):
    i18n.set_language(code)
    for english, word in EDITION_WORDS[code].items():
        assert i18n._(english) == word
    deck = i18n.fmt("Genes on display · deck {count}", count=6).split("·")[-1]
    pile = i18n.fmt("chip pile {count}", count=9)
    assert deck.split()[0].lower() != pile.split()[0].lower(), (deck, pile)


def test_french_elides_before_a_vowel_and_italian_takes_the_article_and_the_euphonic_d():
    from urland.engine import Event
    from urland.texts.events import render_event

    names = ["Anna", "Ben", "Eve"]
    i18n.set_language("fr")
    track = Event("track", "", {"seat": 2, "start": 3, "end": 8})
    assert render_event(track, names) == "Le marqueur d'Eve passe de 3 à 8."
    bite = Event("bite", "", {"seat": 1, "target": 0, "area": 4})
    assert render_event(bite, names) == (
        "Ben mord : l'Ichto d'Anna dans la région 5 retourne dans la réserve (Morsure).")
    i18n.set_language("it")
    assert render_event(bite, names) == (
        "Ben morde: l'Ichto di Anna nella regione 5 torna nella riserva (Denti).")
    turn = Event("turn", "", {"turn": 4, "env": 0, "dead": 2})
    assert render_event(turn, names) == (
        'Turno 4: il ruolo di giocatore d\'ambiente tocca ad Anna, quello di "morto" a Eve.')
    i18n.set_language("de")
    proliferate = Event("proliferate", "", {"seat": 2, "ocean": 12, "gains": {2: 2}})
    assert render_event(proliferate, names) == "Vermehrung in O1 durch Eve: Eve +2."


def test_continue_says_resume_on_the_title_and_ok_in_a_dialog():
    i18n.set_language("de")
    assert str(i18n.LP_("title screen", "Continue")) == "Weiterspielen"
    assert str(i18n.LP_("dialog button", "Continue")) == "Weiter"


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


@pytest.mark.tour
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_scene_in_every_language_and_size_fits_with_nothing_drawn_over_anything(
        code, size, user_home):
    """Every scene, the game to its story and the whole tutorial: no text wider than its box,
    cut short or left out, and no text or button drawn over another."""
    i18n.set_language(code)
    watch = text_ui.start_watching()
    autoplayed_game(size=size)  # first: then the history and the saved games have a game
    drawn = every_scene(size=size)
    autoplayed_tutorial(size=size)
    assert {"history", "load_game", "pause", "choose_chip", "auction", "auction_buy",
            "handover", "pick_ichtos", "game_over", "replay", "review"} <= set(drawn)
    assert sorted(set(watch.overflows)) == []
    assert sorted(watch.overlaps) == []


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


@pytest.mark.tour
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
    from urland.table.session import Session
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
        "Schwimm in ein anderes Wassergebiet.")
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


def test_a_refusal_outside_the_action_phase_is_said_in_the_players_language_too():
    from language_tour import _advance

    from urland.engine import IllegalMoveError, Move
    from urland.engine.rules import check_move
    from urland.table.session import Session
    from urland.texts.refusals import refusal_text

    session = Session.new(SEATS[:3], 4, None)
    assert _advance(session, {"choose_chip"})
    state, board = session.game.state, session.game.board
    with pytest.raises(IllegalMoveError) as refused:
        check_move(state, Move("end"))
    chooser = session.names[state.actor]
    colour = state.colour_name(state.actor)
    assert str(refused.value) == f"Now {colour} must choose the scoring chip."
    i18n.set_language("fr")
    assert refusal_text(refused.value.args[0], session.names, board) == (
        f"C'est à {chooser} de choisir le jeton à décompter.")
    missing = next(c for c in range(1, 13) if c not in state.hand)
    with pytest.raises(IllegalMoveError) as refused:
        check_move(state, Move("chip", count=missing))
    i18n.set_language("nl")
    assert refusal_text(refused.value.args[0], session.names, board) == (
        f"Kaartje {missing} zit niet bij je kaartjes.")


@pytest.mark.parametrize(("code", "keys"), [
    ("en", ["N", "C", "L", "J", "T", "H", "R", "S", "Q"]),
    ("de", ["N", "W", "S", "O", "L", "C", "R", "P", "B"]),
    ("fr", ["N", "R", "C", "U", "A", "H", "E", "G", "Q"]),
])
def test_the_title_screens_keys_are_letters_of_their_labels(code, keys, user_home):
    from urland.ui.widgets import key_label

    app = App(Settings(), size=(960, 540))
    i18n.set_language(code)
    title = app.show("title")
    app.step(1 / 60)
    shown = [b for b in title.buttons if b.show_key]
    assert [key_label(b.key) for b in shown] == keys
    for button in shown:
        assert key_label(button.key).lower() in str(button.label).lower().replace("è", "e")
    pygame.quit()


def test_the_details_of_a_file_problem_are_in_the_players_language_too(tmp_path):
    from urland.engine import SaveError
    from urland.engine.save import load_game
    from urland.texts.problems import problem_text

    damaged = tmp_path / "anna.urland"
    damaged.write_bytes(b"format: urland\0")
    with pytest.raises(SaveError) as problem:
        load_game(damaged)
    assert str(problem.value) == "anna.urland: damaged (not a text file)."
    i18n.set_language("de")
    assert problem_text(problem.value) == "anna.urland: beschädigt (keine Textdatei)."
    nested = tmp_path / "ben.urland"
    nested.write_text("a: &x 1\nb: *x\n")
    with pytest.raises(SaveError) as problem:
        load_game(nested)
    i18n.set_language("fr")
    assert problem_text(problem.value) == (
        "ben.urland : endommagé (il utilise des références YAML (& et *), ce que les fichiers "
        "d'Urland ne font jamais).")
