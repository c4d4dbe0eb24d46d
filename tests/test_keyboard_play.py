"""The whole game by keyboard: posted key events only, through the real scenes (dummy video
driver), from the title's menus to a finished game and through every lesson."""

import time

import pygame
from keyboard_play import KeyboardPlayer, moves_made, press
from test_scenes import chip_dialog, click, frames, resting_frame, solo_table

from urland.app import App
from urland.engine import TRAY, format_move
from urland.table.session import Seat, Session
from urland.ui.key_map import key_map
from urland.ui.widgets import key_label
from urland.userfiles.settings import Settings


def test_a_whole_hot_seat_game_is_played_by_keys_alone():
    """Three players at one small screen, every decision by keys (seed 2 was found by playing
    seeds until one game held all of these): secret bids above 0, genes bought and paid for,
    Panic choices of region and ocean, Ears, and double turns."""
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=(960, 540))
    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)]
    session = Session.new(seats, 2, None)
    app.show("table", session=session)
    player = KeyboardPlayer(app, 2)
    for _ in range(5000):
        if app.scene.name == "game_over":
            break
        player.act()
    assert app.scene.name == "game_over" and session.game.over
    made = moves_made(session)
    assert made.get("bid", 0) > 0 and made.get("buy", 0) > 0
    assert made.get("panic_region", 0) > 0 and made.get("panic_ocean", 0) > 0
    assert made.get("double", 0) > 0 and made.get("ears_stay", 0) > 0
    pygame.quit()


def lesson_move(table, expect):
    """The move on screen whose notation the lesson's step asks for, as the tutorial's own
    pilot finds it (none while it is not on offer)."""
    decision, board = table.decision, table.now.board
    offered = [m for t in table.keys.board_targets() for m in (
        [decision.click(t.key[1])] if decision.clickable else decision.moves_from(t.key[1]))]
    offered += [o.move for o in decision.options if o.move.kind in ("end", "double")]
    return next((m for m in offered if m and format_move(m, board).startswith(expect)), None)


def test_the_tutorial_is_done_by_keys_alone(app):
    lesson = app.show("tutorial", chapter=0)
    player = KeyboardPlayer(app, 0)
    steps_done = set()
    deadline = time.monotonic() + 300  # the lessons' computers think in threads
    while app.scene.name != "title" and time.monotonic() < deadline:
        scene, table, step = app.scene, lesson.table, lesson.step
        steps_done.add((lesson.chapter, lesson.step_index))
        if scene is lesson and not table.show.busy and not lesson.until_seen():
            move = lesson_move(table, step.expect) if step.expect and table.human_turn() else None
            if step.next:
                press(app, pygame.K_RETURN)
            elif move is not None:
                player.enter_move(table, move)
        elif scene is not lesson:  # a dialog: the keys the step asks for, then Enter
            for key in [*table.guide.dialog_keys(scene.name), pygame.K_RETURN]:
                press(app, key)
        resting_frame(app)
    assert app.scene.name == "title"
    total = sum(len(c.steps) for c in lesson.script.chapters)
    assert len(steps_done) == total  # every step of every chapter, none skipped


def test_the_focus_shows_at_the_first_key_and_a_click_hides_it(app):
    title = app.show("title")
    frames(app)
    assert not title.focus.shown
    press(app, pygame.K_DOWN)  # the first key shows the ring on the first control
    assert title.focus.shown and title.focus.current is title.new_button
    press(app, pygame.K_DOWN)  # Continue and Load game are greyed (no saves): passed over
    assert title.focus.current is title.join_button
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1))
    frames(app, 1)
    assert not title.focus.shown
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert app.scene.name == "join"


def test_lifted_ichtos_go_only_where_they_may_and_esc_puts_them_back(app):
    table, session = solo_table(app)
    state = session.game.state
    board = state.board
    ocean = next(a for a in board.ocean_areas if table.decision.carry_limit(a, 0) > 1)
    player = KeyboardPlayer(app, 0)
    player.focus_on(table, ("area", ocean))
    press(app, pygame.K_RETURN)
    menu = table.gestures.menu
    if menu is not None:  # the ocean's menu: its first row lifts the Ichtos
        player.pick_row(menu, None)
    drag = table.gestures.drag
    assert drag is not None and drag.lifted and drag.src == ocean
    most = table.decision.carry_limit(ocean, 0)
    for _ in range(most + 2):
        press(app, pygame.K_PLUS)
    assert drag.count == most  # no more than a legal move can carry
    spots = {t.key[1] for t in table.keys.board_targets()}
    assert spots == {ocean} | set(table.decision.drops(ocean, 0, most))
    press(app, pygame.K_ESCAPE)
    assert table.gestures.drag is None and session.game.state is state  # nothing played
    assert app.scene is table  # Esc put them back; it did not open the menu


def test_arrows_move_the_focus_to_the_nearest_area_that_way(app):
    table, _session = solo_table(app)
    press(app, pygame.K_TAB)
    start = table.focus.focused(table.focus_targets())
    press(app, pygame.K_RIGHT)
    moved = table.focus.focused(table.focus_targets())
    assert moved is not start and moved.rect.centerx > start.rect.centerx
    press(app, pygame.K_LEFT)
    assert table.focus.focused(table.focus_targets()).rect.centerx < moved.rect.centerx


def test_the_key_map_is_on_the_settings_screen_and_in_the_rules_help(app):
    app.show("title")
    settings = app.open("settings")
    frames(app)
    press(app, pygame.K_F1)
    assert app.scene.name == "rules" and app.scene.page.key == "rules:keys"
    assert {"Tab", "Enter", "Esc"} <= listed_keys(settings)
    assert dict(app.scene.keys) == dict(key_map(settings))  # the settings' own keys
    press(app, pygame.K_ESCAPE)
    assert app.scene is settings
    KeyboardPlayer(app, 0).focus_on(settings, settings.keys)
    press(app, pygame.K_RETURN)
    assert app.scene.name == "rules" and app.scene.page.key == "rules:keys"


def test_after_a_move_by_keys_the_focus_is_on_where_the_ichtos_went(app):
    """While the move is shown only the buttons can be reached: the ring waits on one of them,
    then is back on the area the Ichtos went to, and Tab goes on to the next area after it."""
    table, session = solo_table(app)
    app.settings.animation_speed = "normal"  # the move is shown for a while
    decision = table.decision
    ocean = next(a for a in session.game.state.board.ocean_areas
                 if decision.carry_limit(a, 0) > 1)
    player = KeyboardPlayer(app, 0)
    player.focus_on(table, ("area", ocean))
    press(app, pygame.K_RETURN)
    if table.gestures.menu is not None:  # the ocean's menu: its first row lifts the Ichtos
        player.pick_row(table.gestures.menu, None)
    spots = [t.key for t in table.keys.board_targets() if t.key[1] not in (TRAY, ocean)]
    there = spots[len(spots) // 2]
    player.focus_on(table, there)
    press(app, pygame.K_RETURN)
    assert len(session.game.moves) > 0 and table.show.busy
    while table.show.busy:
        frames(app, 1)
    targets = [t.key for t in table.focus_targets()]
    assert table.focus.focused(table.focus_targets()).key == there
    press(app, pygame.K_TAB)
    assert table.focus.current == targets[targets.index(there) + 1] != targets[0]


def test_after_choosing_a_colour_by_keys_the_focus_is_back_on_that_seat(app):
    """The strip of colours covers the seat's colour button while it is open; once a colour is
    chosen the ring is on that button again, and Tab goes on to that seat's name."""
    scene = app.show("new_game")
    frames(app)
    row = scene.rows[2]
    KeyboardPlayer(app, 0).focus_on(scene, row.colour_button)
    press(app, pygame.K_RETURN)
    assert scene.picker.seat == 2
    press(app, pygame.K_RIGHT)  # from the colour the ring stood in on to the next one
    press(app, pygame.K_RETURN)
    assert scene.picker.seat is None
    assert scene.focus.focused(scene.focus_targets()).key is row.colour_button
    press(app, pygame.K_TAB)
    assert scene.focus.current is row.name


def replay_with_tips_seen(app, monkeypatch):
    """The replay of a finished game, and the list of the tooltips it draws (their titles)."""
    from test_history import SEATS, finished

    from urland.scenes import replay as replay_scene
    seen: list[str] = []
    monkeypatch.setattr(replay_scene, "tooltip", lambda _s, _t, title, *_a: seen.append(title))
    seats = [Seat(s["name"], i, s["kind"]) for i, s in enumerate(SEATS)]
    scene = app.show("replay", session=Session(finished(), seats))
    frames(app)
    return scene, seen


def move_mouse(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()))
    frames(app, 1)


def test_a_tooltip_goes_when_its_button_is_used_and_stays_off_the_keys_help(app, monkeypatch):
    scene, seen = replay_with_tips_seen(app, monkeypatch)
    button = scene.next_button
    move_mouse(app, button.rect.center)
    assert seen[-1] == ">"  # the mouse rests on it: its tooltip
    click(app, button.rect.center)
    seen.clear()
    frames(app)
    assert not seen  # clicked: its tooltip has gone
    move_mouse(app, scene.board_view.rect.center)
    move_mouse(app, button.rect.center)
    assert seen[-1] == ">"  # the mouse came back: so does the tooltip
    press(app, pygame.K_RIGHT)  # the button's own key
    seen.clear()
    frames(app)
    assert not seen
    press(app, pygame.K_TAB)  # the keyboard's focus is shown, with what its keys do
    move_mouse(app, scene.board_view.rect.center)
    move_mouse(app, button.rect.center)
    assert scene.focus.shown and not seen  # no tooltip lies over it


# Keys a screen might answer to; those its key map does not list must do nothing there.
TRIED_KEYS = [*range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1),
              *range(pygame.K_F2, pygame.K_F10 + 1), pygame.K_BACKSPACE, pygame.K_DELETE,
              pygame.K_INSERT, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
              pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN]


def listed_keys(scene) -> set[str]:
    return {printed for row, _does in key_map(scene) for printed in row.split(" / ")}


def what_shows(app, scene):
    """What a key could change that a player sees: the screens open, the focus, the sound."""
    return ([s.name for s in app.scenes], scene.focus.current, scene.focus.shown,
            app.settings.muted, app.fullscreen, getattr(scene, "page", None))


def assert_unlisted_keys_do_nothing(app, scene) -> None:
    listed = listed_keys(scene)
    for key in TRIED_KEYS:
        if key_label(key) in listed:
            continue
        before = what_shows(app, scene)
        press(app, key)
        assert what_shows(app, scene) == before, key_label(key)


def test_the_key_map_of_the_table_a_dialog_and_a_menu_is_what_they_answer_to(app):
    """F1 shows the keys of the screen it was opened from; each lists a key that acts there
    (driven here), and no key left out of it does anything."""
    table, session = solo_table(app)
    listed = listed_keys(table)
    assert {"Tab", "Enter", "E", "Space", "Ctrl+Z", "F1"} <= listed
    assert_unlisted_keys_do_nothing(app, table)
    press(app, pygame.K_F1)
    assert app.scene.name == "rules" and app.scene.keys == key_map(table)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_e)  # End turn, with actions left: a question
    question = app.scene
    assert question.name == "confirm" and listed_keys(question) >= {"Enter", "Esc", "Tab"}
    assert_unlisted_keys_do_nothing(app, question)
    press(app, pygame.K_ESCAPE)
    assert app.scene is table and session.game.state.actor == 0
    title = app.show("title")
    frames(app)
    assert {"N", "J", "Tab"} <= listed_keys(title)
    assert_unlisted_keys_do_nothing(app, title)
    press(app, pygame.K_n)
    assert app.scene.name == "new_game"


def test_the_rules_answer_the_keys_they_list_and_settings_shows_its_own(app):
    app.show("title")
    settings = app.open("settings")
    frames(app)
    KeyboardPlayer(app, 0).focus_on(settings, settings.keys)
    press(app, pygame.K_RETURN)
    rules = app.scene
    assert rules.name == "rules" and rules.page.key == "rules:keys"
    assert ("Esc", "Done") in rules.keys  # the settings' keys
    assert {"Down", "Page Down", "Right", "Esc"} <= listed_keys(rules)
    assert "M" not in listed_keys(rules)  # a letter there is typed into the search
    page = rules.page
    press(app, pygame.K_DOWN)
    assert rules.page is not page


def test_the_scoring_chip_dialogs_key_map_says_left_and_right_choose_a_chip(app):
    dialog, _session = chip_dialog(app)
    keys = dict(key_map(dialog))
    assert dialog.name == "choose_chip" and keys["Right"] == "the next one"
    assert keys["Up Down"] == "move the focus that way" and "B" in keys  # B: the board
    chosen = dialog.selected
    press(app, pygame.K_RIGHT)
    assert dialog.selected != chosen and not dialog.focus.shown  # a chip, not the focus
    assert_unlisted_keys_do_nothing(app, dialog)


def test_the_scoring_chip_dialog_preselects_no_chip_and_waits_for_one(app):
    """Issue 50: the ring sat on the first chip, whose region was empty, as if advised."""
    dialog, session = chip_dialog(app)
    assert dialog.selected is None and not dialog.ok.enabled
    press(app, pygame.K_RETURN)  # nothing chosen: nothing laid
    assert app.scene is dialog and session.game.state.phase == "choose_chip"
    press(app, pygame.K_LEFT)  # from none, Left picks the last chip and Right the first
    assert dialog.selected == dialog.chips[-1] and dialog.ok.enabled
    click(app, dialog.chip_rects[0].center)
    assert dialog.selected == dialog.chips[0]
    press(app, pygame.K_RETURN)
    assert session.game.state.phase != "choose_chip"


def test_the_pause_menu_opens_with_the_focus_on_resume_so_down_moves_past_it(app):
    """Resume looks chosen when the menu opens: the ring is on it, and Down three times then
    Enter is the fourth row, Save and leave."""
    solo_table(app)
    left = []
    pause = app.open("pause", leave=lambda: left.append(True))
    frames(app, 1)
    assert pause.focus.focused(pause.focus_targets()).key is pause.resume
    press(app, pygame.K_DOWN, times=3)
    press(app, pygame.K_RETURN)
    assert left == [True] and pause not in app.scenes


def test_the_tables_key_map_lists_every_key_of_the_table_and_so_does_a_lessons(app):
    """F1 at the table lists every key its buttons show and those for carrying, also while a
    button is hidden for now (Double turn before the actions are used, Since my turn with
    nothing new); a lesson's F1 lists the keys of the table it plays on."""
    table, _session = solo_table(app)
    controls = table.controls
    assert not (controls.double_button.visible and controls.replay_button.visible)
    keys = dict(key_map(table))
    assert {"E", "D", "H", "R", "+", "-", "Space", "Ctrl+Z"} <= set(keys)
    assert keys["D"] == "Double turn +2" and keys["+"] == "with Ichtos lifted: carry one more"
    lesson = app.show("tutorial", chapter=1)
    frames(app, 5)
    assert key_map(lesson) == key_map(lesson.table)
    assert {"E", "D", "H", "R", "+", "-", "Space", "Ctrl+Z", "Esc"} <= listed_keys(lesson)


def test_putting_lifted_ichtos_back_by_keys_says_so(app):
    """Enter on the area the Ichtos were lifted from puts them back, and a note says nothing
    moved; so does Esc."""
    table, session = solo_table(app)
    state = session.game.state
    ocean = next(a for a in state.board.ocean_areas if table.decision.carry_limit(a, 0) > 1)
    player = KeyboardPlayer(app, 0)
    for put_back in (pygame.K_RETURN, pygame.K_ESCAPE):
        table.message = ""
        player.focus_on(table, ("area", ocean))
        press(app, pygame.K_RETURN)
        if table.gestures.menu is not None:  # the ocean's menu: its first row lifts them
            player.pick_row(table.gestures.menu, None)
        assert table.gestures.drag is not None and table.gestures.drag.lifted
        assert table.focus.current == ("area", ocean)  # the ring stays on where they were
        press(app, put_back)
        assert table.gestures.drag is None and session.game.state is state
        assert table.message == "Put back: nothing moved."


def test_a_lesson_step_pointing_at_a_button_has_the_focus_there_so_one_ring_shows(app):
    """After the third action the lesson rings Double turn +2: the keyboard's focus is on it
    too, not on End turn beside it, and Enter presses it."""
    lesson = app.show("tutorial", chapter=1)
    player = KeyboardPlayer(app, 0)
    deadline = time.monotonic() + 120  # the lesson's computers think in threads
    while lesson.step.id != "double" and time.monotonic() < deadline:
        table, step = lesson.table, lesson.step
        if app.scene is lesson and not table.show.busy and not lesson.until_seen():
            move = lesson_move(table, step.expect) if step.expect and table.human_turn() else None
            if step.next:
                press(app, pygame.K_RETURN)
            elif move is not None:
                player.enter_move(table, move)
        elif app.scene is not lesson:  # a dialog: the keys the step asks for, then Enter
            for key in [*table.guide.dialog_keys(app.scene.name), pygame.K_RETURN]:
                press(app, key)
        resting_frame(app)
    table = lesson.table
    frames(app, 2)
    if not table.focus.shown:
        press(app, pygame.K_TAB)
    assert table.focus.focused(table.focus_targets()).key is table.controls.double_button
    press(app, pygame.K_RETURN)
    assert lesson.step.id != "double"
