"""A room store that refuses its writes, as a full disk does, while a test says so."""

from __future__ import annotations

import pytest

from urland.store.base import StoreError
from urland.store.sql import SqlStore


def disk_full(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """While `full["on"]`, every store (SQLite or PostgreSQL) refuses every write."""
    full = {"on": False}
    real_write = SqlStore.write

    def write(self, writes):
        if full["on"]:
            raise StoreError("the rooms cannot be kept: database or disk is full")
        return real_write(self, writes)
    monkeypatch.setattr(SqlStore, "write", write)
    return full
