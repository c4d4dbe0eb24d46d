"""The playtest's last defects, each in the situation a player meets it: a final scoring the
leaders tie, the set-up's eruption in the log, the localisers' text nits."""

from __future__ import annotations

import pygame
import pytest
from positions import GREY, PURPLE, play, table, texts
from test_scenes import click, frames

from urland.engine import Event, Game, Move
from urland.engine.scoring import final_scoring
from urland.engine.state import OVER
from urland.table.session import Seat, Session
from urland.texts import i18n
from urland.texts.events import render_event
from urland.texts.i18n import LANGUAGES
from urland.texts.log import log_entries
from urland.ui import text as text_ui

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


# --- a tied final scoring ----------------------------------------------------------------------

# Grey (Cleo) on 28 and Purple (Dora) on 29 share region 12, the chip laid; each has 2 more in O1.
TIED_END = "track=10.20.28.29 ichtos=12:0.0.1.1,O1:0.0.2.2"


def tied_game() -> Game:
    """The game of TIED_END played to its end: the environment player and the one Ichto
    player end their turns, region 12 scores and the final scoring follows."""
    game = Game.from_position(table(TIED_END))
    game.play(Move("end"))
    game.play(Move("end"))
    assert game.over
    return game


def test_a_final_scoring_the_leaders_tie_leaves_one_winner_the_marker_furthest_ahead():
    """Rules 8 and the track (4): region 12 is a coexistence (+2 each; Purple, ahead, moves
    first: 29 -> 31, then Grey 28 -> 30) and a marker has passed 30. Final scoring: Grey and
    Purple tie on the board (3 each: 3 // 2 = +1 each) and, nobody having won the Total alone,
    on land (1 each: +1 each). Each time Purple, further ahead, moves first, so no space holds
    two markers and the one furthest ahead, Purple on 33, is the one winner."""
    state = table(TIED_END)
    play(state, "end")
    play(state, "end")
    assert state.phase == OVER
    assert state.track == [10, 20, 32, 33]
    assert state.winner == PURPLE
    told = texts(state)
    assert told[-8:] == [
        "A marker has reached 30: the game ends after this scoring.",
        "Final scoring. Most Ichtos on the board: Grey and Purple (3): Grey +1 point, "
        "Purple +1 point.",
        "Purple's marker moves from 31 to 32.",
        "Grey's marker moves from 30 to 31.",
        "Most Ichtos on land: Grey and Purple (1): Grey +1 point, Purple +1 point.",
        "Purple's marker moves from 32 to 33.",
        "Grey's marker moves from 31 to 32.",
        "Purple wins with 33 points.",
    ]


def test_a_tie_for_the_final_scoring_behind_keeps_the_order_of_the_markers():
    """Grey on 30 and Purple on 31 tie the Total (+1 each): Purple moves first to 32, Grey to
    31 (free by then); had Grey moved first it would have jumped Purple to 32."""
    state = table("track=10.20.30.31 ichtos=O1:0.0.3.3")
    final_scoring(state)
    assert state.track[GREY] == 31 and state.track[PURPLE] == 32


WINNER_LINES = {
    "en": ("Most Ichtos on the board: Cleo and Dora (3)", "Dora wins with 33 points"),
    "de": ("Meiste Ichtos auf dem Spielplan: Cleo und Dora (3)", "Dora gewinnt mit 33 Punkten"),
    "fr": ("Présence générale\u00a0: Cleo et Dora (3)", "Dora gagne avec 33 points"),
    "it": ("Più Ichto sul tabellone: Cleo e Dora (3)", "Dora vince con 33 punti"),
    "nl": ("Meeste ichto's op het bord: Cleo en Dora (3)", "Dora wint met 33 punten"),
}


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_after_a_tied_final_scoring_every_screen_names_the_tied_players_and_the_one_winner(
        code, user_home):
    """The end screen's title, its final-scoring steps (the story's) and the log's last lines
    all say who tied (both names) and who won (one name), in each language."""
    from urland.app import App
    from urland.userfiles.settings import Settings

    i18n.set_language(code)
    tie, won = WINNER_LINES[code]
    game = tied_game()
    seats = [Seat(name, colour) for colour, name in enumerate(NAMES)]
    app = App(Settings(language=code), size=(1280, 720))
    watch = text_ui.start_watching()
    try:
        scene = app.show("game_over", session=Session(game, seats))
        scene.age = 60.0  # the result page, its final scoring told to the end
        frames(app, 2)
        assert won in watch.seen  # the end screen's title
        assert tie in scene.story.final_steps[1] and scene.story.final_steps[-1] == won + "."
        assert [s for s in watch.seen if tie in s]  # the final scoring's steps, drawn
    finally:
        text_ui.stop_watching()
        pygame.quit()
    entries = log_entries(game.log, lambda e: render_event(e, NAMES, game.board), NAMES)
    assert tie in entries[-7].text and entries[-1].text == won + "."


# --- the localisers' nits ----------------------------------------------------------------------

def sentence(code: str, kind: str, **data) -> str:
    i18n.set_language(code)
    return render_event(Event(kind, data), NAMES)


@pytest.mark.parametrize("code", ["fr", "it"])
def test_the_final_scoring_lines_have_no_two_colons_in_a_row(code):
    """French and Italian name the leaders after a colon, then their points after a semicolon,
    as the lines where nobody scores already do."""
    points = {2: 1, 3: 1}
    lines = [sentence(code, "final_total", counts={}, points=points, winners=[2, 3], best=3),
             sentence(code, "final_land", counts={}, points=points, excluded=None,
                      winners=[2, 3], best=1),
             sentence(code, "final_land", counts={}, points={2: 2}, excluded=3, winners=[2],
                      best=1),
             sentence(code, "final_total", counts={}, points={}, winners=[0, 1, 2, 3], best=2)]
    for line in lines:
        leaders, _, rest = line.rpartition(")")
        assert ":" in leaders and ":" not in rest and rest.lstrip("\u00a0 ").startswith(";"), line


def test_french_sends_ichtos_into_the_reserve_and_dutch_says_nobody_scores_one_way():
    retreat = sentence("fr", "retreat", seat=0, picks=[(4, 2)])
    assert "dans la réserve" in retreat and "vers" not in retreat
    empty = sentence("nl", "score", chip=7, outcome="empty", points={}, removed={}, region=6,
                     counts=[0, 0, 0, 0])
    assert empty.endswith("Niemand scoort.")
    shared = sentence("nl", "final_total", counts={}, points={}, winners=[0, 1, 2, 3], best=2)
    assert shared.endswith("niemand scoort.")


# --- the End-turn question ---------------------------------------------------------------------

@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=["960x540", "1280x720"])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_end_turn_question_fits_its_box_in_every_language(code, size):
    """Cleo, with her actions unused, presses E: the question "End your turn?" opens. Its
    title, its sentence and both buttons' labels are drawn whole at their usual size inside
    the box (a label with room each side in its button), the buttons side by side in the box,
    nothing drawn over anything."""
    from urland.app import App
    from urland.ui.text import text_width
    from urland.userfiles.settings import Settings

    i18n.set_language(code)
    seats = [Seat("Anna", 0, "easy"), Seat("Ben", 1, "easy"), Seat("Cleo", 2),
             Seat("Dora", 3, "easy")]
    app = App(Settings(language=code, ai_pause="none"), size=size)
    try:
        app.show("table", session=Session(Game.from_position(table("ichtos=O1:3.3.3.3")),
                                          seats))
        frames(app, 2)
        watch = text_ui.start_watching()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))
        frames(app, 3)
        question = app.scene
        assert question.name == "confirm" and question.title == i18n._("End your turn?")
        t, box = app.theme, question.box()
        for button in question.buttons:
            assert box.contains(button.rect)
            assert text_width(button.label, t.px(24), True) + t.px(16) <= button.rect.width, (
                str(button.label))
        first, second = question.buttons
        assert first.rect.right < second.rect.left
        assert question.text in watch.seen
        assert sorted(set(watch.overflows)) == [] and sorted(watch.overlaps) == []
    finally:
        text_ui.stop_watching()
        pygame.quit()


# --- the set-up's eruption in the log ----------------------------------------------------------

SETUP_ERUPTION = {
    "en": "Set-up: chip 9 is drawn and the volcano of region 9 erupts at once; the region joins "
          "region 8 for the whole game, and its chip leaves the game.",
    "de": "Aufbau: Chip 9 wird gezogen, und der Vulkan von Gebiet 9 bricht sofort aus; das Gebiet "
          "verbindet sich für die ganze Partie mit Gebiet 8, und sein Chip verlässt das Spiel.",
    "fr": "Mise en place\u00a0: le jeton 9 est tiré et le volcan de la région 9 entre aussitôt en "
          "éruption\u00a0; la région est reliée à la région 8 jusqu'à la fin, et son jeton "
          "quitte la partie.",
    "it": "Preparazione: si pesca il gettone 9 e il vulcano della regione 9 erutta subito; la "
          "regione si unisce alla regione 8 per tutta la partita, e il suo gettone esce dal gioco.",
    "nl": "Opbouw: kaartje 9 wordt getrokken en de vulkaan van gebied 9 barst meteen uit; het "
          "gebied wordt voor het hele spel één met gebied 8, en zijn kaartje verlaat het spel.",
}


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_log_opens_with_the_set_ups_eruption_told_as_the_set_ups(code):
    """Seed 5: chip 9 is drawn at set-up and region 9 erupts into region 8 (rules 3, R1). The
    log's first line says so as the set-up's, in one sentence; the replay's first line too;
    an eruption of the game keeps its own sentence."""
    from urland.records.replay import Replay

    i18n.set_language(code)
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 5, None)
    game = session.game
    assert [e.kind for e in game.log[:2]] == ["setup_volcano", "eruption"]
    sentence = session.sentence
    entries = log_entries(game.log, sentence, session.names)
    assert entries[0].text == SETUP_ERUPTION[code]
    assert sum(SETUP_ERUPTION[code] == e.text for e in entries) == 1
    assert Replay(game, session.names).lines[0].text == SETUP_ERUPTION[code]
    later = Event("eruption", {**game.log[1].data})
    set_up = SETUP_ERUPTION[code].split(":")[0]  # "Set-up", "Aufbau", ...
    assert not sentence(later).startswith(set_up)


# --- two players of one name -------------------------------------------------------------------

def test_new_game_asks_for_another_name_when_two_players_share_one(app):
    """New game with seats Anna and "anna " (and the others left as they are): Start does not
    begin a table of two Annas nor rename one "Anna-2" or "Anna (2)"; it says who is named
    twice and puts the cursor in the second name, selected, so typing replaces it. With Bea
    typed there, Start begins the game with every name as typed."""
    from test_title_and_new_game import type_text

    scene = app.show("new_game")
    frames(app)
    first, second = scene.active_rows()[:2]
    first.name.text, second.name.text = "Anna", "anna "
    click(app, scene.start.rect.center)
    assert app.scene is scene
    assert scene.error == "Two players are called Anna: give each their own name."
    assert second.name.focus and second.name.selected and not first.name.focus
    type_text(app, "Bea")
    assert second.name.text == "Bea"
    click(app, scene.start.rect.center)
    (table,) = [s for s in app.scenes if s.name == "table"]  # perhaps under a first question
    assert table.now.names[:2] == ("Anna", "Bea")


# --- a long tutorial card ----------------------------------------------------------------------

def test_a_long_tutorial_card_scrolls_and_the_lesson_keeps_its_letters(user_home):
    """German at 960x540 with text at 130 %: the mutation step's card ("genes") has more
    lines than its place in the side panel. Every card of the lesson is drawn at the usual
    letter size, this one included; it shows a scroll bar and its first lines; Page Down and
    the wheel over it bring its last lines into sight, Page Up back to its first; a nudge
    on the landing step's card brings the card's end (where the nudge is) into sight."""
    from urland.app import App
    from urland.scenes.tutorial_card import lesson_letters
    from urland.ui.table import coach_card
    from urland.userfiles.settings import Settings

    i18n.set_language("de")
    app = App(Settings(language="de", animation_speed="instant", ai_pause="none",
                       text_size=130), size=(960, 540))
    bars = []
    real_bar = coach_card._draw_scroll_bar

    def bar(surface, t, track, first, seen, total):
        bars.append((first, seen, total))
        return real_bar(surface, t, track, first, seen, total)

    try:
        lesson = app.show("tutorial", chapter=0)
        frames(app, 2)
        usual = lesson_letters(app.theme)
        assert usual == app.theme.px(22)
        drawn = set()
        for c, chapter in enumerate(lesson.script.chapters):  # every card, as laid for its step
            lesson.chapter, lesson.intro = c, None
            for k in range(len(chapter.steps)):
                lesson.step_index, lesson.told = k, ""
                lesson.layout_card()
                app.draw()
                drawn.add(lesson.drawn_letters)
                if chapter.steps[k].id == "genes":
                    long_card = (c, k)
                if chapter.steps[k].id == "land":
                    landing = (c, k)
        assert drawn == {usual}
        lesson.chapter, lesson.step_index = long_card
        lesson.begin_step()
        coach_card._draw_scroll_bar = bar
        app.draw()
        assert lesson.card_most > 0 and lesson.card_scroll == 0
        first, seen, total = bars[-1]
        assert first == 0 and seen < total
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                             unicode=""))
        frames(app, 1)
        assert lesson.card_scroll == min(3, lesson.card_most) and bars[-1][0] == lesson.card_scroll
        pygame.mouse.set_pos(lesson.card.center)
        for _ in range(total):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                                 precise_x=0.0, precise_y=-1.0))
        frames(app, 1)
        assert lesson.card_scroll == lesson.card_most
        assert bars[-1][0] + bars[-1][1] == bars[-1][2]  # the last line in sight
        for _ in range(total):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0,
                                                 unicode=""))
        frames(app, 1)
        assert lesson.card_scroll == 0
        lesson.chapter, lesson.step_index = landing  # "Land: drag one ... onto region 2"
        lesson.begin_step()
        assert lesson.nudge(Move("end"))  # not the move the step asks for
        app.draw()
        assert lesson.card_scroll == lesson.card_most > 0  # the nudge, last, in sight
    finally:
        coach_card._draw_scroll_bar = real_bar
        pygame.quit()
