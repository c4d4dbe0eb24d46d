"""What a server's room store holds, read as the next start reads it (for tests)."""

from __future__ import annotations

from pathlib import Path

from urland.master.keeper import rebuilt
from urland.master.room import Room, normal_code
from urland.store.sqlite import SqliteStore


def kept_rooms(folder: Path) -> dict[str, Room]:
    """The unfinished rooms kept in `folder`'s store, by normal code, each where it stands."""
    store = SqliteStore(folder, read_only=True)
    try:
        rooms = [rebuilt(kept)[0] for kept in store.rooms()]
    finally:
        store.close()
    return {normal_code(room.code): room for room in rooms}


def finished_rooms(folder: Path) -> list[Room]:
    """The finished rooms kept in `folder`'s store, oldest first."""
    store = SqliteStore(folder, read_only=True)
    try:
        rows = store._run("SELECT snapshot FROM finished_rooms ORDER BY finished").fetchall()
    finally:
        store.close()
    return [Room.from_text(text, "finished room") for (text,) in rows]
