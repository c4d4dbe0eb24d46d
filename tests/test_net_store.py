"""Rooms in the room store: every change kept before anyone is told, rooms rebuilt at start, a
change the store refuses never reported as played, finished rooms moved aside, a damaged
database a sentence."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import threading
from collections.abc import Callable

import pytest
from kept_rooms import finished_rooms, kept_rooms
from netplay import free_port, restarted, run, seated, serve_process, serving, urland_command
from store_faults import disk_full

from urland.bots.registry import make_bot
from urland.engine import Move, format_move
from urland.master import keeper
from urland.master.room import Room, room_key
from urland.net.client import JoinRefused
from urland.net.server import NOT_KEPT, GameServer, ServerOptions
from urland.records.history import load_record
from urland.store.base import AddChat, ChatLine, StoreError
from urland.store.sqlite import FILE_NAME, SqliteStore

SEATS = ["remote", "random", "random"]  # seed 12: the remote seat decides first


async def _play_own_moves(client, count: int, seed: int = 1) -> None:
    """Let the client's seat play `count` moves (random bot), waiting for each to be shown."""
    bot = make_bot("random", seed)
    played = 0
    while played < count and not client.mirror.over:
        if client.mirror.my_turn:
            at = client.mirror.at
            await client.play(bot.choose(client.mirror.view))
            while client.mirror.at == at:
                await client.receive(5)
            played += 1
        else:
            await client.receive(5)


def _kept(folder, code: str):
    """The store's own record of a room: its snapshot's number and its changes since."""
    store = SqliteStore(folder, read_only=True)
    try:
        return store.room(room_key(code))
    finally:
        store.close()


def test_moves_are_kept_as_changes_after_the_snapshot_and_a_restart_carries_on_from_both(
        tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("jour", SEATS, 12)
            anna = await seated(address, "jour", "Anna")
            await _play_own_moves(anna, 6)
            # The room was written whole at creation; the moves are kept as its changes.
            kept = _kept(tmp_path, "jour")
            assert kept.number == 0 and len(kept.changes) >= 6
            assert [c.number for c in kept.changes] == list(range(1, len(kept.changes) + 1))
            await anna.close()
        played = room.game.notation()  # the bots may have played on: the server is closed now
        # Closed: the room is written whole where it stood.
        assert Room.from_text(_kept(tmp_path, "jour").snapshot, "jour").game.notation() == played
        sealed = b"".join(p.read_bytes() for p in tmp_path.glob(f"{FILE_NAME}*"))
        assert not any(m.encode() in sealed for m in played if " " in m)  # no move to be read
        # Restarted: the room where it stood, the player's seat still hers.
        async with restarted(tmp_path) as again:
            back = again.room("jour")
            assert back.game.notation() == played and back.seats[0].name == "Anna"
            assert back.seats[0].taken and again.problems == []
    run(scenario())


def test_a_damaged_change_stops_its_room_there_with_a_sentence(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("torn", ["remote", "remote", "random"], 12)
            anna = await seated(address, "torn", "Anna")
            await _play_own_moves(anna, 1)
            await anna.close()
            server.master.keeper.close([])  # stopped as a killed server stops: no snapshot
        played = room.game.notation()
        connection = sqlite3.connect(tmp_path / FILE_NAME)
        with connection:  # the last change, a move, damaged
            connection.execute("UPDATE changes SET change = '__import__' WHERE seq ="
                               " (SELECT MAX(seq) FROM changes)")
        connection.close()
        async with restarted(tmp_path) as again:
            assert again.room("torn").game.notation() == played[:-1]
            assert again.problems == [f"Room torn: its kept changes end early; the game goes "
                                      f"on from move {len(played) - 1}."]
    run(scenario())


def test_a_damaged_database_is_a_sentence_and_serve_stops_without_a_crash(tmp_path):
    (tmp_path / "rooms").mkdir()
    (tmp_path / "rooms" / FILE_NAME).write_bytes(b"not a database at all " * 300)
    with pytest.raises(StoreError, match=r"is damaged .* restore a backup"):
        GameServer(ServerOptions(rooms_dir=tmp_path / "rooms"))
    served = subprocess.run(urland_command("serve", "--rooms", str(tmp_path / "rooms"),
                                           "--host", "127.0.0.1", "--port", "0"),
                            capture_output=True, text=True, timeout=60)
    assert served.returncode == 1 and "Traceback" not in served.stderr
    assert f"{FILE_NAME} in {tmp_path / 'rooms'} is damaged" in served.stderr


def test_a_move_the_store_refuses_is_not_played_and_the_player_is_told(tmp_path, monkeypatch):
    """The store refuses every write mid-game (a full disk): the move is refused with a
    sentence, the game is as before, and a newcomer is not seated. Once the store takes
    writes again the game goes on, and a restart has only what was told."""
    full = disk_full(monkeypatch)

    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("full", ["remote", "remote", "random"], 12)
            anna = await seated(address, "full", "Anna")
            while not anna.mirror.my_turn:
                await anna.receive(5)
            before, view = room.game.notation(), room.game.view(0)
            full["on"] = True
            move = make_bot("random", 3).choose(anna.mirror.view)
            await anna.play(move)
            while not anna.mirror.refused:
                await anna.receive(5)
            assert anna.mirror.refused == NOT_KEPT and anna.mirror.refused_code == "not-kept"
            assert anna.mirror.at == len(before)
            assert room.game.notation() == before and room.game.view(0) == view
            try:
                await seated(address, "full", "Ben")
                raise AssertionError("a seat was given that is not kept")
            except JoinRefused as refused:
                assert refused.code == "not-kept"
            assert not room.seats[1].taken
            full["on"] = False
            await anna.play(move)
            while anna.mirror.at == len(before):
                await anna.receive(5)
            told = [*before, format_move(move, room.game.board)]
            assert room.game.notation()[:len(told)] == told
            await anna.close()
        played = room.game.notation()
        async with restarted(tmp_path) as again:
            assert again.room("full").game.notation() == played
    run(scenario())


def test_a_finished_room_is_moved_aside_and_not_read_back_at_start(tmp_path):
    async def scenario():
        history = tmp_path / "history"
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=history)
        async with serving(options) as (server, _):
            room = server.open_room("done", ["random"] * 3, 4)  # the server's bots play it
            while not room.game.over:
                await asyncio.sleep(0.05)
        (done,) = finished_rooms(tmp_path / "rooms")  # moved aside by the time it closed
        assert done.game.notation() == room.game.notation()
        assert kept_rooms(tmp_path / "rooms") == {}
        assert len(list(history.glob("*.yaml"))) == 1
        async with restarted(tmp_path / "rooms") as again:
            assert again.rooms == {}
    run(scenario(), 120)


def test_a_room_is_written_whole_now_and_then_so_a_start_replays_few_changes(
        tmp_path, monkeypatch):
    monkeypatch.setattr(keeper, "SNAPSHOT_EVERY", 4)

    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("often", SEATS, 12)
            anna = await seated(address, "often", "Anna")
            await _play_own_moves(anna, 8)
            await anna.close()
            for _ in range(200):  # the snapshot is written after the change that called it
                if room.saved_seq >= 4:
                    break
                await asyncio.sleep(0.05)
            kept = _kept(tmp_path, "often")
            assert kept.number >= 4 and len(kept.changes) < room.seq
            assert all(c.number > kept.number for c in kept.changes)
        played = room.game.notation()
        async with restarted(tmp_path) as again:
            assert again.room("often").game.notation() == played
    run(scenario())


class _HeldStore:
    """A store whose first write waits until `gate` is set (the writer busy meanwhile)."""

    def __init__(self, store) -> None:
        self.store, self.holding, self.gate = store, threading.Event(), threading.Event()
        self.where = store.where

    def write(self, writes):
        if not self.holding.is_set():
            self.holding.set()
            self.gate.wait(30)
        return self.store.write(writes)

    def __getattr__(self, name):
        return getattr(self.store, name)


def test_changes_arriving_together_are_written_in_one_transaction(tmp_path):
    from urland.store.base import AddChange
    from urland.store.writer import StoreWriter

    async def scenario():
        held = _HeldStore(SqliteStore(tmp_path))
        writer = StoreWriter(held)
        try:
            first = writer.submit(AddChat("room", "chat", ChatLine(1, 0, "Anna", "hello")))
            assert await asyncio.to_thread(held.holding.wait, 5)
            changes = [asyncio.ensure_future(writer.keep(AddChange(room_key(f"r{i}"), 1,
                                                                   {"k": "x"})))
                       for i in range(200)]
            await asyncio.sleep(0)  # every change has gone to the writer's queue
            held.gate.set()
            await asyncio.gather(*changes)
            first.result(5)
        finally:
            held.gate.set()
            await asyncio.to_thread(writer.close)
        assert writer.writes == 201 and writer.batches == 2  # the 200 in one transaction
        count = held.store._run("SELECT COUNT(*) FROM changes").fetchone()[0]
        held.store.close()
        assert count == 200
    run(scenario())


def test_a_room_made_again_under_a_finished_ones_code_never_takes_its_old_records(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, _):
            old = server.open_room("again", ["random"] * 3, 4)
            while not old.game.over:
                await asyncio.sleep(0.05)
            new = server.open_room("again", SEATS, 12)
            assert new is not old and new.seq > old.seq and new.game.moves == []
        async with restarted(tmp_path) as again:
            assert again.room("again").game.moves == []
    run(scenario(), 120)


def test_a_failed_write_is_told_to_whoever_waits_and_a_stopped_writer_refuses_at_once(
        tmp_path, monkeypatch):
    """A write the store refuses reaches its caller as an error, never a wait for ever, and
    so does a write asked for after the server stopped writing."""
    from urland.store.writer import StoreWriter

    full = disk_full(monkeypatch)
    writer = StoreWriter(SqliteStore(tmp_path))
    line = AddChat("room", "chat", ChatLine(1, 0, "Anna", "hello"))
    full["on"] = True
    with pytest.raises(StoreError, match="disk is full"):
        writer.submit(line).result(5)
    full["on"] = False
    assert writer.submit(line).result(5) is None  # the writer went on
    writer.close()
    with pytest.raises(StoreError):
        writer.submit(line).result(1)
    writer.store.close()


def _up_to_the_last_move(room: Room) -> Move:
    """Play the room's game with random moves up to its last one, returned unplayed."""
    bot = make_bot("random", room.game.seed)
    while True:
        move = bot.choose(room.game.view(room.game.decision().seat))
        room.game.play(move)
        if room.game.over:
            room.game.take_back()
            return move


async def _writer_held(server) -> Callable[[], None]:
    """Hold the server's writer thread (whatever is queued behind waits); returns what lets
    it go on."""
    holding, gate = threading.Event(), threading.Event()

    store = server.master.keeper.store
    real_write = store.write

    def held(writes):
        if not holding.is_set():
            holding.set()
            gate.wait(30)
        return real_write(writes)
    store.write = held
    server.master.keeper.writer.submit(AddChat("held", "chat", ChatLine(1, 0, "Anna", "wait")))
    assert await asyncio.to_thread(holding.wait, 5)
    return gate.set


async def _last_move_held(server, room: Room):
    """Play `room` (every seat remote: nobody else plays there) up to its last move, then start
    that move while the writer thread is held, so its record waits; returns the move's task
    and what lets the writer go on."""
    move = _up_to_the_last_move(room)
    release = await _writer_held(server)
    last = asyncio.create_task(server.master.commit(room, lambda: room.play_move(move)))
    await asyncio.sleep(0.05)
    assert room.game.over and not last.done()
    return last, release


def test_a_room_made_again_while_the_last_move_is_still_on_its_way_to_the_store_keeps_both(
        tmp_path):
    """The old game's last move is kept, its game kept in the history and moved aside; the
    new room, written after, is not taken with it (a restart finds the new room)."""
    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path, history_dir=tmp_path / "history")
        async with serving(options) as (server, _):
            old = server.open_room("again", ["remote"] * 3, 4)
            last, release = await _last_move_held(server, old)
            try:
                threading.Timer(0.3, release).start()  # the new room waits for the writer
                new = server.open_room("again", SEATS, 12)
            finally:
                release()
            await last
            server.master.tell(old)  # as the driver does after a move
            assert new.game.moves == [] and server.room("again") is new
        async with restarted(tmp_path) as again:
            assert again.room("again").game.moves == []
        (finished,) = finished_rooms(tmp_path)
        assert finished.game.over and finished.game.notation() == old.game.notation()
        assert len(list((tmp_path / "history").glob("*.yaml"))) == 1  # kept once
    run(scenario(), 60)


def test_each_game_played_under_one_code_goes_to_the_history(tmp_path):
    """A room made again while the last game's end was on its way to the disk: both games are
    kept when they end (the second used to be taken for the first, already kept)."""
    async def scenario():
        history = tmp_path / "history"
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=history)
        async with serving(options) as (server, _):
            room = server.open_room("twice", ["remote"] * 3, 4)
            for seed in (5, None):
                last, release = await _last_move_held(server, room)
                release()
                if seed is not None:
                    again = server.open_room("twice", ["remote"] * 3, seed)
                await last
                server.master.tell(room)
                room = again
        assert sorted(load_record(p)[0].seed for p in history.glob("*.yaml")) == [4, 5]
    run(scenario(), 60)


def test_a_room_made_again_while_its_bots_write_the_last_games_end_is_played_by_its_bots(
        tmp_path):
    """The room's bots were still writing the old game's last move when the new game began:
    the new game's bots play it (they used to stand idle)."""
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, _):
            old = server.open_room("bots", ["random"] * 3, 4)
            _up_to_the_last_move(old)  # the last move is the room's own bot's
            release = await _writer_held(server)
            try:
                while not old.game.over:  # the bot has played it; its record waits
                    await asyncio.sleep(0.01)
                new = server.open_room("bots", ["random"] * 3, 5)
            finally:
                release()
            for _ in range(200):
                if len(new.game.moves) >= 10:
                    break
                await asyncio.sleep(0.05)
            assert len(new.game.moves) >= 10
    run(scenario(), 60)


def test_newcomers_arriving_together_each_get_their_own_seat_while_the_disk_writes(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("many", ["remote"] * 5, 6)
            clients = await asyncio.gather(*(seated(address, "many", f"P{i}") for i in range(5)))
            assert sorted(c.mirror.seat for c in clients) == [0, 1, 2, 3, 4]
            assert all(server.connected(room)) and all(s.taken for s in room.seats)
    run(scenario())


@pytest.mark.parametrize("kept_in", ["sqlite", "postgresql"])
def test_a_server_killed_right_after_telling_a_move_has_it_after_a_restart(tmp_path, kept_in,
                                                                           request):
    """kill -9 of a real `serve` the moment the client has been told its move: the restarted
    server holds that move, and the client takes its seat again with its token."""
    port = free_port()
    env = {**os.environ, "URLAND_HOME": str(tmp_path)}
    store = "sqlite" if kept_in == "sqlite" else request.getfixturevalue("postgres_url")
    args = ("--host", "127.0.0.1", "--port", str(port), "--room", "kill", "--plain-code",
            "--seats", "remote,random,random", "--seed", "12", "--store", store)

    async def scenario():
        server = serve_process(env, *args)
        try:
            anna = await seated(f"127.0.0.1:{port}", "kill", "Anna")
            bot = make_bot("random", 5)
            for _ in range(5):
                while not anna.mirror.my_turn:
                    await anna.receive(10)
                at = anna.mirror.at
                await anna.play(bot.choose(anna.mirror.view))
                while anna.mirror.at == at:
                    await anna.receive(10)
            told = list(anna.mirror.log)
            server.send_signal(signal.SIGKILL)  # at once: the move was told a moment ago
            server.wait()
            server = serve_process(env, *args)
            back = await seated(f"127.0.0.1:{port}", "kill", token=anna.token)
            assert back.mirror.seat == 0 and back.mirror.at >= anna.mirror.at
            assert back.mirror.log[:len(told)] == told
        finally:
            server.kill()
            server.wait()
    run(scenario(), 60)
