"""The front end, driven headless (dummy video driver) with posted mouse and key events."""

import time

import pygame

from urland.app import App
from urland.engine.moves import Move
from urland.scenes.tutorial_pilot import post_drag
from urland.table.session import Seat, Session
from urland.userfiles.settings import Settings


def frames(app, k=3):
    for _ in range(k):
        app.step(0.016)


def resting_frame(app):
    """One frame, then a millisecond's rest, as the window's clock rests between frames: a
    loop waiting for the computers' or the hint's thread must let it run (frames drawn back
    to back can starve it for seconds on a busy machine)."""
    app.step(0.016)
    time.sleep(0.001)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def drag(app, start, end):
    post_drag(start, end)
    frames(app, 2)



def chip_dialog(app):
    """Anna's scoring-chip dialog at the table (seed 5, two easy AI seats), its looks done,
    and the session it belongs to."""
    seats = [Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
    session = Session.new(seats, 5, None)
    game = session.game
    while not (game.state.phase == "choose_chip" and game.state.actor == 0):
        game.play(game.legal_options()[0].move)
    table = app.show("table", session=session)
    table.flow.looks = []
    frames(app, 2)
    return app.scene, session

def solo_table(app, seed=5, env_is_ai=True):
    """One human (seat 0, Green) against two AI seats, at the human's first action."""
    seats = [Seat("Anna", 4, "human"), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
    session = Session.new(seats, seed, None)
    table = app.show("table", session=session)
    deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
    while time.monotonic() < deadline:
        resting_frame(app)
        state = session.game.state
        if app.scene is table and state.phase == "action" and state.actor == 0:
            return table, session
        if app.scene is not table:  # a private dialog for the human: answer it
            scene = app.scene
            if scene.name in ("choose_chip", "auction"):
                confirm_dialog(scene)
            elif scene.name in ("peek", "auction_reveal"):
                app.remove(scene)
    raise AssertionError("the human never got to act")


def confirm_dialog(scene):
    """A dialog's main button: the scoring chip dialog first gets its first chip (it
    preselects none)."""
    if scene.name == "choose_chip" and scene.selected is None:
        scene.pick(scene.chips[0])
    scene.confirm()


def answer_for_anna(app, table):
    """One frame's plain answer at a table where Anna plays against computers: her chip and
    bid dialogs confirmed, another dialog closed, her turn ended at once, any other decision of
    hers its first choice."""
    scene = app.scene
    if scene.name in ("choose_chip", "auction"):
        confirm_dialog(scene)
    elif scene is not table:
        app.remove(scene)
    elif table.human_turn() and table.decision.kind not in ("choose_chip", "bid"):
        decision = table.decision  # (the chip and the bid wait for their dialogs)
        table.submit(Move("end") if decision.allows("end") else decision.options[0].move)


def stack_point(table, area_name, seat):
    state = table.shown.state  # where the stacks are drawn
    bv = table.board_view
    area = state.board.parse_area(area_name)
    slots = bv.stack_slots(area, [s for s in range(state.n) if state.count(area, s)])
    return bv.to_screen(slots[seat])


def area_point(table, area_name):
    bv = table.board_view
    return bv.to_screen(bv.anchor(table.now.board.parse_area(area_name)))


def test_title_offers_new_game_and_greys_continue_without_a_save(app):
    title = app.show("title")
    frames(app)
    assert not title.continue_button.enabled
    click(app, title.new_button.rect.center)
    assert app.scene.name == "new_game"


def test_a_damaged_save_gives_a_message_on_the_title_screen(app, user_home):
    user_home.mkdir(parents=True, exist_ok=True)
    (user_home / "autosave.yaml").write_text("format: urland-save\nversion: 1\nseed: [\n")
    title = app.show("title")
    frames(app)
    assert "could not be read" in title.message
    assert not title.continue_button.enabled


def test_dragging_an_ichto_from_an_ocean_to_a_bordering_region_lands_it(app):
    table, session = solo_table(app)
    state = session.game.state
    before = state.count(state.board.parse_area("5"), 0)
    drag(app, stack_point(table, "O2", 0), area_point(table, "5"))
    state = session.game.state
    assert session.game.moves[-1] == Move("land", state.board.parse_area("O2"),
                                          state.board.parse_area("5"), 1)
    assert state.count(state.board.parse_area("5"), 0) == before + 1


def test_an_illegal_drop_snaps_back_and_says_why(app):
    table, session = solo_table(app)
    moves = len(session.game.moves)
    drag(app, stack_point(table, "O2", 0), area_point(table, "3"))  # 3 does not border O2
    assert len(session.game.moves) == moves
    assert table.message == "Region 3 does not border O2 (North Ocean)."


def test_dropping_on_the_reserve_tray_retreats(app):
    table, session = solo_table(app)
    reserve = session.game.state.reserve[0]
    drag(app, stack_point(table, "O4", 0), table.panel.rows[0].center)
    assert session.game.moves[-1].kind == "retreat"
    assert session.game.state.reserve[0] == reserve + 1


def test_undo_takes_back_the_last_own_action(app):
    table, session = solo_table(app)
    drag(app, stack_point(table, "O2", 0), area_point(table, "5"))
    assert session.game.moves[-1].kind == "land"
    moves = len(session.game.moves)
    click(app, table.controls.undo_button.rect.center)
    assert len(session.game.moves) == moves - 1
    assert "Undone" in table.message


def test_clicking_an_area_offers_its_actions(app):
    table, _session = solo_table(app)
    click(app, area_point(table, "O5"))
    labels = [label for label, _ in table.gestures.menu.items]
    assert labels and all("O5" in label or "Central" in label for label in labels)


def test_solo_game_never_shows_a_handover(app):
    table, session = solo_table(app)
    seen = set()
    played = len(session.game.moves)
    deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
    while len(session.game.moves) < played + 30 and time.monotonic() < deadline:
        resting_frame(app)
        seen.add(app.scene.name)
        if app.scene is table and table.human_turn():
            if table.decision.kind == "action":
                click(app, table.controls.end_button.rect.center)
            else:  # a choice made on the board, a Panic's
                table.submit(table.decision.options[0].move)
        elif app.scene.name == "confirm":  # end the turn with actions left? yes
            click(app, app.scene.confirm_button.rect.center)
        elif app.scene is not table and hasattr(app.scene, "confirm"):
            confirm_dialog(app.scene)
        elif app.scene is not table:
            app.remove(app.scene)
    assert len(session.game.moves) >= played + 30  # the computers' turns and the player's
    assert "handover" not in seen


def test_hot_seat_hands_over_before_private_chips(app):
    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)]
    session = Session.new(seats, 5, None)
    table = app.show("table", session=session)
    frames(app)
    env = session.game.state.env
    assert app.scene.name == "handover" and app.scene.seat == env
    assert table.flow.unlocked is None  # nothing private is shown yet
    click(app, app.scene.ok.rect.center)
    assert app.scene.name == "choose_chip" and app.scene.seat == env
    click(app, app.scene.chip_rects[0].center)  # no chip is chosen for the player
    click(app, app.scene.ok.rect.center)
    # the chips went to the dead player, who must be handed the screen first too
    assert app.scene.name == "handover" and app.scene.seat == session.game.state.dead
    click(app, app.scene.ok.rect.center)
    assert app.scene.name == "peek"
    click(app, app.scene.ok.rect.center)
    assert app.scene is table


def test_window_resizes_and_keeps_working(app):
    table, session = solo_table(app)
    app.resize((1920, 1080))
    frames(app)
    assert table.board_view.rect.height > 900
    drag(app, stack_point(table, "O2", 0), area_point(table, "5"))
    assert session.game.moves[-1].kind == "land"


def test_autoplay_tour_reaches_the_table_without_screenshots():
    from urland.app import AutoplayOptions

    a = App(Settings(), AutoplayOptions(["ai", "ai", "ai"], 2, None, True), size=(1280, 720))
    a.show("title")
    for _ in range(600):
        a.step(1 / 60)
        if a.scene.name == "table":
            break
    assert a.scene.name == "table"
    assert {"title", "rules", "settings", "new_game"} <= a.visited


def test_a_joined_seat_s_autoplay_leaves_the_menus_to_the_player_after_its_game():
    """`join --autoplay` with a window plays its seat; once its player goes back to the
    title, the title and New game wait for them (no tour, no game dealt with no seats)."""
    from urland.app import AutoplayOptions

    a = App(Settings(), AutoplayOptions([], 0, None, False), size=(1280, 720))
    a.show("title")
    for _ in range(120):
        a.step(1 / 60)
    assert a.scene.name == "title"
    a.show("new_game")
    for _ in range(120):
        a.step(1 / 60)
    assert a.scene.name == "new_game" and a.running


def test_event_sentences_use_the_players_names():
    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("White", 3)]
    session = Session.new(seats, 5, None)
    turn = next(e for e in session.game.log if e.kind == "turn")
    env, dead = turn.data["env"], turn.data["dead"]
    assert session.sentence(turn) == (f"Turn 1: {seats[env].name} is the environment player, "
                                      f"{seats[dead].name} is dead this turn.")
    # a player called "White" who plays Purple is White, and the real White is Ben
    deal = [e for e in session.game.log if e.kind == "setup_deal"]
    assert session.sentence(deal[2]).startswith("White is dealt chips")
    assert session.sentence(deal[1]).startswith("Ben is dealt chips")


def test_while_dragging_the_players_own_row_lights_up_as_the_reserve_tray(app):
    table, _ = solo_table(app)
    start, end = stack_point(table, "O2", 0), area_point(table, "5")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1),
                                         buttons=(1, 0, 0)))
    frames(app, 2)
    row = table.panel.rows[0]
    assert tuple(app.screen.get_at((row.centerx, row.top + 6)))[:3] == (92, 86, 40)


def test_the_pause_menu_fits_its_buttons_without_an_empty_foot(app):
    table, _ = solo_table(app)
    table.pause()
    frames(app)
    menu, t = app.scene, app.theme
    box = menu.box()
    last = menu.buttons[-1].rect
    assert all(box.contains(b.rect) for b in menu.buttons)
    assert t.px(16) <= box.bottom - last.bottom <= t.px(40)  # a margin, not an empty space


def test_the_menu_is_called_menu_at_a_local_table_and_says_the_game_waits(app):
    """Issue 50: the Menu button opened a dialog titled "Paused" at a local table and "Menu"
    online. One word now, the button's; a local game still says that it waits."""
    table, _ = solo_table(app)
    table.pause()
    frames(app)
    menu = app.scene
    assert menu.name == "pause" and menu.heading() == "Menu"
    assert menu.subtitle() == "The game waits. It is saved after every move."
