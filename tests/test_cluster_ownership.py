"""Room ownership between `serve` processes, on a real PostgreSQL started by the tests.

Each `Ownership` stands for one process's lock connection: a room is owned by exactly one
process at a time, another takes it as soon as the owner lets go or its connection dies, and
any process can say where the owner is. Notices carry a room's key and number, nothing else.
"""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest
from netplay import run

from urland.cluster.bulletin import Listener, Notice, read_notice, tell
from urland.cluster.ownership import Ownership, lock_key
from urland.master.room import room_key

ROOM = room_key("ABCD-EFGH-JKLM")
OTHER = room_key("NPQR-STUV-WXYZ")


async def _opened(url: str, address: str) -> Ownership:
    ownership = Ownership(url, address)
    await ownership.open()
    return ownership


def test_two_processes_racing_for_one_room_leave_it_with_exactly_one_owner(postgres_url):
    async def scenario():
        racers = [await _opened(postgres_url, f"ws://127.0.0.1:{9000 + i}") for i in range(4)]
        won = await asyncio.gather(*(r.claim(ROOM) for r in racers))
        assert sum(won) == 1
        winner = racers[won.index(True)]
        for racer in racers:  # everyone, the winner too, names the same owner
            assert await racer.owner(ROOM) == winner.address
        assert await racers[0].owner(OTHER) is None  # a room nobody took has no owner
        for racer in racers:
            await racer.close()
    run(scenario())


def test_a_room_let_go_or_whose_owner_died_is_taken_by_another_process(postgres_url):
    async def scenario():
        first = await _opened(postgres_url, "ws://127.0.0.1:9001")
        second = await _opened(postgres_url, "ws://127.0.0.1:9002")
        assert await first.claim(ROOM) and await first.claim(OTHER)
        assert not await second.claim(ROOM)
        await first.release(ROOM)  # a process stopping lets its rooms go one by one
        assert await second.claim(ROOM)
        # The owner's connection dies as with kill -9: PostgreSQL ends its backend, and with
        # it every lock it held; no clock is read anywhere on the way.
        pid = (await (await first.conn.execute("SELECT pg_backend_pid()")).fetchone())[0]
        await second.conn.execute("SELECT pg_terminate_backend(%s, 10000)", (pid,))  # waits
        assert await second.owner(OTHER) is None
        assert await second.claim(OTHER)
        assert await second.servers() == ["ws://127.0.0.1:9002"]  # the dead one is not listed
        await second.close()
    run(scenario())


def test_a_room_lock_is_the_rooms_key_and_never_negative():
    assert lock_key(ROOM) == int(ROOM[:16], 16) >> 1
    assert 0 <= lock_key("f" * 24) < 2**63


def test_notices_carry_a_rooms_key_and_number_and_nothing_else_is_read():
    assert read_notice(f"changed {ROOM} 12") == Notice("changed", ROOM, 12)
    for payload in (f"changed {ROOM} 12 e4", f"moved {ROOM} 3", "changed ABCD-EFGH-JKLM 1",
                    f"changed {ROOM} -1", ""):
        assert read_notice(payload) is None


def test_every_process_hears_a_rooms_notice_and_a_lost_listener_listens_again(postgres_url):
    async def scenario():
        heard: asyncio.Queue[Notice] = asyncio.Queue()
        again = asyncio.Event()

        async def on_notice(notice: Notice) -> None:
            await heard.put(notice)

        async def on_again() -> None:
            again.set()
        listener = Listener(postgres_url, on_notice, on_again)
        listener.start()
        await asyncio.wait_for(listener.listening.wait(), 10)
        async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as conn:
            await tell(conn, Notice("changed", ROOM, 7))
            assert await asyncio.wait_for(heard.get(), 10) == Notice("changed", ROOM, 7)
            await conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE application_name = 'urland serve listener'")
            await asyncio.wait_for(again.wait(), 10)
            await tell(conn, Notice("released", ROOM, 8))
            assert await asyncio.wait_for(heard.get(), 10) == Notice("released", ROOM, 8)
        await listener.close()
    run(scenario())


@pytest.mark.parametrize("kind", ["changed", "released", "owned"])
def test_each_kind_of_notice_reads_back_as_it_was_sent(kind):
    assert read_notice(Notice(kind, OTHER, 3).text()) == Notice(kind, OTHER, 3)


def test_a_client_arriving_while_another_process_takes_its_room_is_sent_there(postgres_url):
    """The owner died; a client reaches process B, which finds the room free, but process C's
    sweep takes it first: B sends the client to C rather than refuse a room that exists."""
    from types import SimpleNamespace

    from urland.cluster.coordinator import Cluster
    from urland.store.base import KeptRoom

    taken_by_c: list[psycopg.Connection] = []

    def c_takes(key: str) -> None:
        c = psycopg.connect(postgres_url, autocommit=True)
        c.execute("INSERT INTO urland_servers (pid, address) "
                  "VALUES (pg_backend_pid(), 'ws://c.example:8766')")
        assert c.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(key),)).fetchone()[0]
        taken_by_c.append(c)

    async def scenario() -> object:
        cluster = Cluster(SimpleNamespace(rooms={}),
                          SimpleNamespace(rooms_of=lambda keys: [KeptRoom(key, "snapshot", 0, 0.0)
                                                                 for key in keys]),
                          postgres_url, "ws://b.example:8765", lambda room, address: None)
        looked = cluster.ownership.owner

        async def owner_then_c_takes(key: str) -> str | None:
            found = await looked(key)
            if not taken_by_c:  # C claims the room between B's look for an owner and B's claim
                c_takes(key)
            return found

        cluster.ownership.owner = owner_then_c_takes
        await cluster.ownership.open()
        try:
            return await cluster.locate("ABCD-EFGH-JKLM")
        finally:
            await cluster.ownership.close()

    try:
        assert run(scenario()) == "ws://c.example:8766"
    finally:
        for c in taken_by_c:
            c.close()


def test_a_crowd_asking_where_rooms_are_shares_readings_and_none_is_older_than_its_question(
        postgres_url, monkeypatch):
    """The clients of a process that died all ask the survivors at once where their rooms are:
    the survivor reads the locks once for the callers that wait together, yet a caller that
    asks after another process took a room is told that owner, never an older answer."""
    from urland.cluster import ownership as ownership_module

    readings: list[asyncio.Event] = []
    read = ownership_module.held_locks

    async def held_locks_held_open(conn):
        gate = asyncio.Event()
        readings.append(gate)
        await gate.wait()
        return await read(conn)

    async def scenario():
        b = await _opened(postgres_url, "ws://b.example:8765")
        c = await _opened(postgres_url, "ws://c.example:8766")
        monkeypatch.setattr(ownership_module, "held_locks", held_locks_held_open)
        before = asyncio.create_task(b.owner(ROOM))  # its reading begins before C's claim
        while not readings:
            await asyncio.sleep(0)
        monkeypatch.setattr(ownership_module, "held_locks", read)  # (C's own claim reads none)
        assert await c.claim(ROOM)
        monkeypatch.setattr(ownership_module, "held_locks", held_locks_held_open)
        crowd = [asyncio.create_task(b.owner(ROOM)) for _ in range(50)]  # asked after the claim
        await asyncio.sleep(0.05)
        readings[0].set()
        while len(readings) < 2:
            await asyncio.sleep(0)
        readings[1].set()
        first = await before
        answers = await asyncio.gather(*crowd)
        await b.close()
        await c.close()
        return first, answers, len(readings)

    first, answers, count = run(scenario())
    assert first in (None, "ws://c.example:8766")  # begun before the claim: either is true
    assert answers == ["ws://c.example:8766"] * 50
    assert count == 2  # the 50 who waited together were answered by one reading


def test_a_room_claimed_twice_at_once_by_one_process_is_free_for_another_once_let_go(
        postgres_url):
    """A process's sweep and its clients' take-over claim the same room at the same moment;
    when the process lets the room go, another process can take it at once (PostgreSQL
    counts a lock taken twice by one connection, and one unlock would leave it held)."""
    async def scenario():
        b = await _opened(postgres_url, "ws://b.example:8765")
        c = await _opened(postgres_url, "ws://c.example:8766")
        both = await asyncio.gather(b.claim_all([ROOM, OTHER]), b.claim_all([ROOM]),
                                    b.claim(ROOM))
        await b.release(ROOM)
        taken = await c.claim(ROOM)
        owner = await c.owner(ROOM)
        await b.close()
        await c.close()
        return both, taken, owner

    both, taken, owner = run(scenario())
    assert sorted(both[0]) == sorted([ROOM, OTHER]) and both[1] == [ROOM] and both[2]
    assert taken and owner == "ws://c.example:8766"


def test_a_client_whose_room_s_owner_just_died_is_seated_not_told_there_is_no_room(
        postgres_url):
    """The owner was killed: for a moment PostgreSQL still holds its lock, though the process
    is gone from the list of live ones. A client that reaches process B in that moment finds
    no owner and cannot claim the room; a moment later the lock ends. B looks again and
    takes the room, rather than tell the client that there is no room with that code."""
    from types import SimpleNamespace

    from urland.cluster.coordinator import Cluster
    from urland.master.room import Room
    from urland.store.base import KeptRoom

    code = "DEAD-OWNE-RABC"
    key = room_key(code)
    room = Room.create(code, ["remote", "remote", "random"], 7)
    dying = psycopg.connect(postgres_url, autocommit=True)  # a lock, and no live process
    assert dying.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(key),)).fetchone()[0]
    served: list[Room] = []

    def lock_ended(key: str) -> None:  # (waited for: PostgreSQL ends it a moment later)
        with psycopg.connect(postgres_url, autocommit=True) as look:
            for _try in range(1000):
                if look.execute("SELECT pg_try_advisory_lock(%s)",
                                (lock_key(key),)).fetchone()[0]:
                    look.execute("SELECT pg_advisory_unlock(%s)", (lock_key(key),))
                    return
                time.sleep(0.01)

    async def scenario() -> object:
        cluster = Cluster(SimpleNamespace(rooms={}, take_room=served.append),
                          SimpleNamespace(rooms_of=lambda keys: [
                              KeptRoom(k, room.text(), room.seq, 0.0) for k in keys]),
                          postgres_url, "ws://b.example:8765", lambda room, address: None)
        cluster.known[key] = room.seq
        claim_all = cluster.ownership.claim_all

        async def claimed_then_the_dead_lock_ends(keys):
            taken = await claim_all(keys)
            if not dying.closed:
                dying.close()  # its connection is seen closed: its lock ends
                lock_ended(key)
            return taken

        cluster.ownership.claim_all = claimed_then_the_dead_lock_ends
        await cluster.ownership.open()
        try:
            return await cluster.locate(code)
        finally:
            await cluster.ownership.close()

    found = run(scenario())
    assert isinstance(found, Room) and found.code == room.code and served == [found]
