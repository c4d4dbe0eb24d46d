"""Where a server keeps its rooms: one interface (`base.RoomStore`), SQLite by default,
PostgreSQL for several servers on one database."""
