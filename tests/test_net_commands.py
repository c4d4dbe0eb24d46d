"""The issue's own check: `serve` and two `join --autoplay` clients with windows (dummy video
driver), each with its own URLAND_HOME, and a wrong room code refused."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from netplay import free_port, serve_process, urland_command

from urland.engine.save import load_game
from urland.records.history import list_records


def _newest_moves(home) -> list[str]:
    records, problems = list_records(home / "history")
    assert records and not problems
    game, _meta = load_game(records[0].path)
    assert game.over
    return game.notation()


@pytest.mark.tour
def test_serve_and_two_joined_clients_play_to_the_end_with_the_same_moves_in_every_history(
        tmp_path):
    port = str(free_port())
    homes = {side: tmp_path / side for side in ("server", "anna", "ben", "stranger")}

    def start(side: str, *args: str) -> subprocess.Popen:
        env = {**os.environ, "URLAND_HOME": str(homes[side]), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy"}
        return subprocess.Popen(urland_command(*args), env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    server = start("server", "serve", "--host", "127.0.0.1", "--port", port, "--room", "smoke",
                   "--plain-code",
                   "--seats", "remote,remote,medium", "--seed", "5", "--quit-when-over")
    try:
        assert "listening" in server.stdout.readline()
        address = f"ws://127.0.0.1:{port}"
        stranger = start("stranger", "join", address, "--room", "wrong-code", "--autoplay",
                         "--quit-when-over")
        _, err = stranger.communicate(timeout=60)
        assert stranger.returncode != 0 and "no game with that room code" in err
        clients = [start(name, "join", address, "--room", "smoke", "--name", name.title(),
                         "--autoplay", "--quit-when-over", "--screenshots",
                         str(tmp_path / f"{name}-pictures")) for name in ("anna", "ben")]
        for client in clients:
            client.communicate(timeout=180)
            assert client.returncode == 0
        said, _ = server.communicate(timeout=60)
        assert server.returncode == 0
        for line in ("Room smoke: Anna took the ", "Room smoke: Ben took the ",
                     "Room smoke: the game is over; "):
            assert line in said  # the server's operator sees who comes and how it ends
        assert "connection open" not in said
    finally:
        for process in (server,):
            process.kill()
    moves = _newest_moves(homes["server"])
    assert _newest_moves(homes["anna"]) == moves == _newest_moves(homes["ben"])
    assert (tmp_path / "anna-pictures" / "game_over-1280x720.png").exists()


def test_join_refuses_a_bad_address_and_serve_a_bad_seat_list_with_a_message():
    bad = subprocess.run(urland_command("join", "ftp://example", "--room", "x"),
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "not a server address" in bad.stderr
    seats = subprocess.run(urland_command("serve", "--seats", "remote,wizard,medium"),
                           capture_output=True, text=True, timeout=60)
    assert seats.returncode == 2 and "unknown seat 'wizard'" in seats.stderr


def test_serve_without_a_room_makes_one_with_an_unguessable_code_and_keeps_it(tmp_path):
    env = {**os.environ, "URLAND_HOME": str(tmp_path)}

    def first_room() -> str:
        server = serve_process(env, "--host", "127.0.0.1", "--port", "0")
        try:
            return server.stdout.readline()
        finally:
            server.kill()
            server.wait()

    line = first_room()
    code = line.split()[1]
    assert line.startswith("Room ") and len(code.replace("-", "")) == 12
    assert first_room() == line  # started again: the same room, carried on


def test_a_server_stopped_with_ctrl_c_says_its_games_are_kept_and_go_on(tmp_path):
    env = {**os.environ, "URLAND_HOME": str(tmp_path)}
    server = serve_process(env, "--host", "127.0.0.1", "--port", "0", "--rooms",
                           str(tmp_path / "rooms"))
    try:
        assert server.stdout.readline().startswith("Room ")
        server.send_signal(signal.SIGINT)
        said, _ = server.communicate(timeout=30)
    finally:
        server.kill()
        server.wait()
    assert server.returncode == 0
    assert said.splitlines()[-1] == (f"Server stopped. Its games are kept in {tmp_path / 'rooms'}: "
                                     "start it again with the same command and each goes on "
                                     "where it stood.")


def test_serve_draws_an_unguessable_seed_unless_one_is_given_and_refuses_19_digits(tmp_path):
    """A client who can brute-force the seed from the opening knows every hand and the pile:
    a served game's seed comes from 10**18 (as many digits as a save holds), never from 2**31."""
    from kept_rooms import kept_rooms

    def served_seed(home) -> int:
        env = {**os.environ, "URLAND_HOME": str(home)}
        server = serve_process(env, "--host", "127.0.0.1", "--port", "0")
        try:
            assert server.stdout.readline().startswith("Room ")
        finally:
            server.kill()
            server.wait()
        folders = {path.parent for path in home.rglob("rooms.sqlite3")}
        assert len(folders) == 1
        rooms = kept_rooms(folders.pop())
        assert len(rooms) == 1
        return next(iter(rooms.values())).game.seed

    seeds = [served_seed(tmp_path / "one"), served_seed(tmp_path / "two")]
    assert all(0 <= seed < 10**18 for seed in seeds) and seeds[0] != seeds[1]
    assert max(seeds) >= 2**31  # both below 2**31 by chance: about once in 10**17
    long_seed = subprocess.run(urland_command("serve", "--seed", "1" * 19),
                               capture_output=True, text=True, timeout=60)
    assert long_seed.returncode == 2 and "--seed has at most 18 digits" in long_seed.stderr


def test_serve_on_a_port_in_use_says_so_and_which_option_to_change(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        env = {**os.environ, "URLAND_HOME": str(tmp_path)}
        result = subprocess.run(
            urland_command("serve", "--host", "127.0.0.1", "--port", str(port)),
            capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 1
    assert f"port {port} is already in use" in result.stderr and "--port" in result.stderr
    assert "Errno" not in result.stderr


def test_serve_is_announced_on_the_local_network_unless_told_not_or_on_loopback(
        monkeypatch, capsys):
    from urland.net import commands

    adverts = []

    class Recorded:  # stands in for zeroconf: nothing leaves this computer
        announced = True

        def __init__(self, port: int, name: str) -> None:
            adverts.append((port, name))

    monkeypatch.setattr(commands, "Advert", Recorded)
    parser = commands.serve_parser()
    assert commands.announced(parser.parse_args([]), 4321) is not None
    assert adverts == [(4321, f"Urland server {__import__('socket').gethostname()}")]
    assert "Announced on the local network" in capsys.readouterr().out
    for argv in (["--no-announce"], ["--host", "127.0.0.1"], ["--host", "::1"],
                 ["--host", "localhost"]):
        assert commands.announced(parser.parse_args(argv), 4321) is None
    assert len(adverts) == 1


def test_join_where_nothing_listens_says_so_in_words(tmp_path):

    port = free_port()  # a port on this computer that nobody listens on
    env = {**os.environ, "URLAND_HOME": str(tmp_path)}
    result = subprocess.run(
        urland_command("join", f"127.0.0.1:{port}", "--room", "ABCD-EFGH", "--name", "Ben",
                       "--no-window"), capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 1
    assert f"cannot reach ws://127.0.0.1:{port}/: nothing is listening there" in result.stderr
    assert "Errno" not in result.stderr and "Traceback" not in result.stderr


def test_serve_on_an_address_this_computer_does_not_have_says_so(tmp_path):
    env = {**os.environ, "URLAND_HOME": str(tmp_path)}
    result = subprocess.run(  # an address of the documentation range: nobody's
        urland_command("serve", "--host", "192.0.2.1", "--port", "0", "--no-announce"),
        capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 1
    assert "this computer has no address 192.0.2.1" in result.stderr
    assert "Errno" not in result.stderr


def test_a_second_server_on_one_rooms_folder_is_refused_until_the_first_one_is_gone(
        tmp_path, monkeypatch):
    """Two servers on one folder would both serve its rooms: the second `serve`, or a game
    hosted from the window on that folder, is refused in a sentence naming the folder and
    what to do. A first server killed with kill -9 leaves nothing behind that refuses the
    next one."""
    from urland.net import hosting
    from urland.net.hosted_memory import hosted_dir
    from urland.store.sqlite import FolderInUse

    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")
    folder = hosted_dir()  # the window's own rooms folder, given to `serve` as well
    env = {**os.environ, "URLAND_HOME": str(tmp_path / "server")}
    first = serve_process(env, "--host", "127.0.0.1", "--port", "0", "--no-announce",
                          "--rooms", str(folder))
    try:
        second = subprocess.run(
            urland_command("serve", "--host", "127.0.0.1", "--port", "0", "--no-announce",
                           "--rooms", str(folder)),
            capture_output=True, text=True, timeout=60, env=env)
        assert second.returncode == 1 and not second.stdout
        assert second.stderr == (
            f"urland serve: another Urland server (or a game hosted from the window) already "
            f"keeps its rooms in {folder}: stop that one first, or give this one another "
            "folder with --rooms.\n")
        with pytest.raises(FolderInUse):
            hosting.HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"],
                               [0, 1, 2], 0, 4, port=0)
    finally:
        first.kill()  # SIGKILL: the process has no chance to tidy up
        first.wait()
    game = hosting.HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"],
                              [0, 1, 2], 0, 4, port=0)
    game.close()
    again = serve_process(env, "--host", "127.0.0.1", "--port", "0", "--no-announce",
                          "--rooms", str(folder))
    again.kill()
    again.wait()


def test_serve_prints_the_invitation_a_host_pastes_to_friends_and_it_seats_one(tmp_path):
    """The lines `serve` prints when it is ready are the window's invitation: a friend pastes
    one into Join, or the `join` command at a terminal, and takes a seat."""
    from urland.net.addresses import split_invitation
    from urland.net.invite import HOW_TO_JOIN, INVITE

    env = {**os.environ, "URLAND_HOME": str(tmp_path / "server"), "URLAND_DISCOVERY": "0"}
    server = serve_process(env, "--host", "127.0.0.1", "--port", "0", "--room", "spring",
                           "--plain-code", "--seats", "remote,remote,easy")
    friend = None
    try:
        said = [server.stdout.readline() for _ in range(6)]
        assert said[0].startswith("Room spring (remote,remote,easy)")
        assert said[1] == f"{INVITE}. {HOW_TO_JOIN}\n"
        assert said[2] == "  Only a second window on this computer:\n"  # as the lobby labels it
        pasted = said[3].strip()
        address, code = split_invitation(pasted)
        assert code == "spring" and address.startswith("ws://127.0.0.1:")
        assert said[4] == "At a terminal (add --name and your name):\n"
        command = said[5].split()  # as the README runs the program
        assert command == [".venv/bin/python", "-m", "urland", "join", address, "--room", "spring"]
        friend_env = {**os.environ, "URLAND_HOME": str(tmp_path / "friend")}
        friend = subprocess.Popen([sys.executable, *command[1:], "--name", "Ben", "--no-window"],
                                  env=friend_env, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        assert friend.stdout.readline() == "Joined room spring as seat 1 of 3: Ben, White.\n"
    finally:
        for process in (friend, server):
            if process is not None:
                process.kill()
                process.wait()
