"""Players known by their online identity on a server (real sockets on 127.0.0.1): the same
player recognised in two rooms and after the server starts again, a name held by one player
refused to anyone else (a look-alike too), the identity never sent to another client, logged or
written in a file, and a rated game's end changing each player's rating, bots' levels too."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from netplay import play_seat, run, serving

from urland.master.master import Master, MasterOptions
from urland.master.ratings import places_of
from urland.master.room import Room
from urland.net.client import JoinRefused, NetClient
from urland.net.server import ServerOptions
from urland.userfiles.identity import Identity

ANNA = Identity("a" * 43)
BEN = Identity("b" * 43)
SEATS = ["remote", "random", "random"]


async def _as(address: str, room: str, name: str, identity: Identity | None) -> NetClient:
    client = NetClient(address, room, name,
                       identity=identity.key_for(address) if identity else "")
    client.keep_messages = True
    await client.connect()
    return client


async def _refused(address: str, room: str, name: str, identity: Identity | None) -> str:
    with pytest.raises(JoinRefused) as refused:
        await _as(address, room, name, identity)
    return refused.value.code


@pytest.mark.parametrize("kept_in", ["sqlite", "postgresql"])
def test_the_same_identity_is_known_in_two_rooms_and_after_the_server_starts_again(
        tmp_path, kept_in, request):
    store = "sqlite" if kept_in == "sqlite" else request.getfixturevalue("postgres_url")

    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path, store=store, hello_seconds=2.0)
        async with serving(options) as (server, address):
            one = server.open_room("one", SEATS, 12)
            two = server.open_room("two", SEATS, 12)
            first = await _as(address, "one", "Anna", ANNA)
            again = await _as(address, "two", "", ANNA)  # no name given: hers
            assert first.mirror.names[0] == again.mirror.names[0] == "Anna"
            player = one.seats[0].player
            assert player and two.seats[0].player == player
            await first.close()
            await again.close()
        async with serving(options) as (server, address):  # started again, on another port
            assert server.room("one").seats[0].player == player  # read back with the room
            server.open_room("three", SEATS, 12)
            third = await _as(address, "three", "", ANNA)
            assert third.mirror.names[0] == "Anna"
            assert server.room("three").seats[0].player == player
            await third.close()
    run(scenario())


def test_a_name_another_identity_holds_is_refused_and_so_is_a_look_alike(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path, hello_seconds=2.0)) as (
                server, address):
            room = server.open_room("names", ["remote"] * 4 + ["random"], 12)
            anna = await _as(address, "names", "Anna", ANNA)
            assert await _refused(address, "names", "Anna", BEN) == "name-taken"  # forged
            assert await _refused(address, "names", "aNNA", BEN) == "name-taken"  # case
            assert await _refused(address, "names", "\u0410nna", BEN) == "name-taken"  # Cyrillic
            ben = await _as(address, "names", "Ben", BEN)
            assert [s.name for s in room.seats[:2]] == ["Anna", "Ben"]  # the refused: none
            # without an identity (an older client, a bot) a name nobody holds, told so
            old = await _as(address, "names", "anna", None)
            assert room.seats[2].name == "anna (2)" and room.seats[2].player == ""
            while not old.mirror.chat:
                await old.receive(5)
            assert old.mirror.chat[-1][1] == "renamed"
            # her own name, written otherwise, from her identity: hers (in another room)
            server.open_room("more", SEATS, 12)
            again = await _as(address, "more", "anna", ANNA)
            assert again.mirror.names[0] == "anna"
            for client in (anna, ben, old, again):
                await client.close()
    run(scenario())


def test_an_identity_never_reaches_another_client_the_log_or_a_file_and_the_game_is_rated(
        tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    sent: list[str] = []

    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=tmp_path / "history",
                                hello_seconds=2.0, rated=True)
        async with serving(options) as (server, address):
            server.observer = lambda room, seat, message: sent.append(json.dumps(message))
            room = server.open_room("rated", ["remote", "remote", "random", "random"], 5)
            anna = await _as(address, "rated", "Anna", ANNA)
            ben = await _as(address, "rated", "Ben", BEN)
            assert await asyncio.gather(play_seat(anna, 1), play_seat(ben, 2)) == [0, 0]
            await server.master.standings.kept()
            places = places_of(room.game.state.track)
            ids = [s.player for s in room.seats[:2]]
            board = {r.player: r for r in server.master.standings.leaderboard(10)}
            assert set(board) == {*ids, "bot:random"}
            assert {board[i].name for i in ids} == {"Anna", "Ben"}
            assert all(r.games == 1 for r in board.values())  # two seats, one level: once
            for seat, player in enumerate(ids):
                (game,) = server.master.standings.rating_history(player)
                assert (game.place, game.players) == (places[seat], 4)
            return [ANNA.key_for(address), BEN.key_for(address)]
    keys = run(scenario())
    files = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for secret in (*keys, ANNA.secret, BEN.secret):
        assert not any(secret in message for message in sent)
        assert secret not in logged and secret.encode() not in files
    assert len(sent) > 50 and "Anna" in logged


def test_a_four_player_game_with_a_tie_rates_the_tied_players_alike(tmp_path):
    """R8: the marker furthest ahead wins; markers on one space share a place."""
    master = Master(None, MasterOptions(rooms_dir=tmp_path, rated=True))
    try:
        room = Room.create("tie", ["remote", "remote", "remote", "medium"], 7)
        for seat, player in enumerate(("p-anna", "p-ben", "p-cleo")):
            room.seats[seat].player = player
        room.game.state.track[:] = [12, 31, 12, 5]  # Ben first, Anna and Cleo tied
        master.standings.rate(room)  # (no loop running: rated at once)
        board = {r.player: r for r in master.standings.leaderboard(10)}
        assert set(board) == {"p-anna", "p-ben", "p-cleo", "bot:medium"}
        assert (board["p-anna"].mu, board["p-anna"].sigma) == (board["p-cleo"].mu,
                                                               board["p-cleo"].sigma)
        # Plackett-Luce from everyone's first rating (25, 8.33): first, two tied, last
        assert [round(board[p].mu, 2) for p in ("p-ben", "p-anna", "bot:medium")] == [
            27.8, 24.69, 22.83]
        assert master.standings.leaderboard(1)[0].player == "p-ben"
        assert [(g.place, g.players) for g in master.standings.rating_history("p-anna")] == [(2, 4)]
        assert [g.place for g in master.standings.rating_history("bot:medium")] == [4]
        master.standings.rate(room)  # the same game again: rated once only
        assert [r.games for r in master.standings.leaderboard(10)] == [1, 1, 1, 1]
    finally:
        master.keeper.close([])


def test_an_identity_too_short_to_be_unguessable_is_malformed_and_a_bots_is_not_read(
        tmp_path):
    from urland.net import protocol as p

    hello = {"type": "hello", "version": p.VERSION, "room": "r"}
    for bad in ("short", "a" * 31, "a" * 65, "a" * 40 + "=", "a" * 40 + " "):
        with pytest.raises(p.ProtocolError):
            p.parse_client_message(json.dumps({**hello, "identity": bad}))
    assert p.parse_client_message(json.dumps({**hello, "identity": "a" * 43}))[
        "identity"] == "a" * 43

    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path, hello_seconds=2.0)) as (
                server, address):
            room = server.open_room("bots", SEATS, 12)
            bot = NetClient(address, "bots", "Medium", bot="medium",
                            identity=ANNA.key_for(address))
            await bot.connect()
            assert room.seats[0].player == "" and room.seats[0].bot == "medium"
            assert server.master.standings.players.player_of(ANNA.key_for(address)) is None
            await bot.close()
    run(scenario())


def test_join_says_a_damaged_identity_and_takes_a_new_one_when_told(user_home, capsys):
    from urland.net.commands import identity_key
    from urland.userfiles.identity import identity_path, read_identity

    identity_path().parent.mkdir(parents=True, exist_ok=True)
    identity_path().write_text("secret: 12")
    assert identity_key("ws://urland.example:8765/") == ""  # joins without one, and says so
    said = capsys.readouterr().err
    assert said.startswith("urland join: Your online identity could not be read:")
    assert said.rstrip().endswith("(join with --new-identity)")
    key = identity_key("ws://urland.example:8765/", new=True)
    assert key == read_identity()[0].key_for("urland.example")
    assert "The damaged file was kept as identity.damaged-" in capsys.readouterr().err
    assert identity_key("ws://urland.example:8765/") == key  # the same from now on


def test_a_player_who_comes_back_as_a_bot_stays_the_player_of_their_seat(tmp_path):
    """Anna, known by her identity, leaves and takes her seat back with `join --autoplay` and
    its token: the seat is played by the bot now, but it is still hers, so the game's rating
    cannot be passed to the bot's level by coming back as one."""
    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=tmp_path / "history")
        async with serving(options) as (server, address):
            server.open_room("back", SEATS, 7)
            anna = await _as(address, "back", "Anna", ANNA)
            player, token = server.room("back").seats[0].player, anna.token
            assert player
            await anna.close()
            robot = NetClient(address, "back", "", token, bot="random")
            await robot.connect()
            slot = server.room("back").seats[0]
            assert (slot.bot, slot.player) == ("random", player)
            await robot.close()
    run(scenario(), 60)
