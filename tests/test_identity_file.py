"""The player's online identity in the user folder: made once on first online use, written
atomically and readable by its owner only, the same ever after; a damaged file is a sentence
and no identity until the player takes a new one (the damaged file kept aside). Each server is
sent a key of its own, never the secret. And the servers remembered, a list the player edits."""

from __future__ import annotations

import os
import stat

from urland.userfiles import identity as ident
from urland.userfiles.servers import (
    KnownServer,
    forget_server,
    read_servers,
    remember_server,
    servers_path,
)


def test_the_first_online_use_makes_an_identity_that_is_the_same_ever_after(user_home):
    path = ident.identity_path()
    assert not path.exists()
    made, problem = ident.online_identity()
    assert problem == "" and made is not None and path.exists()
    assert ident.online_identity() == (made, "") and ident.read_identity() == (made, "")
    assert made.secret in path.read_text() and len(made.secret) >= 43
    if os.name == "posix":  # nobody else on the computer may read it
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0
    assert list(path.parent.glob(".identity.yaml.*")) == []  # written whole, nothing left over


def test_an_identity_is_written_atomically_a_failed_write_leaves_the_old_one(user_home,
                                                                             monkeypatch):
    made, _ = ident.online_identity()

    def refuse(*_args, **_kwargs):
        raise OSError("the disk is full")
    monkeypatch.setattr(ident, "write_atomic", refuse)
    ident.identity_path().unlink()
    again, problem = ident.online_identity()
    assert again is None and "could not be kept: the disk is full" in problem
    monkeypatch.undo()
    assert ident.online_identity()[0] not in (None, made)  # a new one once the disk takes it


def test_a_damaged_identity_is_a_sentence_and_a_new_one_only_on_the_players_word(user_home):
    path = ident.identity_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for damage in (b"secret: [unclosed", b"\xff\xfe not text", b"secret: short",
                   b"- a list\n", b"secret: " + b"a" * 5000):
        path.write_bytes(damage)
        found, problem = ident.online_identity()
        assert found is None and problem.startswith("Your online identity could not be read:")
        assert problem.endswith("put back a copy of the file, or take a new identity.")
        assert path.read_bytes() == damage  # nothing replaced without the player's word
    new, kept = ident.replace_identity()
    assert new is not None and ident.read_identity() == (new, "")
    assert kept.startswith("The damaged file was kept as identity.damaged-")
    (aside,) = path.parent.glob("identity.damaged-*.yaml")
    assert aside.read_bytes() == b"secret: " + b"a" * 5000


def test_each_server_is_sent_a_key_of_its_own_never_the_secret():
    me = ident.Identity("s" * 43)
    here = me.key_for("ws://Urland.example:8765/")
    assert here == me.key_for("wss://urland.example:9000") == me.key_for("urland.example")
    assert here != me.key_for("ws://other.example:8765/") and me.secret not in here
    assert ident.SECRET_SHAPE.fullmatch(here)  # a server takes it as a secret of its own
    assert ident.Identity("t" * 43).key_for("urland.example") != here


def test_the_servers_played_on_are_remembered_last_first_and_the_player_may_edit_them(
        user_home):
    assert read_servers() == ([], None)
    assert remember_server("a.example:8765") and remember_server("b.example")
    assert remember_server("a.example:8765")
    assert read_servers()[0] == [KnownServer("a.example:8765"), KnownServer("b.example")]
    # edited by hand: a label, a bare address, a bad entry, a duplicate
    servers_path().write_text("servers:\n- address: b.example\n  label: Club\n- c.example\n"
                              "- address: 42\n- {address: 'with space'}\n- b.example\n")
    assert read_servers()[0] == [KnownServer("b.example", "Club"), KnownServer("c.example")]
    assert remember_server("c.example") and forget_server("b.example")
    assert read_servers()[0] == [KnownServer("c.example")]


def test_a_damaged_servers_list_is_a_problem_and_is_not_written_over(user_home):
    servers_path().parent.mkdir(parents=True, exist_ok=True)
    servers_path().write_text("servers: [unclosed")
    servers, problem = read_servers()
    assert servers == [] and problem is not None
    assert not remember_server("a.example")
    assert servers_path().read_text() == "servers: [unclosed"
