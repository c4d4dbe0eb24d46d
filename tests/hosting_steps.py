"""Steps the hosting tests share: games hosted on the loopback address only, waiting on the
window while the network works, and New game's seats chosen as a player would click them."""

from __future__ import annotations

import time

import pytest
from test_scenes import click, frames, resting_frame

from urland.net import hosting


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    """Hosted games listen on 127.0.0.1 (any free port) and announce nothing."""
    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)


def until(condition, app=None, seconds=20.0):
    """Draw frames (or wait) until `condition()` holds. Gives up after `seconds` of this
    process's CPU time, the time its window, server and bots were given to work: a busy
    machine that lends the test less of its processors makes it wait longer, not fail. By the
    clock it gives up only after ten times as long, when nothing in the process runs at all."""
    cpu_deadline = time.process_time() + seconds
    clock_deadline = time.monotonic() + 10 * seconds
    while not condition():
        assert time.process_time() < cpu_deadline and time.monotonic() < clock_deadline, (
            "gave up waiting")
        if app is not None:
            resting_frame(app)  # as a real frame waits for the screen: the network threads run
        else:
            time.sleep(0.01)


def choose_seats(app, kinds, first_name=None):
    """New game with len(kinds) players (3 or 4) of these kinds, then Start."""
    scene = app.show("new_game")
    frames(app)
    for _ in range(4 - len(kinds)):  # New game offers 4 players first
        click(app, scene.players.minus.rect.center)
    for row, kind in zip(scene.rows, kinds, strict=False):
        while row.kind.value != kind:
            click(app, row.kind.rect.center)
    if first_name is not None:
        scene.rows[0].name.text = first_name
    click(app, scene.start.rect.center)
    return scene


def open_lobby(app, kinds=("human", "online", "easy"), first_name="Anna"):
    """Host from New game and wait for the lobby scene."""
    choose_seats(app, kinds, first_name)
    until(lambda: app.scene.name == "lobby", app)
    return app.scene


def hosted_with_ben_and_cleo() -> tuple:
    """A game hosted here for Anna, with Ben and Cleo joined online (not started yet): the
    game, Anna's links and Ben's and Cleo's. The caller closes them all."""
    from urland.net.client import NetClient
    from urland.net.link import NetLink

    game = hosting.HostedGame(["human", "online", "online"], ["Anna", "Ben", "Cleo"], [0, 1, 2],
                              0, 4, port=0)
    links = hosting.join_here(game, None)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    cleo = NetLink.open(NetClient(game.local_address, game.code, "Cleo"), None)
    return game, links, ben, cleo
