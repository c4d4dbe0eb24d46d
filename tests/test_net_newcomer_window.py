"""What an online newcomer ran into, on 127.0.0.1: a chat line said while the connection was
lost vanished, `join --autoplay` played on in the games the player hosted afterwards in that
window, and chat went unseen under the menu, the rules and a question."""

from __future__ import annotations

import pygame
from hosting_steps import loopback_only, open_lobby, until  # noqa: F401 (loopback_only is a fixture)
from netplay import ThreadedServer, free_port
from test_net_newcomer_points import press, texts_drawn
from test_scenes import frames

from urland.engine import Game
from urland.net.client import NetClient
from urland.net.hosting import HostedGame
from urland.net.link import NetLink
from urland.table.remote import RemoteTable

NAMES = ["Anna", "Ben", "Cleo"]


def test_a_line_said_while_the_connection_is_lost_waits_in_sight_and_goes_once_it_is_back(
        app, tmp_path):
    """The server goes away while Ben's window is at the table; Ben says "where did you go?":
    the field empties and his chat shows the line as not sent yet; the server comes back and
    the line reaches Anna, once, and Ben's chat and log have it as said."""
    seed = next(s for s in range(300) if Game.new(s, 3).state.actor == 0)  # Anna decides
    server = ThreadedServer(tmp_path / "rooms", free_port())
    server.start(("back", ["remote", "remote", "easy"], seed))
    address = f"127.0.0.1:{server.port}"
    anna = NetLink.open(NetClient(address, "back", "Anna"), None)
    ben = NetLink.open(NetClient(address, "back", "Ben"), None)
    try:
        door = RemoteTable(ben)
        table = app.show("online_table", door=door)
        until(lambda: door.now().status(0) == "online", app)
        server.stop()
        until(lambda: door.now().cut_off, app)
        press(app, pygame.K_RETURN)  # Enter opens the field
        for char in "where did you go?":
            press(app, ord(char), char)
        press(app, pygame.K_RETURN)
        assert table.chat.field.text == "" and door.unsent_chat() == ["where did you go?"]
        shown = [text for _r, text in texts_drawn(app)]
        assert "Not sent yet: where did you go?" in shown
        server.start()
        until(lambda: ("Ben", "where did you go?") in anna.mirror.chat, app)
        until(lambda: any(t == "where did you go?" for _n, t, _a in table.chat.recent), app)
        shown = [text for _r, text in texts_drawn(app)]
        assert "Ben: where did you go?" in shown
        assert not any(text.startswith("Not sent yet") for text in shown)
        assert anna.mirror.chat.count(("Ben", "where did you go?")) == 1
        log = [e.text for e in table.log.entries if e.kind == "chat"]
        assert log == ["Ben: where did you go?"]
    finally:
        anna.close()
        ben.close()
        server.stop()


def joined_window():
    """A window opened by `join ADDRESS --room CODE --autoplay` (no seats of its own)."""
    from urland.app import App, AutoplayOptions
    from urland.userfiles.settings import Settings

    return App(Settings(animation_speed="instant", ai_pause="none"),
               AutoplayOptions([], 0, None, False, joined=True), size=(1280, 720))


def test_after_a_game_joined_with_autoplay_a_game_hosted_in_that_window_waits_for_its_host():
    """Ben's window joined with --autoplay; he leaves that game, hosts his own with a Human
    seat, and a friend joins: the lobby waits for Ben to press Start, and his seat is his."""
    seed = next(s for s in range(300) if Game.new(s, 3).state.actor == 0)
    first = HostedGame(["human", "online", "easy"], NAMES, [0, 1, 2], 0, seed, port=0)
    ben = NetLink.open(NetClient(first.local_address, first.code, "Ben", bot="medium"), None)
    app = joined_window()
    friend = None
    try:
        table = app.show("online_table", door=RemoteTable(ben))
        frames(app, 3)
        assert app.autoplay is not None  # the joined game plays itself
        table.to_title()  # Menu, Leave
        until(lambda: app.scene.name == "title", app)
        assert app.autoplay is None
        first.close()  # that game's host is elsewhere: this folder hosts nothing meanwhile
        lobby = open_lobby(app, first_name="Ben")
        assert not lobby.door.autoplay  # no bot behind Ben's own seat
        friend = NetLink.open(NetClient(lobby.addresses[-1], lobby.hosted.code, "Cleo"), None)
        until(lambda: lobby.start_button.enabled, app)
        frames(app, 30)
        assert app.scene is lobby  # nobody but Ben starts his game
    finally:
        if friend is not None:
            friend.close()
        ben.close()
        first.close()
        if app.scene.name == "lobby":
            app.scene.door.leave()
        pygame.quit()


def test_talk_goes_on_under_the_menu_the_rules_and_a_question_at_an_online_table(app):
    """Anna has the Menu open, then the rules (F1), then a question ("End your turn?") when
    Ben says something each time: his newest line is drawn after the scene on top, beside
    its box and inside the window, at 1280x720 and 960x540, and the log behind has it."""
    seed = next(s for s in range(300) if Game.new(s, 3).state.actor == 1)  # no dialog at Anna's
    game = HostedGame(["human", "online", "easy"], NAMES, [0, 1, 2], 0, seed, port=0)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        frames(app, 2)
        openers = {
            "the menu": table.pause,
            "the rules": lambda: press(app, pygame.K_F1),
            "a question": lambda: app.open("confirm", title="End your turn?", text="",
                                           confirm="End turn", on_confirm=lambda: None),
        }
        for n, (what, opener) in enumerate(openers.items()):
            opener()
            frames(app, 1)
            top = app.scene
            assert top is not table, what
            line = f"line {n} under {what}"
            ben.chat(line)
            until(lambda line=line: [t for _n, t, _a in table.chat.recent][-1:] == [line], app)
            for size in ((1280, 720), (960, 540)):
                app.resize(size)
                frames(app, 1)
                drawn = texts_drawn(app)
                said = [i for i, (_r, text) in enumerate(drawn) if text == f"Ben: {line}"]
                assert said, (what, size)
                rect, box = drawn[said[-1]][0], top.box()
                assert pygame.Rect((0, 0), size).contains(rect), (what, size)
                assert box.left <= rect.left and rect.right <= box.right, (what, size)
                assert said[-1] > max(i for i, (r, _t) in enumerate(drawn)
                                      if box.contains(r) and i != said[-1]), (what, size)
            assert app.scene is top, what  # the keys stay with the scene on top
            log = [e.text for e in table.log.entries if e.kind == "chat"]
            assert log[-1] == f"Ben: {line}", what  # the log behind has it meanwhile
            app.remove(top)
            frames(app, 1)
    finally:
        ben.close()
        anna.close()
        game.close()
