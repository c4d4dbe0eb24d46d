"""The fourth audit's network defects, each on real sockets on 127.0.0.1: pings and frames
before a hello, peers that never read, handshakes never finished, the log under hostile
traffic, chat floods and reconnects, look-alike names, guessed codes, a welcome across a kill,
and moves the server's disk refused."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import signal
import socket

import pytest
from netplay import free_port, play_seat, run, seated, serve_process, serving
from rawsocket import closed_by_peer, confirm_welcome, frame, handshake, read_frame
from store_faults import disk_full

from urland.net import protocol as p
from urland.net.client import JoinRefused, Mirror
from urland.net.server import ServerOptions

SEATS = ["remote", "remote", "remote"]


def _hello(room: str, **fields) -> bytes:
    return frame(json.dumps({"type": "hello", "version": p.VERSION, "room": room,
                             **fields}).encode())


def _port(address: str) -> int:
    return int(address.rsplit(":", 1)[1])


def _all_until_closed(sock: socket.socket, within: float = 5.0) -> bytes:
    """Every byte the server sends until it closes the connection."""
    sock.settimeout(within)
    got = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            got += chunk
    return got


def _cuts(server) -> dict[str, int]:
    return {k: v for k, v in server.gate.tally.total.items() if k.startswith("connections cut")}


# --- N1, N2: pings before a hello, pings after it, peers that never read -------------------

def test_a_ping_before_the_hello_cuts_the_connection_and_others_play_on():
    async def scenario():
        async with serving() as (server, address):
            server.open_room("pings", SEATS, 3)
            anna = await seated(address, "pings", "Anna")

            def pinger() -> bytes:
                sock = handshake(_port(address))
                sock.sendall(frame(b"x" * 8, opcode=9) * 500)  # 500 pings, no hello
                return _all_until_closed(sock)
            # Cut at the first ping, before the library read the others: not one pong.
            assert await asyncio.to_thread(pinger) == b""
            assert _cuts(server) == {"connections cut: a ping or pong before joining a room": 1}
            await anna.chat("still here")
            while not anna.mirror.chat:
                await anna.receive(5)
            assert anna.mirror.chat[-1] == ("Anna", "still here")
            await anna.close()
    run(scenario())


def test_frames_past_the_hello_allowance_before_a_hello_cut_the_connection():
    async def scenario():
        async with serving() as (server, address):
            def chatter() -> bool:
                sock = handshake(_port(address))
                # The first part of a message, then parts that never end it: no hello.
                parts = [frame(b"{", opcode=1)] + [frame(b"x", opcode=0) for _ in range(10)]
                sock.sendall(b"".join(bytes([part[0] & 0x7F]) + part[1:] for part in parts))
                return closed_by_peer(sock, within=5)
            assert await asyncio.to_thread(chatter)
            assert _cuts(server) == {"connections cut: too many frames before joining a room": 1}
    run(scenario())


def test_a_seated_client_that_pings_fast_is_cut_and_one_that_never_reads_too():
    async def scenario():
        options = ServerOptions(hello_seconds=2.0, control_rate=2, control_burst=10,
                                max_unsent=8 * 1024)
        async with serving(options) as (server, address):
            server.open_room("noread", SEATS, 4)

            def seated_raw(pings: int, size: int) -> bool:
                sock = handshake(_port(address))
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
                sock.sendall(_hello("noread", name="Pinger"))
                confirm_welcome(sock)
                with contextlib.suppress(OSError):
                    sock.sendall(frame(b"p" * size, opcode=9) * pings)
                return closed_by_peer(sock, within=5)
            assert await asyncio.to_thread(seated_raw, 200, 4)  # 200 pings at once
            assert "connections cut: too many pings" in _cuts(server)
            ben = await seated(address, "noread", "Ben")  # the server serves on
            assert ben.mirror.seat is not None
            await ben.close()
    run(scenario())


def test_pongs_for_a_peer_that_never_reads_are_bounded_then_it_is_cut():
    async def scenario():
        options = ServerOptions(hello_seconds=2.0, control_rate=1000, control_burst=100_000,
                                max_unsent=16 * 1024)
        async with serving(options) as (server, address):
            server.open_room("mute", SEATS, 4)

            def mute() -> socket.socket:
                sock = handshake(_port(address), receive_buffer=1024)
                sock.sendall(_hello("mute", name="Mute"))
                confirm_welcome(sock)
                return sock
            sock = await asyncio.to_thread(mute)
            while ("MUTE", 0) not in server.clients:
                await asyncio.sleep(0.01)
            her_side = server.clients[("MUTE", 0)].ws.transport.get_extra_info("socket")
            her_side.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # a thin line

            def ping_and_never_read() -> None:
                sock.settimeout(5)
                with contextlib.suppress(OSError):
                    for _ in range(2000):  # up to 2.5 MB of pongs to send back, never read
                        sock.sendall(frame(b"q" * 120, opcode=9) * 10)
            await asyncio.to_thread(ping_and_never_read)
            cause = "connections cut: too much waiting for a peer that does not read"
            while cause not in _cuts(server):
                await asyncio.sleep(0.05)
            while server.connected(server.room("mute"))[0]:
                await asyncio.sleep(0.05)  # cut, and shown as away
            sock.close()
    run(scenario())


# --- N7, N8: handshakes never finished, the log ---------------------------------------------

def test_connections_that_never_finish_the_handshake_count_per_address_from_accept():
    async def scenario():
        options = ServerOptions(hello_seconds=2.0, per_address=4, handshake_seconds=30,
                                refused_held_seconds=0)  # (closed at once: see below)
        async with serving(options) as (server, address):
            server.open_room("fd", SEATS, 5)
            held = []

            def open_many() -> None:
                for _ in range(40):  # from another address of this computer
                    sock = socket.socket()
                    sock.bind(("127.0.0.2", 0))
                    sock.connect(("127.0.0.1", _port(address)))
                    held.append(sock)
            await asyncio.to_thread(open_many)
            while sum(1 for s in held if closed_by_peer(s, 0.01)) < 32:
                await asyncio.sleep(0.05)
            assert server.gate.open_from["127.0.0.2"] == 8  # twice the cap, the rest cut
            assert _cuts(server) == {  # closed at accept: no handshake ever began
                "connections cut at accept: too many connections at once from one address": 32}
            anna = await seated(address, "fd", "Anna")  # another address: not held up
            assert anna.mirror.seat == 0
            await anna.close()
            for sock in held:
                sock.close()
    run(scenario())


def test_an_address_that_keeps_opening_connections_is_closed_at_accept_until_it_slows():
    async def scenario():
        options = ServerOptions(connect_rate=1.0, connect_burst=5, refused_held_seconds=0)
        async with serving(options) as (server, address):
            server.open_room("rate", SEATS, 5)

            def open_and_close(n: int) -> list[bool]:
                answered = []
                for _ in range(n):  # from another address of this computer
                    sock = socket.socket()
                    sock.bind(("127.0.0.3", 0))
                    sock.connect(("127.0.0.1", _port(address)))
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                                 b"Connection: Upgrade\r\nSec-WebSocket-Key: "
                                 b"dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                    sock.settimeout(5)
                    try:
                        answered.append(sock.recv(12).startswith(b"HTTP/1.1 101"))
                    except OSError:
                        answered.append(False)
                    sock.close()
                return answered
            answered = await asyncio.to_thread(open_and_close, 12)
            # Five at once are let in; the others are closed before any handshake.
            assert answered[:5] == [True] * 5 and not any(answered[6:])
            assert _cuts(server).get(
                "connections cut at accept: an address opening connections too fast", 0) >= 6
            anna = await seated(address, "rate", "Anna")  # another address: let in at once
            assert anna.mirror.seat == 0
            await anna.close()
    run(scenario())


def test_a_flood_s_refused_connections_are_held_open_unread_so_it_waits_instead_of_looping():
    """A client that opens a new connection the moment the last one is closed would cost the
    server an accept and a close thousands of times a second: what is refused at accept is
    held open, unread, for a while first (here longer than the test), and closed at the
    latest when the server stops."""
    async def scenario():
        # one new connection every ten seconds past the burst: however slowly a busy machine
        # accepts the ten, seven of them are past it; the three let in never begin their
        # handshake, and the server's stop waits for their deadline (5 s by default)
        options = ServerOptions(connect_rate=0.1, connect_burst=3, refused_held_seconds=60,
                                handshake_seconds=1.0)
        async with serving(options) as (server, address):
            server.open_room("tarpit", SEATS, 5)

            def open_many() -> list[socket.socket]:
                opened = []
                for _ in range(10):  # from another address of this computer
                    sock = socket.socket()
                    sock.bind(("127.0.0.4", 0))
                    sock.connect(("127.0.0.1", _port(address)))
                    opened.append(sock)
                return opened
            opened = await asyncio.to_thread(open_many)
            cut = "connections cut at accept: an address opening connections too fast"
            while _cuts(server).get(cut, 0) < 7:
                await asyncio.sleep(0.05)
            refused = opened[3:]
            assert not any(closed_by_peer(s, 0.05) for s in refused)  # held, not closed
            anna = await seated(address, "tarpit", "Anna")  # another address: let in at once
            assert anna.mirror.seat == 0
            await anna.close()
        # the server has stopped: every connection it held is closed
        assert all(await asyncio.to_thread(lambda: [closed_by_peer(s, 10) for s in refused]))
        for sock in opened:
            sock.close()
    run(scenario())


def test_a_connection_that_never_finishes_its_handshake_is_cut_at_the_deadline():
    async def scenario():
        async with serving(ServerOptions(handshake_seconds=0.5)) as (_server, address):
            def silent() -> bool:
                sock = socket.create_connection(("127.0.0.1", _port(address)))
                sock.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
                return closed_by_peer(sock, within=10)
            assert await asyncio.to_thread(silent)
    run(scenario())


def test_hostile_connections_leave_one_log_line_per_cause_with_its_count(caplog):
    caplog.set_level(logging.WARNING)

    async def scenario():
        # the 60 connections come one after another from one address: all within its burst,
        # so none is held at accept first (a flood's held connections are tested below)
        async with serving(ServerOptions(connect_burst=60)) as (server, address):
            server.open_room("logs", SEATS, 6)

            def hostile() -> None:
                for _ in range(30):
                    sock = handshake(_port(address))
                    sock.sendall(frame(b"", opcode=9))
                    closed_by_peer(sock, within=5)
                    sock.close()
                for _ in range(30):
                    with socket.create_connection(("127.0.0.1", _port(address))) as sock:
                        sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
                        closed_by_peer(sock, within=5)
            await asyncio.to_thread(hostile)
    run(scenario())
    lines = [r for r in caplog.records if r.name.startswith(("urland", "asyncio", "websockets"))]
    said = [r.getMessage() for r in lines]
    assert "30 x connections cut: a ping or pong before joining a room" in " ".join(said)
    # Of the 30 requests that are not HTTP, one line (the first) and then their count.
    assert sum(1 for r in lines if r.exc_info is not None) <= 1
    assert len(said) <= 5, said


# --- N5, N6, N9: chat --------------------------------------------------------------------

def test_a_seat_that_chats_too_fast_is_told_and_the_others_never_get_the_excess():
    async def scenario():
        async with serving(ServerOptions(chat_rate=1, chat_burst=5)) as (server, address):
            server.open_room("chat", SEATS, 7)
            anna = await seated(address, "chat", "Anna")
            ben = await seated(address, "chat", "Ben")
            for i in range(12):
                await anna.chat(f"line {i}")
            refused = []
            while len(refused) < 7:
                msg = await anna.receive(5)
                if msg["type"] == "chat-refused":
                    refused.append(msg)
            assert refused[0]["code"] == "chat-rate" and "too fast" in refused[0]["message"]
            await ben.chat("mine")  # each seat has its own allowance
            heard = []
            while not heard or heard[-1] != "mine":
                msg = await ben.receive(5)
                if msg["type"] == "chat":
                    heard.append(msg["text"])
            assert heard == [f"line {i}" for i in range(5)] + ["mine"]
            await anna.close()
            await ben.close()
    run(scenario())


def test_a_chat_flood_past_the_limit_is_answered_ten_times_then_refused_unanswered():
    """Each refused line costs the server an answer only for the first ten in a row; a seat
    whose line passes again is told again of the next one refused."""
    from urland.net.chat_limit import TOLD_IN_A_ROW, RoomChat

    now = [0.0]
    chat = RoomChat(rate=1.0, burst=2, clock=lambda: now[0])
    assert chat.say(0, "Anna", "a") and chat.say(0, "Anna", "b")
    told = 0
    for _ in range(40):
        assert chat.say(0, "Anna", "flood") is None
        told += chat.to_tell(0)
    assert told == TOLD_IN_A_ROW == 10
    assert chat.say(1, "Ben", "mine") and chat.to_tell(1)  # each seat its own count
    now[0] += 1.0
    assert chat.say(0, "Anna", "calm again") is not None
    assert chat.say(0, "Anna", "too fast") is None and chat.to_tell(0)


def test_after_a_reconnect_no_chat_line_is_taken_in_twice():
    async def scenario():
        options = ServerOptions(chat_rate=1000, chat_burst=1000)
        async with serving(options) as (server, address):
            server.open_room("again", SEATS, 8)
            anna = await seated(address, "again", "Anna")
            ben = await seated(address, "again", "Ben")
            for i in range(10):
                await anna.chat(f"line {i}")
            while ben.mirror.chat_count < 10:
                await ben.receive(5)
            await ben.ws.close()
            ben_mirror = ben.mirror
            await ben.connect()  # back with its token: the last lines are sent again
            await anna.chat("new")
            while ben.mirror.chat[-1] != ("Anna", "new"):
                await ben.receive(5)
            assert ben.mirror is ben_mirror
            assert [t for _n, t in ben.mirror.chat] == [f"line {i}" for i in range(10)] + [
                "new"]
            assert ben.mirror.chat_count == 11
            await anna.close()
            await ben.close()
    run(scenario())


async def _play_to(clients, server_room, at: int) -> None:
    """Play the seats of `clients` with random bots (an AI stands in for those away) until
    the room's game has `at` moves."""
    from urland.bots.registry import make_bot

    bots = [make_bot("random", i) for i in range(len(clients))]
    while len(server_room.game.moves) < at:
        for client, bot in zip(clients, bots, strict=True):
            with contextlib.suppress(TimeoutError):
                while True:
                    await client.receive(0.02)
            mirror = client.mirror
            if mirror.my_turn and mirror.at == len(server_room.game.moves):
                await client.play(bot.choose(mirror.view))
        await asyncio.sleep(0.01)


def test_chat_lines_sent_again_after_a_rejoin_go_where_they_were_said():
    """Ben hears Anna's first line, drops, and comes back in a new window while Anna said a
    second one: both lines come again, each with its place in Ben's log (the events before
    the position it was said at), not at the end of it."""
    async def scenario():
        options = ServerOptions(ai_after=0.05, hello_seconds=2.0)
        async with serving(options) as (server, address):
            room = server.open_room("placed", ["remote", "remote", "random"], 21)
            anna = await seated(address, "placed", "Anna")
            ben = await seated(address, "placed", "Ben")
            await _play_to([anna, ben], room, 4)
            await anna.chat("before")
            while not ben.mirror.chat:
                await ben.receive(5)
            heard_at = ben.mirror.chat_places[-1]
            assert heard_at == len(ben.mirror.log)  # heard live: after Ben's log so far
            await ben.ws.close()
            await _play_to([anna], room, len(room.game.moves) + 3)
            await anna.chat("while Ben was away")
            await _play_to([anna], room, len(room.game.moves) + 4)
            said = server.chats[room.key].lines[-1]  # its place: the bots play on meanwhile
            assert said.text == "while Ben was away"
            said_at = said.at
            again = await seated(address, "placed", token=ben.token)  # a new window
            while [t for _n, t in again.mirror.chat] != ["before", "while Ben was away"]:
                await again.receive(5)
            before, away = again.mirror.chat_places
            assert before == heard_at
            seen = room.game.log[:room.game.move_log_start[said_at]]
            assert away == sum(1 for e in seen if e.visible(1))
            assert before < away < len(again.mirror.log)
            for client in (anna, again):
                await client.close()
    run(scenario())


def test_the_window_logs_a_line_heard_late_where_it_was_said(app):
    from urland.texts.log import LogEntry
    from urland.ui.table.game_log import GameLogView

    log = GameLogView()
    log.set_entries([LogEntry(f"move {i}", "draw") for i in range(6)])
    log.add_said(["Ben: now"])
    log.add_said(["Anna: earlier", "Cleo: first"], places=[4, 1])
    assert [e.text for e in log.entries] == [
        "move 0", "Cleo: first", "move 1", "move 2", "move 3", "Anna: earlier", "move 4",
        "move 5", "Ben: now"]


def test_the_window_logs_every_line_after_the_first_fifty(app):
    """The client keeps the last 50 lines; the chat box counts by the running number, so the
    51st line and every one after it still reach the log."""
    from urland.ui.table.chat_box import ChatBox

    mirror = Mirror()
    logged: list[str] = []
    box = ChatBox(lambda: list(mirror.chat), lambda text: None, logged.extend,
                  lambda: mirror.chat_count)
    for n in range(1, 71):
        mirror.apply({"type": "chat", "n": n, "chat": "c1", "seat": 1, "name": "Ben",
                      "text": f"line {n:03d}"})
        if n % 7 == 0:
            box.update(0.1)
    box.update(0.1)
    assert len(mirror.chat) == 50
    assert logged == [f"Ben: line {n:03d}" for n in range(1, 71)]


def test_a_seat_that_comes_back_again_and_again_is_told_busy_before_its_welcome():
    """Each return with the seat's token sends its whole log: past the seat's allowance of
    returns the hello is refused "busy" (the client tries again later), and nothing of the
    game is sent for it."""
    async def scenario():
        options = ServerOptions(back_rate=0.001, back_burst=2, hello_seconds=2.0)
        async with serving(options) as (server, address):
            server.open_room("back", SEATS, 10)
            anna = await seated(address, "back", "Anna")
            for _ in range(2):
                await anna.ws.close()
                await anna.connect()  # back in the seat: the allowance holds two
            await anna.ws.close()
            anna.received.clear()
            with pytest.raises(JoinRefused) as refused:
                await anna.connect()
            assert refused.value.code == "busy"
            assert [m["type"] for m in anna.received] == ["error"]
            counted = server.gate.tally.total
            assert counted["joins refused: a seat coming back too often"] == 1
            ben = await seated(address, "back", "Ben")  # another seat has its own
            await ben.close()
    run(scenario())


# --- N10: names --------------------------------------------------------------------------

def test_a_look_alike_name_gets_a_number_and_a_name_that_shows_nothing_a_default():
    async def scenario():
        async with serving() as (server, address):
            room = server.open_room("names", SEATS, 9)
            anna = await seated(address, "names", "Anna")
            fake = await seated(address, "names", "\u0410nna")  # a Cyrillic A
            blank = await seated(address, "names", "\u034f\u034f")
            assert room.names() == ["Anna", "\u0410nna (2)", "Grey"]  # Grey: the seat's colour
            for client in (anna, fake, blank):
                await client.close()
    run(scenario())


# --- N11: guesses -------------------------------------------------------------------------

def test_wrong_room_codes_from_one_address_are_refused_once_its_guesses_are_spent():
    async def scenario():
        async with serving(ServerOptions(guess_rate=0.01, guess_burst=5)) as (server, address):
            server.open_room("real-room", SEATS, 10)
            codes = []
            for i in range(8):
                with pytest.raises(JoinRefused) as refused:
                    await seated(address, f"guess-{i}")
                codes.append(refused.value.code)
            assert codes == ["no-room"] * 5 + ["slow-down"] * 3
            # Past the allowance even the right code is refused: a guess tells nothing.
            with pytest.raises(JoinRefused) as refused:
                await seated(address, "real-room")
            assert refused.value.code == "slow-down"
    run(scenario())


def test_wrong_tokens_for_one_room_are_limited_over_all_addresses():
    async def scenario():
        async with serving(ServerOptions(guess_rate=0.01, guess_burst=3)) as (server, address):
            server.open_room("tokens", SEATS, 11)
            anna = await seated(address, "tokens", "Anna")
            codes = []
            for i in range(5):
                server.guesses.by_address.by_key.clear()  # as if from five addresses
                with pytest.raises(JoinRefused) as refused:
                    await seated(address, "tokens", token=f"wrong-token-{i}")
                codes.append(refused.value.code)
            assert codes == ["token"] * 3 + ["slow-down"] * 2
            await anna.close()
    run(scenario())


# --- N3: a welcome across a kill -9 -------------------------------------------------------

def test_a_server_killed_while_a_welcome_waits_for_its_pong_leaves_the_seat_free(tmp_path):
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "home"), "URLAND_DISCOVERY": "0"}
    port = free_port()
    args = ("--host", "127.0.0.1", "--port", str(port), "--room", "burn", "--plain-code",
            "--seats", "remote,remote,medium", "--rooms", str(tmp_path / "rooms"))

    async def join(name: str):
        return await seated(f"127.0.0.1:{port}", "burn", name)

    server = serve_process(env, *args)
    try:
        anna = asyncio.run(asyncio.wait_for(join("Anna"), 20))
        assert anna.mirror.seat == 0
        sock = handshake(port)
        sock.sendall(_hello("burn", name="Ghost"))
        while b'"welcome"' not in read_frame(sock)[1]:  # the welcome came; its ping unanswered
            pass
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        sock.close()
        server = serve_process(env, *args)
        ben = asyncio.run(asyncio.wait_for(join("Ben"), 20))
        assert ben.mirror.seat == 1 and ben.mirror.names[1] == "Ben"
    finally:
        server.kill()
        server.wait(10)


def test_a_seat_whose_newcomer_never_confirms_after_the_host_started_goes_to_the_ai():
    # The host starts while a newcomer's welcome still waits for its pong: that seat is not
    # handed to the AI then (it is promised), but once the newcomer is gone without confirming,
    # the AI takes it, as it took the other free seats: the game never waits on nobody.
    from urland.bots.registry import DEFAULT_BOT

    async def scenario():
        async with serving() as (server, address):
            room = server.open_room("lob", SEATS, 6)
            room.lobby = True
            sock = await asyncio.to_thread(handshake, _port(address))
            sock.sendall(_hello("lob", name="Ghost"))

            def welcome() -> None:
                while b'"welcome"' not in read_frame(sock)[1]:  # its ping goes unanswered
                    pass
            await asyncio.to_thread(welcome)
            assert 0 in room.reserved
            await server.start_room("lob")
            assert room.seats[0].remote and [s.kind for s in room.seats[1:]] == [DEFAULT_BOT] * 2
            sock.close()
            while room.seats[0].remote:
                await asyncio.sleep(0.02)
            assert room.seats[0].kind == DEFAULT_BOT and 0 in server.master.bots["LOB"]
    run(asyncio.wait_for(scenario(), 120))


# --- N4: a move the disk refused is sent again ---------------------------------------------

def test_join_autoplay_sends_a_refused_move_again_once_the_disk_keeps_it(tmp_path, monkeypatch):
    """The store refuses every write for a while (as a full disk does): each seat's move is
    refused with not-kept; once the disk keeps writes again the autoplay clients send their
    moves again by themselves and the game ends."""
    full = disk_full(monkeypatch)

    async def scenario():
        refusals = []

        def observe(room, seat, message):
            if message.get("code") == "not-kept":
                refusals.append(seat)
                if len(refusals) >= 2:
                    full["on"] = False  # the disk keeps writes again

        options = ServerOptions(rooms_dir=tmp_path / "rooms", hello_seconds=2.0)
        async with serving(options) as (server, address):
            server.observer = observe
            server.open_room("disk", ["remote", "remote", "random"], 12)
            anna = await seated(address, "disk", "Anna")
            ben = await seated(address, "disk", "Ben")
            full["on"] = True
            codes = await asyncio.gather(play_seat(anna, 1), play_seat(ben, 2))
            assert codes == [0, 0]
            assert len(refusals) >= 2 and server.room("disk").game.over
    run(scenario(), limit=90)


def _hosted_for_anna():
    """A game hosted here for Anna (seat 1, first to decide) with two easy AIs, and her link."""
    from urland.engine import Game
    from urland.net.client import NetClient
    from urland.net.hosting import HostedGame
    from urland.net.link import NetLink

    seed = next(s for s in range(200) if Game.new(s, 3).state.actor == 0)
    game = HostedGame(["human", "easy", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=seed, host="127.0.0.1", port=0)
    return game, NetLink.open(NetClient(game.local_address, game.code, "", game.token), None)


def _a_move_the_full_disk_refuses(door, full: dict[str, bool]) -> int:
    """At the table's first decision, a move played while the disk is full is refused and told
    to be sent again, and the table stays where it was; then the disk keeps writes again. The
    number of moves played when it was refused."""
    import time

    from urland.engine import IllegalMoveError

    while not door.view().my_turn:
        door.arrived()
        time.sleep(0.01)
    at = door.now().moves_played
    move = door.view().legal_options()[0].move
    full["on"] = True
    with pytest.raises(IllegalMoveError, match="sent again by itself"):
        door.play(move)
    assert door.now().moves_played == at
    full["on"] = False
    return at


def test_the_window_sends_a_move_the_disk_refused_again_by_itself(monkeypatch):
    """The table's move is refused with not-kept: the player is told it will be sent again,
    and once the disk keeps writes again the table's own frames send it and it is played."""
    import time

    from urland.table.remote import RemoteTable

    full = disk_full(monkeypatch)
    game, link = _hosted_for_anna()
    try:
        door = RemoteTable(link)
        at = _a_move_the_full_disk_refuses(door, full)
        deadline = time.monotonic() + 30  # the first try again comes after a second
        while door.now().moves_played == at and time.monotonic() < deadline:
            door.arrived()
            time.sleep(0.02)
        assert door.now().moves_played > at
    finally:
        link.close()
        game.close()


def test_a_refused_move_is_dropped_once_an_ai_stood_in_for_the_seat(monkeypatch):
    """The window's move is refused with not-kept, then its connection drops and an AI stands
    in for the seat and plays its decision. Back online, the refused move is not sent for any
    other position, and an undo names the move it takes back, not the refused one."""
    import threading
    import time

    from urland.net import hosting
    from urland.net import link as link_module
    from urland.net.server import GameServer
    from urland.table.remote import RemoteTable

    full = disk_full(monkeypatch)
    monkeypatch.setattr(hosting, "STAND_IN_AFTER", 0.05)
    sent_at: list[int] = []  # the positions the seat's moves answered, as the server got them
    real_move = GameServer._move

    async def move(self, client, msg):
        sent_at.append(msg["at"])
        await real_move(self, client, msg)
    monkeypatch.setattr(GameServer, "_move", move)
    may_come_back = threading.Event()
    real_reconnect = link_module.reconnect

    async def reconnect(client, patience):
        await asyncio.to_thread(may_come_back.wait, 30)
        return await real_reconnect(client, patience)
    monkeypatch.setattr(link_module, "reconnect", reconnect)

    game, link = _hosted_for_anna()
    try:
        door = RemoteTable(link)
        at = _a_move_the_full_disk_refuses(door, full)
        room = game.room
        ws = next(c.ws for (_code, seat), c in game.server.clients.items() if seat == 0)
        asyncio.run_coroutine_threadsafe(ws.close(), game.loop).result(5)
        deadline = time.monotonic() + 30
        while len(room.game.moves) == at and time.monotonic() < deadline:
            door.arrived()  # the window's frames go on while it is offline
            time.sleep(0.02)
        assert len(room.game.moves) > at  # the AI played the seat's decision
        stood_in = room.game.moves[at]
        while door._resend.tries < 2 and time.monotonic() < deadline:
            door.arrived()  # the first try again, offline, went nowhere
            time.sleep(0.02)
        may_come_back.set()
        while (not link.online or door._refused_move is not None) and (
                time.monotonic() < deadline):
            door.arrived()
            time.sleep(0.02)
        assert link.online and door._refused_move is None
        for _ in range(50):  # frames after the position moved on send nothing more
            door.arrived()
            time.sleep(0.02)
        assert room.game.moves[at] == stood_in
        assert set(sent_at) == {at}  # never sent as the answer to a later position
        # Undo names exactly the move it takes back, as the server's update says: the
        # stand-in's, never the refused one the player's window gave up on.
        if door.now().can_undo:
            before = list(room.game.moves)
            assert door.undo() == before[-1] and room.game.moves == before[:-1]
        else:
            assert link.mirror.undoable == ""
    finally:
        link.close()
        game.close()


def test_a_word_given_as_a_room_code_gets_a_suffix_unless_it_must_stay_plain(tmp_path):
    from urland.net.room_codes import strengthened, word_like

    assert word_like("spring-game") and word_like("ABCDEFGHJKLM")
    assert not word_like("K7QD-9XMP-4TRW")  # the server's own form
    code = strengthened("spring-game", [])
    assert code.startswith("spring-game-") and len(code) == len("spring-game-") + 8
    assert strengthened("spring-game", ["OTHER", code]) == code  # carried on after a restart
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "home"), "URLAND_DISCOVERY": "0"}
    said = []
    for i, extra in enumerate(((), ("--plain-code",))):
        server = serve_process(env, "--host", "127.0.0.1", "--port", "0", "--room",
                               "spring-game", *extra, "--rooms", str(tmp_path / f"r{i}"))
        try:
            assert server.stdout is not None
            said.append(server.stdout.readline().split(" (")[0])
        finally:
            server.terminate()
            server.wait(10)
    assert re.fullmatch(r"Room spring-game-[A-Z2-9]{8}", said[0])
    assert said[1] == "Room spring-game"
