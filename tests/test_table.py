"""The thin table: gestures asked of the engine's decision, driven with posted mouse events."""

import os
import time

import pygame
from hosting_steps import until
from test_scenes import (
    answer_for_anna,
    area_point,
    chip_dialog,
    click,
    confirm_dialog,
    drag,
    frames,
    resting_frame,
    solo_table,
    stack_point,
)

from urland.app import App
from urland.bots.hints import Hint
from urland.engine import Move, expand
from urland.table import LocalTable
from urland.table.flow import pending_looks
from urland.table.session import Seat, Session
from urland.ui import theme as th
from urland.ui.table.side_panel import MARK_TIPS
from urland.ui.table.table_overlays import hover_tooltip
from urland.userfiles.settings import Settings


def press_and_carry(app, start, end, wheel=0):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for _ in range(wheel):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1),
                                         buttons=(1, 0, 0)))
    frames(app, 2)


def release(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def names(table, areas):
    return {table.now.board.area_name(a) for a in areas}


def test_carrying_three_lights_only_the_oceans_and_the_reserve_not_the_islands(app):
    table, session = solo_table(app)
    board = session.game.board
    ocean = next(o for o in board.ocean_areas if session.game.state.count(o, 0) >= 3)
    start = stack_point(table, board.area_name(ocean), 0)
    press_and_carry(app, start, (start[0] + 40, start[1] + 40), wheel=2)
    assert table.gestures.drag.count == 3
    lit, tray = table.gestures.targets()
    assert lit and all(board.is_ocean(a) for a in lit)  # three may swim, never land at once
    assert tray == 0  # the player's own row takes them back to the reserve
    release(app, (start[0] + 40, start[1] + 40))
    press_and_carry(app, start, (start[0] + 40, start[1] + 40))
    lit_one, _ = table.gestures.targets()
    assert any(not board.is_ocean(a) for a in lit_one)  # one Ichto may land
    release(app, (start[0] + 40, start[1] + 40))


def test_an_opponents_ichto_cannot_be_picked_up_and_says_why(app):
    table, session = solo_table(app)
    state = session.game.state
    board = session.game.board
    ocean = next(o for o in board.ocean_areas if state.count(o, 1))
    moves = len(session.game.moves)
    start = stack_point(table, board.area_name(ocean), 1)
    press_and_carry(app, start, table.panel.rows[1].center)
    assert table.gestures.targets() == (set(), None)  # nothing lights up
    release(app, table.panel.rows[1].center)
    assert len(session.game.moves) == moves
    assert "another player's" in table.message


def test_an_areas_menu_and_lifting_its_ichtos_reach_exactly_the_legal_moves_from_there(app):
    from urland.scenes.table.carry import Lift

    table, session = solo_table(app)
    board = session.game.board
    ocean = board.parse_area("O5")
    click(app, area_point(table, "O5"))
    rows = [value for _, value in table.gestures.menu.items]
    lifts = [v for v in rows if isinstance(v, Lift)]
    listed = [v for v in rows if not isinstance(v, Lift)]
    assert len(lifts) == 1 and lifts[0].area == ocean  # one row lifts Anna's Ichtos there
    every = [m for o in table.decision.options for m in expand(o)]
    expected = [m for m in every if m.src == ocean
                or (m.kind == "retreat" and [a for a, _ in m.picks] == [ocean])]
    carried = table.gestures.carried_moves(ocean)
    assert sorted(listed + sorted(carried)) == sorted(expected)
    assert len(listed) == len(set(listed)) and not set(listed) & carried


def test_a_region_whose_ichtos_can_only_retreat_lists_the_retreats_not_a_lift(app):
    """Lifting them from a land region lit only the player's own row: the menu had said
    "choose where on the board"."""
    from urland.scenes.table.carry import Lift

    table, session = solo_table(app)
    state, board = session.game.state, session.game.board
    region = next(r for r in range(board.n_regions) if state.count(r, 0) > 0)
    carried = table.gestures.carried_moves(region)
    assert carried and all(m.kind == "retreat" for m in carried)  # no gene to move them by
    click(app, area_point(table, board.area_name(region)))
    rows = [value for _, value in table.gestures.menu.items]
    assert not any(isinstance(v, Lift) for v in rows)
    assert set(rows) == carried  # each Retreat a row of its own


def test_a_long_menu_scrolls_to_its_last_move(app):
    table, _ = solo_table(app)
    click(app, area_point(table, "O5"))
    menu = table.gestures.menu
    menu.items = menu.items * 30  # far more rows than the window holds
    frames(app, 1)
    assert menu.room < len(menu.items)
    for _ in range(len(menu.items)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    frames(app, 2)
    assert menu.first + menu.room == len(menu.items)
    _row, value = menu.rows[-1]
    assert value == menu.items[-1][1]


def test_a_menu_near_the_bottom_opens_above_the_spot_clicked_and_stays_on_the_board(app):
    table, _ = solo_table(app)
    spot = area_point(table, "O4")  # the ocean at the foot of the board
    click(app, spot)
    menu = table.gestures.menu
    menu.items = menu.items * 3  # more rows than fit below it
    frames(app, 1)
    assert menu.rect.bottom <= spot[1] and app.screen.get_rect().contains(menu.rect)
    assert table.board_view.rect.contains(menu.rect)  # over the board, not the buttons beside


def test_undo_is_refused_while_a_computer_player_acts():
    seats = [Seat("Anna", 4, "human"), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
    session = Session.new(seats, 5, None)
    game = session.game
    while game.state.phase == "choose_chip" or game.state.actor == 0:
        game.play(game.legal_options()[0].move)
    assert not session.seats[game.state.actor].human
    options = [o for o in game.legal_options() if o.move.kind == "land"]
    session.play(options[0].move)
    assert game.undo_depth(game.state.actor) == 1  # the engine could take it back...
    assert not session.can_undo()  # ...but the table never does it for a computer player
    assert session.undo_for_human() is None
    assert game.moves[-1] == options[0].move


def test_a_hint_that_arrives_after_the_position_changed_is_dropped(app):
    import threading

    table, _ = solo_table(app)
    release = threading.Event()
    land = [o.move for o in table.decision.options if o.move.kind == "land"]

    def slow_hint(view):
        release.wait(5)  # still thinking when the player moves on
        return Hint(land[1], "region_hold", {"region": 5})

    table.flow.thinker.ask("hint", table.now.position, slow_hint, None)
    old_key = table.now.position
    frames(app, 1)
    table.submit(land[0])
    assert table.now.position != old_key
    release.set()
    for _ in range(20):
        frames(app, 1)
    assert table.flow.thinker.answer("hint", table.now.position) == (False, None)
    assert table.hint.move is None and table.hint_text == ""


def test_after_continue_the_dead_player_is_offered_their_look_again(app, tmp_path):
    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)]
    session = Session.new(seats, 5, tmp_path / "autosave.yaml")
    game = session.game
    session.play(game.legal_options()[0].move)  # the scoring chip: two chips go to the dead
    dead = game.state.dead
    resumed = Session.load(tmp_path / "autosave.yaml")
    assert pending_looks(LocalTable(resumed)) == [(dead, "chips_received")]
    table = app.show("table", session=resumed)
    frames(app, 2)
    assert app.scene.name == "handover" and app.scene.seat == dead
    click(app, app.scene.ok.rect.center)
    assert app.scene.name == "peek" and app.scene.seat == dead
    assert table is app.scenes[0]


def test_continue_at_the_next_turns_panic_does_not_reshow_the_dead_players_chips(app, tmp_path):
    """Playtest 4, defect 6: a hot-seat game left during the Panic choice that opens the turn
    after Anna was dead: Anna is the environment player now, so Continue does not show her
    "the two chips passed to you... will not score this turn" again."""
    import random

    from urland.bots.random_bot import random_move

    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)]
    session = Session.new(seats, 1, tmp_path / "autosave.yaml")
    game, pick = session.game, random.Random(1)
    while len(game.moves) < 51:  # random play from seed 1 to that Panic choice
        session.play(random_move(game.legal_options(), pick))
    state = game.state
    assert state.phase == "panic_region" and state.env == 0
    assert any(e.kind == "chips_received" for e in game.log_for(0)[-12:])  # her old look
    resumed = Session.load(tmp_path / "autosave.yaml")
    assert pending_looks(LocalTable(resumed)) == []
    app.show("table", session=resumed)
    frames(app, 2)
    assert "peek" not in [s.name for s in app.scenes]
    if app.scene.name == "handover":  # a curtain, if any, is for the Panic choice
        assert app.scene.what != "the two chips passed to Anna"



def test_the_log_keeps_the_whole_game_scrolls_back_and_opens_a_scoring(app):
    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)]  # humans: nothing moves on
    session = Session.new(seats, 5, None)
    game = session.game
    while (not any(e.kind == "score" for e in game.log) or len(game.log) < 120
           or game.state.phase != "action"):
        game.play(game.legal_options()[0].move)
    table = app.show("table", session=session)
    table.flow.looks = []  # the dead player has had their look
    frames(app, 2)
    log = table.log
    assert len(log.entries) > 60  # the whole game so far, not the last ten lines
    assert log.back == 0
    inside = log.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100))
    frames(app, 2)
    assert log.back > 0  # scrolled back towards the start of the game
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0))
    frames(app, 1)
    scoring = next(i for i, e in enumerate(log.entries) if e.kind == "score")
    assert any("Ichtos there" in line for line in log.entries[scoring].details)
    for _ in range(200):  # scroll down until the scoring is on screen, then open it
        if any(index == scoring for _, index in log._hits):
            break
        log.scroll(-1)
        frames(app, 1)
    rect = next(r for r, index in log._hits if index == scoring)
    click(app, rect.center)
    assert scoring in log.expanded


def test_a_scoring_opened_in_the_log_stays_under_the_mouse_whole_while_new_lines_come(app):
    from urland.texts.log import LogEntry

    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)]  # humans: nothing moves on
    session = Session.new(seats, 5, None)
    game = session.game
    while not any(e.kind == "score" for e in game.log) or game.state.phase != "action":
        options = game.legal_options()  # the first scoring: ends of turns, no auction yet
        game.play(next((o.move for o in options if o.move.kind == "end"), options[0].move))
    table = app.show("table", session=session)
    table.flow.looks = []
    frames(app, 2)
    log = table.log
    scoring = max(i for i, e in enumerate(log.entries) if e.kind == "score")
    rect = next(r for r, index in log._hits if index == scoring)  # near the bottom, following
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    click(app, rect.center)
    frames(app, 1)
    assert next(r for r, index in log._hits if index == scoring).top == rect.top  # not moved
    rows = len(log.entries[scoring].details) + 1
    assert sum(index == scoring for _, index in log._hits) >= rows  # the details all show
    placed, back = (log._hits[0][0].top, log._hits[0][1]), log.back
    log.set_entries(log.entries + [LogEntry("Ben acts: 2 actions.", "ichto_turn")] * 4)
    frames(app, 1)
    assert (log._hits[0][0].top, log._hits[0][1]) == placed  # new lines wait below
    assert log.back == back + 4
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
    frames(app, 1)
    assert log.back == 0 and not log.held  # End follows the newest lines again


def test_at_a_shared_screen_the_curtain_repeats_the_scoring_everybody_just_saw(app):
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 5, None)
    table = app.show("table", session=session)
    scored = []
    while not scored:
        options = table.decision.options
        move = next((o.move for o in options if o.move.kind == "end"), options[0].move)
        table.submit(move)
        scored = [table.sentence(e) for e in session.game.log[-30:] if e.kind == "score"]
    app.scenes = [table]
    table.flow.ask_again()
    frames(app, 2)
    assert app.scene.name == "handover"
    assert scored[-1] in app.scene.news


def test_every_mark_in_a_players_row_explains_itself_on_hover(app):
    table, _ = solo_table(app)
    frames(app, 1)
    kinds = {kind for kind, _ in table.panel.marks}
    assert {"env", "dead", "ichto", "score", "reserve", "double"} <= kinds
    for kind, rect in table.panel.marks:
        tip = hover_tooltip(rect.center, table.panel, table.board_view, table.shown.state,
                            table.now.names)
        assert tip == MARK_TIPS[kind]


def test_menu_pauses_the_game_and_leaving_is_a_choice_not_a_surprise(app):
    table, session = solo_table(app)
    moves = len(session.game.moves)
    click(app, table.controls.menu_button.rect.center)
    assert app.scene.name == "pause" and app.scenes[0] is table
    resume = app.scene.resume
    click(app, resume.rect.center)
    assert app.scene is table and len(session.game.moves) == moves
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    frames(app, 2)
    assert app.scene.name == "pause"
    leave = next(b for b in app.scene.buttons if b.label.startswith("Save and leave"))
    click(app, leave.rect.center)
    assert app.scene.name == "title"


def test_the_hand_over_curtain_has_the_menu_too(app):
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 5, None)
    app.show("table", session=session)
    frames(app, 2)
    assert app.scene.name == "handover"
    click(app, app.scene.menu.rect.center)
    assert app.scene.name == "pause"


def test_texts_a_player_reads_name_no_ruling_numbers():
    import re

    from urland.resources import asset_path

    for name in ("rules.yaml",):
        text = asset_path("texts", name).read_text(encoding="utf-8")
        player_text = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
        assert not re.search(r"\bR[1-9]\b", player_text), name


def test_the_scoring_chip_dialog_steps_aside_to_show_the_board(app):
    dialog, session = chip_dialog(app)
    assert dialog.name == "choose_chip"
    centre = dialog.box().center
    paper = tuple(app.screen.get_at(centre))[:3]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0))  # B: board
    frames(app, 2)
    assert dialog.peeking and app.scene is dialog
    assert tuple(app.screen.get_at(centre))[:3] != paper  # the board shows where it was
    click(app, centre)
    assert not dialog.peeking and session.game.state.phase == "choose_chip"
    assert tuple(app.screen.get_at(centre))[:3] == paper


def chip_dialog_after_the_computers(app, seed=4):
    """Anna's scoring chip dialog, the two computers having played since her last decision."""
    table, session = solo_table(app, seed)
    deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
    while time.monotonic() < deadline:
        resting_frame(app)
        if app.scene.name == "choose_chip":
            return app.scene, table, session
        answer_for_anna(app, table)
    raise AssertionError("Anna never laid a scoring chip")


def key(app, code):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))
    frames(app, 2)


def test_since_my_turn_replays_the_news_under_the_chip_dialog_and_brings_it_back(app):
    dialog, table, session = chip_dialog_after_the_computers(app)
    chosen = dialog.selected
    assert dialog.news_button.visible
    click(app, dialog.news_button.rect.center)
    assert dialog.peeking and table.show.busy and app.scene is dialog
    assert table.news.note()  # the table says what plays and how to skip it
    beat = table.show.t
    frames(app, 5)
    assert table.show.t > beat  # the replay plays on while the dialog stands aside
    click(app, dialog.chip_rects[-1].center)  # skips the replay; the hidden chip is not chosen
    assert not dialog.peeking and not table.show.busy and not table.news.note()
    assert app.scene is dialog and dialog.selected == chosen
    assert session.game.state.phase == "choose_chip"
    key(app, pygame.K_r)  # R does the same
    assert dialog.peeking and table.show.busy
    for _ in range(2000):
        if not dialog.peeking:
            break
        app.step(0.1)
    assert not dialog.peeking and not table.show.busy  # back by itself at the replay's end


def test_the_dead_players_look_offers_since_my_turn_while_a_computer_waits_to_move(app):
    seats = [Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy"),
             Seat("Dora", 1, "easy")]
    table = app.show("table", session=Session.new(seats, 3, None))
    deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
    while time.monotonic() < deadline:
        resting_frame(app)
        if app.scene.name == "peek" and table.news.worth_replaying():
            break
        answer_for_anna(app, table)
    frames(app, 1)
    look = app.scene
    assert look.name == "peek" and table.flow.computer_deciding()  # a computer moves next
    assert look.news_button.visible and look.peek_button.rect.width
    key(app, pygame.K_r)
    assert look.peeking and table.show.busy  # the look steps aside for the replay


def test_a_dialog_standing_aside_changes_nothing_hidden_under_a_key_or_a_click(app):
    dialog, _table, _session = chip_dialog_after_the_computers(app)
    chosen = dialog.selected
    for event_key in (pygame.K_RIGHT, pygame.K_LEFT):
        key(app, pygame.K_b)
        assert dialog.peeking
        key(app, event_key)  # comes back, and the choice is untouched
        assert not dialog.peeking and dialog.selected == chosen
    key(app, pygame.K_b)
    click(app, dialog.chip_rects[-1].center)
    assert not dialog.peeking and dialog.selected == chosen


def test_without_news_a_dialog_offers_no_since_my_turn(app):
    table, _session = solo_table(app)
    table.submit(next(o.move for o in table.decision.options if o.move.kind == "land"))
    frames(app, 2)  # Anna's own move: since it, nothing has happened
    option = next(o for o in table.decision.options if o.move.kind == "retreat")
    app.open("pick_ichtos", table=table, seat=0, title="Retreat", option=option, suggested={})
    frames(app, 2)
    assert not table.news.has_news() and not app.scene.news_button.visible


def test_a_hint_lights_its_areas_draws_an_arrow_and_goes_when_the_position_changes(app):
    table, _ = solo_table(app)
    land = next(o.move for o in table.decision.options if o.move.kind == "land")
    advice = Hint(land, "region_hold", {"region": 5})
    table.flow.thinker.ask("hint", table.now.position, lambda view: advice, None)
    # the answer comes from a background thread: frames until it is shown, bounded by this
    # process's processor time (a busy machine schedules the thread late, never not at all)
    until(lambda: table.hint.move is not None, app)
    assert table.hint.move == land
    assert table.hint.glow() == {land.src, land.dst}
    assert table.hint_text.startswith("Hint: Land 1 Ichto")
    assert table.hint_text.endswith("Strengthens your hold on region 5 before it is scored.")
    frames(app, 40)  # the arrow has grown to its full length
    bv = table.board_view
    a, b = bv.to_screen(bv.anchor(land.src)), bv.to_screen(bv.anchor(land.dst))
    middle = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    assert tuple(app.screen.get_at(middle))[:3] == th.ACCENT
    table.submit(land)
    assert table.hint.move is None and table.hint_text == ""


def test_a_failed_save_is_shown_on_the_table_until_a_save_succeeds(app, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    seats = [Seat("Anna", 4, "human"), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
    session = Session.new(seats, 5, blocker / "autosave.yaml")
    assert session.save_problem  # the game goes on all the same
    table = app.show("table", session=session)
    frames(app, 1)

    def warning_shown() -> bool:
        y = table.board_area.bottom - table.theme.px(48) + 17
        x0 = table.board_area.centerx
        return any(tuple(app.screen.get_at((x, y)))[:3] == (60, 30, 26)
                   for x in range(x0 - 50, x0 + 50))

    assert warning_shown()
    blocker.unlink()
    blocker.mkdir()
    app.scenes = [table]
    table.submit(table.decision.options[0].move)  # the next decision saves again
    frames(app, 1)
    assert not session.save_problem and (blocker / "autosave.yaml").exists()
    assert not warning_shown()


def test_a_dropped_ichto_settles_from_where_it_was_dropped_not_from_its_start():
    a = App(Settings(animation_speed="normal", ai_pause="none"), size=(1280, 720))
    try:
        table, session = solo_table(a)
        start = stack_point(table, "O2", 0)
        end = area_point(table, "5")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1),
                                             buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        a.step(0.001)
        assert session.game.moves[-1].kind == "land"
        glide = table.show.beats[0].glides[0]
        assert glide.start == end  # from the drop, not from the ocean it left
    finally:
        pygame.quit()


def test_sounds_follow_the_gestures_and_the_show_beat_by_beat():
    a = App(Settings(animation_speed="normal", ai_pause="none"), size=(1280, 720))
    try:
        heard: list[str] = []
        a.sound.play = lambda name: heard.append(name) or True
        table, _ = solo_table(a)
        heard.clear()
        start, end = stack_point(table, "O2", 0), area_point(table, "5")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1),
                                             buttons=(1, 0, 0)))
        a.step(0.001)
        assert heard == ["pickup"]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        a.step(0.001)
        assert heard == ["pickup", "drop", "land"]  # the landing sounds as its glide begins
    finally:
        pygame.quit()


def test_the_turn_ends_only_when_the_player_says_so_and_undo_reaches_the_last_action(app):
    table, session = solo_table(app)
    game = session.game
    while game.state.actions_left > 0:
        move = next(o.move for o in table.decision.options if o.move.kind == "land")
        table.submit(move)
        frames(app, 1)
    last, played = game.moves[-1], len(game.moves)
    assert game.state.actor == 0 and game.state.actions_left == 0  # still Anna's turn
    assert table.controls.undo_button.enabled
    assert "end your turn" in table.banner_text()
    click(app, table.controls.undo_button.rect.center)
    assert len(game.moves) == played - 1 and game.state.actions_left == 1
    table.submit(last)
    frames(app, 1)
    click(app, table.controls.end_button.rect.center)
    assert game.moves[played].kind == "end"  # Anna's turn ended when she said so


def test_ending_a_turn_with_actions_left_asks_first(app):
    table, session = solo_table(app)
    moves = len(session.game.moves)
    click(app, table.controls.end_button.rect.center)
    assert app.scene.name == "confirm" and "3 actions" in app.scene.text
    click(app, app.scene.cancel_button.rect.center)  # Keep playing
    assert app.scene is table and len(session.game.moves) == moves
    click(app, table.controls.end_button.rect.center)
    click(app, app.scene.confirm_button.rect.center)
    assert session.game.moves[moves].kind == "end"


def test_a_drop_on_another_players_row_says_where_to_drop(app):
    table, session = solo_table(app)
    moves = len(session.game.moves)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                         pos=stack_point(table, "O2", 0), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.panel.rows[1].center,
                                         rel=(1, 1), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=table.panel.rows[1].center,
                                         button=1))
    frames(app, 2)
    assert len(session.game.moves) == moves
    assert "another player's row" in table.message and "Anna's own row" in table.message


def test_leaving_a_loaded_game_makes_it_the_one_continue_resumes(app, tmp_path):
    seats = [Seat("Anna", 4, "human"), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
    Session.new(seats, 5, tmp_path / "older.yaml")
    Session.new(seats, 6, tmp_path / "newer.yaml")
    os.utime(tmp_path / "older.yaml", (1, 1))  # saved long ago
    table = app.show("table", session=Session.load(tmp_path / "older.yaml"))
    frames(app, 1)
    table.to_title()
    newest = max(tmp_path.glob("*.yaml"), key=lambda p: p.stat().st_mtime)
    assert newest.name == "older.yaml"


def test_the_scoring_chip_turns_over_before_its_region_scores():
    from urland.engine import Event
    from urland.ui.table.event_show import EventShow

    a = App(Settings(animation_speed="normal", ai_pause="none"), size=(1280, 720))
    try:
        table, _ = solo_table(a)
        show = EventShow(table.board_view, lambda seat: (0, 0))
        reveal = Event("reveal", {"seat": 1, "chip": 7})
        show.add([reveal], [1, 2, 3], 1.0, lambda e: "Ben reveals chip 7.")
        assert show.beats[0].flip == 7 and show.beats[1].text == "Ben reveals chip 7."
        show.update(show.beats[0].duration * 0.25)
        show.draw(a.screen, table.shown.state)  # the back, turning
        show.update(show.beats[0].duration * 0.5)
        show.draw(a.screen, table.shown.state)  # the face
        assert show.callout == ""  # the sentence comes once the chip is face up
        show.update(show.beats[0].duration)
        assert show.callout == "Ben reveals chip 7."
    finally:
        pygame.quit()


def test_the_chips_line_says_whose_hand_the_chips_are_in():
    from urland.engine import Game
    from urland.ui.table.side_panel import SeatLabel, SidePanel

    game = Game.new(5, 3)
    env = game.state.env
    panel = SidePanel([SeatLabel(n, c, "human") for n, c in
                       (("Anna", 0), ("Ben", 1), ("Cleo", 2))])
    hand = sorted(game.state.hand)
    assert panel.chips_line(game.view(env)) == "your chips: " + ", ".join(map(str, hand))
    chip = hand[0]
    game.play(Move("chip", count=chip))
    dead = game.state.dead
    passed = ", ".join(map(str, sorted(set(hand) - {chip})))
    assert panel.chips_line(game.view(env)) == (
        f"your scoring chip (face down): {chip} · {panel.seats[dead].name} holds {passed}")
    assert panel.chips_line(game.view(dead)) == f"your chips: {passed}"


def test_a_table_behind_another_door_shows_moves_made_elsewhere_and_asks_only_its_own_seat(app):
    from one_seat_table import FarSide, OneSeatTable

    from urland.bots.registry import make_bot

    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 11, None)
    far = FarSide(session)
    table = app.show("table", door=OneSeatTable(far, 0, list(session.seats)))
    others = {1: make_bot("easy", 2), 2: make_bot("easy", 3)}
    frames(app, 2)
    for _ in range(40):  # the other seats decide elsewhere until it is Anna's turn to act
        seat = session.decision().seat
        if seat == 0 and session.game.state.phase == "action":
            break
        if app.scene is not table:  # Anna's own dialogs (her chip, her look) are hers to answer
            assert app.scene.seat == 0 and app.scene.name != "handover"
            confirm_dialog(app.scene) if hasattr(app.scene, "confirm") else app.remove(app.scene)
        elif seat != 0:
            assert "is thinking" in table.banner_text()
            before = len(table.log.entries)
            far.play(seat, others[seat].choose(session.game.view(seat)))
            frames(app, 2)
            assert len(table.log.entries) > before  # the move is told in the log...
            assert table.shown.state.key() == session.game.view(0).state.key()  # ...and shown
        frames(app, 2)
    assert app.scene is table and table.human_turn()
    drag(app, stack_point(table, "O2", 0), area_point(table, "5"))  # Anna acts at her screen
    assert session.game.moves[-1] == Move("land", session.board.parse_area("O2"),
                                          session.board.parse_area("5"), 1)


def test_the_tooltip_goes_when_the_mouse_leaves_the_window_and_comes_back_with_it(
        app, monkeypatch):
    """Issue 50: the tooltip stayed on screen after the pointer left the window."""
    from urland.scenes.table import scene as table_scene
    drawn = []
    real = table_scene.overlays.draw_tooltip
    monkeypatch.setattr(table_scene.overlays, "draw_tooltip",
                        lambda surface, *args: drawn.append(args[1]) or real(surface, *args))
    table, _ = solo_table(app)
    _kind, rect = table.panel.marks[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert drawn  # over a mark: its tooltip
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    frames(app, 1)
    drawn.clear()
    frames(app, 2)
    assert drawn == []  # the pointer is outside: no tooltip
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert drawn  # back over the mark
