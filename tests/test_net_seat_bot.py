"""A seat a bot plays from this side of an online game (`join --autoplay`, with or without a
window, or a host's own seats under the window's autoplay) is played by its connection, as
`join --autoplay` plays it: the table only shows its moves, and the room and the finished
game's record name it as that bot, with its level, not as a person. On 127.0.0.1 only."""

from __future__ import annotations

import time

import pytest
from netplay import play_seat, run, seated, serving

from urland.engine import Game
from urland.net import hosting
from urland.net.client import NetClient
from urland.net.hosting import HostedGame, join_here
from urland.net.link import NetLink
from urland.net.server import ServerOptions
from urland.records.history import load_record
from urland.table import flow as turns
from urland.table.remote import RemoteTable

NAMES = ["Anna", "Ben", "Cleo"]


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")


def test_a_hosts_seat_a_bot_plays_is_played_by_its_link_and_recorded_as_that_bot(tmp_path):
    """The host's seat at a hosted game is joined as `join --autoplay` joins one (its hello
    names the level): the table's flow never asks anybody here, the bot's moves arrive as
    news, and the room and the record kept at the host name the seat "easy", not "human"."""
    seed = next(s for s in range(300) if Game.new(s, 3).state.actor == 0)  # the bot first
    game = HostedGame(["human", "easy", "easy"], NAMES, [0, 1, 2], 0, seed=seed,
                      host="127.0.0.1", port=0)
    game.server.options.bot_pause = 0.0
    door = RemoteTable(join_here(game, tmp_path / "history", bot="easy"), on_leave=game.close,
                       hosting=True)
    flow = turns.TurnFlow(door)
    try:
        assert door.now().here == () and set(door.now().bots_here) == {0}
        steps: set[type] = set()
        deadline = time.monotonic() + 120
        while not isinstance(step := flow.next(), turns.Over):
            assert time.monotonic() < deadline, "the game did not end"
            steps.add(type(step))
            with door.link.changed:  # wait for news, not for a time
                door.link.changed.wait(0.05)
        assert steps <= {turns.Wait, turns.Moved, turns.Reveal} and turns.Moved in steps
        assert [s["kind"] for s in game.room.record_seats()] == ["easy", "easy", "easy"]
        until_kept = time.monotonic() + 10
        while door.link.record_path is None:
            assert time.monotonic() < until_kept, "the record was not kept"
            time.sleep(0.01)
        _game, meta = load_record(door.link.record_path)
        assert [s["kind"] for s in meta["seats"]] == ["easy", "easy", "easy"]
    finally:
        flow.shutdown()
        door.leave()
        game.close()


def test_a_seat_taken_back_by_a_bot_with_its_token_is_recorded_as_that_bot(tmp_path):
    """Anna takes her seat as a person, leaves, and comes back with `join --autoplay` and
    the seat's token: from then on the room and the finished game's record name the
    random bot at her seat, with its level."""
    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=tmp_path / "history")
        async with serving(options) as (server, address):
            server.open_room("back", ["remote", "random", "random"], 7)
            anna = await seated(address, "back", "Anna")
            token = anna.token
            await anna.close()
            assert server.room("back").record_seats()[0]["kind"] == "human"
            robot = NetClient(address, "back", "", token, bot="random")
            await robot.connect()
            assert robot.mirror.seat == 0
            assert [s["kind"] for s in server.room("back").record_seats()] == [
                "random", "random", "random"]
            assert await play_seat(robot, 3) == 0
        (record,) = (tmp_path / "history").glob("*.yaml")
        _game, meta = load_record(record)
        assert [s["kind"] for s in meta["seats"]] == ["random", "random", "random"]
    run(scenario(), 60)


def test_bots_on_online_seats_wait_for_the_host_to_start_then_play_the_game_through():
    """Ben joins a lobby the `join --autoplay` way, and his seat decides first; the host's own
    seat is played by a bot too. Nobody moves before the host presses Start (the host's start
    reaches the seats as who sits where, not as a move): then both bots play to the end."""
    seed = next(s for s in range(300) if Game.new(s, 3).state.actor == 1)
    game = HostedGame(["human", "online", "easy"], NAMES, [0, 1, 2], 0, seed=seed,
                      host="127.0.0.1", port=0, lobby=True)
    game.server.options.bot_pause = 0.0
    host = RemoteTable(join_here(game, None, bot="random"), on_leave=game.close, hosting=True)
    ben = NetLink.open(NetClient(game.local_address, game.code, "Ben", bot="random"), None)
    try:
        with ben.changed:  # Ben's bot tried its move before it heard of the lobby: refused
            assert ben.changed.wait_for(lambda: ben.mirror.lobby and ben.mirror.refused, 10)
        assert len(game.room.game.moves) == 0  # the lobby: nobody has moved
        game.start()
        with ben.changed:
            assert ben.changed.wait_for(lambda: ben.mirror.over, 60), "the game did not end"
        assert [s["kind"] for s in game.room.record_seats()] == ["random", "random", "easy"]
    finally:
        ben.close()
        host.leave()
        game.close()
