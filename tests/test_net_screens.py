"""Hosting from New game, joining from the title screen, and the remote door, on 127.0.0.1."""

from __future__ import annotations

import pygame
import pytest
from hosting_steps import loopback_only, open_lobby, until  # noqa: F401 (loopback_only is a fixture)
from netplay import free_port
from test_scenes import click, frames

from urland.engine import UNKNOWN, IllegalMoveError, Move
from urland.net.client import NetClient
from urland.net.hosting import HostedGame
from urland.net.link import NetLink
from urland.table.remote import RemoteTable

NAMES = ["Anna", "Ben", "Cleo"]


def hosted(kinds=("human", "online", "medium"), seed=4) -> HostedGame:
    return HostedGame(list(kinds), NAMES[:len(kinds)], list(range(len(kinds))), 0, seed,
                      port=0)


def test_the_join_dialog_says_a_wrong_code_in_words_then_joins_the_free_seat(app):
    game = hosted()
    try:
        app.show("title")
        app.open("join")
        frames(app)
        scene = app.scene
        scene.address.text, scene.room.text, scene.player.text = (
            game.local_address, "WRONG-CODE", "Ben")
        click(app, scene.join_button.rect.center)
        until(lambda: scene.joiner is None and scene.problem, app)
        assert scene.problem == "There is no game with that room code on this server."
        scene.address.focus, scene.room.focus = False, True
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE,
                                             unicode="", mod=0))
        frames(app, 1)
        assert scene.problem == ""  # being corrected: the old problem goes
        scene.room.text = game.code.lower()  # typed in small letters
        click(app, scene.join_button.rect.center)
        until(lambda: app.scene.name == "table", app)
        door = app.scene.door
        assert isinstance(door, RemoteTable) and door.me == 1 and door.now().names[1] == "Ben"
        # the host's seat is taken but nobody plays it here: the table says so
        assert door.now().save_problem == "Waiting for Anna to reconnect."
        assert door.view() == game.room.game.view(1)
    finally:
        app.scene.door.leave()
        game.close()


def test_hosting_from_new_game_shows_the_invitation_and_only_the_hosts_view(app):
    lobby = open_lobby(app, ("human", "online", "medium"), "Anna")
    door = lobby.door
    try:
        assert lobby.hosted.code and all(a.startswith("ws://") for a in lobby.addresses)
        host_view = door.view()
        assert host_view.seat == 0
        assert all(c == UNKNOWN for c in host_view.state.pile)
        ben = NetLink.open(NetClient(lobby.addresses[-1], lobby.hosted.code, "Ben"), None)
        until(lambda: door.link.mirror.names[1] == "Ben" and lobby.start_button.enabled, app)
        click(app, lobby.start_button.rect.center)
        until(lambda: app.scenes[0].name == "table" and door.now().save_problem is None, app)
        ben.close()
        until(lambda: door.now().status(1) == "away", app)
        # Said once: in the banner when Ben decides, else in the note under the board.
        said = [app.scenes[0].banner_text(), door.now().save_problem or ""]
        assert sum(s.startswith("Waiting for Ben to reconnect.") for s in said) == 1
    finally:
        door.leave()


def test_the_remote_door_refuses_an_illegal_move_and_plays_a_legal_one():
    game = hosted(("online", "human", "medium"), seed=6)
    link = NetLink.open(NetClient(game.local_address, game.code, "Anna"), None)
    try:
        door = RemoteTable(link)
        until(lambda: door.now().decision.seat == door.me and link.mirror.at == len(
            game.room.game.moves))
        before = game.room.game.notation()
        with pytest.raises(IllegalMoveError):
            door.play(Move("bid", (99,)))
        assert game.room.game.notation() == before
        option = door.view().legal_options()[0]
        events = door.play(option.move)
        assert game.room.game.notation()[:len(before)] == before
        assert len(game.room.game.notation()) > len(before)
        assert events == door.log(door.me)[len(door.log(door.me)) - len(events):]
    finally:
        link.close()
        game.close()


def _press(app, key, text=""):
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    frames(app, 1)


def test_the_chat_line_shows_what_others_say_with_their_name_sends_and_can_be_muted(app):
    import pygame

    game = hosted()
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        app.show("online_table", door=RemoteTable(anna))
        chat = app.scene.chat
        ben.chat("good luck")
        until(lambda: [(n, t) for n, t, _ in chat.recent] == [("Ben", "good luck")], app)
        _press(app, pygame.K_RETURN)
        sound_was = app.settings.muted
        for ch in "mmm, thanks":  # an M typed in the chat is a letter, not the mute key
            _press(app, ord(ch), ch)
        _press(app, pygame.K_RETURN)
        until(lambda: ben.mirror.chat[-1:] == [("Anna", "mmm, thanks")], app)
        assert app.settings.muted == sound_was
        click(app, chat.mute_button.rect.center)
        assert chat.muted and not chat.recent
        ben.chat("are you there?")
        until(lambda: len(anna.mirror.chat) == 3, app)
        frames(app, 2)
        assert not chat.recent  # muted: nothing shown
        log = app.scene.log
        click(app, chat.mute_button.rect.center)
        frames(app, 2)
        # Unmuted, the log holds every line said, the one said while muted too, in order
        # and after the moves logged before each (a line faded from the chat is not lost).
        said = [e.text for e in log.entries if e.kind == "chat"]
        assert said == ["Ben: good luck", "Anna: mmm, thanks", "Ben: are you there?"]
        assert log.entries[-1].text == "Ben: are you there?"
    finally:
        ben.close()
        anna.close()
        game.close()


def test_a_line_said_while_the_chat_is_muted_is_in_the_log_at_once_in_the_chat_colour(app):
    """Anna mutes the chat at her table, joined over the network; Ben's line does not show in
    the chat box but is in her log at once, in the chat's green, before she unmutes."""
    from urland.ui.table.game_log import SAID

    game = hosted()
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        app.show("online_table", door=RemoteTable(anna))
        table = app.scene
        frames(app, 2)
        click(app, table.chat.mute_button.rect.center)
        assert table.chat.muted
        ben.chat("are you muted?")
        until(lambda: anna.mirror.chat[-1:] == [("Ben", "are you muted?")], app)
        frames(app, 2)
        assert table.chat.muted and not table.chat.recent  # the chat box shows nothing new
        log = table.log
        assert [e.text for e in log.entries if e.kind == "chat"] == ["Ben: are you muted?"]
        drawn = [(text, colour) for text, colour, _i, _opens in log.lines(400, 16)
                 if "are you muted?" in text]
        assert drawn == [("Ben: are you muted?", SAID)]
    finally:
        ben.close()
        anna.close()
        game.close()


def test_new_game_refuses_a_typed_seed_with_online_seats_and_a_hosted_game_draws_its_own(app):
    """Whoever knows a networked game's seed knows every hand: a typed seed is refused, and the
    hosted game draws an unguessable seed (up to 18 digits) of its own."""
    scene = app.show("new_game")
    frames(app)
    click(app, scene.players.minus.rect.center)  # 3 players
    for row, kind in zip(scene.rows, ("human", "online", "medium"), strict=False):
        while row.kind.value != kind:
            click(app, row.kind.rect.center)
    scene.seed.text = "12345"
    click(app, scene.start.rect.center)
    frames(app)
    assert app.scene is scene
    assert scene.error == "A game with online seats draws its own seed: clear the seed."
    seeds = []
    for _ in range(2):  # one after the other: a user folder hosts one game at a time
        game = hosted(seed=None)
        try:
            seeds.append(game.room.game.seed)
        finally:
            game.close()
    assert all(0 <= seed < 10**18 for seed in seeds) and seeds[0] != seeds[1]
    assert max(seeds) >= 2**31  # both below 2**31 by chance: about once in 10**17


def test_when_the_host_goes_away_the_friends_banner_says_so_and_no_move_is_offered(app):
    game = hosted(seed=4)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    try:
        table = app.show("online_table", door=RemoteTable(ben))
        frames(app, 2)
        assert not table.now.cut_off
        game.close()  # the host's program stops hosting
        until(lambda: table.now.cut_off, app)
        frames(app, 2)
        # the game was hosted from Anna's window: her computer is named, not "the server"
        assert table.banner_text() == ("Anna, the host, closed this game. Your seat is kept: "
                                       "should they host it again, you are back in it.")
        assert not table.flow.acting_here() and not table.human_turn()
        table.pause()  # its menu: the game goes on meanwhile, and Anna's computer keeps it
        frames(app, 1)
        assert app.scene.name == "pause" and not app.scene.paused
        assert app.scene.heading() == "Menu"
        assert app.scene.subtitle() == "Anna's computer keeps this game."
    finally:
        ben.close()
        game.close()


def test_a_dialog_that_opens_while_the_player_types_in_the_chat_takes_no_key_of_theirs(app):
    """The chip dialog opened under the typing: Enter had chosen the chip picked by default
    and the M of a word had switched the sound. It now hears no key until a click."""
    from hosting_steps import until as wait

    game = HostedGame(["human", "online", "easy"], NAMES, [0, 1, 2], 0,
                      seed=next(s for s in range(200) if _first_decider(s) == 0), port=0)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        table.chat.field.focus = True  # typing a line as the game comes to Anna
        table.chat.field.text = "good l"
        wait(lambda: app.scene.name == "choose_chip", app)
        dialog, muted = app.scene, app.settings.muted
        for key, char in ((pygame.K_m, "m"), (pygame.K_RETURN, "\r")):
            _press(app, key, char)
        assert app.scene is dialog and app.settings.muted == muted  # nothing chosen, no mute
        assert not table.chat.field.focus
        click(app, dialog.box().center)  # the player turns to the dialog
        _press(app, pygame.K_RIGHT, "")  # and picks a chip (none is preselected)
        _press(app, pygame.K_RETURN, "\r")
        assert app.scene is not dialog  # now Enter is its answer
    finally:
        ben.close()
        anna.close()
        game.close()


def _first_decider(seed: int) -> int:
    from urland.engine import Game

    return Game.new(seed, 3).state.actor


def test_a_dialog_opened_over_the_typing_hears_keys_once_the_player_turns_to_it(app):
    dialog = app.open("pause", leave=lambda: None)
    dialog.keys_wait = True
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0)
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="\t", mod=0)
    assert dialog.typed_over(enter) and dialog.typed_over(enter)  # however long the pause
    assert not dialog.typed_over(tab) and not dialog.keys_wait  # Tab: the dialog's again
    assert not dialog.typed_over(enter)


def test_joining_where_nothing_answers_says_so_in_words(app):
    """Playtest 4, defect 20: an address where no game answers is told in words, not as
    "cannot reach ws://...: [Errno 111] Connect call failed"."""

    port = free_port()  # a port on this computer that nobody listens on
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene
    scene.address.text, scene.room.text, scene.player.text = (
        f"127.0.0.1:{port}", "ABCD-EFGH-JKLM", "Ben")
    click(app, scene.join_button.rect.center)
    until(lambda: scene.joiner is None and scene.problem, app)
    assert scene.problem == (f"No Urland game answers at 127.0.0.1:{port}. Check the address, "
                             "and that the host has the game open.")
