"""What `serve` and `join` say at a terminal: where the server listens in words, whom each
invitation is for, seats by colour, a refused join counted once in words, the invitation taken
as `join`'s address, a window-less seat saying who plays it and how to leave, and a room whose
game is over said to be over."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import subprocess

import pytest
from netplay import free_port, play_seat, run, seated, serving, urland_command

from urland.net.client import JoinRefused
from urland.net.commands import listening_line
from urland.net.server import ServerOptions
from urland.scenes.join import REFUSALS

PLAIN_ROOM = ("--room", "spring", "--plain-code", "--seats", "remote,remote,easy")


def _start(env: dict[str, str], *args: str) -> subprocess.Popen:
    return subprocess.Popen(urland_command(*args), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _line_with(process: subprocess.Popen, words: str, most: int = 40) -> str:
    """The first line the process prints holding `words` (among its next `most`)."""
    for _ in range(most):
        line = process.stdout.readline()
        if words in line or not line:
            return line
    return ""


def test_serve_says_where_it_listens_in_words_not_as_an_address_to_pass_on():
    assert listening_line("0.0.0.0", 8765) == ("Urland server listening on every address of "
                                               "this computer, port 8765.")
    assert listening_line("127.0.0.1", 8765, "wss") == (
        "Urland server listening on 127.0.0.1 only, port 8765 (wss://, encrypted).")


def test_a_join_refused_once_is_counted_in_words_not_as_1_x(caplog):
    caplog.set_level(logging.WARNING, logger="urland.server")

    async def scenario():
        async with serving() as (server, address):
            server.open_room("real", ["remote", "remote", "random"], 4)
            for codes in (["wrong"], ["wrong-too", "wrong-again"]):
                for code in codes:
                    with contextlib.suppress(JoinRefused):
                        await seated(address, code, "Ben")
                server.gate.tally.flush()  # what the next 10 s line says

    run(scenario())
    said = [r.getMessage() for r in caplog.records if r.name == "urland.server"]
    assert said[0].startswith("joins refused: no room with that code, once in the last "), said
    assert said[1].startswith("2 x joins refused: no room with that code, in the last "), said


def test_join_takes_the_invitation_serve_prints_and_says_who_plays_a_seat_without_window(
        tmp_path):
    """A friend pastes the invitation line as `join`'s address (no --room); a window-less seat
    says at once its name and colour, that it plays no move without --autoplay, and how to
    leave; with --autoplay it says the name given (the one asked was taken) and the colour."""
    port = free_port()
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "server"), "URLAND_DISCOVERY": "0"}
    server = _start(env, "serve", "--host", "127.0.0.1", "--port", str(port), *PLAIN_ROOM)
    friends: list[subprocess.Popen] = []
    try:
        assert server.stdout.readline() == (f"Urland server listening on 127.0.0.1 only, "
                                            f"port {port}.\n")
        assert _line_with(server, "Only a second window") == (
            "  Only a second window on this computer:\n")
        invitation = server.stdout.readline().strip()
        assert invitation == f"ws://127.0.0.1:{port}/spring"

        def join(home: str, *args: str) -> subprocess.Popen:
            friend_env = {**os.environ, "URLAND_HOME": str(tmp_path / home)}
            friends.append(_start(friend_env, "join", *args, "--no-window"))
            return friends[-1]

        wrong = join("wrong", invitation, "--room", "autumn")
        _, err = wrong.communicate(timeout=60)
        assert wrong.returncode == 2
        assert "--room autumn is not the room of the invitation (spring)" in err
        bare = join("bare", f"127.0.0.1:{port}")
        _, err = bare.communicate(timeout=60)
        assert bare.returncode == 2 and "which room?" in err and "--room ROOM-CODE" in err

        ben = join("ben", invitation, "--name", "Ben")
        assert ben.stdout.readline() == "Joined room spring as seat 1 of 3: Ben, White.\n"
        warning = ben.stdout.readline()
        assert "without --autoplay, this seat plays no move" in warning
        assert "Ctrl+C" in warning and "the seat stays yours" in warning
        assert _line_with(server, "Ben took") == "Room spring: Ben took the White seat.\n"
        ben.send_signal(signal.SIGINT)
        _, err = ben.communicate(timeout=60)
        assert ben.returncode == 130 and "your seat stays yours" in err

        other = join("other", invitation, "--name", "Ben", "--autoplay")
        assert other.stdout.readline() == "Joined room spring as seat 2 of 3: Ben (2), Black.\n"
        assert other.stdout.readline() == ("The name Ben is taken at this table: you play as "
                                           "Ben (2).\n")
        assert other.stdout.readline().startswith("The medium bot plays Ben (2)'s moves")
    finally:
        for process in (*friends, server):
            if process.poll() is None:
                process.kill()
            process.communicate(timeout=60)


def test_join_accepts_a_room_that_agrees_with_the_invitation_in_other_letters(tmp_path):
    async def scenario():
        async with serving() as (server, address):
            server.open_room("DAB7-PY5Z", ["remote", "remote", "random"], 4)
            env = {**os.environ, "URLAND_HOME": str(tmp_path)}
            friend = await asyncio.create_subprocess_exec(
                *urland_command("join", f"ws://{address}/DAB7-PY5Z", "--room", "dab7-py5z",
                                "--no-window"), env=env, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE)
            try:
                line = await friend.stdout.readline()
            finally:
                friend.kill()
                await friend.communicate()
            return line.decode()

    assert run(scenario()).startswith("Joined room DAB7-PY5Z as seat 1 of 3: ")


def test_joining_a_room_whose_game_is_over_says_so_not_that_every_seat_is_taken(tmp_path):
    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path / "rooms", history_dir=tmp_path / "history")
        async with serving(options) as (server, address):
            room = server.open_room("ended", ["remote", "random", "random"], 5)
            anna = await seated(address, "ended", "Anna")
            assert await play_seat(anna, 1) == 0 and room.game.over
            with pytest.raises(JoinRefused) as refused:
                await seated(address, "ended", "Cara")
            return refused.value

    refused = run(scenario())
    assert refused.code == "over"
    assert str(refused) == "The game in this room is over: ask for the code of a new one."
    assert str(REFUSALS["over"]) == str(refused)  # the window's Join form says the same


def test_serve_with_the_same_word_after_its_game_ended_says_why_the_code_is_new(tmp_path):
    """The game under spring-game-... has ended; `serve --room spring-game` again opens a new
    game under a new code, and says so (a game that has ended is not carried on)."""
    rooms = tmp_path / "rooms"

    async def finished_game() -> str:
        options = ServerOptions(rooms_dir=rooms, history_dir=tmp_path / "history")
        async with serving(options) as (server, address):
            room = server.open_room("spring-game-6VVETZ8G", ["remote", "random", "random"], 5)
            anna = await seated(address, room.code, "Anna")
            assert await play_seat(anna, 1) == 0 and room.game.over
            await anna.close()
        return room.code

    old = run(finished_game())
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "home"), "URLAND_DISCOVERY": "0"}
    server = _start(env, "serve", "--host", "127.0.0.1", "--port", "0", "--rooms", str(rooms),
                    "--room", "spring-game", "--seats", "remote,remote,easy")
    try:
        assert "listening" in server.stdout.readline()
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    new = err.split("the room is ", 1)[1].split(" ", 1)[0]
    assert new.startswith("spring-game-") and new != old
    assert (f"{new} is a new game: no unfinished game is kept under 'spring-game' (a game "
            "that has ended is not carried on, and its code is not used again)") in err


@pytest.mark.parametrize("count", [1, 2])
def test_serve_counts_the_moves_of_a_kept_room_in_words(tmp_path, count):
    """Playtest 4, defect 20: a server restarted on its rooms says how far each kept game
    is, as a person would: "1 move played", not "1 moves played"."""
    from test_net_store import _play_own_moves

    rooms = tmp_path / "rooms"

    async def kept_game() -> None:
        async with serving(ServerOptions(rooms_dir=rooms)) as (server, address):
            room = server.open_room("spring", ["remote", "remote", "remote"], 5)
            friends = [await seated(address, "spring", n) for n in ("Anna", "Ben", "Cleo")]
            while len(room.game.moves) < count:  # each move by the seat whose it is
                await _play_own_moves(friends[room.game.state.actor], 1)
            for friend in friends:
                await friend.close()

    run(kept_game())
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "home"), "URLAND_DISCOVERY": "0"}
    server = _start(env, "serve", "--host", "127.0.0.1", "--port", "0", "--rooms", str(rooms),
                    "--no-announce")
    try:
        line = _line_with(server, "Room spring")
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=60)
    moves = "1 move played" if count == 1 else f"{count} moves played"
    assert line == f"Room spring (remote,remote,remote), {moves}\n"


def _ignoring_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_ctrl_c_leaves_a_window_less_seat_even_when_it_was_started_ignoring_the_interrupt(
        tmp_path):
    """A seat joined from something that ignores Ctrl+C for its children (a script's background
    job, a test runner's worker) still leaves on Ctrl+C, saying the seat stays the player's."""
    port = free_port()
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "server"), "URLAND_DISCOVERY": "0"}
    server = _start(env, "serve", "--host", "127.0.0.1", "--port", str(port), *PLAIN_ROOM)
    ben = None
    try:
        assert server.stdout.readline().startswith("Urland server listening on 127.0.0.1")
        ben = subprocess.Popen(
            urland_command("join", f"ws://127.0.0.1:{port}/spring", "--name", "Ben",
                           "--no-window"),
            env={**os.environ, "URLAND_HOME": str(tmp_path / "ben")}, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, preexec_fn=_ignoring_ctrl_c)
        assert ben.stdout.readline() == "Joined room spring as seat 1 of 3: Ben, White.\n"
        ben.stdout.readline()  # how to leave
        ben.send_signal(signal.SIGINT)
        _, err = ben.communicate(timeout=60)
        assert ben.returncode == 130
        assert "you left the game; your seat stays yours" in err
    finally:
        for process in (ben, server):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()
