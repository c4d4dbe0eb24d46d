"""Rooms kept in PostgreSQL for several `serve` processes (`urland.store.base.RoomStore`).

A room is its snapshot (the text of a room file) and its changes after it, each a row at the
room's next number: the primary key (room, number) makes a second writer of one number fail
(`NumberTaken`), however many processes believe they own the room. Finished rooms move to
their own table in the same transaction. One connection, used by one thread at a time (the
store's lock); a lost connection (the database restarted) is a `StoreError` for the write
that met it and is opened again for the next.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence

import psycopg

from urland.cluster.ownership import SCHEMA_LOCK
from urland.store.base import (
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

SCHEMA = """
CREATE TABLE IF NOT EXISTS cluster_rooms (
    key text PRIMARY KEY, snapshot text NOT NULL, number integer NOT NULL,
    written double precision NOT NULL);
CREATE TABLE IF NOT EXISTS cluster_changes (
    key text NOT NULL, number integer NOT NULL, change text NOT NULL,
    PRIMARY KEY (key, number));
CREATE TABLE IF NOT EXISTS cluster_finished (
    key text NOT NULL, number integer NOT NULL, snapshot text NOT NULL,
    PRIMARY KEY (key, number));
"""


def _where(url: str) -> str:
    info = psycopg.conninfo.conninfo_to_dict(url)
    info.pop("password", None)
    return "PostgreSQL " + " ".join(f"{k}={v}" for k, v in sorted(info.items()))


class PostgresRooms:
    """The rooms of every process of one server, in one PostgreSQL database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = _where(url)
        self._lock = threading.Lock()
        self._conn: psycopg.Connection | None = None
        with self._lock:
            conn = self._connected()
            with conn.transaction():  # two processes starting at once make the tables once
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                conn.execute(SCHEMA)

    def _connected(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed or self._conn.broken:
            try:
                self._conn = psycopg.connect(self.url, autocommit=True, connect_timeout=5,
                                             application_name="urland serve store")
            except psycopg.Error as exc:
                raise StoreError(f"The database cannot be reached: {exc}".strip()) from None
        return self._conn

    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._connected().execute(sql, args).fetchall()
            except psycopg.Error as exc:
                raise StoreError(f"The database refused a read: {exc}".strip()) from None

    def rooms(self) -> list[KeptRoom]:
        rooms = {key: KeptRoom(key, text, number, written) for key, text, number, written
                 in self._rows("SELECT key, snapshot, number, written FROM cluster_rooms")}
        for key, number, change in self._rows(
                "SELECT c.key, c.number, c.change FROM cluster_changes c JOIN cluster_rooms r "
                "ON r.key = c.key WHERE c.number > r.number ORDER BY c.key, c.number"):
            rooms[key].changes.append(KeptChange(number, json.loads(change)))
        return sorted(rooms.values(), key=lambda room: room.key)

    def room(self, key: str) -> KeptRoom | None:
        rows = self._rows("SELECT snapshot, number, written FROM cluster_rooms WHERE key = %s",
                          (key,))
        if not rows:
            return None
        text, number, written = rows[0]
        changes = [KeptChange(n, json.loads(change)) for n, change in self._rows(
            "SELECT number, change FROM cluster_changes WHERE key = %s AND number > %s "
            "ORDER BY number", (key, number))]
        return KeptRoom(key, text, number, written, changes)

    def finished(self, key: str) -> str | None:
        """The last snapshot of the room's finished game, or None."""
        rows = self._rows("SELECT snapshot FROM cluster_finished WHERE key = %s "
                          "ORDER BY number DESC LIMIT 1", (key,))
        return rows[0][0] if rows else None

    def write(self, writes: Sequence[Write]) -> list[StoreError | None]:
        with self._lock:
            try:
                conn = self._connected()
                with conn.transaction():
                    return [self._one(conn, write) for write in writes]
            except psycopg.Error as exc:
                raise StoreError(f"The database did not keep the change: {exc}".strip()
                                 ) from None

    @staticmethod
    def _one(conn: psycopg.Connection, write: Write) -> StoreError | None:
        if isinstance(write, AddChange):  # a number kept already inserts nothing
            kept = conn.execute("INSERT INTO cluster_changes VALUES (%s, %s, %s) "
                                "ON CONFLICT (key, number) DO NOTHING RETURNING number",
                                (write.key, write.number, json.dumps(write.change))).fetchone()
            if kept is None:
                return NumberTaken(f"Change {write.number} of the room is kept already.")
        elif isinstance(write, PutSnapshot):
            conn.execute("INSERT INTO cluster_rooms VALUES (%s, %s, %s, %s) ON CONFLICT (key) "
                         "DO UPDATE SET snapshot = excluded.snapshot, number = excluded.number,"
                         " written = excluded.written",
                         (write.key, write.snapshot, write.number, time.time()))
            conn.execute("DELETE FROM cluster_changes WHERE key = %s AND number <= %s",
                         (write.key, write.number))
        elif isinstance(write, FinishRoom):
            conn.execute("INSERT INTO cluster_finished VALUES (%s, %s, %s) ON CONFLICT DO "
                         "NOTHING", (write.key, write.number, write.snapshot))
            conn.execute("DELETE FROM cluster_rooms WHERE key = %s", (write.key,))
            conn.execute("DELETE FROM cluster_changes WHERE key = %s", (write.key,))
        elif isinstance(write, AddChat):
            pass  # the chat of a room served by several processes is kept in memory for now
        return None

    def chat(self, key: str) -> tuple[str, list[ChatLine]]:
        return "", []

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
