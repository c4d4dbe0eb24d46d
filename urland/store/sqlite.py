"""The rooms kept in one SQLite file (WAL) in the server's rooms folder: the default store.

`synchronous=FULL`: each transaction's end is flushed to the disk before it is answered, so a
change acknowledged to a player survives a power cut as well as a killed process. Another
process that holds the file (a backup running) is waited for up to BUSY_SECONDS.

One server at a time keeps its rooms in a folder (`hold_folder`): a second one (another
`serve`, or a game hosted from the window on the same folder) is refused with `FolderInUse`
rather than serve the same rooms beside the first. The lock is the operating system's, on the
file `rooms.lock` in the folder: it goes with the process that held it, however it ended.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import BinaryIO

from urland.store.base import StoreError
from urland.store.sql import SqlStore

FILE_NAME = "rooms.sqlite3"
LOCK_NAME = "rooms.lock"
BUSY_SECONDS = 10.0


class FolderInUse(StoreError):
    """Another server (of this process or another) keeps its rooms in the folder."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"another Urland server keeps its rooms in {folder}")
        self.folder = folder


def store_file(folder: Path) -> Path:
    return folder / FILE_NAME


def hold_folder(folder: Path) -> BinaryIO:
    """The folder's lock for one server, held until the file returned is closed (or the
    process ends); FolderInUse when another server holds it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = (folder / LOCK_NAME).open("a+b")
    except OSError as exc:
        raise StoreError(f"the rooms cannot be kept in {folder}: {exc}") from None
    try:
        if os.name == "nt":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise FolderInUse(folder) from None
    return handle


class SqliteStore(SqlStore):
    """The store in `folder`/rooms.sqlite3 (made when missing, unless `read_only`)."""

    begin = "BEGIN IMMEDIATE"  # take the write lock at once: no deadlock between readers

    def __init__(self, folder: Path, read_only: bool = False) -> None:
        self.path = store_file(folder)
        self.where = f"{self.path.name} in {folder}"
        try:
            if read_only:
                connection = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                             timeout=BUSY_SECONDS, isolation_level=None,
                                             check_same_thread=False)
            else:
                folder.mkdir(parents=True, exist_ok=True)
                connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS,
                                             isolation_level=None, check_same_thread=False)
            if not read_only:
                connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")
            connection.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(self._sentence(exc)) from None
        self.read_only = read_only
        try:
            super().__init__(connection, sqlite3)
        except StoreError:
            connection.close()
            raise

    def _sentence(self, exc: BaseException) -> str:
        if isinstance(exc, sqlite3.DatabaseError) and "not a database" in str(exc):
            return (f"{self.where} is damaged ({exc}): move it aside and restore a backup "
                    "(docs/running-a-server.md).")
        return f"the rooms cannot be kept in {self.where}: {exc}"

    def _migrate(self) -> None:
        if self.read_only:  # read as it is: a reader never changes the file
            self._run("SELECT COUNT(*) FROM rooms").fetchone()
            return
        super()._migrate()
