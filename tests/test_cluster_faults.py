"""Several real `serve` processes on one real PostgreSQL, and the faults they must survive.

Each test starts its processes on 127.0.0.1 (`tests/cluster_steps.py`), its clients play with
bots, and a fault is made at a moment the test hears of (a notice that the room kept its
change N): the owner killed with kill -9, two processes racing on one room, the database
restarted, a write refused, a process whose clock is an hour off. For each: every client ends
with its own seat, every view it was told is the finished game's at that move (nothing
acknowledged lost), and the records agree.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from cluster_steps import (
    CODE,
    ServeProcess,
    WatchedClient,
    notices,
    owner_of,
    refuse_writes,
    store_finished_moves,
    told_views_fit,
    until_change,
)
from netplay import run

from urland.bots.registry import make_bot
from urland.net.client import NetClient
from urland.net.seat_runner import run_seat
from urland.records.history import load_record

ROOM = ("--room", CODE, "--plain-code", "--seats", "remote,remote,remote", "--seed", "7")
CLOCK_OFF = Path(__file__).parent / "fixtures" / "clock_off"


def _processes(database: str, tmp_path: Path, count: int = 2, **env: str) -> list[ServeProcess]:
    return [ServeProcess(database, tmp_path / f"serve{i}", *ROOM, env=env.get(f"p{i}"))
            for i in range(count)]


async def _clients(entry: str) -> list[WatchedClient]:
    """Three players who reach the server through `entry` and are sent to the owner."""
    clients = []
    for name in ("Anna", "Ben", "Cleo"):
        client = WatchedClient(entry, CODE, name)
        client.keep_messages = True
        await client.connect()
        clients.append(client)
    return clients


async def _play(clients: list[NetClient]) -> list[asyncio.Task]:
    return [asyncio.create_task(run_seat(c, make_bot("random", i), patience=60))
            for i, c in enumerate(clients)]


def _moves(path: Path) -> list[str]:
    game, _meta = load_record(path)
    return game.notation()


def _check_every_seat(clients: list[NetClient], tokens: list[str | None]) -> list[str]:
    """Each client kept its seat and token, got the record, and was told only what the
    record holds; the record's moves."""
    records = [c.mirror.record for c in clients]
    assert all(r is not None for r in records)
    assert [c.mirror.seat for c in clients] == [0, 1, 2]
    assert [c.token for c in clients] == tokens
    moves = records[0].notation()
    for client, record in zip(clients, records, strict=True):
        assert record.notation() == moves
        assert told_views_fit(client, record) > 0
    return moves


def test_a_game_through_two_processes_with_the_owner_killed_mid_turn_ends_the_same_everywhere(
        postgres_url, tmp_path):
    """The done-when test: `join --autoplay` clients reach the second process, are sent to
    the owner, the owner is killed with kill -9 mid-game, the other takes the room; every
    client's record, the store's finished room and the history record hold the same moves."""
    first, second = _processes(postgres_url, tmp_path)

    async def scenario():
        first.start()
        second.start()
        assert await owner_of(postgres_url) == first.address
        joins = []
        for i, name in enumerate(("Anna", "Ben", "Cleo")):
            home = tmp_path / f"join{i}"
            env = {**os.environ, "URLAND_HOME": str(home)}
            joins.append((home, subprocess.Popen(
                [sys.executable, "-m", "urland", "join", f"{second.address},{first.address}",
                 "--room", CODE, "--name", name, "--autoplay", "--no-window",
                 "--quit-when-over"], env=env, stdout=subprocess.DEVNULL)))
        async with notices(postgres_url) as heard:
            await until_change(heard, 20)  # seats taken, the game well under way
            first.kill()
            await until_change(heard, 40, limit=90)  # played on by the other process
        assert await owner_of(postgres_url) == second.address
        for _home, join in joins:
            assert await asyncio.to_thread(join.wait, 120) == 0
        return joins

    try:
        joins = run(scenario(), 240)
        records = [_moves(path) for home, _ in joins
                   for path in sorted((home / "history").glob("*.yaml"))]
        assert len(records) == 3
        kept = second.history()
        assert len(kept) == 1
        assert records == [_moves(kept[0])] * 3
        assert store_finished_moves(postgres_url) == records[0]
    finally:
        for process in (first, second):
            process.kill()


def test_the_clients_of_a_killed_owner_keep_their_seats_and_every_view_they_were_told(
        postgres_url, tmp_path):
    first, second = _processes(postgres_url, tmp_path)

    async def scenario():
        first.start()
        second.start()
        clients = await _clients(second.address)
        assert all(c.url == first.address + "/" for c in clients)
        tokens = [c.token for c in clients]
        async with notices(postgres_url) as heard:
            seats = await _play(clients)
            await until_change(heard, 15)
            first.kill()
            assert await asyncio.wait_for(asyncio.gather(*seats), 120) == [0, 0, 0]
        assert all(c.url == second.address + "/" for c in clients)
        _check_every_seat(clients, tokens)

    try:
        run(scenario(), 180)
    finally:
        first.kill()
        second.kill()


def test_two_processes_started_at_once_on_one_room_leave_it_one_owner_and_one_game(
        postgres_url, tmp_path):
    racers = _processes(postgres_url, tmp_path, count=2)

    async def scenario():
        await asyncio.gather(*(asyncio.to_thread(r.start) for r in racers))
        owner = await owner_of(postgres_url)
        assert owner in {r.address for r in racers}
        other = next(r for r in racers if r.address != owner)
        clients = await _clients(other.address)  # the other one sends them to the owner
        tokens = [c.token for c in clients]
        assert all(c.url == owner + "/" for c in clients)
        seats = await _play(clients)
        assert await asyncio.wait_for(asyncio.gather(*seats), 120) == [0, 0, 0]
        _check_every_seat(clients, tokens)

    try:
        run(scenario(), 180)
    finally:
        for racer in racers:
            racer.kill()


def test_a_database_restarted_mid_game_loses_nothing_and_the_game_plays_on(
        postgres_server, postgres_url, tmp_path):
    """`pg_ctl restart` mid-game: a move being kept then is taken back (`refused`,
    `not-kept`) and sent again by its client once the database is back; the process claims
    its room back and the game ends with every seat."""
    (only,) = _processes(postgres_url, tmp_path, count=1)

    async def scenario():
        only.start()
        clients = await _clients(only.address)
        tokens = [c.token for c in clients]
        async with notices(postgres_url) as heard:
            seats = await _play(clients)
            await until_change(heard, 15)
            await asyncio.to_thread(postgres_server.restart)
        # (No listener is asked for the changes after the restart: on a busy machine the
        # game may be over before one is back. The finished room in the store says it all.)
        assert await asyncio.wait_for(asyncio.gather(*seats), 150) == [0, 0, 0]
        assert await owner_of(postgres_url) == only.address
        moves = _check_every_seat(clients, tokens)
        assert store_finished_moves(postgres_url) == moves  # every move kept, after too

    try:
        run(scenario(), 240)
    finally:
        only.kill()


def test_a_process_whose_clock_is_an_hour_off_takes_over_as_any_other(postgres_url, tmp_path):
    """The second process's clocks (wall and monotonic) run an hour behind the first's (a
    `sitecustomize` of the test shifts them, tests/fixtures/clock_off): ownership reads no
    clock, so it takes the room of the killed owner as quickly as any."""
    env = {"PYTHONPATH": os.pathsep.join([str(CLOCK_OFF), os.environ.get("PYTHONPATH", "")]),
           "URLAND_TEST_CLOCK_OFFSET": "-3600"}
    first, second = _processes(postgres_url, tmp_path, p1=env)

    async def scenario():
        first.start()
        second.start()
        clients = await _clients(second.address)  # sent on to the owner, the first
        tokens = [c.token for c in clients]
        async with notices(postgres_url) as heard:
            seats = await _play(clients)
            await until_change(heard, 15)
            first.kill()
            assert await asyncio.wait_for(asyncio.gather(*seats), 120) == [0, 0, 0]
        assert await owner_of(postgres_url) == second.address
        _check_every_seat(clients, tokens)

    try:
        run(scenario(), 180)
    finally:
        first.kill()
        second.kill()


def test_a_change_the_database_refuses_is_taken_back_and_sent_again(postgres_url, tmp_path):
    """A trigger the test installs refuses every new change with PostgreSQL's "disk full"
    error (standing in for a full disk): the move is taken back (`refused`, `not-kept`) and
    nobody is told it; once the disk has room again the client's resend is kept and the game
    ends with every seat."""
    (only,) = _processes(postgres_url, tmp_path, count=1)

    async def scenario():
        only.start()
        clients = await _clients(only.address)
        tokens = [c.token for c in clients]
        async with notices(postgres_url) as heard:
            seats = await _play(clients)
            last = await until_change(heard, 10)
            async with refuse_writes(postgres_url):
                waits = [asyncio.create_task(c.not_kept.wait()) for c in clients]
                await asyncio.wait(waits, timeout=60, return_when=asyncio.FIRST_COMPLETED)
                for wait in waits:
                    wait.cancel()
            assert any(c.not_kept.is_set() for c in clients)
            await until_change(heard, last.number + 1, limit=90)  # the resend, kept
        assert await asyncio.wait_for(asyncio.gather(*seats), 150) == [0, 0, 0]
        _check_every_seat(clients, tokens)

    try:
        run(scenario(), 240)
    finally:
        only.kill()
