"""Hostile and unlucky clients: each is refused or dropped, and the game is unharmed."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time

import pytest
from netplay import free_port, play_seat, run, seated, serve_process, serving, urland_command
from rawsocket import closed_by_peer, confirm_welcome, frame, handshake, read_frame
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from urland.engine import format_move
from urland.engine.save import load_game
from urland.net import protocol as p
from urland.net.client import JoinRefused, NetClient
from urland.net.server import ServerOptions
from urland.records.history import list_records

SEATS = ["remote", "remote", "random"]


async def _closed_with(client: NetClient, limit: float = 10.0) -> tuple[int | None, list[dict]]:
    """Read until the server closes; its close code and the messages read on the way."""
    seen = []
    try:
        while True:
            seen.append(await client.receive(limit))
    except ConnectionClosed as closed:
        return (closed.rcvd.code if closed.rcvd else None), seen


async def _refused(address: str, room: str, **kw) -> JoinRefused:
    with pytest.raises(JoinRefused) as refused:
        await seated(address, room, **kw)
    return refused.value


def test_a_wrong_room_code_or_a_wrong_token_is_refused():
    async def scenario():
        async with serving() as (server, address):
            room = server.open_room("K7QM-2XPA-9DRT", SEATS, 1)
            assert (await _refused(address, "K7QM-2XPA-9DRU")).code == "no-room"
            assert (await _refused(address, "K7QM-2XPA-9DRT", token="not-a-token")).code == "token"
            anna = await seated(address, "k7qm 2xpa 9drt", "Anna")  # read aloud, typed loosely
            assert anna.mirror.seat == 0 and not room.seats[1].taken
    run(scenario())


def test_room_codes_are_unguessable():
    from urland.master.room import CODE_ALPHABET, CODE_LENGTH, new_room_code

    assert CODE_LENGTH * (len(CODE_ALPHABET).bit_length() - 1) >= 40
    codes = {new_room_code() for _ in range(1000)}
    assert len(codes) == 1000


def test_another_seats_move_and_a_move_out_of_turn_are_refused_and_the_game_unchanged():
    async def scenario():
        async with serving() as (server, address):
            room = server.open_room("turns", ["remote", "remote", "remote"], 4)
            clients = [await seated(address, "turns", n) for n in ("A", "B", "C")]
            actor = room.game.state.actor
            other = clients[(actor + 1) % 3]
            before = list(room.game.notation())
            legal = format_move(room.game.legal_options()[0].move, room.game.board)
            await other.send({"type": "move", "move": legal, "at": len(room.game.moves)})
            while not other.mirror.refused:
                await other.receive(5)
            assert other.mirror.refused == "It is not your decision."
            mine = clients[actor]
            await mine.send({"type": "move", "move": legal, "at": len(room.game.moves) + 3})
            while not mine.mirror.refused:
                await mine.receive(5)
            assert "changed" in mine.mirror.refused
            assert room.game.notation() == before
            await mine.send({"type": "ping"})  # still connected
            while (await mine.receive(5))["type"] != "pong":
                pass
            await mine.send({"type": "move", "move": "fly to the moon", "at": len(before)})
            mine.mirror.refused = ""
            while not mine.mirror.refused:
                await mine.receive(5)
            assert room.game.notation() == before
    run(scenario())


async def _game_goes_on(server, address: str, room_code: str) -> None:
    """A well-behaved client can still play the room's game to its end (an AI stands in for
    the seat of the client that was thrown out)."""
    room = server.room(room_code)
    server.options.ai_after = 0.2
    server.master.kick(room_code.upper())
    good = await seated(address, room_code, "Good")
    assert await play_seat(good, 7) == 0
    assert room.game.over


@pytest.mark.parametrize("bad", ["{not json", "[1, 2]", '{"type": "teleport"}',
                                 '{"type": "move", "move": 12, "at": 0}', "NaN"])
def test_a_malformed_message_gets_an_error_and_the_connection_is_closed(bad):
    async def scenario():
        async with serving() as (server, address):
            server.open_room("bad", SEATS, 2)
            rogue = await seated(address, "bad", "Rogue")
            await rogue.ws.send(bad)
            code, seen = await _closed_with(rogue)
            assert code == p.CLOSE_MALFORMED
            assert seen[-1]["type"] == "error"
            await _game_goes_on(server, address, "bad")
    run(scenario())


def test_a_10_mb_message_is_refused_and_the_connection_closed():
    async def scenario():
        async with serving() as (server, address):
            server.open_room("big", SEATS, 2)
            rogue = await seated(address, "big", "Rogue")
            await rogue.ws.send(json.dumps({"type": "chat", "text": "x" * 10_000_000}))
            code, _ = await _closed_with(rogue)
            assert code == p.CLOSE_TOO_BIG
            await _game_goes_on(server, address, "big")
    run(scenario())


def test_a_client_sending_1000_messages_a_second_is_slowed_then_dropped():
    async def scenario():
        # the server reads no more of a dropped flood, its close answer included: it cuts the
        # line after close_seconds (2 s by default)
        options = ServerOptions(hello_seconds=2.0, close_seconds=0.3)
        async with serving(options) as (server, address):
            server.open_room("flood", SEATS, 2)
            rogue = await seated(address, "flood", "Rogue")
            reader = asyncio.create_task(_closed_with(rogue, 15))
            start = time.monotonic()
            sent = 0
            with pytest.raises(ConnectionClosed):
                while time.monotonic() - start < 10:
                    for _ in range(10):
                        await rogue.ws.send('{"type":"ping"}')
                        sent += 1
                    await asyncio.sleep(0.01)  # 1,000 a second
            code, _ = await reader
            assert code == p.CLOSE_FLOOD
            pongs = sum(1 for m in rogue.received if m["type"] == "pong")
            assert 40 <= pongs < sent  # the burst answered, then slowed, then dropped
            await _game_goes_on(server, address, "flood")
    run(scenario())


def test_half_open_connections_are_closed_and_the_seat_is_shown_as_lost():
    async def scenario():
        # neither answers the server's close: the line is cut after close_seconds (2 s by default)
        options = ServerOptions(hello_seconds=0.5, ping_interval=0.3, ping_timeout=0.3,
                                close_seconds=0.3)
        async with serving(options) as (server, address):
            room = server.open_room("half", SEATS, 2)
            port = int(address.rsplit(":", 1)[1])
            silent = await asyncio.to_thread(handshake, port)  # never says hello
            assert await asyncio.to_thread(closed_by_peer, silent, 5.0)
            mute = await asyncio.to_thread(handshake, port)  # says hello, then never answers
            mute.sendall(frame(json.dumps({"type": "hello", "version": p.VERSION,
                                           "room": "half", "name": "Mute"}).encode()))
            await asyncio.to_thread(confirm_welcome, mute)  # seated, then never answers
            watcher = await seated(address, "half", "Watcher")
            assert await asyncio.to_thread(closed_by_peer, mute, 5.0)
            while watcher.mirror.waiting_for() != ["Mute"]:
                await watcher.receive(5)
            assert room.seats[0].taken and not server.connected(room)[0]
    run(scenario())


def test_a_client_of_another_protocol_version_gets_a_clear_message():
    async def scenario():
        async with serving() as (server, address):
            server.open_room("ver", SEATS, 2)
            async with connect(f"ws://{address}") as ws:
                await ws.send(json.dumps({"type": "hello", "version": 99, "room": "ver"}))
                reply = json.loads(await ws.recv())
                with pytest.raises(ConnectionClosed) as closed:
                    await ws.recv()
            assert reply["code"] == "version"
            assert "protocol 1" in reply["message"] and "99" in reply["message"]
            assert closed.value.rcvd.code == p.CLOSE_VERSION
    run(scenario())



def test_a_client_of_another_version_whose_hello_has_other_fields_still_gets_the_version_message():
    """A later version may rename or reshape hello's fields (here: no room, a numeric name):
    the integer version is compared first, so the player learns to update, not "not Urland"."""
    async def scenario():
        async with serving() as (server, address):
            server.open_room("ver2", SEATS, 2)
            async with connect(f"ws://{address}") as ws:
                await ws.send(json.dumps({"type": "hello", "version": 2, "lobby": "ver2",
                                          "name": 7}))
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 10)
            assert reply["type"] == "error" and reply["code"] == "version"
            assert "protocol 1" in reply["message"] and "2" in reply["message"]
            assert closed.value.rcvd.code == p.CLOSE_VERSION == 4001
    run(scenario())


KILLED_MID_MESSAGE = """
import os, signal, sys
sys.path.insert(0, sys.argv[2])
from rawsocket import frame, handshake
sock = handshake(int(sys.argv[1]))
whole = frame(b'{"type": "hello", "version": 1, "room": "mid", "name": "Half"}' + b" " * 900)
sock.sendall(whole[:300])
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_the_server_survives_a_client_killed_in_the_middle_of_a_message():
    async def scenario():
        async with serving() as (server, address):
            server.open_room("mid", ["remote", "random", "random"], 2)
            port = address.rsplit(":", 1)[1]
            here = os.path.dirname(__file__)
            killed = await asyncio.create_subprocess_exec(
                sys.executable, "-c", KILLED_MID_MESSAGE, port, here)
            assert await killed.wait() == -signal.SIGKILL
            await _game_goes_on(server, address, "mid")
    run(scenario())


def _history_moves(home) -> list[str]:
    records, _ = list_records(home / "history")
    game, _ = load_game(records[0].path)
    return game.notation()


def test_a_client_killed_with_kill_9_mid_game_rejoins_with_its_token(tmp_path):
    async def scenario():
        async with serving() as (server, address):
            room = server.open_room("nine", ["remote", "remote", "random"], 11)
            env = {**os.environ, "URLAND_HOME": str(tmp_path / "anna")}
            command = urland_command("join", f"ws://{address}", "--room", "nine", "--name",
                                     "Anna", "--autoplay", "--quit-when-over", "--no-window")
            anna = await asyncio.create_subprocess_exec(*command, env=env)
            while not (tmp_path / "anna" / "online.yaml").exists():  # seated, token kept
                await asyncio.sleep(0.05)
            ben = await seated(address, "nine", "Ben")
            while room.game.state.actor != 1:  # Anna plays until Ben must decide
                await asyncio.sleep(0.05)
            assert len(room.game.moves) >= 1 and not room.game.over
            anna.send_signal(signal.SIGKILL)
            await anna.wait()
            while ben.mirror.waiting_for() != ["Anna"]:
                await ben.receive(5)
            bot_client = asyncio.create_task(play_seat(ben, 3))
            while room.game.state.actor != 0:  # Ben plays on until it is Anna's decision
                await asyncio.sleep(0.05)
            waiting_at = len(room.game.moves)
            await asyncio.sleep(0.5)
            assert len(room.game.moves) == waiting_at  # the game waits for Anna
            again = await asyncio.create_subprocess_exec(*command, env=env)
            assert await again.wait() == 0  # no free seat: only her token got her back in
            assert await bot_client == 0
            assert room.game.over
            assert _history_moves(tmp_path / "anna") == room.game.notation()
    run(scenario(), 120)


def test_a_window_less_autoplayed_seat_says_when_the_game_is_over_and_leaves_on_ctrl_c(
        tmp_path):
    """`join --no-window --autoplay` against a real `serve`: it says when the game is over
    and how to leave, and Ctrl+C then ends it at once, with the sentence and exit code 130
    (nothing of its bot outlives the game)."""
    port = free_port()
    server = serve_process({**os.environ, "URLAND_HOME": str(tmp_path / "server")}, "--host",
                           "127.0.0.1", "--port", str(port), "--room", "told", "--plain-code",
                           "--seats", "remote,random,random", "--seed", "4", "--no-announce")
    errors = tmp_path / "anna-errors.txt"

    async def scenario():
        with errors.open("wb") as error_file:
            anna = await asyncio.create_subprocess_exec(
                *urland_command("join", f"127.0.0.1:{port}", "--room", "told", "--name",
                                "Anna", "--autoplay", "--no-window"),
                env={**os.environ, "URLAND_HOME": str(tmp_path / "anna")},
                stdout=asyncio.subprocess.PIPE, stderr=error_file)
        assert anna.stdout is not None
        try:
            said = []
            while not said or "Press Ctrl+C to leave" not in said[-1]:
                said.append((await anna.stdout.readline()).decode())
                assert said[-1], "join stopped before saying the game is over"
            assert any(line.startswith("Game over: Anna ") for line in said)
            anna.send_signal(signal.SIGINT)
            assert await asyncio.wait_for(anna.wait(), 10) == 130
        finally:
            if anna.returncode is None:
                anna.kill()
                await anna.wait()
    try:
        run(scenario(), 120)
    finally:
        server.kill()
        server.wait()
    err = errors.read_text()
    assert "you left the game; your seat stays yours" in err and "Traceback" not in err


def test_a_host_crash_and_restart_with_three_clients_loses_no_decision(tmp_path):
    port = free_port()
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "server")}
    args = ("--host", "127.0.0.1", "--port", str(port), "--room", "crash", "--plain-code",
            "--seats",
            "remote,remote,remote", "--seed", "8")

    class Slow:  # a bot that takes its time, so the crash comes mid-game
        def __init__(self, seed):
            from urland.bots.registry import make_bot
            self.bot = make_bot("random", seed)

        def choose(self, view):
            time.sleep(0.03)
            return self.bot.choose(view)

    async def scenario():
        from urland.net.seat_runner import run_seat

        server = serve_process(env, *args)
        try:
            clients = [await seated(f"127.0.0.1:{port}", "crash", n) for n in "ABC"]
            runs = [asyncio.create_task(run_seat(c, Slow(i), patience=30))
                    for i, c in enumerate(clients)]
            while max(c.mirror.at for c in clients) < 25:
                await asyncio.sleep(0.01)
            server.send_signal(signal.SIGKILL)
            server.wait()
            seen_at = max(c.mirror.at for c in clients)
            logs = [list(c.mirror.log) for c in clients]
            server = serve_process(env, *args)
            assert await asyncio.gather(*runs) == [0, 0, 0]
            record = clients[0].mirror.record
            assert len(record.moves) > seen_at
            for client, log in zip(clients, logs, strict=True):
                assert client.mirror.log[:len(log)] == log  # nothing it was told is undone
                assert client.mirror.record.notation() == record.notation()
        finally:
            server.kill()
            server.wait()
        assert _history_moves(tmp_path / "server") == record.notation()
    run(scenario(), 120)


async def _restart_without_the_room(port: int, seat_up) -> None:
    """A server holding room "gone" at `port`, a seat taken by `seat_up(address)` (which
    returns an awaitable condition: the client has given up), then a server without it."""
    async with serving(port=port) as (server, address):
        server.open_room("gone", SEATS, 3)
        given_up = await seat_up(address)
    async with serving(port=port) as (server, address):  # restarted: the room is not there
        await asyncio.wait_for(given_up(), 15)


def test_a_refused_reconnect_is_final_and_the_table_tells_the_player_why():
    """The seat's room vanished while the player was away: the table stops "Trying again..."
    and says the server no longer takes the seat, with the server's reason."""
    from urland.net.link import NetLink
    from urland.table.remote import RemoteTable

    port = free_port()
    doors = []

    async def seat_up(address):
        link = await asyncio.to_thread(NetLink.open, NetClient(address, "gone", "Anna"), None)
        doors.append(RemoteTable(link))

        async def given_up():
            while not link.gone:
                await asyncio.sleep(0.05)
        return given_up

    try:
        run(_restart_without_the_room(port, seat_up))
        door = doors[0]
        assert not door.link.online
        assert door.now().save_problem == ("The server no longer takes your seat: There is no game "
                                     "with that room code here.")
    finally:
        for door in doors:
            door.link.close()


def test_a_refused_reconnect_ends_run_seat_at_once_with_the_reason():
    from urland.net.seat_runner import run_seat

    outcome = {}

    async def seat_up(address):
        anna = await seated(address, "gone", "Anna")
        task = asyncio.create_task(run_seat(anna, patience=600.0))

        async def given_up():
            outcome["code"] = await task
            outcome["refusal"] = anna.refusal
        return given_up

    run(_restart_without_the_room(free_port(), seat_up))
    assert outcome == {"code": 1, "refusal": "There is no game with that room code here."}


def test_a_newcomer_who_never_confirms_the_welcome_does_not_burn_the_seat():
    """A client gone right after its hello never holds its token: the seat is free again, and
    the next two players both sit down, in the order they came."""
    async def scenario():
        async with serving() as (server, address):
            room = server.open_room("burn", ["remote", "remote", "random"], 12)
            port = int(address.rsplit(":", 1)[1])

            def hello_and_go():
                sock = handshake(port)
                sock.sendall(frame(json.dumps({"type": "hello", "version": p.VERSION,
                                               "room": "burn", "name": "Gone"}).encode()))
                while b'"welcome"' not in read_frame(sock)[1]:  # seat 0 is promised to it
                    pass
                sock.close()  # gone before the welcome's ping is answered
            await asyncio.to_thread(hello_and_go)
            while room.reserved or room.seats[0].taken:  # until the server lets it go
                await asyncio.sleep(0.02)
            assert room.seats[0].name == "White"  # its colour's name again, not "Gone"
            anna = await seated(address, "burn", "Anna")
            ben = await seated(address, "burn", "Ben")
            assert (anna.mirror.seat, ben.mirror.seat) == (0, 1)
            assert room.names()[:2] == ["Anna", "Ben"]
            await anna.close()
            await ben.close()
    run(scenario())


def test_a_client_that_stops_reading_is_dropped_and_the_others_get_every_message():
    """Mallory takes her seat, then never reads again: what waits for her is queued apart from
    the others; once too much waits (here 64 KiB) she is dropped (4011) and shown as missing,
    while Ben has received every one of Anna's chat lines."""
    import socket

    lines = 1500

    def mallory(port):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.settimeout(10)
        sock.connect(("127.0.0.1", port))
        import base64
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: "
                      f"Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13"
                      "\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += sock.recv(1)
        sock.sendall(frame(json.dumps({"type": "hello", "version": p.VERSION, "room": "slow",
                                       "name": "Mallory"}).encode()))
        confirm_welcome(sock)  # seated; from now on she reads nothing
        return sock

    async def scenario():
        # her close unanswered is cut after a second (5 s by default): the drop is the same
        options = ServerOptions(rate=10_000, burst=10_000, max_queued=64 * 1024,
                                chat_rate=10_000, chat_burst=10_000, drop_close_seconds=1.0)
        async with serving(options) as (server, address):
            room = server.open_room("slow", ["remote"] * 3, 5)
            anna = await seated(address, "slow", "Anna")
            stuck = await asyncio.to_thread(mallory, int(address.rsplit(":", 1)[1]))
            while ("SLOW", 1) not in server.clients:  # her pong is on its way
                await asyncio.sleep(0.01)
            her_side = server.clients[("SLOW", 1)].ws.transport.get_extra_info("socket")
            her_side.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # a thin line
            ben = await seated(address, "slow", "Ben")
            heard: dict[str, list[str]] = {"Anna": [], "Ben": []}

            async def reads(client: NetClient, name: str) -> None:
                while len(heard[name]) < lines:
                    msg = await client.receive(20)
                    if msg["type"] == "chat" and msg["name"] == "Anna":
                        heard[name].append(msg["text"])
            # Anna reads her own lines as they come back too: a client that leaves with
            # messages unread waits its whole close timeout for the server's answer
            reading = [asyncio.create_task(reads(anna, "Anna")),
                       asyncio.create_task(reads(ben, "Ben"))]
            for i in range(lines):
                await anna.chat(f"{i:04d} " + "x" * 190)
                if i % 100 == 99:
                    await asyncio.sleep(0.01)
            await asyncio.wait_for(asyncio.gather(*reading), 30)
            assert heard["Ben"] == [f"{i:04d} " + "x" * 190 for i in range(lines)]
            while server.connected(room) != [True, False, True]:
                await asyncio.sleep(0.05)
            assert room.seats[1].taken  # her seat is kept for her: she may come back
            stuck.close()
            await anna.close()
            await ben.close()
    run(scenario())
