"""Urland in five languages: chosen, remembered, switched without restarting; every scene drawn in
every language with no text wider than its box; and a pseudo-language game that finds any text on
screen that never went through the catalogue."""

import re
from pathlib import Path

import pygame
import pytest
from language_tour import (
    CHAT_SAID,
    SEATS,
    SIZES,
    _advance,
    _show,
    autoplayed_game,
    autoplayed_tutorial,
    every_scene,
    online_scenes,
    rules_pages,
    thinking_choices,
)
from test_catalogs import french_spacing_faults

from urland.app import App
from urland.cli import main
from urland.texts import i18n
from urland.texts.events import render_event
from urland.texts.genes import gene_name
from urland.texts.i18n import LANGUAGES, PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN
from urland.texts.rules_pages import pages
from urland.ui import text as text_ui
from urland.ui.widgets import key_label
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

    event = Event("land", {"seat": 0, "src": 12, "dst": 4, "count": 2})
    names = ["Anna", "Ben", "Cleo"]
    i18n.set_language("de")
    assert render_event(event, names) == "Anna bringt 2 Ichtos aus O1 im Gebiet 5 an Land."
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
           "Panic": "Panik", "Competition": "Konkurrenz"},
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
    track = Event("track", {"seat": 2, "start": 3, "end": 8})
    assert render_event(track, names) == "Le marqueur d'Eve passe de 3 à 8."
    jumping = Event("track", {"seat": 0, "start": 3, "end": 8, "jumped": 2})
    assert render_event(jumping, names) == ("Le marqueur d'Anna passe de 3 à 8 (il saute 2 "
                                            "marqueurs\u00a0: les cases occupées ne comptent pas).")
    bite = Event("bite", {"seat": 1, "target": 0, "area": 4})
    assert render_event(bite, names) == (
        "Ben mord\u00a0: l'Ichto d'Anna dans la région 5 retourne dans la réserve (Morsure).")
    i18n.set_language("it")
    assert render_event(bite, names) == (
        "Ben morde: l'Ichto di Anna nella regione 5 torna nella riserva (Denti).")
    turn = Event("turn", {"turn": 4, "env": 0, "dead": 2})
    assert render_event(turn, names) == (
        'Turno 4: il ruolo di giocatore d\'ambiente tocca ad Anna, quello di «morto» a Eve.')
    i18n.set_language("de")
    proliferate = Event("proliferate", {"seat": 2, "ocean": 12, "gains": {2: 2}})
    assert render_event(proliferate, names) == "Vermehrung in O1 durch Eve: Eve +2 Ichtos."


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
    if code == "fr":  # every text drawn, those put together by the code too (docs/glossary.md)
        assert {t: f for t in watch.seen if (f := french_spacing_faults(t))} == {}


TUTORIAL_NAMES = ["Alex", "Basil", "Greta"]  # the seats of assets/texts/tutorial.yaml
INNERMOST = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}]*{PSEUDO_CLOSE}")
KEY_NAMES = {key_label(code) for name, code in vars(pygame).items() if name.startswith("K_")}


def only_keys(shown: str) -> bool:
    """Keys as printed on a keyboard ("Tab / Shift+Tab", "Left Right", "Ctrl+Z"), as a key
    map's first column shows them: a named key comes through the catalogue ("Shift", "Enter"),
    a letter, a digit or F1 is the same in every language."""
    rest = shown
    while INNERMOST.search(rest):
        rest = INNERMOST.sub("", rest)
    parts = [p.strip(" +") for p in rest.split(" / ")]
    return all(p in KEY_NAMES or all(w in KEY_NAMES for w in p.split()) for p in parts)


def untranslated(shown: str) -> bool:
    """Is there a word in `shown` that did not come through the catalogue? (Players' names,
    ocean ids and folder names are the players' or the board's, not the game's words; each
    language is named in its own words; keys are the keyboard's.)"""
    if only_keys(shown):
        return False
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


REGION_AND_OCEAN_REFUSALS = {
    "en": ["You have no Ichtos in region 2.", "You have no Ichtos in O2 (North Ocean).",
           "Region 1 does not border O3 (East Ocean)."],
    "de": ["Du hast keine Ichtos im Gebiet 2.",
           "Du hast keine Ichtos im Wassergebiet O2 (Nordozean).",
           "Gebiet 1 grenzt nicht an das Wassergebiet O3 (Ostozean)."],
    "fr": ["Vous n'avez aucun Ichto dans la région 2.",
           "Vous n'avez aucun Ichto en O2 (océan Nord).",
           "La région 1 ne borde pas O3 (océan Est)."],
    "it": ["Non hai Ichto nella regione 2.", "Non hai Ichto in O2 (Oceano Nord).",
           "La regione 1 non confina con O3 (Oceano Est)."],
    "nl": ["Je hebt geen ichto's in gebied 2.",
           "Je hebt geen ichto's in O2 (Noordoceaan).",
           "Gebied 1 grenst niet aan O3 (Oostoceaan)."],
}


@pytest.mark.parametrize("code", sorted(REGION_AND_OCEAN_REFUSALS))
def test_a_refusal_puts_the_languages_own_words_before_a_region_and_an_ocean(code):
    from positions import BLACK, play, table

    from urland.engine import IllegalMoveError
    from urland.texts.refusals import refusal_text

    state = table("genes=-.-.stinkglands.- ichtos=1:0.3.1.0,2:0.2.0.0")
    refusals = []
    for kind, fields in (("stink", {"src": "2", "target": (BLACK,), "dst": "O1"}),
                         ("land", {"src": "O2", "dst": "5", "count": 1}),
                         ("stink", {"src": "1", "target": (BLACK,), "dst": "O3"})):
        with pytest.raises(IllegalMoveError) as refused:
            play(state, kind, **fields)
        refusals.append(refused.value.args[0])
    assert [str(r) for r in refusals] == REGION_AND_OCEAN_REFUSALS["en"]  # the engine's own
    i18n.set_language(code)
    names = ["Anna", "Ben", "Cleo", "Dan"]
    assert [refusal_text(r, names, state.board) for r in refusals] == (
        REGION_AND_OCEAN_REFUSALS[code])


NO_SUCH_AREA = {
    "en": ["There is no region with that number.", "There is no ocean with that number."],
    "fr": ["Il n'y a pas de région portant ce numéro.", "Il n'y a pas d'océan portant ce numéro."],
    "it": ["Non esiste una regione con questo numero.", "Non esiste un oceano con questo numero."],
}


@pytest.mark.parametrize("code", sorted(NO_SUCH_AREA))
def test_an_area_number_off_the_board_is_refused_in_a_sentence_of_its_own_kind(code):
    from positions import play, table

    from urland.engine import IllegalMoveError
    from urland.texts.refusals import refusal_text

    state = table("ichtos=1:0.3.1.0,2:0.2.0.0")
    refusals = []
    for fields in ({"src": "O2", "dst": 40, "count": 1}, {"src": 40, "dst": "5", "count": 1}):
        with pytest.raises(IllegalMoveError) as refused:
            play(state, "land", **fields)
        refusals.append(refused.value.args[0])
    i18n.set_language(code)
    assert [refusal_text(r, ["Anna", "Ben", "Cleo", "Dan"], state.board)
            for r in refusals] == NO_SUCH_AREA[code]


def test_a_click_on_an_area_with_nothing_to_do_names_it_with_the_languages_article():
    from urland.engine import standard_board
    from urland.texts.area_sentences import move_from, nothing_to_do

    board = standard_board()
    region, ocean = board.parse_area("5"), board.parse_area("O2")
    assert nothing_to_do(board, region).startswith("Nothing to do in region 5: drag")
    assert move_from(board, ocean) == "Move Ichtos from O2 (North Ocean): choose where on the board"
    i18n.set_language("it")
    assert nothing_to_do(board, region).startswith("Nessuna azione possibile nella regione 5: ")
    assert move_from(board, ocean) == (
        "Muovi i tuoi Ichto da O2 (Oceano Nord): scegli la destinazione sul tabellone")
    i18n.set_language("fr")
    assert nothing_to_do(board, ocean).startswith("Rien à faire en O2 (océan Nord)\u00a0: ")


def test_wings_and_a_panic_tie_are_told_with_each_languages_words():
    from urland.engine import Event, standard_board

    board = standard_board()
    area = board.parse_area
    to_ocean = Event("fly", {"seat": 2, "src": area("12"), "dst": area("O3"), "count": 1})
    to_region = Event("fly", {"seat": 2, "src": area("12"), "dst": area("5"), "count": 2})
    tie = Event("panic", {"candidates": [area("4"), area("5"), area("7")], "most": 3,
                              "chooser": 0})
    names = ["Anna", "Ben", "Cleo", "Dan"]
    told = [render_event(e, names, board) for e in (to_ocean, to_region, tie)]
    assert told == ["Cleo flies 1 Ichto from region 12 to O3 (East Ocean) (Wings).",
                    "Cleo flies 2 Ichtos from region 12 to region 5 (Wings).",
                    "Panic! Regions 4, 5 and 7 tie with 3 Ichtos; Anna, furthest back, "
                    "chooses which panics."]
    i18n.set_language("fr")
    told = [render_event(e, names, board) for e in (to_ocean, to_region, tie)]
    assert told == ["Cleo fait voler 1 Ichto de la région 12 vers O3 (océan Est) (Vol).",
                    "Cleo fait voler 2 Ichtos de la région 12 vers la région 5 (Vol).",
                    "Panique\u00a0! Les régions 4, 5 et 7 sont à égalité avec 3 "
                    "Ichtos\u00a0; c'est à Anna, dont le marqueur est le plus en retard, de "
                    "choisir laquelle est frappée par la Panique."]
    i18n.set_language("de")
    assert render_event(to_ocean, names, board) == (
        "Cleo lässt 1 Ichto von Gebiet 12 ins Wassergebiet O3 (Ostozean) fliegen (Flügel).")


def test_a_gene_not_on_display_is_named_after_the_word_gene_in_every_language():
    from urland.engine.errors import Named, Refusal
    from urland.texts.refusals import refusal_text

    # the refusal urland/engine/phases.py gives (tests/test_auction.py plays it)
    refusal = Refusal("The gene {gene} is not on display.", gene=Named("gene", "egg", "Egg"))
    said = {}
    for code in ("de", "fr", "it", "nl"):
        i18n.set_language(code)
        said[code] = refusal_text(refusal, [], None)
    assert said == {"de": "Das Gen Ei liegt nicht aus.", "fr": "Le gène Ponte n'est pas exposé.",
                    "it": "Il gene Uova non è esposto.",
                    "nl": "Het gen Ei ligt niet in de uitstalling."}


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
        "ben.urland\u00a0: endommagé (il utilise des références YAML (& et *), ce que les fichiers "
        "d'Urland ne font jamais).")


@pytest.mark.tour
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_lobby_the_join_form_and_a_joined_tables_chat_fit_in_every_language_and_size(
        code, size, user_home, monkeypatch):
    """The online screens of the tour: the host's lobby as friends join, the join form with
    its placeholders, and a joined game's table with the chat's lines, its field and its mute
    button (games hosted on 127.0.0.1, announced nowhere)."""
    from urland.net import hosting

    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)
    i18n.set_language(code)
    watch = text_ui.start_watching()
    assert online_scenes(size=size) == ["lobby", "join", "table"]
    assert sorted(set(watch.overflows)) == []
    assert sorted(watch.overlaps) == []
    # the chat field's placeholder in the field's own letters, not shrunk to fit (review 4)
    assert i18n._("Say something, Enter sends") not in watch.shrunk
    if code == "fr":  # the game's words; the players' own are as they typed them
        game_words = [t for t in watch.seen if not any(said in t for said in CHAT_SAID)]
        assert {t: f for t in game_words if (f := french_spacing_faults(t))} == {}


def test_a_list_of_names_takes_the_italian_euphonic_d_and_an_areas_oceans_are_a_list():
    from urland.engine import Move, standard_board
    from urland.engine.game import Game
    from urland.texts.describe import describe
    from urland.texts.words import joined_list
    from urland.ui.table.table_overlays import area_tooltip

    state = Game.new(3, 3).state
    region = standard_board().parse_area("1")  # region 1 borders O1 and O2
    names = ["Anna", "Ben", "Eve"]
    assert "borders O1 and O2 · " in area_tooltip(state, region, names)[1]
    assert describe(Move("chip", count=5), state) == "Choose chip 5: its region is scored"
    i18n.set_language("it")
    assert joined_list(["Ben", "Eve"]) == "Ben ed Eve"
    assert joined_list(["Anna", "Ben", "Eve"]) == "Anna, Ben ed Eve"
    assert joined_list(["Eve", "Anna"]) == "Eve e Anna"  # the d only before the same vowel
    assert "confina con O1 e O2 · " in area_tooltip(state, region, names)[1]
    i18n.set_language("de")
    assert describe(Move("chip", count=5), state) == "Chip 5 für die Wertung wählen"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_experts_thinking_time_fits_in_new_game_and_settings(code, size, user_home):
    """Each thinking time, in New game's expert seats and in Settings: no text wider than its
    box, and nothing drawn over anything (the fast part of the language tour)."""
    i18n.set_language(code)
    watch = text_ui.start_watching()
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    app.show("title")
    thinking_choices(app)
    pygame.quit()
    assert sorted(set(watch.overflows)) == []
    assert sorted(watch.overlaps) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_end_turn_label_keeps_clear_of_its_key_and_the_buttons_edge(code, size, user_home):
    """End turn, the table's most pressed button: its label at full size with room on both
    sides, never squeezed between the button's edge and its E (the Dutch "Beurt beëindigen"
    left 4 px at 960x540)."""
    from urland.table.session import Session

    i18n.set_language(code)
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    session = Session.new([s for s in SEATS], 3, None)
    assert _advance(session, {"action"})
    table = app.show("table", session=session)
    app.step(1 / 60)
    button, theme = table.controls.end_button, app.theme
    _centre, room = button.label_space(theme)
    label = text_ui.text_width(str(button.label), theme.px(24), bold=True)
    pygame.quit()
    assert room - label >= theme.px(16), (str(button.label), room, label)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_keys_page_fits_each_key_as_the_language_names_it(code, size, user_home):
    """The keys page (F1, Keyboard keys) of the table, a replay and the history, each key
    named as the language's keyboards name it ("Gauche Droite Haut Bas", "Strg+Z",
    "Pg préc"): at full size in its column, nothing wider than its box, nothing drawn over
    anything."""
    from test_history import SEATS as RECORDED
    from test_history import finished

    from urland.scenes.rules import KEYS_PAGE
    from urland.table.session import Seat, Session
    from urland.ui.key_map import key_map

    i18n.set_language(code)
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    session = Session.new(list(SEATS), 3, None)
    assert _advance(session, {"action"})
    table = app.show("table", session=session)
    _show(app, 1)
    watch = text_ui.start_watching()
    printed: set[str] = set()
    recorded = Session(finished(), [Seat(s["name"], i, s["kind"]) for i, s in enumerate(RECORDED)])
    for opened in (lambda: table, lambda: app.open("replay", session=recorded),
                   lambda: app.show("history")):
        rows = key_map(opened())
        printed |= {keys for keys, _does in rows}
        app.open("rules", page=KEYS_PAGE, keys=rows)
        _show(app)
        app.pop()
    pygame.quit()
    assert {key_label(pygame.K_RETURN), key_label(pygame.K_HOME), key_label(pygame.K_SPACE),
            key_label(pygame.K_z, pygame.K_LCTRL)} <= printed
    assert {t: share for t, share in watch.shrunk.items() if t in printed} == {}
    assert sorted(set(watch.overflows)) == [] and sorted(watch.overlaps) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_rules_page_is_listed_at_full_size_when_selected(code, size, user_home):
    """The rules list, each page selected in turn (its title in bold on the highlight): no
    title drawn smaller than the others to fit (the French "Comment commence une partie" ran
    past its highlight at 960x540, then shrank to three quarters)."""
    i18n.set_language(code)
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    app.show("title")
    app.step(1 / 60)
    watch = text_ui.start_watching()
    rules_pages(app)
    pygame.quit()
    titles = {str(p.title) for p in pages()} | {
        i18n.fmt("Gene: {name}", name=gene_name(p.gene)) for p in pages() if p.gene}
    assert {t: share for t, share in watch.shrunk.items() if t in titles} == {}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_title_screens_buttons_show_their_labels_at_full_size(code, size, user_home):
    """The title screen's column and its row of History, Rules, Settings and Quit: no label
    drawn smaller to fit (the Dutch "Instellingen [I]" was squeezed at both sizes)."""
    i18n.set_language(code)
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    watch = text_ui.start_watching()
    title = app.show("title")
    app.step(1 / 60)
    text_ui.end_frame()
    labels = {str(b.label) for b in title.buttons}
    pygame.quit()
    assert {t: share for t, share in watch.shrunk.items() if t in labels} == {}
    assert sorted(watch.overlaps) == [] and sorted(set(watch.overflows)) == []


def test_a_chapter_cards_list_of_changed_scores_takes_the_french_semicolon():
    """The card that opens a prepared chapter joins the players' lines with the language's
    semicolon: French keeps a no-break space before it (the tour found "(avant : 4); Basil")."""
    import copy

    from urland.engine.game import Game
    from urland.texts.chapter_card import chapter_card

    before = Game.new(3, 3).state
    after = copy.deepcopy(before)
    after.track = [7, 6, before.track[2]]
    i18n.set_language("fr")
    card = chapter_card(before, after, TUTORIAL_NAMES)
    assert (f"Ce qui a changé\u00a0: Alex 7 points (avant\u00a0: {before.track[0]})\u00a0; "
            f"Basil 6 points (avant\u00a0: {before.track[1]}).") in card
    assert french_spacing_faults(card) == []
