"""The part of a room store that SQLite and PostgreSQL share: the statements, the batches in
one transaction with a savepoint per write, the listing, the chat, and the schema's steps.

A dialect (`urland.store.sqlite`, `urland.store.postgres`) gives the connection, its driver
module (for the DB-API error classes), how a transaction begins, and how an error is said.
Every statement is written with `?` placeholders; a dialect whose driver wants `%s` turns them.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Sequence
from typing import Any

from urland.store import schema
from urland.store.base import (
    KEPT_CHAT,
    AddChange,
    AddChat,
    ChatLine,
    FinishRoom,
    KeptChange,
    KeptRoom,
    NumberTaken,
    PutSnapshot,
    StoreError,
    Write,
)
from urland.store.player_rows import PlayerRows
from urland.store.sealed import seal, unseal

log = logging.getLogger("urland.server")

ROOMS_A_READ = 200  # rooms read in one statement by `rooms_of` (SQLite takes 999 arguments)
MAX_SNAPSHOT = 4 * 1024 * 1024  # characters: a room file is a few kilobytes
_DAMAGED = {"k": "damaged"}  # a change that cannot be read: replaying it stops the room there


class SqlStore(PlayerRows):
    """A `RoomStore` over one DB-API connection, used by one thread at a time (its lock)."""

    placeholder = "?"
    begin = "BEGIN"
    where = ""

    def __init__(self, connection: Any, driver: Any) -> None:
        self._conn = connection
        self._driver = driver  # sqlite3 or psycopg: its IntegrityError and Error classes
        self._lock = threading.Lock()
        with self._lock:
            self._guarded(self._migrate)

    # --- the dialect's parts --------------------------------------------------------------

    def _sentence(self, exc: BaseException) -> str:
        return f"the rooms cannot be kept in {self.where}: {exc}"

    def _lock_for_migration(self) -> None:
        """Keep other processes from running the same step meanwhile (PostgreSQL)."""

    # --- plumbing ---------------------------------------------------------------------------

    def _run(self, sql: str, args: Sequence[Any] = ()) -> Any:
        if self.placeholder != "?":
            sql = sql.replace("?", self.placeholder)
        return self._conn.execute(sql, tuple(args))

    def _guarded(self, job: Any, *args: Any) -> Any:
        """Run `job` and answer a database error as a StoreError with a sentence."""
        try:
            return job(*args)
        except self._driver.Error as exc:
            raise StoreError(self._sentence(exc)) from None

    def _rollback(self) -> None:
        # the database may have rolled back by itself (a full disk does), or the link is gone
        with contextlib.suppress(self._driver.Error):
            self._run("ROLLBACK")

    def _ready(self) -> None:
        """Make sure the connection is open (a dialect whose link may drop opens it again)."""

    def _migrate(self) -> None:
        """Run the schema's steps the database lacks, all in one transaction (another process
        starting at the same time waits, then finds them done)."""
        self._run(self.begin)
        try:
            self._lock_for_migration()
            self._run(schema.CREATE_VERSION)
            for number, statements in schema.STEPS:
                if self._run("SELECT 1 FROM schema_version WHERE version = ?",
                             (number,)).fetchone() is None:
                    for statement in statements:
                        self._run(statement)
                    self._run("INSERT INTO schema_version (version) VALUES (?)", (number,))
            self._run("COMMIT")
        except BaseException:
            self._rollback()
            raise
        newest = self._run("SELECT MAX(version) FROM schema_version").fetchone()[0]
        if newest is not None and newest > schema.LATEST:
            raise StoreError(f"{self.where} was written by a newer Urland (schema {newest}); "
                             f"this one knows schema {schema.LATEST}: start the newer one.")

    # --- reading ----------------------------------------------------------------------------

    def rooms(self) -> list[KeptRoom]:
        with self._lock:
            return self._guarded(self._rooms, None)

    def room(self, key: str) -> KeptRoom | None:
        found = self.rooms_of([key])
        return found[0] if found else None

    def rooms_of(self, keys: Sequence[str]) -> list[KeptRoom]:
        found: list[KeptRoom] = []
        with self._lock:
            for start in range(0, len(keys), ROOMS_A_READ):
                found += self._guarded(self._rooms, keys[start:start + ROOMS_A_READ])
        return found

    def _rooms(self, keys: Sequence[str] | None) -> list[KeptRoom]:
        self._ready()
        if keys is None:
            where, args = "", ()
        else:
            where, args = f"WHERE room IN ({', '.join('?' * len(keys))})", tuple(keys)
        rooms = {}
        for room, snapshot, seq, written in self._run(
                f"SELECT room, snapshot, seq, written FROM rooms {where} ORDER BY room",
                args).fetchall():
            if isinstance(snapshot, str) and len(snapshot) <= MAX_SNAPSHOT:
                rooms[room] = KeptRoom(room, snapshot, int(seq), float(written))
            else:
                log.error("room %s: its snapshot in %s is damaged; not read", room, self.where)
        for room, seq, sealed in self._run(
                f"SELECT room, seq, change FROM changes {where} ORDER BY room, seq",
                args).fetchall():
            kept = rooms.get(room)
            if kept is not None and seq > kept.number:
                kept.changes.append(KeptChange(int(seq), _unsealed(sealed)))
        return list(rooms.values())

    def chat(self, key: str) -> tuple[str, list[ChatLine]]:
        with self._lock:
            self._guarded(self._ready)
            rows = self._guarded(lambda: self._run(
                "SELECT chat, n, seat, name, said, at FROM chat_lines WHERE room = ?"
                " ORDER BY n", (key,)).fetchall())
        lines = [ChatLine(int(n), int(seat), str(name)[:24], str(said)[:200], int(at))
                 for _, n, seat, name, said, at in rows]
        return (str(rows[-1][0])[:16] if rows else ""), lines

    # --- writing ----------------------------------------------------------------------------

    def write(self, writes: Sequence[Write]) -> list[StoreError | None]:
        """One transaction; when a number turns out taken, it is run again with a savepoint
        around each write, so only the refused ones are left out (the usual batch, with no
        number taken, costs no savepoints)."""
        with self._lock:
            try:
                self._ready()
                try:
                    return self._transaction(writes, careful=False)
                except self._driver.IntegrityError:
                    self._rollback()
                return self._transaction(writes, careful=True)
            except self._driver.Error as exc:
                self._rollback()
                raise StoreError(self._sentence(exc)) from None

    def _transaction(self, writes: Sequence[Write], careful: bool) -> list[StoreError | None]:
        self._run(self.begin)
        if careful:
            outcomes = [self._one(w) for w in writes]
        else:
            for write in writes:
                self._apply(write)
            outcomes = [None] * len(writes)
        self._run("COMMIT")
        return outcomes

    def _one(self, write: Write) -> StoreError | None:
        self._run("SAVEPOINT one_write")
        try:
            self._apply(write)
        except self._driver.IntegrityError:
            self._run("ROLLBACK TO SAVEPOINT one_write")
            self._run("RELEASE SAVEPOINT one_write")
            assert isinstance(write, AddChange)
            return NumberTaken(f"change {write.number} of room {write.key} is kept already")
        self._run("RELEASE SAVEPOINT one_write")
        return None

    def _apply(self, write: Write) -> None:
        if isinstance(write, AddChange):
            self._run("INSERT INTO changes (room, seq, change) VALUES (?, ?, ?)",
                      (write.key, write.number, seal(write.change)))
        elif isinstance(write, PutSnapshot):
            self._run("INSERT INTO rooms (room, snapshot, seq, written) VALUES (?, ?, ?, ?)"
                      " ON CONFLICT (room) DO UPDATE SET snapshot = excluded.snapshot,"
                      " seq = excluded.seq, written = excluded.written",
                      (write.key, write.snapshot, write.number, time.time()))
            self._run("DELETE FROM changes WHERE room = ? AND seq <= ?",
                      (write.key, write.number))
        elif isinstance(write, FinishRoom):
            self._run("INSERT INTO finished_rooms (room, seq, snapshot, finished)"
                      " VALUES (?, ?, ?, ?)",
                      (write.key, write.number, write.snapshot, time.time()))
            # a new room under the same code starts past the old one's numbers: it stays
            self._run("DELETE FROM rooms WHERE room = ? AND seq <= ?", (write.key, write.number))
            self._run("DELETE FROM changes WHERE room = ? AND seq <= ?",
                      (write.key, write.number))
        elif isinstance(write, AddChat):
            line = write.line
            self._run("INSERT INTO chat_lines (room, n, chat, seat, name, said, at)"
                      " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (room, n) DO NOTHING",
                      (write.key, line.number, write.chat_name, line.seat, line.name,
                       line.text, line.at))
            self._run("DELETE FROM chat_lines WHERE room = ? AND n <= ?",
                      (write.key, line.number - KEPT_CHAT))

    def close(self) -> None:
        with self._lock, contextlib.suppress(self._driver.Error):
            self._conn.close()


def _unsealed(sealed: Any) -> dict[str, Any]:
    try:
        return unseal(sealed) if isinstance(sealed, str) else dict(_DAMAGED)
    except ValueError:
        return dict(_DAMAGED)
