"""What a newcomer to online play ran into, each on 127.0.0.1: the chat field that let go of
the keys after a line was sent, chat hidden under a dialog, an old error left on the Join
form, a hosted game's joiner told of "the server" and shown a killed host as online, no "you"
in a room where this player is the only person, and the lobby's addresses with no word of
whom each is for."""

from __future__ import annotations

import pygame
import pytest
from hosting_steps import loopback_only, open_lobby, until  # noqa: F401 (loopback_only is a fixture)
from netplay import ThreadedServer, free_port
from test_scenes import click, frames

from urland.engine import Game
from urland.net.client import NetClient
from urland.net.hosting import HostedGame
from urland.net.link import NetLink
from urland.table.remote import RemoteTable
from urland.ui import text as text_ui
from urland.ui.clipboard import copy

NAMES = ["Anna", "Ben", "Cleo"]


def first_decider_is(seat: int) -> int:
    """A seed whose first decision (the scoring chip) is `seat`'s."""
    return next(s for s in range(300) if Game.new(s, 3).state.actor == seat)


def hosted_for_anna(seed: int) -> HostedGame:
    """A game hosted from Anna's window (seat 0), Ben's seat online, Cleo an AI."""
    return HostedGame(["human", "online", "easy"], NAMES, [0, 1, 2], 0, seed, port=0)


def press(app, key, char=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0))
    frames(app, 1)


def type_line(app, line: str) -> None:
    for char in line:
        press(app, ord(char), char)


def texts_drawn(app) -> list[tuple[pygame.Rect, str]]:
    """The texts of the next frame, in the order drawn (a text a panel covers is left out)."""
    watch = text_ui.start_watching()
    try:
        text_ui.end_frame()
        frames(app, 1)
        text_ui.end_frame()
        return [(pygame.Rect(rect), what) for _surface, rect, what in watch.last_frame]
    finally:
        text_ui.stop_watching()


def test_after_enter_sends_a_chat_line_the_field_keeps_the_keys_for_the_next_line(app):
    """Anna says two lines in a row with Enter between: both reach Ben, and no letter of the
    second is read as a key of the table; Esc then leaves the field, and so does a click
    elsewhere."""
    game = hosted_for_anna(first_decider_is(1))  # Ben chooses first: no dialog at Anna's
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        frames(app, 2)
        chat = table.chat
        press(app, pygame.K_RETURN)  # Enter opens the field
        type_line(app, "hi all")
        press(app, pygame.K_RETURN)
        assert chat.field.focus and chat.field.text == ""  # sent, and still typing
        type_line(app, "yes, ready")
        press(app, pygame.K_RETURN)
        until(lambda: ben.mirror.chat[-2:] == [("Anna", "hi all"), ("Anna", "yes, ready")], app)
        assert app.scene is table and chat.field.focus  # no letter opened anything
        press(app, pygame.K_ESCAPE)
        assert not chat.field.focus and app.scene is table  # Esc leaves the field only
        press(app, pygame.K_RETURN)
        assert chat.field.focus
        click(app, table.panel.log_rect.center)  # a click elsewhere leaves it too
        assert not chat.field.focus
    finally:
        ben.close()
        anna.close()
        game.close()


def test_a_line_said_while_a_dialog_is_open_is_readable_above_the_dialog(app):
    """Anna's scoring-chip dialog is open (it covers the chat's strip) when Ben says
    something: his line is drawn after the dialog (over its shade), just above its box, at
    1280x720 and at 960x540; the dialog keeps the keys, and the log has the line too."""
    game = hosted_for_anna(first_decider_is(0))
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        until(lambda: app.scene.name == "choose_chip", app)
        dialog = app.scene
        ben.chat("bidding now, good luck")
        until(lambda: [(n, t) for n, t, _age in table.chat.recent]
              == [("Ben", "bidding now, good luck")], app)
        for size in ((1280, 720), (960, 540)):
            app.resize(size)
            frames(app, 1)
            drawn = texts_drawn(app)
            said = [i for i, (_r, what) in enumerate(drawn)
                    if what == "Ben: bidding now, good luck"]
            title = next(i for i, (_r, what) in enumerate(drawn)
                         if what == "Choose the region to be scored")
            assert said and said[-1] > title, size  # drawn after the dialog: over its shade
            rect, box = drawn[said[-1]][0], dialog.box()
            assert rect.bottom <= box.top and rect.top >= 0, size
            assert box.left <= rect.left and rect.right <= box.right, size
        assert app.scene is dialog and not table.chat.field.focus  # the keys stay the dialog's
        log = [e.text for e in table.log.entries if e.kind == "chat"]
        assert log == ["Ben: bidding now, good luck"]  # and the log has it meanwhile
    finally:
        ben.close()
        anna.close()
        game.close()


def test_over_a_dialog_at_the_top_of_the_window_the_newest_line_goes_under_it(app):
    """A dialog with no room above its box: the newest line is drawn just under it."""
    game = hosted_for_anna(first_decider_is(1))
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        frames(app, 2)
        table.chat.recent = [("Ben", "hello", 0.0), ("Ben", "over here", 0.0)]
        box = pygame.Rect(200, 10, 600, 400)
        watch = text_ui.start_watching()
        try:
            table.chat.draw_over(app.screen, table.theme, box)
            text_ui.end_frame()
            drawn = [(pygame.Rect(r), what) for _s, r, what in watch.last_frame]
        finally:
            text_ui.stop_watching()
        assert [what for _r, what in drawn] == ["Ben: over here"]  # the newest only
        assert drawn[0][0].top >= box.bottom
    finally:
        anna.close()
        game.close()


def test_an_old_problem_leaves_the_join_form_with_a_pasted_invitation_a_new_try_or_reopening(
        app):

    port = free_port()  # a port on this computer that nobody listens on
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene

    def fail_once() -> None:
        scene.address.text, scene.room.text, scene.player.text = (
            f"127.0.0.1:{port}", "ABCD-EFGH-JKLM", "Ben")
        click(app, scene.join_button.rect.center)
        until(lambda: scene.joiner is None and scene.problem, app)
        assert scene.problem.startswith("No Urland game answers at")

    fail_once()
    scene.address.focus = True
    assert copy(f"ws://127.0.0.1:{port}/WXYZ-2345-6789")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, unicode="\x16",
                                         mod=pygame.KMOD_CTRL))
    frames(app, 1)
    assert scene.room.text == "WXYZ-2345-6789" and scene.problem == ""  # pasted: it goes
    fail_once()
    scene.join()  # a new attempt: the old sentence is not kept for after "Connecting..."
    assert scene.problem == "" and scene.joiner is not None
    until(lambda: scene.joiner is None and scene.problem, app)
    click(app, scene.cancel_button.rect.center)
    app.open("join")  # the form again: no old problem
    frames(app)
    assert app.scene.problem == "" and app.scene is not scene


def test_a_joiner_of_a_hosted_game_is_told_of_the_host_and_sees_a_killed_host_away_at_once(
        app, monkeypatch):
    from urland.net import hosting

    async def killed(*_args) -> None:  # a killed program says goodbye to nobody
        return None

    monkeypatch.setattr(hosting, "send_away", killed)
    game = hosted_for_anna(first_decider_is(0))  # Anna chooses first: no dialog at Ben's
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(ben))
        until(lambda: table.now.status(0) == "online", app)
        frames(app, 1)
        assert [s.note for s in table.panel.seats] == ["online", "you", ""]
        game.close()  # the host's program is killed
        until(lambda: table.now.cut_off)  # the first frame after Ben's side sees it
        frames(app, 1)
        assert [s.note for s in table.panel.seats] == ["away", "you", ""]
        assert table.banner_text() == "The connection to Anna, the host, is lost. Trying again..."
        assert table.now.save_problem == table.banner_text()
        said = [e.text for e in table.log.entries if e.kind == "presence"]
        assert said == ["Anna, the host, is out of reach: the game waits until they are back."]
    finally:
        anna.close()
        ben.close()
        game.close()


def server_room(kinds: list[str], seed: int) -> ThreadedServer:
    """A server's room "solo" on 127.0.0.1 (not hosted from a window), in a thread."""
    return ThreadedServer().start(("solo", kinds, seed))


def test_in_a_server_room_with_one_person_the_player_list_marks_you_and_the_server_is_named(
        app):
    room = server_room(["remote", "easy", "easy"], first_decider_is(1))
    link = NetLink.open(NetClient(room.address, "solo", "Dora"), None)
    try:
        table = app.show("online_table", door=RemoteTable(link))
        frames(app, 2)
        assert [s.note for s in table.panel.seats] == ["you", "", ""]
        room.stop()  # a server's game: it is the server that is out of reach
        until(lambda: table.now.cut_off)
        frames(app, 1)
        assert table.banner_text() == "The connection to the server is lost. Trying again..."
        assert [s.note for s in table.panel.seats] == ["you", "", ""]
    finally:
        link.close()
        room.stop()


def test_the_lobby_says_whom_each_address_is_for(app):
    from urland.net.invite import reach_of

    assert [reach_of(u) for u in ("ws://192.168.1.20:8765", "ws://10.0.0.7:8765",
                                  "ws://169.254.3.4:8765", "ws://vm:8765",
                                  "ws://127.0.0.1:8765", "ws://203.0.114.5:8765")] == [
        "network", "network", "network", "name", "this computer", "internet"]
    lobby = open_lobby(app, ("human", "online", "easy"), "Anna")
    try:
        drawn = [what for _r, what in texts_drawn(app)]
        assert lobby.addresses[-1].startswith("ws://127.0.0.1:")
        assert "Only a second window on this computer" in drawn
        for address in lobby.addresses:  # each with its few words under it
            assert address in drawn
        app.resize((960, 540))
        frames(app, 1)
        drawn = [what for _r, what in texts_drawn(app)]
        assert "Only a second window on this computer" in drawn
    finally:
        lobby.door.leave()


def test_a_chat_field_left_open_after_a_line_gives_the_keys_to_a_dialog_that_opens_later(app):
    """Anna said a line and left the field open; when her chip dialog opens a while later,
    Enter is its answer (only a line being typed holds the dialog's keys back)."""
    game = HostedGame(["human", "online", "easy"], NAMES, [0, 1, 2], 0, first_decider_is(0),
                      port=0, lobby=True)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    try:
        table = app.show("online_table", door=RemoteTable(anna))
        until(lambda: ben.mirror.joined and ben.mirror.free_seats() == 0, app)
        press(app, pygame.K_RETURN)
        type_line(app, "ready")
        press(app, pygame.K_RETURN)
        until(lambda: ben.mirror.chat[-1:] == [("Anna", "ready")], app)
        frames(app, 200)  # a few seconds with nothing typed: the field is open, idle
        assert table.chat.field.focus
        game.start()
        until(lambda: app.scene.name == "choose_chip", app)
        dialog = app.scene
        press(app, pygame.K_RIGHT)  # the first chip (none is chosen for her)
        press(app, pygame.K_RETURN)
        assert app.scene is not dialog  # Enter laid the chip
    finally:
        ben.close()
        anna.close()
        game.close()


def test_before_a_hosted_game_starts_the_lobby_says_this_computer_holds_the_whole_game(app):
    """The host is told, before anyone plays, that their computer holds every hidden chip and
    bid, and that a game with strangers belongs on a server nobody at the table runs; at the
    smallest window too."""
    lobby = open_lobby(app, ("human", "online", "easy"), "Anna")
    try:
        for size in ((1280, 720), (960, 540)):
            app.resize(size)
            frames(app, 1)
            said = " ".join(what for _r, what in texts_drawn(app))
            assert "This computer holds the whole game" in said
            assert "meet on a server" in said and "that nobody at the table runs." in said
    finally:
        lobby.door.leave()


def test_the_menu_of_a_game_kept_elsewhere_says_who_keeps_it_and_offers_to_leave(app):
    """Nothing of a joined game is saved here: the menu says that the host's computer (by the
    host's name) or the server keeps it, and offers to leave rather than to save and leave."""
    game = hosted_for_anna(first_decider_is(0))
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben"), None)
    anna = NetLink.open(NetClient(game.local_address, game.code, "Anna", game.token), None)
    room = server_room(["remote", "easy", "easy"], first_decider_is(1))
    dora = NetLink.open(NetClient(room.address, "solo", "Dora"), None)
    try:
        for door, kept in ((RemoteTable(ben), "Anna's computer keeps this game."),
                           (RemoteTable(dora), "The server keeps this game.")):
            table = app.show("online_table", door=door)
            until(lambda door=door: door.now().names[0] in ("Anna", "Dora"), app)
            frames(app, 1)
            table.pause()
            frames(app, 1)
            drawn = [what for _r, what in texts_drawn(app)]
            assert kept in drawn and "Leave to the title" in drawn
            assert "Your game is saved after every move." not in drawn
            assert "Save and leave to the title" not in drawn
            app.remove(app.scene)
    finally:
        for link in (anna, ben, dora):
            link.close()
        game.close()
        room.stop()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "nl"])
def test_the_menu_of_a_joined_game_is_reached_read_and_left_by_keys_at_the_smallest_window(
        app, language):
    """Esc opens the menu of a server's game; its sentence on where the game is kept fits
    the menu's box in every language at 960x540; L leaves to the title, the seat kept."""
    from urland.texts import i18n

    room = server_room(["remote", "easy", "easy"], first_decider_is(1))
    dora = NetLink.open(NetClient(room.address, "solo", "Dora"), None)
    try:
        i18n.set_language(language)
        app.resize((960, 540))
        table = app.show("online_table", door=RemoteTable(dora))
        until(lambda: table.now.names[0] == "Dora", app)
        frames(app, 1)
        press(app, pygame.K_ESCAPE)
        menu = app.scene
        assert menu.name == "pause"
        kept = i18n._("The server keeps this game.")
        box = menu.box()
        (rect,) = [r for r, what in texts_drawn(app) if what == kept]
        assert box.contains(rect)
        press(app, pygame.K_l)
        frames(app, 1)
        assert app.scene.name == "title"
    finally:
        i18n.set_language("en")
        dora.close()
        room.stop()
