"""What the online screens look like at the smallest and the usual window: the chat has its own
strip beside the board (never over the board, its corners, the menu or the table's buttons),
and the lobby's words fit in every language; the text watcher finds nothing drawn over
anything."""

from __future__ import annotations

import pygame
import pytest
from hosting_steps import until
from test_scenes import frames

from urland.engine import Game
from urland.net import hosting
from urland.net.client import NetClient
from urland.net.hosting import HostedGame, join_here
from urland.net.link import NetLink
from urland.table.remote import RemoteTable
from urland.table.session import Seat
from urland.texts import i18n
from urland.ui import text as text_ui

SIZES = [(960, 540), (1280, 720)]


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)
    yield
    i18n.set_language("en")


def window(size):
    from urland.app import App
    from urland.userfiles.settings import Settings

    return App(Settings(animation_speed="instant", ai_pause="none"), size=size)


@pytest.mark.parametrize("first", [0, 1], ids=["host-decides", "friend-decides"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
def test_the_chat_keeps_off_the_board_and_the_buttons(size, first):
    seed = next(s for s in range(200) if Game.new(s, 3).state.actor == first)
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=seed, port=0)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    door = RemoteTable(join_here(game, None))
    app = window(size)
    try:
        table = app.show("online_table", door=door)
        for text in ("good luck everybody, and may the best fish win!", "thanks"):
            ben.chat(text)
        until(lambda: len(door.chat_lines()) == 2, app)
        for scene in app.scenes[1:]:  # a dialog the host answers first (the chip choice)
            app.remove(scene)
        until(lambda: len(table.chat.recent) == 2, app)
        watch = text_ui.start_watching()
        frames(app, 3)
        text_ui.end_frame()
        chat = table.chat_area
        assert chat.width > 0 and not chat.colliderect(table.board_area)
        assert pygame.Rect((0, 0), size).contains(chat)
        for button in table.buttons:
            if button.visible:
                assert not chat.colliderect(button.rect), button.label
        assert not chat.colliderect(table.panel.log_rect)
        assert sorted(watch.overlaps) == [] and sorted(set(watch.overflows)) == []
    finally:
        text_ui.stop_watching()
        ben.close()
        door.leave()
        game.close()
        pygame.quit()


@pytest.mark.parametrize("code", ["en", "de", "fr", "it", "nl"])
def test_the_lobby_fits_in_every_language_at_the_smallest_window(code):
    i18n.set_language(code)
    app = window(SIZES[0])
    seats = [Seat("Anna", 0, "human"), Seat("Ben", 1, "online"), Seat("Cleo", 2, "online"),
             Seat("Dan", 3, "medium")]
    app.show("host", seats=seats, seed=0)
    until(lambda: app.scene.name == "lobby", app)
    lobby = app.scene
    ben = NetLink.open(NetClient(lobby.addresses[-1], lobby.hosted.code, "Benjamin"), None)
    try:
        until(lambda: lobby.seat_lines()[1][1] is False, app)
        watch = text_ui.start_watching()
        frames(app, 3)
        text_ui.end_frame()
        assert sorted(watch.overlaps) == [] and sorted(set(watch.overflows)) == []
    finally:
        text_ui.stop_watching()
        ben.close()
        lobby.door.leave()
        pygame.quit()


@pytest.mark.parametrize("code", ["en", "de", "fr", "it", "nl"])
def test_the_join_forms_refusals_fit_in_every_language_at_the_smallest_window(code):
    """A damaged identity and a name another player holds, said on the Join form."""
    from urland.scenes.join import REFUSALS
    from urland.userfiles.identity import identity_path

    i18n.set_language(code)
    app = window(SIZES[0])
    try:
        app.show("title")
        app.open("join")
        frames(app)
        scene = app.scene
        scene.address.text, scene.room.text = "192.168.1.20:8765", "ABCD-EFGH-JKLM"
        identity_path().parent.mkdir(parents=True, exist_ok=True)
        identity_path().write_text("secret: [torn")
        for say in (scene.join, lambda: setattr(scene, "problem", str(REFUSALS["name-taken"]))):
            say()
            assert scene.problem and scene.joiner is None
            watch = text_ui.start_watching()
            frames(app, 2)
            text_ui.end_frame()
            assert sorted(watch.overlaps) == [] and sorted(set(watch.overflows)) == []
            text_ui.stop_watching()
    finally:
        text_ui.stop_watching()
        pygame.quit()
