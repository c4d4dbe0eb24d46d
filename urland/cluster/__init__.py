"""Several `serve` processes on one PostgreSQL: who owns which room, and news of changes."""
