"""The rooms kept in a PostgreSQL database (`serve --store postgresql://...`), through
psycopg 3 (the `server` extra: `pip install 'urland[server]'`).

The same schema and statements as SQLite (`urland.store.sql`). Each transaction is committed
with PostgreSQL's own durability (`synchronous_commit` on, its default), so a change is on the
database server's disk before it is answered. Several servers may share one database: the
schema's steps are taken under a lock, and a change number kept by one is refused to another
(`NumberTaken`).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

from urland.store.base import StoreError
from urland.store.sql import SqlStore

CONNECT_SECONDS = 10
MIGRATION_LOCK = 0x75726C61  # "urla": the advisory lock taken while the schema's steps run
RATINGS_LOCK = 0x75726C72  # "urlr": taken while a game is rated (ratings read, then written)


def without_password(url: str) -> str:
    """The URL as the log may show it."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


class PostgresStore(SqlStore):
    """The store in the database at `url`."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        self.where = f"the database {without_password(url)}"
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL store needs psycopg: pip install 'urland[server]'"
                             ) from None
        self._url = url
        connection = self._connect()
        try:
            super().__init__(connection, psycopg)
        except StoreError:
            connection.close()
            raise

    def _ready(self) -> None:
        if self._conn.closed or self._conn.broken:  # the database restarted, the link dropped
            self._conn = self._connect()

    def _connect(self) -> Any:
        import psycopg

        try:
            return psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_SECONDS)
        except psycopg.Error as exc:
            raise StoreError(self._sentence(exc)) from None

    def _lock_for_migration(self) -> None:
        self._run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def _lock_for_ratings(self) -> None:
        self._run("SELECT pg_advisory_xact_lock(?)", (RATINGS_LOCK,))

    def _sentence(self, exc: BaseException) -> str:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"the rooms cannot be kept in {self.where}: {first}"
