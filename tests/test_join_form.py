"""The Join online game form: it remembers the last address, code and name, takes a paste in each
field (Ctrl+V), and a pasted invitation fills the address and the room code; the host's lobby
copies exactly such an invitation."""

from __future__ import annotations

import pygame
from hosting_steps import loopback_only, open_lobby, until  # noqa: F401 (loopback_only is a fixture)
from test_scenes import click, frames

from urland.net.addresses import split_invitation
from urland.net.hosting import HostedGame
from urland.net.invite import invitation
from urland.ui.clipboard import copy, paste
from urland.userfiles.join_memory import join_path, read_join, save_join


def press_paste(app, mod=pygame.KMOD_CTRL):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, unicode="\x16",
                                         mod=mod))
    frames(app, 1)


def joined_as_ben(app, address: str, code: str) -> int:
    """Join from the title's form as Ben; the seat the table opened with (then left)."""
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene
    scene.address.text, scene.room.text, scene.player.text = address, code, "Ben"
    click(app, scene.join_button.rect.center)
    until(lambda: app.scenes[0].name == "table" or app.scene.problem, app)
    assert app.scenes[0].name == "table", app.scene.problem
    door = app.scenes[0].door
    door.leave()
    return door.me


def test_the_form_remembers_the_last_address_code_and_name(app):
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    try:
        app.show("title")
        app.open("join")
        frames(app)
        scene = app.scene
        assert (scene.address.text, scene.player.text) == ("", "") and scene.address.focus
        scene.address.text, scene.room.text, scene.player.text = (
            game.local_address, game.code, "Ben")
        click(app, scene.join_button.rect.center)
        until(lambda: app.scenes[0].name == "table", app)
        app.scenes[0].door.leave()
        assert read_join() == (game.local_address, game.code, "Ben")
        app.show("title")
        app.open("join")
        frames(app)
        again = app.scene
        assert (again.address.text, again.room.text, again.player.text) == (
            game.local_address, game.code, "Ben")  # coming back after a drop: one click
        # Playtest 4, defect 16: the cursor is in the first field, the address, selected, so
        # an address typed replaces it (not the room code).
        assert again.address.focus and again.address.selected and not again.room.focus
        key(app, pygame.K_1, "1")
        assert again.address.text == "1" and again.room.text == game.code
    finally:
        game.close()


def test_every_letter_is_typed_into_the_form_m_too_which_elsewhere_mutes(app):
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene
    scene.address.focus, scene.room.focus = False, True
    for letter in "spring-game M":
        key = pygame.key.key_code(letter.lower()) if letter != " " else pygame.K_SPACE
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=letter, mod=0))
        frames(app, 1)
    assert scene.room.text == "spring-game M"
    assert not app.settings.muted


def test_tab_moves_to_the_next_field_and_shift_tab_back(app):
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene
    assert scene.address.focus
    # After the fields, Tab goes on to Join and Cancel (issue 50: every control by keyboard)
    # and round to the address; no field takes letters while a button has the ring.
    for mod, focused in ((0, scene.room), (0, scene.player), (0, None), (0, None),
                         (0, scene.address), (pygame.KMOD_SHIFT, None),
                         (pygame.KMOD_SHIFT, None), (pygame.KMOD_SHIFT, scene.player)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="\t",
                                             mod=mod))
        frames(app, 1)
        assert [f.focus for f in scene.fields] == [f is focused for f in scene.fields]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, unicode="E", mod=0))
    frames(app, 1)
    assert scene.player.text.endswith("E")


def key(app, code, unicode="", mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=unicode, mod=mod))
    frames(app, 1)


def test_ctrl_a_or_a_tab_into_a_field_selects_it_so_typing_or_pasting_replaces_it(app):
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene
    scene.address.text = "192.0.2.2:8765"  # the address remembered from last time
    key(app, pygame.K_a, "\x01", pygame.KMOD_CTRL)
    assert scene.address.selected
    copy("127.0.0.1:8765")
    press_paste(app)
    assert scene.address.text == "127.0.0.1:8765"  # replaced, not added to the old one
    key(app, pygame.K_a, "\x01", pygame.KMOD_META)  # Cmd+A on a Mac
    key(app, pygame.K_LSHIFT)  # Shift held for a capital keeps the selection
    key(app, pygame.K_l, "L", pygame.KMOD_SHIFT)
    key(app, pygame.K_a, "a")
    assert scene.address.text == "La"
    key(app, pygame.K_TAB, "\t")
    scene.room.text = "OLD-CODE"
    key(app, pygame.K_TAB, "\t", pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, "\t")  # back into the room code: all of it selected
    key(app, pygame.K_BACKSPACE)
    assert scene.room.text == "" and not scene.room.selected
    scene.player.text = "Ben"
    key(app, pygame.K_TAB, "\t")
    key(app, pygame.K_LEFT)  # any other key lets the selection go
    key(app, pygame.K_n, "n")
    assert scene.player.text == "Benn"


def test_a_friend_who_comes_back_by_another_address_of_the_server_gets_the_seat_back(app):
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    try:
        for address in (game.local_address, game.local_address.replace("127.0.0.1",
                                                                       "localhost")):
            assert joined_as_ben(app, address, game.code) == 1
    finally:
        game.close()


def test_a_damaged_memory_gives_an_empty_form(app):
    join_path().parent.mkdir(parents=True, exist_ok=True)
    join_path().write_bytes(b"address: [\x00\xff broken")
    app.show("title")
    app.open("join")
    frames(app)
    assert (app.scene.address.text, app.scene.player.text) == ("", "")


def test_a_pasted_invitation_fills_the_address_and_the_room_code(app):
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene
    scene.address.text = "192.0.2.2:8765"
    key(app, pygame.K_a, "\x01", pygame.KMOD_CTRL)  # selected, then an invitation pasted
    assert copy("ws://192.168.1.20:8765/ABCD-EFGH-JKLM")
    press_paste(app)
    assert (scene.address.text, scene.room.text) == ("ws://192.168.1.20:8765", "ABCD-EFGH-JKLM")
    assert not scene.address.selected  # replaced: no longer shown as selected
    scene.address.focus, scene.player.focus = False, True
    copy("Ben\n")
    press_paste(app, pygame.KMOD_META)  # Cmd+V on a Mac
    copy("ny  Smith")
    press_paste(app)
    assert scene.player.text == "Benny Smith"  # pasted where typed, on one line
    scene.player.focus, scene.room.focus = False, True
    scene.room.text = ""
    copy("WXYZ-2345-6789")
    press_paste(app)
    assert scene.room.text == "WXYZ-2345-6789"


def test_an_invitation_splits_into_address_and_code_and_nothing_else_does():
    assert split_invitation(" ws://host:9/AB-CD ") == ("ws://host:9", "AB-CD")
    assert split_invitation(invitation("ws://10.0.0.2:8765", "Q-R")) == (
        "ws://10.0.0.2:8765", "Q-R")
    assert split_invitation("10.0.0.2:8765") == ("10.0.0.2:8765", "")
    assert split_invitation("ws://host:9/../etc") == ("ws://host:9/../etc", "")


def test_the_lobby_copies_the_invitation_and_the_code(app):
    lobby = open_lobby(app, ("human", "online", "easy"), None)
    try:
        click(app, lobby.copy_buttons[-1].rect.center)  # the address of this computer
        assert paste() == f"ws://127.0.0.1:{lobby.hosted.port}/{lobby.hosted.code}"
        assert str(lobby.copy_buttons[-1].label) == "Copied."  # said on the button pressed
        click(app, lobby.copy_code.rect.center)
        assert paste() == lobby.hosted.code
        assert str(lobby.copy_code.label) == "Copied."  # playtest 4, defect 22
        assert [str(b.label) for b in lobby.copy_buttons] == ["Copy"] * len(lobby.copy_buttons)
    finally:
        lobby.door.leave()


def test_a_token_kept_for_the_same_code_on_another_server_does_not_stop_a_newcomer(app):
    from urland.net.tokens import keep_token

    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    try:
        keep_token("ws://192.0.2.7:8765/", game.code, "a-token-of-another-server")
        assert joined_as_ben(app, game.local_address, game.code) == 1
    finally:
        game.close()


def type_keys(app, text: str) -> None:
    """`text` typed key by key into the field that has the cursor."""
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=letter, mod=0))
        frames(app, 1)


def test_a_link_typed_into_server_gives_its_code_to_room_code_over_the_remembered_code(app):
    """Issue 47's newcomer: an invitation typed key by key into Server (the remembered code
    still in Room code) joins the link's room, as a pasted one does: the typed code wins."""
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    try:
        save_join("192.0.2.7:8765", "OLDC-ODE2-XXXX", "Ben")
        app.show("title")
        app.open("join")
        frames(app)
        scene = app.scene
        assert scene.address.focus and scene.room.text == "OLDC-ODE2-XXXX"
        link = invitation(f"ws://{game.local_address}", game.code)
        type_keys(app, link)
        assert scene.address.text == link  # still being typed: left as it is
        click(app, scene.join_button.rect.center)
        assert (scene.address.text, scene.room.text) == (
            f"ws://{game.local_address}", game.code)
        assert scene.joiner is not None and scene.joiner.room == game.code
        until(lambda: app.scenes[0].name == "table" or app.scene.problem, app)
        assert app.scenes[0].name == "table", app.scene.problem
        assert app.scenes[0].door.me == 1
        app.scenes[0].door.leave()
        assert read_join() == (f"ws://{game.local_address}", game.code, "Ben")
    finally:
        game.close()


def test_a_typed_link_splits_when_tab_or_a_click_ends_its_typing_the_link_code_winning(app):
    save_join("192.0.2.7:8765", "ABCD-EFGH-JKLM", "Ben")
    app.show("title")
    app.open("join")
    frames(app)
    scene = app.scene
    type_keys(app, "ws://127.0.0.1:8765/JWYV-3BVC-UDUX")
    key(app, pygame.K_TAB, "\t")
    assert (scene.address.text, scene.room.text) == ("ws://127.0.0.1:8765", "JWYV-3BVC-UDUX")
    assert scene.room.focus and not scene.address.focus
    click(app, scene.address.rect.center)
    key(app, pygame.K_a, "\x01", pygame.KMOD_CTRL)
    type_keys(app, "ws://127.0.0.1:9000/WXYZ-2345-6789")
    click(app, scene.player.rect.center)  # a click on another field ends the typing too
    assert (scene.address.text, scene.room.text) == ("ws://127.0.0.1:9000", "WXYZ-2345-6789")
    assert scene.player.focus


def test_a_damaged_identity_is_said_and_the_next_join_takes_a_new_one(app):
    from urland.userfiles.identity import identity_path, read_identity
    from urland.userfiles.servers import read_servers

    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    try:
        identity_path().parent.mkdir(parents=True, exist_ok=True)
        identity_path().write_text("secret: [torn")
        app.show("title")
        app.open("join")
        frames(app)
        scene = app.scene
        scene.address.text, scene.room.text, scene.player.text = (
            game.local_address, game.code, "Ben")
        click(app, scene.join_button.rect.center)
        frames(app)
        assert scene.problem == "Your online identity is damaged. Join again to take a new one."
        assert app.scenes[0].name == "title"  # not joined: the player decides
        click(app, scene.join_button.rect.center)
        until(lambda: app.scenes[0].name == "table", app)
        app.scenes[0].door.leave()
        assert read_identity()[0] is not None
        (kept,) = identity_path().parent.glob("identity.damaged-*.yaml")
        assert kept.read_text() == "secret: [torn"
        assert [s.address for s in read_servers()[0]] == [f"ws://{game.local_address}"]
        assert game.room.seats[1].player  # the host's server knows Ben by his new identity
    finally:
        game.close()
