"""The rooms kept in one SQLite file (WAL) in the server's rooms folder: the default store.

`synchronous=FULL`: each transaction's end is flushed to the disk before it is answered, so a
change acknowledged to a player survives a power cut as well as a killed process. Another
process that holds the file (a backup running) is waited for up to BUSY_SECONDS.

The log's pages are copied into the file (a checkpoint) by a thread of their own, every
CHECKPOINT_SECONDS, on a connection of its own: SQLite would otherwise make each checkpoint
inside the commit that fills the log, and the moves waiting behind that commit (one in a
thousand pages, 20 to 120 ms with its flushes) would be told late. A passive checkpoint lets
the writer go on meanwhile.

One server at a time keeps its rooms in a folder (`hold_folder`): a second one (another
`serve`, or a game hosted from the window on the same folder) is refused with `FolderInUse`
rather than serve the same rooms beside the first. The lock is the operating system's, on the
file `rooms.lock` in the folder: it goes with the process that held it, however it ended.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from pathlib import Path
from typing import BinaryIO

from urland.store.base import StoreError
from urland.store.sql import SqlStore

FILE_NAME = "rooms.sqlite3"
LOCK_NAME = "rooms.lock"
BUSY_SECONDS = 10.0
CHECKPOINT_SECONDS = 1.0

log = logging.getLogger("urland.server")


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
                connection.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer's job
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
        self.checkpointer = None if read_only else Checkpointer(self.path, CHECKPOINT_SECONDS)

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.stop()
        super().close()  # the last connection closed copies the rest and removes the log

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


class MemoryStore(SqlStore):
    """A store in memory only, for a server that keeps no rooms: the players it knows and
    their ratings last while it runs."""

    def __init__(self) -> None:
        self.where = "memory"
        super().__init__(sqlite3.connect(":memory:", isolation_level=None,
                                         check_same_thread=False), sqlite3)


class Checkpointer:
    """Copies the store's write-ahead log into its file every `seconds`, beside the writer
    (module docstring). A checkpoint that fails is tried again at the next tick: the log only
    grows meanwhile, and every write still reports its own failure."""

    def __init__(self, path: Path, seconds: float = CHECKPOINT_SECONDS) -> None:
        self._path = path
        self._seconds = seconds
        self._connection: sqlite3.Connection | None = None
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name="urland-store-checkpoint")
        self._thread.start()

    def copy_now(self) -> bool:
        """One passive checkpoint (the thread's tick): True when the whole log is in the file
        (False when a reader or the writer kept part of it back; the next tick copies it)."""
        if self._connection is None:
            self._connection = sqlite3.connect(self._path, timeout=BUSY_SECONDS,
                                               isolation_level=None, check_same_thread=False)
            self._connection.execute("PRAGMA synchronous=FULL")
        busy, in_log, copied = self._connection.execute(
            "PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return not busy and in_log == copied

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(BUSY_SECONDS)
        if self._connection is not None:
            self._connection.close()

    def _run(self) -> None:
        failing = False
        while not self._stopping.wait(self._seconds):
            try:
                self.copy_now()
                failing = False
            except sqlite3.Error as exc:
                if not failing:
                    log.warning("the rooms' log could not be copied into %s yet: %s",
                                self._path.name, exc)
                failing = True
