"""A window that joined a game online, after that game: `join --autoplay` played the joined
seat only, and the games the player hosts afterwards are theirs to play; on 127.0.0.1."""

from __future__ import annotations

import pygame
from hosting_steps import loopback_only, open_lobby, until  # noqa: F401 (loopback_only is a fixture)
from test_scenes import frames

from urland.engine import Game
from urland.net.client import NetClient
from urland.net.hosting import HostedGame
from urland.net.link import NetLink
from urland.table.remote import RemoteTable

NAMES = ["Anna", "Ben", "Cleo"]


def joined_window():
    """A window opened by `join ADDRESS --room CODE --autoplay` (no seats of its own)."""
    from urland.app import App, AutoplayOptions
    from urland.userfiles.settings import Settings

    return App(Settings(animation_speed="instant", ai_pause="none"),
               AutoplayOptions([], 0, None, False), size=(1280, 720))


def test_after_leaving_a_game_joined_with_autoplay_a_game_hosted_in_that_window_waits_for_its_host():
    """Ben's window joined with --autoplay; he leaves that game, hosts his own with a Human
    seat, and a friend joins: the lobby waits for Ben to press Start, and his seat is his."""
    seed = next(s for s in range(300) if Game.new(s, 3).state.actor == 0)
    first = HostedGame(["human", "online", "easy"], NAMES, [0, 1, 2], 0, seed, port=0)
    ben = NetLink.open(NetClient(first.local_address, first.code, "Ben"), None)
    app = joined_window()
    friend = None
    try:
        table = app.show("online_table", door=RemoteTable(ben, autoplay=True))
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
