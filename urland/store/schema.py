"""The store's schema, as numbered steps of SQL kept as data.

A database records the steps it has had in `schema_version`; opening it runs the steps it
lacks, in order, each in its own transaction. A new table (lobby tables, clocks) is a new step
at the end; a step once released is never changed. The SQL is the part
SQLite and PostgreSQL share: TEXT, BIGINT, DOUBLE PRECISION, primary keys, ON CONFLICT.
"""

from __future__ import annotations

STEPS: list[tuple[int, tuple[str, ...]]] = [
    (1, (
        # an unfinished room: its last snapshot and the number of the last change it holds
        "CREATE TABLE rooms (room TEXT PRIMARY KEY, snapshot TEXT NOT NULL,"
        " seq BIGINT NOT NULL, written DOUBLE PRECISION NOT NULL)",
        # each change after it: the primary key lets only one writer keep a number
        "CREATE TABLE changes (room TEXT NOT NULL, seq BIGINT NOT NULL, change TEXT NOT NULL,"
        " PRIMARY KEY (room, seq))",
        # rooms whose game is over, moved aside (never read back at start)
        # (a code may be played again: one room may finish more than once)
        "CREATE TABLE finished_rooms (room TEXT NOT NULL, seq BIGINT NOT NULL,"
        " snapshot TEXT NOT NULL, finished DOUBLE PRECISION NOT NULL)",
        "CREATE INDEX finished_rooms_by_room ON finished_rooms (room)",
        # the last chat lines said in each room (public to the room: not sealed)
        "CREATE TABLE chat_lines (room TEXT NOT NULL, n BIGINT NOT NULL, chat TEXT NOT NULL,"
        " seat BIGINT NOT NULL, name TEXT NOT NULL, said TEXT NOT NULL, at BIGINT NOT NULL,"
        " PRIMARY KEY (room, n))",
    )),
    (2, (
        # a player known to this server by the hash of their secret (never the secret): a
        # public id of its own, the name shown, and that name's look-alike skeleton, so no two
        # players hold names a reader could take for one another
        "CREATE TABLE players (player TEXT PRIMARY KEY, secret TEXT NOT NULL UNIQUE,"
        " name TEXT, look TEXT UNIQUE, since DOUBLE PRECISION NOT NULL,"
        " seen DOUBLE PRECISION NOT NULL)",
        # each rated player's (or bot level's) rating now
        "CREATE TABLE ratings (player TEXT PRIMARY KEY, mu DOUBLE PRECISION NOT NULL,"
        " sigma DOUBLE PRECISION NOT NULL, games BIGINT NOT NULL,"
        " updated DOUBLE PRECISION NOT NULL)",
        # the rating after each rated game: the key lets a game be rated once only
        "CREATE TABLE rating_history (player TEXT NOT NULL, game TEXT NOT NULL,"
        " place BIGINT NOT NULL, players BIGINT NOT NULL, mu DOUBLE PRECISION NOT NULL,"
        " sigma DOUBLE PRECISION NOT NULL, at DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY (player, game))",
        "CREATE INDEX rating_history_by_game ON rating_history (game)",
    )),
]

LATEST = STEPS[-1][0]

CREATE_VERSION = "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT PRIMARY KEY)"
