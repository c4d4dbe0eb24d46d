"""Which store a server keeps its rooms in: `sqlite` (the default: one file in its rooms
folder) or a PostgreSQL URL (`postgresql://user@host/db`, several servers on one database)."""

from __future__ import annotations

from pathlib import Path

from urland.store.base import RoomStore, StoreError

SQLITE = "sqlite"


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def open_store(choice: str, folder: Path) -> RoomStore:
    """The store `choice` names (`sqlite`: the file in `folder`); StoreError when it cannot
    be opened, in a sentence."""
    if choice == SQLITE:
        from urland.store.sqlite import SqliteStore

        return SqliteStore(folder)
    if is_postgres(choice):
        from urland.store.postgres import PostgresStore

        return PostgresStore(choice)
    raise StoreError(f"{choice!r} is not a store: give sqlite or a postgresql:// URL.")
