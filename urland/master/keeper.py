"""Rooms on disk: each change in the journal before anyone is told, rooms written whole now and
then, finished rooms moved aside, and at start every room rebuilt where it stood.

At start the rooms are read from their files and the journal's records are replayed through the
engine on top of them (a room's file says the number of the last record it holds); then every
room is written whole and the journal emptied. A finished room is moved into `finished/`, so a
server's start never replays every game it ever held.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from urland.engine.errors import UrlandError
from urland.master.journal import Journal, Record, read_journal
from urland.master.room import Change, Room, load_rooms

log = logging.getLogger("urland.server")


class NotKept(Exception):
    """The change could not be written to disk; it was taken back. `taken`: another writer
    kept its number first (another process serves the room now: `urland.cluster`)."""

    def __init__(self, message: str = "", taken: bool = False) -> None:
        super().__init__(message)
        self.taken = taken


def _replay(rooms: dict[str, Room], records: list[Record]) -> tuple[set[str], list[str]]:
    """Apply each room's records newer than its file, in order; the rooms changed, and a
    sentence for each room whose records stop fitting (it goes on from the last that fit).
    Of two records with one number the later counts (the first was refused by the disk)."""
    by_key = {room.key: room for room in rooms.values()}
    latest: dict[tuple[str, int], Record] = {}
    for record in records:
        if record.room in by_key:  # others belong to rooms finished and moved aside
            latest[(record.room, record.number)] = record
    changed: set[str] = set()
    stuck: list[str] = []
    for (key, number), record in sorted(latest.items()):
        room = by_key[key]
        if number <= room.seq or key in stuck:
            continue
        try:
            if number != room.seq + 1:
                raise ValueError("records are missing")
            room.apply(record.change)
        except (ValueError, UrlandError) as exc:
            stuck.append(key)
            log.error("room %s: journal record %d not replayed (%s)", room.code, number, exc)
            continue
        room.seq = number
        changed.add(key)
    sentences = [f"Room {by_key[key].code}: the journal ends early there; the game goes on "
                 f"from move {len(by_key[key].game.moves)}." for key in stuck]
    return changed, sentences


def room_as_it_stands(folder: Path, path: Path) -> Room:
    """A kept room with the journal's newer records replayed: where its game stands now,
    read only (nothing is written; the server does that when it starts)."""
    room = Room.load(path)
    records, _unreadable = read_journal(folder)
    _replay({room.code: room}, records)
    return room


class RoomKeeper:
    """Keeps the rooms of one folder (or none: rooms in memory only)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.journal: Journal | None = None
        self.problems: list[str] = []
        self._setting_aside: asyncio.Task | None = None

    def restore(self) -> dict[str, Room]:
        """The unfinished rooms kept in the folder, by normal code, each where it stood."""
        if self.folder is None:
            return {}
        rooms, self.problems = load_rooms(self.folder)
        records, unreadable = read_journal(self.folder)
        self.problems += unreadable
        changed, stopped = _replay(rooms, records)
        self.problems += stopped
        written = True
        for code, room in list(rooms.items()):
            try:
                if room.game.over:
                    room.archived()()
                    del rooms[code]
                elif room.key in changed:
                    room.save()
            except OSError as exc:
                written = False
                self.problems.append(f"Room {room.code} cannot be written: {exc.strerror}.")
        self.journal = Journal(self.folder)
        if written:
            self.journal.clear()  # every record is in a room's file now
        return rooms

    async def keep(self, room: Room, change: Change,
                   rooms: Callable[[], list[tuple[Room, asyncio.Lock]]]) -> None:
        """Write the change's record and wait until it is on disk; NotKept (the change taken
        back) when it cannot be. `rooms`: every room with its lock, for setting aside."""
        if self.journal is None:
            return
        record, take_back = change
        room.seq += 1
        try:
            await self.journal.append(Record(room.key, room.seq, record))
        except OSError as exc:
            room.seq -= 1
            take_back()
            raise NotKept(str(exc)) from None
        if self.journal.full and self._setting_aside is None:
            self._setting_aside = asyncio.get_running_loop().create_task(self._set_aside(rooms))

    def finished(self, room: Room) -> None:
        """The room's game is over (and kept in the history): move it aside."""
        if self.journal is not None:
            self.journal.later(room.archived())

    def replaced(self, old: Room | None, new: Room) -> None:
        """A new room takes an old one's code: its records go on from the old one's numbers,
        so none of the old game's records is ever replayed into it. Then it is written, after
        whatever the writer thread still has to do (an old room moved aside into `finished/`
        before it, so that it does not take the new room's file with it); OSError when it
        cannot be."""
        if old is not None:
            old.replaced = True  # from now on its file is the new room's
            new.seq = new.saved_seq = old.seq
        if self.journal is not None:
            self.journal.later(new.save).result()
        elif self.folder is not None:
            new.save()

    async def _set_aside(self, rooms: Callable[[], list[tuple[Room, asyncio.Lock]]]) -> None:
        """Start a new journal, write every room with records in the old one whole, then
        delete the old one (kept when a room could not be written: read at the next start)."""
        assert self.journal is not None
        try:
            await asyncio.wrap_future(self.journal.set_aside())
            for room, lock in rooms():
                if room.seq > room.saved_seq:
                    async with lock:
                        job = room.archived() if room.game.over else room.snapshot()
                    await asyncio.wrap_future(self.journal.later(job))
            await asyncio.wrap_future(self.journal.drop_old_part())
        except OSError as exc:
            log.error("the old journal is kept: %s", exc)
        finally:
            self._setting_aside = None

    def close(self, rooms: list[Room]) -> None:
        """Stop writing; each unfinished room whose file is behind its journal is written
        whole (taken as it is now), so its file shows where it stood (the journal is emptied
        at the next start)."""
        if self.journal is None:
            return
        jobs = [room.snapshot() for room in rooms
                if room.seq > room.saved_seq and not room.game.over]
        for job in jobs:
            self.journal.later(job)
        self.journal.close()
