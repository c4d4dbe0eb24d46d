"""Games played through a server on 127.0.0.1: each client sees its own seat, and only it."""

from __future__ import annotations

import asyncio
import time

import pytest
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netplay import (
    play_seat,
    play_until_an_action_to_take_back,
    restarted,
    run,
    seated,
    serving,
)

from urland.bots.registry import make_bot
from urland.engine import BID, UNKNOWN, Move, PlayerView, position_from_text
from urland.master.room import Room, normal_code
from urland.net.client import JoinRefused, NetClient
from urland.net.server import ServerOptions
from urland.net.wire import events_to_wire, view_to_wire
from urland.records.history import load_record


class SecretsWatch:
    """Checks every message the server sends against the true state at that moment."""

    def __init__(self) -> None:
        self.checked = 0

    def __call__(self, room: Room, seat: int, message: dict) -> None:
        game = room.game
        kind = message["type"]
        if kind == "update":
            assert message["view"] == view_to_wire(game.view(seat))
            self._redacted(room, seat, message["view"]["position"])
            mine = game.log_for(seat)
            assert message["events"] == events_to_wire(mine[message["log_from"]:])
            assert message["at"] == len(game.moves)
        elif kind == "over":
            assert game.over, "the record, with every secret open, only once the game is over"
        else:
            assert kind in ("welcome", "presence", "chat", "refused", "pong")
            assert "view" not in message and "events" not in message and "record" not in message
        self.checked += 1

    @staticmethod
    def _redacted(room: Room, seat: int, position: str) -> None:
        """What the seat may not know is not in the position it is sent (rules section 9)."""
        true, sent = room.game.state, position_from_text(position)
        mask = 1 << seat
        assert all(chip == UNKNOWN for chip in sent.pile)  # the order of the draw pile
        assert sorted(c for c in sent.hand if c != UNKNOWN) == sorted(
            c for c in true.hand if true.seen[c] & mask)  # the chips in another's hand
        if true.chosen >= 0 and not true.seen[true.chosen] & mask:
            assert sent.chosen == UNKNOWN  # the face-down chip
        if true.phase == BID:
            for other, bid in enumerate(true.bids):
                if other != seat and bid >= 0:
                    assert sent.bids[other] == UNKNOWN  # a bid not yet revealed
        assert sent.rng == 0


async def _random_game(players: int, remote: int, seed: int) -> None:
    kinds = ["remote"] * remote + ["random"] * (players - remote)
    watch = SecretsWatch()
    async with serving() as (server, address):
        server.observer = watch
        room = server.open_room("prop", kinds, seed)
        clients = [await seated(address, "prop", f"P{i}") for i in range(remote)]
        codes = await asyncio.gather(*(play_seat(c, seed + i) for i, c in enumerate(clients)))
        assert codes == [0] * remote
        game = room.game
        assert game.over
        for client in clients:
            seat = client.mirror.seat
            assert client.mirror.view == game.view(seat)
            assert events_to_wire(client.mirror.log) == events_to_wire(game.log_for(seat))
            assert client.mirror.record is not None
            assert client.mirror.record.notation() == game.notation()
        assert watch.checked > len(game.moves)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.integers(3, 5), data=st.data(), seed=st.integers(0, 10_000))
def test_random_games_each_client_ends_with_its_seats_view_and_never_sees_a_secret(
        players, data, seed):
    remote = data.draw(st.integers(2, players))
    run(_random_game(players, remote, seed))


async def _chat_and_names() -> None:
    async with serving() as (server, address):
        server.open_room("talk", ["remote", "remote", "random"], 3)
        anna = await seated(address, "talk", "Anna")
        ben = await seated(address, "talk", "Ben")
        await anna.chat("good luck")
        while not ben.mirror.chat:
            await ben.receive(5)
        assert ben.mirror.chat[-1] == ("Anna", "good luck")
        assert ben.mirror.names[:2] == ["Anna", "Ben"]
        await anna.close()
        while ben.mirror.waiting_for() != ["Anna"]:
            await ben.receive(5)


def test_chat_reaches_everyone_with_the_name_and_a_lost_player_is_waited_for():
    run(_chat_and_names())


async def _stand_in() -> None:
    from urland.net.server import ServerOptions

    async with serving(ServerOptions(ai_after=0.3)) as (server, address):
        room = server.open_room("away", ["remote", "random", "random"], 9)
        anna = await seated(address, "away", "Anna")
        await anna.close()
        while not room.game.over:  # an AI plays Anna's seat once she has been away a while
            await asyncio.sleep(0.05)
        assert room.seats[0].kind == "remote"


def test_a_missing_seat_is_handed_to_an_ai_after_a_while_when_the_host_allows_it():
    run(_stand_in())


async def _stand_in_after_a_restart(rooms) -> None:
    from urland.net.server import ServerOptions

    async with serving(ServerOptions(rooms_dir=rooms)) as (server, address):
        server.open_room("back", ["remote", "random", "random"], 12)  # Anna decides first
        anna = await seated(address, "back", "Anna")
        await anna.close()
    async with serving(ServerOptions(rooms_dir=rooms, ai_after=0.3)) as (server, address):
        room = server.room("back")
        assert room.actor == 0 and room.seats[0].taken and not any(server.connected(room))
        played = len(room.game.moves)
        while room.actor == 0:  # Anna never comes back: an AI decides for her
            await asyncio.sleep(0.05)
        assert len(room.game.moves) > played and room.seats[0].kind == "remote"


def test_after_a_restart_an_ai_stands_in_for_a_player_who_does_not_come_back(tmp_path):
    run(_stand_in_after_a_restart(tmp_path / "rooms"))


async def _undo_online() -> None:

    async with serving() as (server, address):
        room = server.open_room("undo", ["remote", "random", "random"], 12)
        anna = await seated(address, "undo", "Anna")
        actions = await play_until_an_action_to_take_back(anna)
        before = room.game.notation()
        await anna.play(actions[0])
        while anna.mirror.at == len(before):
            await anna.receive(5)
        assert anna.mirror.can_undo
        assert anna.mirror.undoable == room.game.notation()[-1]  # what Undo will say it undid
        again = NetClient(address, "undo", token=anna.token)  # her seat taken back elsewhere
        await again.connect()
        assert again.mirror.undoable == room.game.notation()[-1]  # it knows it too
        await again.close()
        anna = await seated(address, "undo", "", token=again.token)
        await anna.undo()
        while anna.mirror.at != len(before):
            await anna.receive(5)
        assert room.game.notation() == before
        assert anna.mirror.view == room.game.view(0)
        assert events_to_wire(anna.mirror.log) == events_to_wire(room.game.log_for(0))


def test_a_player_takes_back_an_action_of_their_own_turn_and_every_side_agrees():
    run(_undo_online())


async def _back_before_the_stand_in() -> None:
    from urland.bots.registry import make_bot
    from urland.net.server import ServerOptions

    async with serving(ServerOptions(ai_after=30.0)) as (server, address):
        room = server.open_room("back", ["remote", "random", "random"], 9)
        anna = await seated(address, "back", "Anna")
        token = anna.token
        while not anna.mirror.view.my_turn:
            await anna.receive(5)
        await anna.close()  # gone on her own decision: the room waits for her (or a stand-in)
        await asyncio.sleep(0.3)
        anna = await seated(address, "back", "Anna", token)
        bot = make_bot("random", 1)
        while room.actor == 0:  # back well before the stand-in: she plays her turn herself
            if anna.mirror.view.my_turn:
                await anna.play(bot.choose(anna.mirror.view))
            await anna.receive(5)
        played = len(room.game.moves)
        # the computer players go on at once, not when the stand-in's 30 s are up
        await asyncio.wait_for(_until(lambda: len(room.game.moves) > played), 10)


async def _until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.05)


def test_after_a_player_comes_back_and_plays_the_computer_players_go_on_at_once():
    run(_back_before_the_stand_in())


async def _comings_and_goings() -> None:
    async with serving() as (server, address):
        room = server.open_room("hall", ["remote", "remote", "random"], 5)
        anna = await seated(address, "hall", "Anna")
        ben = await seated(address, "hall", "Ben")
        token = anna.token
        await anna.close()
        await _until(lambda: not server.connected(room)[0])
        anna = await seated(address, "hall", "Anna", token)
        await asyncio.gather(play_seat(anna, 1), play_seat(ben, 2))
        await _until(lambda: not any(server.connected(room)))


def test_the_server_says_who_takes_leaves_and_retakes_a_seat_and_who_won(caplog):
    caplog.set_level("INFO", logger="urland.rooms")
    run(_comings_and_goings())
    said = [r.getMessage() for r in caplog.records if r.name == "urland.rooms"]
    assert said[:4] == ["Room hall: Anna took the White seat.",  # seats named by colour
                        "Room hall: Ben took the Black seat.",
                        "Room hall: Anna left the White seat.",
                        "Room hall: Anna is back in the White seat."]
    assert said[-3].startswith("Room hall: the game is over; ")
    assert " wins with " in said[-3] and said[-3].endswith(" points.")
    assert sorted(said[-2:]) == ["Room hall: Anna left the White seat.",
                                 "Room hall: Ben left the Black seat."]


async def _countdown_to_the_stand_in() -> None:
    from urland.net.server import ServerOptions

    async with serving(ServerOptions(ai_after=30.0)) as (server, address):
        server.open_room("wait", ["remote", "remote", "random"], 9)
        anna = await seated(address, "wait", "Anna")
        ben = await seated(address, "wait", "Ben")
        before = time.monotonic()
        await anna.close()
        while not ben.mirror.stand_in_at or ben.mirror.stand_in_at[0] is None:
            await ben.receive(5)
        # Ben is told when an AI will play for Anna: 30 s after she left
        # (the server says the seconds left to a tenth)
        assert before + 29.95 <= ben.mirror.stand_in_at[0] <= time.monotonic() + 30.05
        assert ben.mirror.stand_in_at[1:] == [None, None]  # nobody else is waited for


def test_the_others_are_told_when_an_ai_will_stand_in_for_a_player_who_is_away():
    run(_countdown_to_the_stand_in())


@pytest.mark.parametrize("sent", [float("nan"), -1, "soon", True, 10**9])
def test_a_damaged_countdown_from_a_server_is_refused_as_a_damaged_message(sent):
    from urland.net.client import Mirror
    from urland.net.protocol import ProtocolError

    mirror = Mirror()
    before = time.monotonic()
    mirror.apply({"type": "presence", "connected": [False, True], "stand_in_in": [12.5, None]})
    assert mirror.stand_in_at[1] is None
    assert before + 12.5 <= mirror.stand_in_at[0] <= time.monotonic() + 12.5
    with pytest.raises(ProtocolError):
        mirror.apply({"type": "presence", "connected": [False, True], "stand_in_in": [sent]})


def test_the_countdown_reads_as_a_clock_and_reaches_zero_only_when_it_is_over():
    from urland.table.presence import minutes_and_seconds

    assert [minutes_and_seconds(s) for s in (300, 299.2, 61, 59.5, 0.4, 0)] == [
        "5:00", "5:00", "1:01", "1:00", "0:01", "0:00"]


class WatchingBot:
    """A computer seat that counts the positions it is shown between its decisions."""

    def __init__(self) -> None:
        self.bot = make_bot("random", 4)
        self.shown: list[int] = []  # the turn of each position shown

    def choose(self, seen: PlayerView) -> Move:
        return self.bot.choose(seen)

    def watch(self, seen: PlayerView) -> None:
        self.shown.append(seen.state.turn)


async def _computer_seats_watch_every_move() -> None:
    async with serving() as (server, address):
        room = server.open_room("look", ["remote", "remote", "random"], 7)
        watcher = server.master.bots[normal_code("look")][2] = WatchingBot()
        before = len(room.game.moves)
        anna = await seated(address, "look", "Anna")
        ben = await seated(address, "look", "Ben")
        await asyncio.gather(play_seat(anna, 1), play_seat(ben, 2))
        assert room.game.over
        assert len(watcher.shown) == len(room.game.moves) - before


def test_a_computer_seat_online_sees_the_table_after_the_players_moves_as_well_as_its_own():
    """At one table the bots watch every move (they remember the board the face-down chip was
    laid on); online they did only after the bots' own moves."""
    run(_computer_seats_watch_every_move())


def test_a_bot_that_takes_an_online_seat_is_recorded_as_that_bot_not_as_a_person(tmp_path):
    """`join --autoplay` says in its hello that a bot plays: the finished game's record names
    its level (the others still wait for that online seat when its connection is lost)."""
    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=tmp_path / "history")
        async with serving(options) as (server, address):
            server.open_room("mixed", ["remote", "remote", "random"], 7)
            person = await seated(address, "mixed", "Anna")
            robot = NetClient(address, "mixed", "Robo", bot="random")
            await robot.connect()
            assert room_seats(server) == ["human", "random", "random"]
            assert await asyncio.gather(play_seat(person, 3), play_seat(robot, 4)) == [0, 0]
        (record,) = (tmp_path / "history").glob("*.yaml")
        _game, meta = load_record(record)
        assert [s["kind"] for s in meta["seats"]] == ["human", "random", "random"]
    run(scenario(), 60)


def room_seats(server) -> list[str]:
    return [s["kind"] for s in server.room("mixed").record_seats()]


def test_a_bot_online_is_still_recorded_as_a_bot_after_a_restart(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            server.open_room("again", ["remote", "remote", "random"], 7)
            robot = NetClient(address, "again", "Robo", bot="medium")
            await robot.connect()
            await robot.close()
        async with restarted(tmp_path) as again:
            assert [s["kind"] for s in again.room("again").record_seats()] == [
                "medium", "human", "random"]  # the first free seat, nobody in the second
    run(scenario(), 60)


def test_a_hello_naming_no_computer_level_is_refused():
    async def scenario():
        async with serving() as (server, address):
            server.open_room("odd", ["remote", "remote", "random"], 7)
            with pytest.raises(JoinRefused):
                await NetClient(address, "odd", "Robo", bot="genius").connect()
            assert not any(s.taken for s in server.room("odd").seats)
    run(scenario(), 60)


def test_a_newcomer_whose_name_is_taken_is_told_the_name_the_others_see():
    from urland.net.client import CHAT_NOTICE
    from urland.table.remote import _notice

    async def scenario() -> None:
        async with serving() as (server, address):
            server.open_room("names", ["remote", "remote", "random"], 3)
            anna = await seated(address, "names", "Anna")
            second = await seated(address, "names", "Anna")
            assert second.mirror.names[second.mirror.seat] == "Anna (2)"
            assert (CHAT_NOTICE, "renamed") in second.mirror.chat
            assert (CHAT_NOTICE, "renamed") not in anna.mirror.chat
            await anna.close()
            await second.close()
    run(scenario())
    assert "the others see you as Anna (2)" in _notice("renamed", "Anna (2)")[1]
