"""Learn to play: the guided first game runs on the real engine, turns a wrong gesture into a
nudge, resumes where the player left it, and plays itself from the command line."""

import os
import subprocess
import sys

import pygame
import pytest
from test_scenes import click, frames

from urland.engine import Move, parse_move
from urland.table.tutorial import load_script
from urland.texts.events import colour_names, event_sentence
from urland.userfiles.tutorial_progress import save_chapter, saved_chapter


def chapter_index(chapter_id):
    return [c.id for c in load_script().chapters].index(chapter_id)


def test_each_lesson_s_moves_are_legal_from_its_position_and_each_step_is_told():
    script = load_script()
    assert script.step_count >= 25
    for chapter in script.chapters:
        game = chapter.new_game()  # a bad position would raise PositionError here
        assert game.state.n == 3 and game.state.actor >= 0
        for step in chapter.steps:
            assert step.text and (step.next or step.until), step.id
    # the actions lesson: the moves it asks for, in order, are the engine's legal moves
    actions = script.chapters[chapter_index("actions")]
    game = actions.new_game()
    for text in ("land O1 2 x1", "proliferate O5", "swim O5 O2 x3", "double",
                 "land O1 2 x1", "retreat 4:1", "end"):
        game.play(parse_move(text, game.board))
    score = next(e for e in game.log if e.kind == "score")
    told = event_sentence(score, colour_names(game.state.colours), game.board)
    assert "competition" in told and "White +3 points, Black +2 points" in told
    # the leapfrog: Black (ahead) jumps Grey, then White jumps both
    assert game.state.track == [7, 6, 4]


def test_a_move_the_step_does_not_want_is_nudged_not_played(app):
    scene = app.show("tutorial", chapter=chapter_index("actions"))
    frames(app, 3)
    game = scene.table.door.session.game
    before = len(game.moves)
    scene.table.submit(parse_move("land O2 4 x1", game.board))  # the lesson asks for O1 -> 2
    assert len(game.moves) == before
    assert "O1" in scene.nudge_text and "region 2" in scene.nudge_text
    scene.table.submit(parse_move("land O1 2 x1", game.board))
    assert len(game.moves) == before + 1


def test_next_steps_hold_the_table_and_the_next_button_moves_on(app):
    scene = app.show("tutorial", chapter=0)
    frames(app, 3)
    assert scene.step.id == "welcome" and scene.holds()
    assert app.scene is scene  # no chip dialog while the player reads
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    frames(app, 2)
    assert scene.step.id == "roles"


def test_while_a_page_holds_the_table_no_computer_is_said_to_think(app):
    scene = app.show("tutorial", chapter=0)
    for _ in range(2000):  # Next on each page, the first chip: up to the page after the scoring
        if scene.step.id == "scored":
            break
        if app.scene.name == "choose_chip" and app.scene.selected is None:
            key_press(pygame.K_RIGHT)  # (none is preselected)
        if app.scene is not scene or scene.step.next:
            key_press(pygame.K_RETURN)
        frames(app, 1)
    table = scene.table
    assert scene.step.id == "scored" and scene.holds()
    assert table.decision.seat not in table.now.here  # Basil, the next environment player
    # He waits for the player to read, as the game does: named, not said to think.
    assert table.banner_text() == table.now.names[table.decision.seat]


def key_press(key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))


def test_undo_in_a_lesson_goes_back_to_the_lesson_s_position(app):
    scene = app.show("tutorial", chapter=chapter_index("actions"))
    frames(app, 3)
    game = scene.table.door.session.game
    start = game.state.key()
    scene.table.submit(parse_move("land O1 2 x1", game.board))
    scene.table.undo()
    assert game.state.key() == start and game.moves == []


def test_the_tutorial_resumes_at_the_chapter_reached(app):
    assert saved_chapter() == 0
    scene = app.show("tutorial", chapter=chapter_index("auction"))
    assert saved_chapter() == chapter_index("auction")
    app.show("title")
    again = app.show("tutorial")
    assert again.chapter == scene.chapter and again.step_index == 0
    save_chapter(99)  # a progress file from another version: start again
    assert app.show("tutorial").chapter == 0


def test_a_nudge_is_shown_on_the_card_and_the_move_stays_undone(app):
    scene = app.show("tutorial", chapter=chapter_index("final"))
    frames(app, 3)
    scene.table.submit(Move("end"))  # the lesson first asks for a landing
    assert scene.nudge_text.startswith("Land one Ichto")
    assert scene.table.door.session.game.state.phase == "action"


@pytest.mark.tour
def test_learn_to_play_plays_itself_and_saves_a_picture_of_every_step(tmp_path):
    shots = tmp_path / "shots"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               URLAND_HOME=str(tmp_path / "home"))
    done = subprocess.run(
        [sys.executable, "-m", "urland", "tutorial", "--autoplay", "--screenshots", str(shots)],
        env=env, capture_output=True, text=True, timeout=400)
    assert done.returncode == 0, done.stderr[-2000:]
    taken = {p.name for p in shots.glob("tutorial-*-1280x720.png")}
    script = load_script()
    number = 0
    for chapter in script.chapters:
        for step in chapter.steps:
            number += 1
            assert f"tutorial-{number:02d}-{step.id}-1280x720.png" in taken


def test_learn_to_play_on_the_title_starts_the_first_chapter(app):
    title = app.show("title")
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=title.learn_button.rect.center,
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=title.learn_button.rect.center,
                                         button=1))
    frames(app, 2)
    assert app.scene.name == "tutorial" and app.scene.step.id == "welcome"


@pytest.mark.tour
def test_on_a_small_window_at_a_large_text_size_every_card_holds_its_words(user_home):
    """At 960x540 with text at 115 % ten cards ran past their bottom edge: the players' rows
    are now drawn smaller to make the card room, and its letters only if that is not enough."""
    from urland.app import App, AutoplayOptions
    from urland.ui import text as text_ui
    from urland.userfiles.settings import Settings

    app = App(Settings(animation_speed="instant", ai_pause="none", text_size=115),
              AutoplayOptions([], 1, None, True), size=(960, 540))
    watch = text_ui.start_watching()
    try:
        app.run("tutorial", chapter=0)
    finally:
        text_ui.stop_watching()
    assert not [o for o in watch.overflows if "coach card" in o]


def test_a_chapter_from_a_prepared_position_opens_with_a_card_saying_what_changed(app):
    """Playtest 4, defect 1: after the actions lesson (Alex 7, Basil 6, Greta 4 points), the
    next chapter jumps to a prepared game at turn 6: a card says so and gives every score that
    differs, and the table waits for Next before the lesson's first step."""
    scene = app.show("tutorial", chapter=chapter_index("actions"))
    frames(app, 3)
    game = scene.table.door.session.game
    for text in ("land O1 2 x1", "proliferate O5", "swim O5 O2 x3", "double",
                 "land O1 2 x1", "retreat 4:1", "end"):
        game.play(parse_move(text, game.board))
    assert game.state.track == [7, 6, 4]
    scene.step_index = len(load_script().chapters[scene.chapter].steps) - 1
    scene.advance()  # Next on the chapter's last page
    frames(app, 2)
    assert scene.chapter == chapter_index("auction") and scene.step.id == "new_position"
    card = scene.card_text()
    assert card.startswith("A new position: a prepared game at turn 6, not the one you played.")
    assert "Basil is the environment player, Greta the dead player." in card
    assert ("What is different: Alex 10 points (was 7); Basil 11 points (was 6); "
            "Greta 3 points (was 4).") in card
    assert scene.holds() and scene.next_button.visible
    lesson = scene.table.door.session.game
    scene.table.submit(parse_move("land O2 4 x1", lesson.board))  # not before Next
    assert lesson.moves == [] and "press Next" in scene.nudge_text
    click(app, scene.next_button.rect.center)
    assert scene.step.id == "coexist"
    scene.table.submit(parse_move("land O2 4 x1", lesson.board))
    assert len(lesson.moves) == 1


def test_a_chip_against_the_step_s_advice_gets_a_hint_and_is_not_played(app):
    """Issue 50: the environment step says to pick a region where White is strong; the
    newcomer laid chip 10, where White had nothing, and it was played. Seed 1 deals Alex the
    chips 3, 4 and 10 (White has one Ichto in 3 and in 4, none in 10)."""
    scene = app.show("tutorial", chapter=0)
    for _ in range(200):  # Next on each page up to the chip dialog
        if scene.step.id == "choose_chip" and app.scene is not scene:
            break
        if app.scene is scene and scene.step.next:
            key_press(pygame.K_RETURN)
        frames(app, 1)
    table = scene.table
    assert app.scene.name == "choose_chip"
    game = table.door.session.game
    before = len(game.moves)
    table.submit(parse_move("chip 10", game.board))
    frames(app, 2)
    assert len(game.moves) == before and game.state.phase == "choose_chip"
    assert scene.nudge_text == ("White has nothing in region 10: lay the chip of a region "
                                "where you have Ichtos.")
    assert app.scene.name == "choose_chip"  # asked again
    table.submit(parse_move("chip 3", game.board))
    assert len(game.moves) == before + 1


def test_the_actions_lesson_s_sentences_are_true_for_the_positions_they_are_shown_in():
    """Issue 50: "Now White has 3 there" was shown while White had 2, and "Black, ahead,
    moved first" while Grey was ahead of Black. Each count a step's card states is checked
    against the position the card is shown in (the moves before it played on the engine);
    the marker furthest ahead moves first (the rules, "Score track")."""
    chapter = load_script().chapters[chapter_index("actions")]
    text = {step.id: step.text for step in chapter.steps}
    game = chapter.new_game()
    board = game.board

    def counts(area):
        return game.state.area_counts(board.parse_area(area))

    moves = {"land": "land O1 2 x1", "proliferate": "proliferate O5", "swim": "swim O5 O2 x3",
             "double": "double", "land_again": "land O1 2 x1", "retreat": "retreat 4:1"}
    shown = {}
    for step in chapter.steps:
        shown[step.id] = (counts("2"), counts("O5"), list(game.state.track))
        if step.id in moves:
            game.play(parse_move(moves[step.id], board))
        elif step.id == "end_actions":
            before_scoring = list(game.state.track)
            game.play(parse_move("end", board))
    assert "You have 6 (+2), Black 3 (+1), Grey 2 (nothing)" in text["proliferate"]
    assert shown["proliferate"][1] == [6, 3, 2]
    assert text["land_again"].startswith("White and Black have 2 each in region 2, Grey 1.")
    assert shown["land_again"][0] == [2, 2, 1]
    assert "and White has 3 there" in text["land_again"] and shown["retreat"][0] == [3, 2, 1]
    # Grey (4) is furthest ahead but scores nothing; Black (3) is ahead of White (2)
    assert before_scoring == [2, 3, 4] and game.state.track == [7, 6, 4]
    assert "Grey scored nothing, so Black, ahead of you, moved first" in text["competition"]


def open_learn_to_play(app):
    title = app.show("title")
    frames(app)
    click(app, title.learn_button.rect.center)
    frames(app, 2)
    return app.scene


def test_learn_to_play_come_back_to_offers_go_on_start_over_and_the_chapters(app):
    """Issue 50: in a shared folder Learn to play opened a first-timer at step 30 of 33 with
    no way back. With a chapter reached before, it asks first: go on from it, start from the
    beginning, or any chapter (one that goes on in the game of the chapter before it shares
    that one's row), by mouse, digit keys, or Tab and Enter."""
    save_chapter(chapter_index("panic"))
    dialog = open_learn_to_play(app)
    assert dialog.name == "tutorial_chapters"
    labels = [str(b.label) for b in dialog.buttons]
    assert labels == ["Go on from chapter 4", "Start from the beginning",
                      "1. Your roles · The dead player", "2. Your actions",
                      "3. Coexistence and a mutation", "4. Monopoly, Panic and volcanoes",
                      "5. The end of the game", "Cancel"]
    key_press(pygame.K_RETURN)  # Enter: go on
    frames(app, 2)
    assert app.scene.name == "tutorial" and app.scene.chapter == chapter_index("panic")
    assert app.scene.step_index == 0
    dialog = open_learn_to_play(app)
    click(app, dialog.from_start.rect.center)  # the mouse: start over
    assert app.scene.name == "tutorial" and app.scene.step.id == "welcome"
    save_chapter(chapter_index("final"))
    open_learn_to_play(app)
    key_press(pygame.K_2)  # a chapter by its digit
    frames(app, 2)
    assert app.scene.chapter == chapter_index("actions")
    open_learn_to_play(app)
    # the first Tab shows the focus on Go on, the second moves it to Start over
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_RETURN):
        key_press(key)
        frames(app, 1)
    assert app.scene.name == "tutorial" and app.scene.step.id == "welcome"
    save_chapter(chapter_index("final"))
    assert open_learn_to_play(app).name == "tutorial_chapters"
    key_press(pygame.K_ESCAPE)
    frames(app, 2)
    assert app.scene.name == "title"


def test_learn_to_play_asks_nothing_of_a_first_timer_or_within_the_first_chapter(app):
    for reached in (0, chapter_index("dead")):  # "dead" goes on in the first chapter's game
        save_chapter(reached)
        assert open_learn_to_play(app).name == "tutorial"
        assert app.scene.step.id == "welcome"
