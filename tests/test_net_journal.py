"""Rooms on disk: every change in the server's journal before anyone is told, rooms rebuilt at
start, a change the disk refuses never reported as played, finished rooms moved aside."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from collections.abc import Callable

import pytest
from netplay import free_port, restarted, run, seated, serve_process, serving

from urland.bots.registry import make_bot
from urland.engine import Move, format_move
from urland.master.journal import CURRENT, OLD, Journal, Record, encode, read_journal
from urland.master.room import FINISHED, SUFFIX, Room, room_file, room_key
from urland.net.client import JoinRefused
from urland.net.server import NOT_KEPT, ServerOptions
from urland.records.history import load_record

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


def test_moves_go_to_the_journal_not_the_room_file_and_a_restart_carries_on_from_both(
        tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("jour", SEATS, 12)
            anna = await seated(address, "jour", "Anna")
            await _play_own_moves(anna, 6)
            # The room's file was written at creation; the moves are in the journal.
            assert Room.load(room_file(tmp_path, "jour")).game.moves == []
            await anna.close()
        played = room.game.notation()  # the bots may have played on: the server is closed now
        # Closed: the file is written whole where the room stood.
        assert Room.load(room_file(tmp_path, "jour")).game.notation() == played
        records, problems = read_journal(tmp_path)
        assert len(records) >= len(played) and problems == []
        assert all(r.room == room_key("jour") for r in records)
        text = (tmp_path / CURRENT).read_text()
        assert "jour" not in text and not any(m in text for m in played if " " in m)
        # Restarted: the room where it stood, the player's seat still hers.
        async with restarted(tmp_path) as again:
            back = again.room("jour")
            assert back.game.notation() == played and back.seats[0].name == "Anna"
            assert back.seats[0].taken and again.problems == []
        # ... and written whole there, its journal emptied
        assert Room.load(room_file(tmp_path, "jour")).game.notation() == played
        assert read_journal(tmp_path) == ([], [])
    run(scenario())


def test_a_torn_last_record_is_ignored_and_a_damaged_line_skipped_with_a_sentence(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("torn", SEATS, 12)
            anna = await seated(address, "torn", "Anna")
            await _play_own_moves(anna, 3)
            await anna.close()
        played = room.game.notation()
        lines = (tmp_path / CURRENT).read_bytes().splitlines(keepends=True)
        torn = encode(Record(room_key("torn"), 999, {"k": "move", "at": 0, "move": "x"}))
        damaged = b'{"r": "__import__(\'os\').system(\'false\')", "n": 1}\n'
        (tmp_path / CURRENT).write_bytes(lines[0] + damaged + b"".join(lines[1:])
                                         + torn[:len(torn) // 2])
        async with restarted(tmp_path) as again:
            assert again.room("torn").game.notation() == played
            assert again.problems == [f"{CURRENT}, line 2: damaged; skipped."]
    run(scenario())


def test_a_move_the_disk_refuses_is_not_played_and_the_player_is_told(tmp_path):
    """The journal turns into a folder mid-game (as root no permission stops a write): the
    move is refused with a sentence, the game is as before, and a newcomer is not seated.
    Once the disk takes writes again the game goes on, and a restart has only what was told."""
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            room = server.open_room("full", ["remote", "remote", "random"], 12)
            anna = await seated(address, "full", "Anna")
            while not anna.mirror.my_turn:
                await anna.receive(5)
            before, view = room.game.notation(), room.game.view(0)
            journal = tmp_path / CURRENT
            os.replace(journal, tmp_path / "aside")
            journal.mkdir()
            move = make_bot("random", 3).choose(anna.mirror.view)
            await anna.play(move)
            while not anna.mirror.refused:
                await anna.receive(5)
            assert anna.mirror.refused == NOT_KEPT and anna.mirror.refused_code == "not-kept"
            assert anna.mirror.at == len(before)
            assert room.game.notation() == before and room.game.view(0) == view
            try:
                await seated(address, "full", "Ben")
                raise AssertionError("a seat was given that is not on disk")
            except JoinRefused as refused:
                assert refused.code == "not-kept"
            assert not room.seats[1].taken
            journal.rmdir()
            os.replace(tmp_path / "aside", journal)
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


def test_a_finished_room_moves_to_finished_and_is_not_read_back_at_start(tmp_path):
    async def scenario():
        history = tmp_path / "history"
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=history)
        async with serving(options) as (server, _):
            room = server.open_room("done", ["random"] * 3, 4)  # the server's bots play it
            while not room.game.over:
                await asyncio.sleep(0.05)
            for _ in range(100):  # the move aside is written after the last record
                if not room_file(tmp_path / "rooms", "done").exists():
                    break
                await asyncio.sleep(0.05)
        kept = tmp_path / "rooms" / FINISHED / room_file(tmp_path, "done").name
        assert Room.load(kept).game.notation() == room.game.notation()
        assert list((tmp_path / "rooms").glob(f"*{SUFFIX}")) == []
        assert len(list(history.glob("*.yaml"))) == 1
        async with restarted(tmp_path / "rooms") as again:
            assert again.rooms == {}
    run(scenario(), 120)


def test_a_full_journal_is_set_aside_once_every_room_is_written_whole(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, address):
            journal = server.master.keeper.journal
            journal.limit = 600  # a few records
            rooms = [server.open_room(f"r{i}", SEATS, 12) for i in range(2)]
            clients = [await seated(address, f"r{i}", "Anna") for i in range(2)]
            await asyncio.gather(*(_play_own_moves(c, 8, i) for i, c in enumerate(clients)))
            for client in clients:
                await client.close()
            for _ in range(200):  # the bots play up to Anna's turn, then all is written
                keeper = server.master.keeper
                if (all(r.actor == 0 for r in rooms) and keeper._setting_aside is None
                        and not (tmp_path / OLD).exists()):
                    break
                await asyncio.sleep(0.05)
            assert not (tmp_path / OLD).exists()
            assert len(read_journal(tmp_path)[0]) < journal.records  # the rest was deleted
        played = [r.game.notation() for r in rooms]
        async with restarted(tmp_path) as again:
            assert [again.room(f"r{i}").game.notation() for i in range(2)] == played
    run(scenario())


def test_changes_arriving_together_are_flushed_to_disk_together(tmp_path):
    async def scenario():
        journal = Journal(tmp_path)
        holding, gate = threading.Event(), threading.Event()

        def hold() -> None:  # the writer busy with a batch while the changes arrive
            holding.set()
            gate.wait()
        try:
            journal.later(hold)
            assert await asyncio.to_thread(holding.wait, 5)
            changes = [asyncio.ensure_future(journal.append(Record(room_key(f"r{i}"), 1,
                                                                   {"k": "x"})))
                       for i in range(200)]
            await asyncio.sleep(0)  # every change has gone to the writer's queue
            gate.set()
            await asyncio.gather(*changes)
        finally:
            gate.set()
            await asyncio.to_thread(journal.close)
        assert journal.records == 200 and journal.batches == 1
        assert len(read_journal(tmp_path)[0]) == 200
    run(scenario())


def test_a_room_made_again_under_a_finished_ones_code_never_takes_its_old_records(tmp_path):
    async def scenario():
        async with serving(ServerOptions(rooms_dir=tmp_path)) as (server, _):
            old = server.open_room("again", ["random"] * 3, 4)
            while not old.game.over:
                await asyncio.sleep(0.05)
            new = server.open_room("again", SEATS, 12)
            assert new is not old and new.seq == old.seq and new.game.moves == []
        async with restarted(tmp_path) as again:
            assert again.room("again").game.moves == []
    run(scenario(), 120)


def test_a_failed_write_is_told_to_whoever_waits_and_a_stopped_writer_refuses_at_once(
        tmp_path):
    """A room that cannot be written reaches its caller as an error, never a wait for ever,
    and so does a room asked to be written after the server stopped writing."""
    journal = Journal(tmp_path)

    def broken() -> None:
        raise ValueError("damaged")
    with pytest.raises(ValueError):
        journal.later(broken).result(5)
    assert journal.later(lambda: None).result(5) is None  # the writer went on
    journal.close()
    with pytest.raises(OSError):
        journal.later(lambda: None).result(1)


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

    def hold() -> None:
        holding.set()
        gate.wait(30)
    server.master.keeper.journal.later(hold)
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


def test_a_room_made_again_while_the_last_move_is_still_on_its_way_to_the_disk_keeps_both(
        tmp_path):
    """The old game's last move is written, its game kept in the history and moved aside; the
    new room's file, written after, is not taken with it (a restart finds the new room)."""
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
        finished = Room.load(tmp_path / FINISHED / room_file(tmp_path, "again").name)
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


def test_a_server_killed_right_after_telling_a_move_has_it_after_a_restart(tmp_path):
    """kill -9 of a real `serve` the moment the client has been told its move: the restarted
    server holds that move, and the client takes its seat again with its token."""
    port = free_port()
    env = {**os.environ, "URLAND_HOME": str(tmp_path)}
    args = ("--host", "127.0.0.1", "--port", str(port), "--room", "kill", "--plain-code",
            "--seats",
            "remote,random,random", "--seed", "12")

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
