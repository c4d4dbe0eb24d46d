"""A rooms folder kept by the server of before the room store (room files, a journal with
changes newer than them, a finished room, a chat file: tests/fixtures/rooms_before_database)
is moved into the database at the first start: every room where it stood, nothing lost, the
old files kept aside in before-database/."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest
from kept_rooms import finished_rooms, kept_rooms

from urland.master import old_rooms
from urland.master.keeper import RoomKeeper
from urland.master.moving_in import BEFORE
from urland.master.room import normal_code, room_key
from urland.store.base import StoreError
from urland.store.sql import SqlStore
from urland.store.sqlite import FILE_NAME, LOCK_NAME, SqliteStore

FIXTURE = Path(__file__).parent / "fixtures" / "rooms_before_database" / "rooms"
PLAYING, DONE = "PLAY-ON-0001", "ALL-DONE-0002"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return Path(shutil.copytree(FIXTURE, tmp_path / "rooms"))


def _as_before(folder: Path):
    """The room as the server of before rebuilt it (its file, then the journal replayed)."""
    rooms, problems = old_rooms.load_rooms(folder)
    records, unreadable = old_rooms.read_journal(folder)
    assert problems == unreadable == old_rooms.replay(rooms, records) == []
    return rooms[normal_code(PLAYING)]


def test_the_rooms_of_before_are_moved_in_where_they_stood_and_their_files_kept_aside(
        folder, caplog):
    expected = _as_before(FIXTURE)
    originals = {p.relative_to(FIXTURE): p.read_bytes() for p in FIXTURE.rglob("*") if p.is_file()}
    keeper = RoomKeeper(folder)
    with caplog.at_level(logging.WARNING, "urland.server"):
        rooms = keeper.restore()
    try:
        assert keeper.problems == [] and list(rooms) == [normal_code(PLAYING)]
        room = rooms[normal_code(PLAYING)]
        # the ten moves of its file and the seven of the journal, Ben's seat from the journal
        assert room.game.notation() == expected.game.notation() and len(room.game.moves) == 17
        assert room.seat_for_token("token-of-anna") == 0
        assert room.seat_for_token("token-of-ben") == 1
        assert room.seq == expected.seq == 8
        name, chat = keeper.chat(room_key(PLAYING))
        assert name == "ab12" and [(c.number, c.name, c.text, c.at) for c in chat] == [
            (1, "Anna", "hello", 3), (2, "Ben", "good luck", 4), (3, "Anna", "thanks!", 12)]
    finally:
        keeper.close(list(rooms.values()))
    (done,) = finished_rooms(folder)
    assert done.code == DONE and done.game.over and len(done.game.moves) == 92
    # every old file kept, byte for byte, in before-database/; beside it only the database
    # and the lock of the server that keeps it
    aside = {p.relative_to(folder / BEFORE): p.read_bytes()
             for p in (folder / BEFORE).rglob("*") if p.is_file()}
    assert aside == originals
    assert {p.name for p in folder.iterdir()} <= {BEFORE, FILE_NAME, f"{FILE_NAME}-wal",
                                                  f"{FILE_NAME}-shm", LOCK_NAME}
    assert any("are now in" in r.getMessage() and BEFORE in r.getMessage()
               for r in caplog.records)
    # started again: nothing is moved twice, the room is where it stood
    again = RoomKeeper(folder)
    rooms = again.restore()
    try:
        assert again.problems == []
        assert rooms[normal_code(PLAYING)].game.notation() == expected.game.notation()
    finally:
        again.close(list(rooms.values()))
    assert len(finished_rooms(folder)) == 1


def test_when_the_database_refuses_the_old_files_stay_and_the_next_start_moves_them(
        folder, monkeypatch):
    real_write = SqlStore.write

    def refused(self, writes):
        raise StoreError("the rooms cannot be kept: database or disk is full")
    monkeypatch.setattr(SqlStore, "write", refused)
    keeper = RoomKeeper(folder)
    assert keeper.restore() == {}
    keeper.close([])
    assert keeper.problems == ["The rooms could not be moved into the database: the rooms "
                               "cannot be kept: database or disk is full"]
    assert not (folder / BEFORE).exists() and (folder / "journal.jsonl").is_file()
    monkeypatch.setattr(SqlStore, "write", real_write)
    keeper = RoomKeeper(folder)
    rooms = keeper.restore()
    keeper.close(list(rooms.values()))
    assert keeper.problems == [] and (folder / BEFORE / "journal.jsonl").is_file()
    assert kept_rooms(folder)[normal_code(PLAYING)].game.notation() == _as_before(
        FIXTURE).game.notation()


def test_a_database_that_cannot_give_the_rooms_back_leaves_the_old_files(folder, monkeypatch):
    monkeypatch.setattr(SqliteStore, "rooms", lambda self: [])  # as if nothing was kept
    keeper = RoomKeeper(folder)
    keeper.restore()
    keeper.close([])
    assert keeper.problems == [f"Room {PLAYING}: the database does not give it back as its "
                               "files hold it; its files are kept where they are."]
    assert not (folder / BEFORE).exists() and (folder / "journal.jsonl").is_file()
