"""The host's lobby before a hosted game starts, on 127.0.0.1: the invitation with every
address as a URL (127.0.0.1 last, for a second window here), the seats and who has joined,
Start once every online seat is taken, Start with AI, Cancel; and a friend who joined early
waits for the host."""

from __future__ import annotations

import re
import time

import pytest
from hosting_steps import choose_seats, loopback_only, open_lobby, until  # noqa: F401 (loopback_only is a fixture)
from test_scenes import answer_for_anna, click, frames

from urland.engine import Game
from urland.master.room import MoveRefused
from urland.net.client import NetClient
from urland.net.hosting import HostedGame
from urland.net.link import NetLink
from urland.table import flow as turns
from urland.table.presence import banner_text
from urland.table.remote import RemoteTable
from urland.texts.words import colour_word


def test_the_lobby_lists_the_seats_and_starts_once_the_friend_has_joined(app):
    lobby = open_lobby(app)
    game = lobby.hosted
    ben = None
    try:
        until(lambda: lobby.fill_button.visible, app)
        assert lobby.addresses[-1] == f"ws://127.0.0.1:{game.port}"
        assert all(a.startswith("ws://") and a.endswith(f":{game.port}")
                   for a in lobby.addresses)
        assert not lobby.start_button.enabled and lobby.fill_button.visible
        colour = [colour_word(s.colour) for s in lobby.door.now().seats]
        assert lobby.seat_lines() == [
            (f"Anna ({colour[0]}): here", False), (f"{colour[1]}: waiting for a player...", True),
            (f"{lobby.door.now().seats[2].name} ({colour[2]}): computer", False)]
        ben = NetLink.open(NetClient(lobby.addresses[-1], game.code, "Ben"), None)
        friend = RemoteTable(ben)
        until(lambda: lobby.start_button.enabled, app)
        assert lobby.seat_lines()[1] == (f"Ben ({colour[1]}): joined", False)
        assert not lobby.fill_button.visible
        # The friend waits, with the seats; nobody plays yet, not even the computer.
        until(lambda: friend.now().waiting, app)
        assert banner_text(friend.now(), 0.0) == (
            "Waiting for the host to start the game.")
        assert friend.now().names[:2] == ("Anna", "Ben")
        time.sleep(0.3)
        assert game.room.game.moves == []
        click(app, lobby.start_button.rect.center)
        until(lambda: app.scenes[0].name == "table" and not ben.mirror.lobby, app)
        assert friend.now().save_problem is None and app.scenes[0].door.now().save_problem is None
        # Started: the computer plays at once when it decides first; else a person decides
        # (the seed of a hosted game is drawn at random, so any seat may start).
        until(lambda: len(game.room.game.moves) > 0 or game.room.game.state.actor in (0, 1),
              app)
    finally:
        if ben is not None:
            ben.close()
        app.scenes[0].door.leave()


def test_start_with_ai_gives_the_free_seats_to_the_computer(app):
    lobby = open_lobby(app, ("human", "online", "online"))
    game = lobby.hosted
    try:
        until(lambda: lobby.fill_button.visible, app)
        assert not lobby.start_button.enabled
        click(app, lobby.fill_button.rect.center)
        until(lambda: app.scenes[0].name == "table", app)
        door = app.scenes[0].door
        until(lambda: door.now().seats[1].kind == door.now().seats[2].kind == "medium", app)
        assert [s.kind for s in game.room.seats] == ["remote", "medium", "medium"]
        assert door.now().save_problem is None
        # The computer now plays those seats: the game goes on to the host's decisions.
        until(lambda: door.now().decision.seat == 0 or len(game.room.game.moves) > 0, app)
    finally:
        app.scenes[0].door.leave()


def test_a_move_in_the_lobby_is_refused_and_cancel_closes_the_game(app):
    lobby = open_lobby(app, ("online", "human", "easy"))
    game = lobby.hosted
    ben = NetLink.open(NetClient(lobby.addresses[-1], game.code, "Ben"), None)
    try:
        assert game.room.game.state.actor in (0, 1, 2)
        with pytest.raises(MoveRefused, match="not started"):
            game.room.play(game.room.game.state.actor, "end", 0)
        assert game.room.game.moves == []
        click(app, lobby.cancel_button.rect.center)
        until(lambda: app.scene.name == "title", app)
        assert not game.thread.is_alive()  # no longer open to the network
        until(lambda: not ben.online, app)  # the friend is told: the server went away
    finally:
        ben.close()



def first_actor_seed(actor: int, players: int = 3) -> int:
    return next(s for s in range(200) if Game.new(s, players).state.actor == actor)


def test_a_seat_nobody_has_taken_yet_is_waited_for_as_one_to_join(app):
    """A server's room plays from the first move: a remote seat nobody has taken yet is
    neither "online" nor "deciding online" but waited for, until its player joins."""
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=first_actor_seed(1), port=0)
    anna = NetLink.open(NetClient(game.local_address, game.code, "", game.token), None)
    ben = None
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        door = table.door
        until(lambda: door.now().decision.seat == 1, app)
        frames(app, 2)
        assert door.now().status(1) == "to join"
        assert table.banner_text() == "Waiting for Ben to join."
        assert [s.note for s in table.panel.seats] == ["you", "not joined yet", ""]
        ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
        until(lambda: door.now().status(1) == "online", app)
        frames(app, 2)
        assert table.banner_text().startswith("Ben is deciding online")
    finally:
        if ben is not None:
            ben.close()
        anna.close()
        game.close()


def test_while_a_friends_move_plays_on_the_board_the_banner_names_the_friend(app):
    """The banner does not run ahead of the board: while the show of a move made elsewhere
    plays, it names who moved, not the decision that follows."""
    from urland.bots.registry import make_bot

    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=first_actor_seed(1), port=0)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "", game.token), None)
    try:
        app.settings.animation_speed = "normal"
        table = app.show("online_table", door=RemoteTable(anna))
        bot = make_bot("easy", 2)

        def moved_elsewhere() -> bool:
            view = ben.mirror.view
            if view is not None and view.my_turn and not table.show.busy:
                ben.play(bot.choose(view))
            if not table.show.busy:
                answer_for_anna(app, table)
            return table.show.busy and table.held is not None and table.held[1] != 0

        until(moved_elsewhere, app)  # a move made elsewhere plays: its mover is named
        assert table.held[0] == table.now.names[table.held[1]] in ("Ben", "Cleo")
    finally:
        ben.close()
        anna.close()
        game.close()


def test_an_online_seat_that_decides_has_one_sentence_and_the_player_list_marks_you(app):
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=first_actor_seed(1), port=0)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        door = table.door
        until(lambda: door.now().decision.seat == 1 and door.now().status(1) == "online", app)
        frames(app, 2)
        assert table.banner_text().startswith("Ben is deciding online")
        assert door.now().save_problem is None
        assert [s.note for s in table.panel.seats] == ["you", "online", ""]
        ben.close()
        until(lambda: door.now().status(1) == "away", app)
        frames(app, 2)
        # Ben decides and is away: the banner waits for him, counting down to the AI that
        # will stand in (five minutes in a hosted game), and nothing else says so.
        said = table.banner_text()
        assert re.fullmatch(r"Waiting for Ben to reconnect\. In (\d):(\d\d) an AI plays for "
                            r"them\.", said), said
        minutes, seconds = map(int, re.findall(r"\d+", said))
        assert 290 < 60 * minutes + seconds <= 300
        assert table.log.entries[-1].text == "Ben has lost the connection."  # and the log
        assert door.now().save_problem is None
        assert [s.note for s in table.panel.seats] == ["you", "away", ""]
    finally:
        ben.close()
        anna.close()
        game.close()


def test_the_friend_sees_their_own_seat_marked(app):
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=4, port=0)
    anna = NetLink.open(NetClient(game.local_address, game.code, "", game.token), None)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    try:
        table = app.show("online_table", door=RemoteTable(ben))
        until(lambda: [s.note for s in table.panel.seats] == ["online", "you", ""], app)
    finally:
        ben.close()
        anna.close()
        game.close()


def test_a_friend_whose_seat_decides_first_is_not_asked_before_the_start():
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=first_actor_seed(1), port=0, lobby=True)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    try:
        friend = RemoteTable(ben)
        flow = turns.TurnFlow(friend)
        deadline = time.monotonic() + 10
        while not friend.now().waiting:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert friend.now().decision.seat == 1 and not flow.acting_here()
        assert flow.next() == turns.WAIT  # no chip choice while the host has not started
        game.start()
        while friend.now().waiting:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert flow.acting_here() and isinstance(flow.next(), turns.Ask)
    finally:
        ben.close()
        game.close()


def test_hosting_needs_a_seat_played_here(app):
    choose_seats(app, ("online", "online", "easy"), None)
    frames(app, 3)
    assert app.scene.name == "host" and app.scene.problem == (
        "With online seats, at least one seat is Human: played at this screen.")


def test_the_player_list_says_when_an_ai_plays_for_a_friend_who_is_away_and_keeps_you():
    from types import SimpleNamespace

    from urland.table.presence import seat_notes

    def now(statuses):  # the table's snapshot, as far as the player list reads it
        seats = [SimpleNamespace(name=name, status=status)
                 for name, status in zip(("Anna", "Ben", "Cleo"), statuses, strict=True)]
        return SimpleNamespace(seats=seats, here=(0,), viewer=0, online=True)

    assert seat_notes(now(["", "stand-in", ""])) == ["you", "away, AI plays", ""]  # "you" kept
    assert seat_notes(now(["", "online", ""])) == ["you", "online", ""]


def test_the_log_tells_who_joins_loses_the_connection_is_stood_in_for_and_comes_back():
    from types import SimpleNamespace

    from urland.table.presence import ComingsAndGoings

    def now(*statuses):  # the table's snapshot, as far as the log's news reads it
        return SimpleNamespace(seats=[SimpleNamespace(status=s) for s in statuses],
                               names=("Anna", "Ben", "Cleo"), server_restarts=0, host_seats=())

    comings = ComingsAndGoings()
    assert comings.news(now("", "to join", "online")) == []  # how things stood: not news
    told = []
    for ben, cleo in (("online", "online"), ("online", "away"), ("online", "stand-in"),
                      ("away", "online"), ("online", "online")):
        told.append(comings.news(now("", ben, cleo)))
    assert told == [["Ben has joined the game."], ["Cleo has lost the connection."],
                    ["An AI plays for Cleo until they come back."],
                    ["Ben has lost the connection.", "Cleo is back."], ["Ben is back."]]
