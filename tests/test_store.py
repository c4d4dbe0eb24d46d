"""The room store's promises, the same for SQLite and PostgreSQL: a room's snapshot and its
numbered changes read back in order, a number kept once only, finished rooms moved aside, the
chat's last lines, the schema's steps, and a write the database refuses keeping nothing. The
PostgreSQL cases run against a real server started by the tests (tests/postgres_server.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest

from urland.store.base import (
    KEPT_CHAT,
    AddChange,
    AddChat,
    ChatLine,
    FinishRoom,
    NumberTaken,
    PutSnapshot,
    RoomStore,
    StoreError,
)
from urland.store.choice import open_store

MOVE = {"k": "move", "at": 0, "move": "pass"}


@pytest.fixture(params=["sqlite", "postgresql"])
def opener(request, tmp_path) -> Callable[[], RoomStore]:
    """Opens the test's store (each call another connection to the same one)."""
    if request.param == "sqlite":
        return lambda: open_store("sqlite", tmp_path)
    url = request.getfixturevalue("postgres_url")
    return lambda: open_store(url, tmp_path)


def test_a_room_reads_back_as_its_snapshot_and_the_changes_after_it_in_order(store):
    assert store.write([PutSnapshot("a", "snapshot 0", 0),
                        *(AddChange("a", n, {**MOVE, "at": n}) for n in (3, 1, 2)),
                        PutSnapshot("b", "other", 5)]) == [None] * 5
    (a, b) = store.rooms()
    assert (a.key, a.snapshot, a.number) == ("a", "snapshot 0", 0)
    assert [(c.number, c.change["at"]) for c in a.changes] == [(1, 1), (2, 2), (3, 3)]
    assert (b.key, b.number, b.changes) == ("b", 5, [])
    # written whole at 2: the changes it holds are gone, the newer one stays
    store.write([PutSnapshot("a", "snapshot 2", 2)])
    again = store.room("a")
    assert again.snapshot == "snapshot 2" and [c.number for c in again.changes] == [3]
    assert store.room("nobody") is None


def test_many_rooms_read_together_are_each_as_read_alone(store, monkeypatch):
    """A process taking over the rooms of one that died reads them together: each as it
    reads alone, a finished or unknown one left out, in batches however many are asked."""
    from urland.store import sql

    keys = [f"r{n:03}" for n in range(7)]
    store.write([w for n, key in enumerate(keys)
                 for w in (PutSnapshot(key, f"snapshot {key}", 0),
                           *(AddChange(key, m, {**MOVE, "at": m}) for m in range(1, n + 1)))])
    store.write([FinishRoom(keys[3], "finished", 3)])
    monkeypatch.setattr(sql, "ROOMS_A_READ", 2)
    together = {room.key: room for room in store.rooms_of([*keys, "nobody"])}
    assert sorted(together) == [key for key in keys if key != keys[3]]
    for key, room in together.items():
        alone = store.room(key)
        assert (room.snapshot, room.number) == (alone.snapshot, alone.number)
        assert [c.number for c in room.changes] == [c.number for c in alone.changes]
    assert [c.number for c in together[keys[6]].changes] == [1, 2, 3, 4, 5, 6]
    assert store.rooms_of([]) == []


def test_of_two_writers_only_one_keeps_a_number_and_the_others_writes_stay_kept(opener):
    first, second = opener(), opener()
    try:
        first.write([PutSnapshot("a", "s", 0)])
        assert first.write([AddChange("a", 1, MOVE)]) == [None]
        outcome = second.write([AddChange("a", 1, {**MOVE, "at": 9}),
                                AddChange("a", 2, MOVE)])
        assert isinstance(outcome[0], NumberTaken) and outcome[1] is None
        assert [(c.number, c.change["at"]) for c in first.room("a").changes] == [(1, 0), (2, 0)]
    finally:
        first.close()
        second.close()


def test_a_finished_room_is_moved_aside_and_a_new_game_under_its_code_stays(store):
    store.write([PutSnapshot("a", "old game", 0), AddChange("a", 1, MOVE)])
    # the new game under the same code starts past the old one's numbers
    store.write([PutSnapshot("a", "new game", 2), FinishRoom("a", "old game over", 1)])
    (kept,) = store.rooms()
    assert (kept.snapshot, kept.number, kept.changes) == ("new game", 2, [])
    store.write([FinishRoom("a", "new game over", 2)])
    assert store.rooms() == []


def test_a_room_keeps_the_last_lines_of_its_chat(store):
    store.write([AddChat("a", "ab12", ChatLine(n, n % 3, f"P{n % 3}", f"line {n}", n))
                 for n in range(1, KEPT_CHAT + 21)])
    name, lines = store.chat("a")
    assert name == "ab12" and len(lines) == KEPT_CHAT
    assert (lines[0].number, lines[-1].number, lines[-1].text) == (21, KEPT_CHAT + 20,
                                                                   f"line {KEPT_CHAT + 20}")
    assert store.chat("b") == ("", [])


def test_opening_again_runs_no_step_twice_and_a_newer_schema_is_refused_in_words(opener):
    first = opener()
    first.write([PutSnapshot("a", "s", 0)])
    first.close()
    second = opener()  # the steps are there: nothing is made again, nothing lost
    assert [r.key for r in second.rooms()] == ["a"]
    second.write([PutSnapshot("z", "s", 0)])
    second._run(second.begin)
    second._run("INSERT INTO schema_version (version) VALUES (?)", (99,))
    second._run("COMMIT")
    second.close()
    with pytest.raises(StoreError, match="written by a newer Urland"):
        opener()


def _fill_sqlite(store) -> Callable[[], None]:
    """The file may not grow (a full disk); returns what lets it grow again."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")
    return lambda: store._conn.execute("PRAGMA max_page_count = 1073741823")


def _cut_postgres(store) -> Callable[[], None]:
    """The database drops the store's connection (a restart of the database server)."""
    import psycopg

    pid = store._conn.info.backend_pid
    with psycopg.connect(store._url, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", (pid,))
    return lambda: None


def test_a_write_the_database_refuses_keeps_nothing_and_the_next_goes_through(store):
    store.write([PutSnapshot("a", "s", 0), AddChange("a", 1, MOVE)])
    refuse = _fill_sqlite if store._driver is sqlite3 else _cut_postgres
    recover = refuse(store)
    big = "x" * 200_000  # needs new pages: refused by a file that may not grow
    with pytest.raises(StoreError, match="cannot be kept"):
        store.write([AddChange("a", 2, MOVE), PutSnapshot("b", big, 0)])
    recover()
    assert [c.number for c in store.room("a").changes] == [1]  # nothing of the batch kept
    assert store.room("b") is None
    assert store.write([AddChange("a", 2, MOVE), PutSnapshot("b", big, 0)]) == [None, None]


def test_a_damaged_change_reads_back_as_one_that_stops_its_room(store):
    store.write([PutSnapshot("a", "s", 0), AddChange("a", 1, MOVE)])
    store._run("UPDATE changes SET change = ? WHERE room = ?", ("!!not sealed", "a"))
    (kept,) = store.rooms()
    assert kept.changes[0].change == {"k": "damaged"}


def test_a_server_on_postgresql_carries_its_rooms_on_after_a_restart(tmp_path, postgres_url):
    from netplay import run, seated, serving

    from urland.bots.registry import make_bot
    from urland.net.server import GameServer, ServerOptions

    options = ServerOptions(rooms_dir=tmp_path, store=postgres_url)

    async def scenario():
        async with serving(options) as (server, address):
            room = server.open_room("pg", ["remote", "random", "random"], 12)
            anna = await seated(address, "pg", "Anna")
            await anna.chat("hello")
            bot = make_bot("random", 1)
            for _ in range(4):
                while not anna.mirror.my_turn:
                    await anna.receive(5)
                at = anna.mirror.at
                await anna.play(bot.choose(anna.mirror.view))
                while anna.mirror.at == at:
                    await anna.receive(5)
            await anna.close()
        played = room.game.notation()
        again = GameServer(options)
        try:
            back = again.room("pg")
            assert back.game.notation() == played and back.seats[0].name == "Anna"
            assert again.problems == [] and again.master.keeper.chat(back.key)[1][0].text == "hello"
        finally:
            await again.close()
        assert not list(tmp_path.glob("rooms.sqlite3*"))  # nothing kept beside
    run(scenario(), 60)


def test_the_sqlite_log_is_copied_into_the_file_beside_the_writer_not_inside_its_commits(
        tmp_path, monkeypatch):
    """A server's moves are never held up by SQLite copying its log into the file: the
    commits leave that to the store's own checkpointer, whose copy then puts every kept move
    in the file itself (what a copy of the file alone, without its log, holds)."""
    import shutil

    import urland.store.sqlite as sqlite_store

    monkeypatch.setattr(sqlite_store, "CHECKPOINT_SECONDS", 3600.0)  # no tick of its own here
    store = open_store("sqlite", tmp_path / "served")
    try:
        assert store.write([PutSnapshot("a", "snapshot 0", 0)]) == [None]
        assert store.checkpointer.copy_now()  # the tables and the room in the file
        for n in range(1, 1201):  # more pages than SQLite's own copying would wait for
            assert store.write([AddChange("a", n, {**MOVE, "at": n, "pad": "x" * 300})]) == [None]

        def moves_in_the_file_alone(name: str) -> int:
            apart = tmp_path / name
            apart.mkdir()
            shutil.copy(store.path, apart / store.path.name)
            with sqlite3.connect(apart / store.path.name) as copy:
                return copy.execute("SELECT COUNT(*) FROM changes").fetchone()[0]

        assert moves_in_the_file_alone("before") == 0  # all still in the log
        assert store.checkpointer.copy_now()
        assert moves_in_the_file_alone("after") == 1200
    finally:
        store.close()
    again = open_store("sqlite", tmp_path / "served")
    assert len(again.room("a").changes) == 1200
    again.close()
