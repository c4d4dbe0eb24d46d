"""A hosted game that stopped (the host quit or the program died) is carried on from the title's
Continue with the same room code and tokens, so a friend's window takes its seat back by
itself; leaving a hosted game asks first, since the friends are disconnected."""

from __future__ import annotations

import time

import pygame
from hosting_steps import choose_seats, loopback_only, open_lobby, until  # noqa: F401 (loopback_only is a fixture)
from test_scenes import click, frames

from urland.net.client import NetClient
from urland.net.hosted_memory import hosted_game, memory_path
from urland.net.link import NetLink


def host_with_friend(app):
    """New game: Anna here, an online seat, an AI; Ben joins; the host starts. The table's
    door, the hosted game and Ben's connection."""
    lobby = open_lobby(app, ("human", "online", "easy"), "Anna")
    ben = NetLink.open(NetClient(lobby.addresses[-1], lobby.hosted.code, "Ben"), None)
    until(lambda: lobby.start_button.enabled, app)
    click(app, lobby.start_button.rect.center)
    until(lambda: app.scenes[0].name == "table", app)
    return app.scenes[0].door, lobby.hosted, ben


def test_a_stopped_hosted_game_is_continued_with_the_same_code_and_the_friend_is_back(app):
    door, hosted, ben = host_with_friend(app)
    code, port, token = hosted.code, hosted.port, hosted.token
    until(lambda: len(hosted.room.game.moves) == door.now().moves_played, app)
    moves = hosted.room.game.notation()
    resumed = None
    try:
        # The program stops without leaving the table (as in a crash): its connections and
        # its server go away.
        for link in door.links.values():
            link.close()
        hosted.close()
        until(lambda: not ben.online, app)
        app.show("title")
        frames(app)
        title = app.scene
        assert title.continue_button.enabled
        assert title.continue_button.detail.startswith("Hosted game, turn 1: ")
        click(app, title.continue_button.rect.center)
        until(lambda: app.scenes[0].name == "table" and app.scenes[0].door is not door, app)
        resumed = app.scenes[0].door
        assert resumed.link.client.room == code and resumed.link.client.token == token
        assert resumed.link.client.url == f"ws://127.0.0.1:{port}/"  # the same port
        assert resumed.link.mirror.view is not None
        # Ben's window came back to his seat by itself, and the game is where it stood.
        until(lambda: ben.online and resumed.now().status(1) == "online", app)
        frames(app, 2)
        assert resumed.now().save_problem is None
        assert ben.mirror.seat == 1 and ben.mirror.at == len(moves)
        assert [s.note for s in app.scenes[0].panel.seats][:2] == ["you", "online"]
    finally:
        ben.close()
        (resumed or door).leave()


def test_leaving_a_hosted_game_warns_that_friends_are_disconnected(app):
    door, hosted, ben = host_with_friend(app)
    try:
        table = app.scenes[0]
        table.to_title()  # what the pause menu's "Save and leave to the title" does
        frames(app)
        confirm = app.scene
        assert confirm.name == "confirm" and "disconnected" in confirm.text
        assert hosted.thread.is_alive()  # nothing has happened yet
        click(app, confirm.cancel_button.rect.center)
        assert app.scenes[0] is table and "confirm" not in [s.name for s in app.scenes]
        assert hosted.thread.is_alive()
        table.to_title()
        frames(app)
        assert app.scene.name == "confirm"
        click(app, app.scene.confirm_button.rect.center)
        until(lambda: app.scene.name == "title", app)
        assert not hosted.thread.is_alive()
        assert app.scene.continue_button.detail.startswith("Hosted game")  # offered again
    finally:
        ben.close()
        door.leave()


def test_a_game_cancelled_in_the_lobby_or_a_damaged_memory_is_not_offered(app):
    choose_seats(app, ("human", "online", "easy"), None)
    until(lambda: app.scene.name == "lobby", app)
    assert hosted_game() is not None
    click(app, app.scene.cancel_button.rect.center)
    until(lambda: app.scene.name == "title", app)
    assert hosted_game() is None and not app.scene.continue_button.enabled
    app.open("load_game")
    frames(app)
    assert not app.scene.host_button.visible
    memory_path().write_text("room: [unclosed\n", encoding="utf-8")
    assert hosted_game() is None
    memory_path().write_text("room: NOPE\nport: 1\ntokens: {0: abc}\n", encoding="utf-8")
    assert hosted_game() is None  # no such room kept


def test_load_game_offers_the_stopped_hosted_game_too(app):
    door, hosted, ben = host_with_friend(app)
    code = hosted.code
    resumed = None
    try:
        for link in door.links.values():  # stopped as in a crash
            link.close()
        hosted.close()
        app.show("title")
        app.open("load_game")
        frames(app)
        load = app.scene
        assert load.host_button.visible and load.host_button in load.buttons
        click(app, load.host_button.rect.center)
        until(lambda: app.scenes[0].name == "table" and app.scenes[0].door is not door, app)
        resumed = app.scenes[0].door
        assert resumed.link.client.room == code
        until(lambda: ben.online, app)
    finally:
        ben.close()
        (resumed or door).leave()


def test_a_finished_hosted_game_stops_being_served_when_its_table_gives_way(app):
    """Once the game-over screen shows, the finished game is no longer hosted or announced:
    a friend's remembered address no longer leads to a dead room."""
    from urland.net.hosting import HostedGame, join_here
    from urland.table.remote import RemoteTable

    app.settings.animation_speed, app.settings.ai_pause = "instant", "none"
    game = HostedGame(["human", "easy", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=5, port=0)
    game.server.options.bot_pause = 0.0
    try:
        door = RemoteTable(join_here(game, None, bot="easy"), on_leave=game.close,
                           hosting=True)
        app.show("online_table", door=door)
        deadline = time.monotonic() + 120
        while app.scene.name != "game_over":  # the people here read each reveal, then go on
            assert time.monotonic() < deadline, "the game did not end"
            if app.scene.name not in ("table", "online_table"):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                     unicode="\r", mod=0))
            frames(app, 1)
            time.sleep(0.002)
        until(lambda: not game.thread.is_alive(), app, seconds=10)
        assert door.left
    finally:
        game.close()


def test_the_titles_continue_line_tells_where_the_stopped_hosted_game_stands(app):
    """The moves of a hosted game are kept in the server's journal before its room file is
    written again: the title reads both, so its line tells the turn the game reached."""
    from urland.bots.registry import make_bot
    from urland.net.hosting import HostedGame

    hosted = HostedGame(["human", "easy", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                        seed=5, port=0)
    anna = NetLink.open(NetClient(hosted.local_address, hosted.code, "", hosted.token), None)
    bot = make_bot("easy", 1)
    try:
        deadline = time.monotonic() + 60
        while True:  # until turn 3, when Anna decides (the game then waits for her)
            assert time.monotonic() < deadline
            view = anna.mirror.view
            mine = (view is not None and view.my_turn and not view.state.over
                    and anna.mirror.at == len(hosted.room.game.moves))
            if mine and hosted.room.game.state.turn >= 3:
                break
            if mine:
                anna.play(bot.choose(view))
            else:
                time.sleep(0.01)
        turn, moves = hosted.room.game.state.turn, len(hosted.room.game.moves)
        # Read as after a crash: the server wrote its journal, not yet the room's file.
        kept = hosted_game()
        assert kept is not None and len(kept.game.moves) == moves
        app.show("title")
        frames(app)
        assert app.scene.continue_button.detail.startswith(f"Hosted game, turn {turn}: ")
    finally:
        anna.close()
        hosted.close()


def test_load_game_marks_the_hosted_game_when_continue_resumes_it(app):
    """Playtest 4, defect 3: a hot-seat game left in play, then a hosted game played and
    stopped: Continue resumes the hosted game, and Load game marks that one (its button), not
    the hot-seat game's row."""
    from test_saved_games import saved_game

    from urland import paths

    hot_seat = paths.saves_dir() / "game-hot-seat.yaml"
    hot_seat.parent.mkdir(parents=True, exist_ok=True)
    saved_game(hot_seat, age=3600)  # the hot-seat game, left an hour ago
    door, hosted, ben = host_with_friend(app)
    try:
        for link in door.links.values():  # stopped as in a crash
            link.close()
        hosted.close()
        app.show("title")
        frames(app)
        assert app.scene.continue_button.detail.startswith("Hosted game")
        app.open("load_game")
        frames(app)
        load = app.scene
        assert [r.game.path for r in load.rows] == [hot_seat]  # the hot-seat game is listed
        assert load.continue_row_game() is None  # ... without "the game Continue resumes"
        assert load.host_button.visible
        assert load.host_button.detail == "the game Continue resumes"
    finally:
        ben.close()
        door.leave()


def test_closing_the_hosting_window_with_a_friend_connected_asks_first(app):
    """Playtest 4, defect 8: the window's close button (or Alt+F4) while hosting a game a
    friend is in asks, as Leave does; Cancel plays on, and a second close quits."""
    door, hosted, ben = host_with_friend(app)
    try:
        until(lambda: door.now().status(1) == "online", app)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app)
        assert app.running and app.scene.name == "confirm"
        assert app.scene.title == "Leave the hosted game?"
        assert "disconnected" in app.scene.text
        click(app, app.scene.cancel_button.rect.center)
        assert app.running and "confirm" not in [s.name for s in app.scenes]
        assert hosted.thread.is_alive()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app)
        assert app.running and app.scene.name == "confirm"
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # closed again: it goes
        frames(app)
        assert not app.running
    finally:
        ben.close()
        door.leave()


def test_a_game_hosted_again_shows_its_invitation_from_the_menu(app):
    door, hosted, ben = host_with_friend(app)
    code, port = hosted.code, hosted.port
    resumed = None
    try:
        for link in door.links.values():
            link.close()
        hosted.close()
        app.show("title")
        frames(app)
        click(app, app.scene.continue_button.rect.center)  # hosted again, at its table
        until(lambda: app.scenes[0].name == "table" and app.scenes[0].door is not door, app)
        table = app.scenes[0]
        resumed = table.door
        table.pause()
        frames(app)
        assert app.scene.name == "pause"
        click(app, app.scene.invite.rect.center)
        frames(app)
        invite = app.scene
        assert invite.name == "invitation"
        assert invite.code == code
        assert f"ws://127.0.0.1:{port}/{code}" in invite.invitations
        click(app, invite.copy_code.rect.center)
        assert invite.copied in ("", code)  # the clipboard may be missing (dummy driver)
        click(app, invite.close_button.rect.center)
        assert app.scene is not invite
    finally:
        ben.close()
        (resumed or door).leave()
