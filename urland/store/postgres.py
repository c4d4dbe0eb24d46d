"""The rooms kept in PostgreSQL (`serve --store postgresql://...`), shared by any number of
`serve` processes (`urland.cluster`): the shared SQL of `urland.store.sql` through psycopg 3.

The connection is in autocommit; each batch is one explicit transaction. A lost connection
(the database restarted, a network cut) fails the batch it met (`StoreError`: the change is
taken back and its client sends it again) and is opened again for the next one, never in the
middle of a transaction. Making the tables is done under a transaction-level advisory lock, so
two processes starting at once on an empty database do not race (`CREATE TABLE IF NOT EXISTS`
is not safe against that in PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg

from urland.store import schema
from urland.store.base import StoreError
from urland.store.sql import SqlStore

# Held while a process makes or migrates the tables. (Outside the rooms' lock keys, which are
# 63-bit hashes: a clash is a 1-in-2**63 chance.)
SCHEMA_LOCK = 0x55524C414E44  # "URLAND"
CONNECT_SECONDS = 5


def _where(url: str) -> str:
    """The database in words for the log, without its password."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "a PostgreSQL database"
    info.pop("password", None)
    return "PostgreSQL " + " ".join(f"{k}={v}" for k, v in sorted(info.items()))


class PostgresStore(SqlStore):
    """The store in the PostgreSQL database at `url`."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = _where(url)
        self._in_transaction = False
        super().__init__(self._connect(), psycopg)

    def _connect(self) -> psycopg.Connection:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS,
                                   application_name="urland serve store")
        except psycopg.Error as exc:
            raise StoreError(self._sentence(exc)) from None

    def _run(self, sql: str, args: Sequence[Any] = ()) -> Any:
        if not self._in_transaction and (self._conn.closed or self._conn.broken):
            self._conn = self._connect()  # between batches only
        if sql == self.begin:
            self._in_transaction = True
        elif sql in ("COMMIT", "ROLLBACK"):
            self._in_transaction = False
        return super()._run(sql, args)

    def _rollback(self) -> None:
        super()._rollback()
        self._in_transaction = False

    def _lock_for_migration(self) -> None:
        self._run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    def _migrate(self) -> None:
        self._run(self.begin)
        try:
            self._lock_for_migration()
            self._run(schema.CREATE_VERSION)
            self._run("COMMIT")
        except BaseException:
            self._rollback()
            raise
        super()._migrate()
