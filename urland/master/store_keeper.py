"""Rooms kept in a `RoomStore` (a database) instead of files and a journal.

The same promises as `RoomKeeper`: a change is kept before anyone is told of it, a change the
store refuses is taken back (`NotKept`), finished rooms are moved aside. The writes of all
rooms that arrive while one batch is in the store go together in the next (group commit), in a
worker thread, so the asyncio loop never waits on the database. A change refused because
another writer kept its number (`NumberTaken`: another process serves the room now) is
`NotKept` with `taken` set, so the master can let the room go.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from urland.engine.errors import UrlandError
from urland.engine.save import dumps
from urland.master.keeper import NotKept
from urland.master.room import Change, Room
from urland.store.base import (
    AddChange,
    FinishRoom,
    KeptRoom,
    NumberTaken,
    PutSnapshot,
    RoomStore,
    StoreError,
    Write,
)

log = logging.getLogger("urland.server")


def rebuilt(kept: KeptRoom) -> Room:
    """A room where the store has it: its snapshot with every change after it replayed.
    ValueError (or UrlandError, SaveError) when the snapshot or a change does not fit."""
    room = Room.from_snapshot(kept.snapshot, f"room {kept.key}")
    room.seq = room.saved_seq = kept.number
    for change in kept.changes:
        if change.number != room.seq + 1:
            raise ValueError(f"change {room.seq + 1} is missing")
        room.apply(change.change)
        room.seq = change.number
    return room


class StoreKeeper:
    """Keeps rooms in a store; `restore` reads none back when several processes share it
    (each takes its rooms one by one, `urland.cluster`)."""

    def __init__(self, store: RoomStore, read_back: bool = True) -> None:
        self.store = store
        self.read_back = read_back
        self.problems: list[str] = []
        self._pending: list[tuple[Write, asyncio.Future]] = []
        self._writer: asyncio.Task | None = None
        self.batches = 0

    def restore(self) -> dict[str, Room]:
        if not self.read_back:
            return {}
        rooms: dict[str, Room] = {}
        for kept in self.store.rooms():
            try:
                room = rebuilt(kept)
            except (ValueError, UrlandError) as exc:
                self.problems.append(f"Room {kept.key} cannot be read back: {exc}")
                continue
            rooms[room.key] = room
        return rooms

    async def _kept(self, write: Write) -> StoreError | None:
        done = asyncio.get_running_loop().create_future()
        self._pending.append((write, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_batches())
        return await done

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                answers = await asyncio.to_thread(self.store.write, [w for w, _ in batch])
            except StoreError as exc:
                answers = [exc] * len(batch)
            self.batches += 1
            for (_, done), answer in zip(batch, answers, strict=True):
                if not done.done():
                    done.set_result(answer)

    async def keep(self, room: Room, change: Change,
                   rooms: Callable[[], list] | None = None) -> None:
        record, take_back = change
        room.seq += 1
        refused = await self._kept(AddChange(room.key, room.seq, record))
        if refused is not None:
            room.seq -= 1
            take_back()
            log.error("room %s: the change was not kept: %s", room.code, refused)
            raise NotKept(str(refused), taken=isinstance(refused, NumberTaken))

    def finished(self, room: Room) -> None:
        write = FinishRoom(room.key, dumps(room.game, room.meta()), room.seq)
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().create_task(self._kept(write))

    def replaced(self, old: Room | None, new: Room) -> None:
        """A new room (or one under an old room's code, whose numbers it goes on from) is
        written whole at once; StoreError when it cannot be."""
        if old is not None:
            old.replaced = True
            new.seq = new.saved_seq = old.seq
        answer = self.store.write([PutSnapshot(new.key, dumps(new.game, new.meta()), new.seq)])
        if answer[0] is not None:
            raise answer[0]

    def close(self, rooms: list[Room]) -> None:
        self.store.close()
