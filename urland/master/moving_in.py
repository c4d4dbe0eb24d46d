"""Moving a rooms folder kept before the room store into it, once, at the server's first start
on the store: nothing lost, nothing moved before it is checked.

Each room is rebuilt as the server of before rebuilt it (its file, then the journal's newer
records replayed through the engine); every room, finished room and chat line is written to
the store in one transaction; every room read back from the store must hold the same moves.
Only then are the old files moved into `before-database/` (kept, not deleted), with a sentence
in the log. When anything fails, the old files stay where they are and the next start tries
again.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from urland.engine.errors import SaveError
from urland.master import old_rooms
from urland.master.room import FINISHED, SUFFIX, Room
from urland.store.base import AddChat, FinishRoom, PutSnapshot, RoomStore, StoreError, Write

log = logging.getLogger("urland.server")

BEFORE = "before-database"


def _writes(folder: Path) -> tuple[list[Write], dict[str, Room], list[str]]:
    """The writes that put the folder's rooms into the store, the unfinished rooms by key
    (to check), and a sentence per problem met."""
    rooms, problems = old_rooms.load_rooms(folder)
    records, unreadable = old_rooms.read_journal(folder)
    problems += unreadable + old_rooms.replay(rooms, records)
    writes: list[Write] = []
    unfinished: dict[str, Room] = {}
    for path in sorted((folder / FINISHED).glob(f"*{SUFFIX}")):
        try:
            done = Room.load(path)
        except SaveError as exc:
            problems.append(str(exc))
            continue
        writes.append(FinishRoom(done.key, done.text(), done.seq))
    for room in rooms.values():
        if room.game.over:
            writes.append(FinishRoom(room.key, room.text(), room.seq))
        else:
            writes.append(PutSnapshot(room.key, room.text(), room.seq))
            unfinished[room.key] = room
    for key, path in old_rooms.chat_files(folder):
        name, lines = old_rooms.read_chat(path)
        writes += [AddChat(key, name, line) for line in lines]
    return writes, unfinished, problems


def _differences(store: RoomStore, rooms: dict[str, Room]) -> list[str]:
    """A sentence for each room the store does not give back with the same moves."""
    back = {kept.key: kept for kept in store.rooms()}
    wrong = []
    for key, room in rooms.items():
        kept = back.get(key)
        try:
            same = kept is not None and not kept.changes and Room.from_text(
                kept.snapshot, "room").game.moves == room.game.moves
        except SaveError:
            same = False
        if not same:
            wrong.append(f"Room {room.code}: the database does not give it back as its files "
                         "hold it; its files are kept where they are.")
    return wrong


def _set_aside(folder: Path) -> None:
    """Move every file of the old way into `before-database/` (a name taken is not lost:
    it goes in beside with a number)."""
    aside = folder / BEFORE
    aside.mkdir(exist_ok=True)
    names = [p for p in folder.iterdir()
             if p.name.endswith((SUFFIX, old_rooms.CHAT_SUFFIX)) or p.name in old_rooms.JOURNALS
             or (p.name == FINISHED and p.is_dir())]
    for path in names:
        target, n = aside / path.name, 1
        while target.exists():
            n += 1
            target = aside / f"{path.name}.{n}"
        os.replace(path, target)


def move_in(folder: Path, store: RoomStore) -> list[str]:
    """Move the rooms `folder` kept before the store into `store`; a sentence per problem
    (rooms whose files could not be read are named, and their files kept)."""
    if not old_rooms.is_old_folder(folder):
        return []
    writes, rooms, problems = _writes(folder)
    try:
        refused = [e for e in store.write(writes) if e is not None]
    except StoreError as exc:
        return [*problems, f"The rooms could not be moved into the database: {exc}"]
    wrong = _differences(store, rooms)
    if refused or wrong:
        return [*problems, *wrong, *(str(e) for e in refused)]
    try:
        _set_aside(folder)
    except OSError as exc:
        return [*problems, f"The rooms are in the database, but their old files could not be "
                           f"moved into {BEFORE}: {exc.strerror}."]
    log.warning("The rooms kept in %s (%d unfinished) are now in %s; their old files are in "
                "%s.", folder, len(rooms), store.where, folder / BEFORE)
    return problems
