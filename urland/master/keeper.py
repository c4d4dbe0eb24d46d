"""Rooms in the room store: each change kept before anyone is told, rooms written whole now
and then, finished rooms moved aside, and at start every room rebuilt where it stood.

At start every unfinished room is read from the store (`urland.store`: SQLite in the rooms
folder by default) and the changes newer than its snapshot are replayed through the engine;
a room whose game turns out over is moved aside, the others written whole again. A rooms
folder kept before the store is moved into it first (`urland.master.moving_in`). While the
server runs, each change is one insert at the room's next number, written by the store's one
writer thread together with every change that came meanwhile (`urland.store.writer`); every
SNAPSHOT_EVERY changes the room is written whole, so a start replays few.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import BinaryIO, Protocol

from urland.engine.errors import SaveError, UrlandError
from urland.master import old_rooms
from urland.master.moving_in import move_in
from urland.master.room import Change, Room, normal_code, room_file, room_key
from urland.store.base import (
    AddChange,
    AddChat,
    ChatLine,
    FinishRoom,
    KeptRoom,
    NumberTaken,
    PutSnapshot,
    RoomStore,
    StoreError,
    Write,
)
from urland.store.choice import SQLITE, open_store
from urland.store.sqlite import SqliteStore, hold_folder, store_file
from urland.store.writer import StoreWriter

log = logging.getLogger("urland.server")

SNAPSHOT_EVERY = 100  # changes after which a room is written whole again


class NotKept(Exception):
    """The change could not be kept in the store; it was taken back. `taken`: another writer
    kept its number first (another process serves the room now: `urland.cluster`)."""

    def __init__(self, message: str = "", taken: bool = False) -> None:
        super().__init__(message)
        self.taken = taken


def rebuilt(kept: KeptRoom) -> tuple[Room, str | None]:
    """The room from its snapshot with its newer changes replayed, and a sentence when they
    stop fitting (it goes on from the last that fit). SaveError: the snapshot is damaged."""
    room = Room.from_text(kept.snapshot, f"room {kept.key}")
    room.seq = room.saved_seq = kept.number
    for change in kept.changes:
        try:
            if change.number != room.seq + 1:
                raise ValueError("changes are missing")
            room.apply(change.change)
        except (ValueError, UrlandError) as exc:
            log.error("room %s: change %d not replayed (%s)", room.code, change.number, exc)
            return room, (f"Room {room.code}: its kept changes end early; the game goes on "
                          f"from move {len(room.game.moves)}.")
        room.seq = change.number
    return room, None


def room_as_it_stands(folder: Path, code: str) -> tuple[Room, float] | None:
    """A hosted room kept in `folder` where its game stands now, and when it was last written;
    read only (nothing is written: the server does that when it starts). None when there is
    none; SaveError or OSError when it cannot be read."""
    if store_file(folder).exists():
        store = SqliteStore(folder, read_only=True)
        try:
            kept = store.room(room_key(code))
        finally:
            store.close()
        if kept is None:
            return None
        return rebuilt(kept)[0], kept.written
    path = room_file(folder, code)  # a folder from before the store
    if not path.exists():
        return None
    room = Room.load(path)
    records, _unreadable = old_rooms.read_journal(folder)
    old_rooms.replay({normal_code(room.code): room}, records)
    return room, path.stat().st_mtime


class Store(Protocol):
    """Where a master keeps its rooms: `RoomKeeper` (the room store) for served and hosted
    games, a game's own save for a game at this computer (`urland.table.room`)."""

    problems: list[str]

    def restore(self) -> dict[str, Room]:
        """The unfinished rooms kept, by normal code, each where it stood."""
        ...

    async def keep(self, room: Room, change: Change) -> None:
        """Keep a change before anyone is told; NotKept (the change taken back) when the
        change must not stand unkept."""
        ...

    def finished(self, room: Room) -> None:
        """The room's game is over (and the master has kept it in the history)."""
        ...

    def replaced(self, old: Room | None, new: Room) -> None:
        """A new room takes an old one's code."""
        ...

    def close(self, rooms: list[Room]) -> None:
        """The master stops: write what is behind."""
        ...


class RoomKeeper:
    """Keeps the rooms of one folder's store, or of a PostgreSQL database (or none: rooms in
    memory only)."""

    def __init__(self, folder: Path | None, store: str = SQLITE, read_back: bool = True
                 ) -> None:
        self.folder = folder
        self.choice = store
        # False: several processes share the store and none reads every room back at start;
        # each takes its rooms one by one (`urland.cluster`, `taken_over`).
        self.read_back = read_back
        self.store: RoomStore | None = None
        self.writer: StoreWriter | None = None
        self.problems: list[str] = []
        self.held: BinaryIO | None = None  # the folder's lock (SQLite: one server a folder)

    def restore(self) -> dict[str, Room]:
        """The unfinished rooms kept, by normal code, each where it stood. StoreError (an
        OSError) when the store cannot be opened or read: a sentence."""
        if self.folder is None:
            return {}
        if self.choice == SQLITE:
            self.held = hold_folder(self.folder)
        try:
            self.store = open_store(self.choice, self.folder)
        except StoreError:
            self._let_go()
            raise
        if not self.read_back:
            self.writer = StoreWriter(self.store)
            return {}
        try:
            self.problems = move_in(self.folder, self.store)
            rooms, writes = self._rebuilt(self.store.rooms())
            if writes:
                self.store.write(writes)
        except StoreError:
            self.store.close()
            self._let_go()
            raise
        self.writer = StoreWriter(self.store)
        for room in rooms.values():
            room.saver = self._save
        return rooms

    def _rebuilt(self, kept_rooms: list[KeptRoom]) -> tuple[dict[str, Room], list[Write]]:
        rooms: dict[str, Room] = {}
        writes: list[Write] = []
        for kept in kept_rooms:
            try:
                room, stopped = rebuilt(kept)
            except SaveError as exc:
                self.problems.append(str(exc))
                continue
            if stopped:
                self.problems.append(stopped)
            if room.game.over:
                writes.append(FinishRoom(room.key, room.text(), room.seq))
                continue
            if room.seq > room.saved_seq:
                writes.append(PutSnapshot(room.key, room.text(), room.seq))
                room.saved_seq = room.seq
            rooms[normal_code(room.code)] = room
        return rooms, writes

    def _save(self, room: Room) -> None:
        """Write the room whole and wait (StoreError when it cannot be)."""
        if self.writer is not None:
            seq = room.seq
            self.writer.submit(PutSnapshot(room.key, room.text(), seq)).result()
            room.saved_seq = max(room.saved_seq, seq)

    async def keep(self, room: Room, change: Change) -> None:
        """Keep the change at the room's next number and wait until it is in the store;
        NotKept (the change taken back) when it cannot be."""
        if self.writer is None:
            return
        record, take_back = change
        room.seq += 1
        try:
            await self.writer.keep(AddChange(room.key, room.seq, record))
        except StoreError as exc:
            room.seq -= 1
            take_back()
            raise NotKept(str(exc), taken=isinstance(exc, NumberTaken)) from None
        if room.seq - room.saved_seq >= SNAPSHOT_EVERY and not room.game.over:
            self._snapshot(room)

    def _snapshot(self, room: Room) -> None:
        """Write the room whole in the background (its changes stay kept if it fails)."""
        assert self.writer is not None
        seq = room.seq
        done = self.writer.submit(PutSnapshot(room.key, room.text(), seq))

        def written(future: object) -> None:
            if not done.exception():
                room.saved_seq = max(room.saved_seq, seq)
        done.add_done_callback(written)

    def taken_over(self, room: Room) -> None:
        """A room rebuilt from the store, served here from now on (another process served
        it): written whole through this keeper when it is saved."""
        room.saver = self._save

    def finished(self, room: Room) -> None:
        """The room's game is over (and kept in the history): move it aside."""
        if self.writer is not None:
            self.writer.submit(FinishRoom(room.key, room.text(), room.seq))

    def replaced(self, old: Room | None, new: Room) -> None:
        """A new room takes an old one's code: its numbers go on past the old one's, so none
        of the old game's changes is ever replayed into it (and the old game's moving aside
        leaves it). Then it is written, after whatever the writer still has to do; OSError
        when it cannot be."""
        if old is not None:
            old.replaced = True  # from now on its code is the new room's
            new.seq = new.saved_seq = old.seq + 1
        if self.writer is not None:
            new.saver = self._save
            new.save()

    def close(self, rooms: list[Room]) -> None:
        """Write whole each unfinished room behind its changes, then stop writing (and give
        the folder up to the next server)."""
        if self.writer is None or self.store is None:
            self._let_go()
            return
        for room in rooms:
            if room.seq > room.saved_seq and not room.game.over and not room.replaced:
                self.writer.submit(PutSnapshot(room.key, room.text(), room.seq))
        self.writer.close()
        self.store.close()
        self._let_go()

    def _let_go(self) -> None:
        if self.held is not None:
            self.held.close()
            self.held = None

    # --- the chat kept with each room -----------------------------------------------------

    def chat(self, key: str) -> tuple[str, list[ChatLine]]:
        """The room's kept chat ('' and none when there is none or it cannot be read)."""
        if self.store is None:
            return "", []
        try:
            return self.store.chat(key)
        except StoreError as exc:
            log.error("the chat of a room cannot be read: %s", exc)
            return "", []

    def keep_chat(self, key: str, chat_name: str, line: ChatLine) -> None:
        """Keep a chat line with the room, without waiting (a line that cannot be kept is
        still said: it is only not kept)."""
        if self.writer is not None:
            self.writer.submit(AddChat(key, chat_name, line))
