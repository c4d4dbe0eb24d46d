"""The players a server knows and their ratings, the same for SQLite and PostgreSQL: a player
found again by the hash of their secret, a name one player holds refused to another (and a
look-alike of it), a game rated once with a history row per player, the leaderboard best
first. The PostgreSQL cases run against a real server started by the tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from urland.store.base import NameTaken, RoomStore
from urland.store.choice import open_store
from urland.store.sqlite import MemoryStore


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def opener(request, tmp_path) -> Callable[[], RoomStore]:
    if request.param == "sqlite":
        return lambda: open_store("sqlite", tmp_path)
    if request.param == "memory":
        memory = MemoryStore()
        return lambda: memory
    url = request.getfixturevalue("postgres_url")
    return lambda: open_store(url, tmp_path)


def test_a_player_is_found_again_by_their_secret_and_keeps_their_name(store):
    anna = store.add_player("hash-a", "Anna", "anna")
    assert store.player("hash-a") == anna and anna.name == "Anna"
    assert store.add_player("hash-a", "Other", "other") == anna  # known already: as she was
    assert store.player("hash-b") is None
    assert store.name_holder("anna") == anna.player and store.name_holder("ben") is None
    store.rename_player(anna.player, "Annie", "annie")
    assert store.player("hash-a").name == "Annie" and store.name_holder("anna") is None


def test_a_name_another_player_holds_is_refused_and_nameless_players_do_not_clash(store):
    store.add_player("hash-a", "Anna", "anna")
    with pytest.raises(NameTaken):
        store.add_player("hash-b", "ANNA", "anna")
    assert store.player("hash-b") is None  # nothing of the refused one is kept
    ben = store.add_player("hash-b", "Ben", "ben")
    with pytest.raises(NameTaken):
        store.rename_player(ben.player, "anna", "anna")
    assert store.player("hash-b").name == "Ben"
    first, second = store.add_player("hash-c", "", ""), store.add_player("hash-d", "", "")
    assert first.player != second.player and first.name == second.name == ""


def _plus(places: list[int]) -> Callable:
    """A rating rule for the test: each seat's mu grows by 10 less its place."""
    def rule(now):
        return [((mu if mu is not None else 25.0) + 10 - place, 8.0)
                for (mu, _sigma), place in zip(
                    [r if r is not None else (None, None) for r in now], places, strict=True)]
    return rule


def test_a_game_is_rated_once_with_a_history_row_per_rated_seat(store):
    places = [("p1", 1), ("", 2), ("bot:medium", 2), ("p4", 4)]  # seat 2 not rated
    kept = store.rate("room-a:7", places, _plus([1, 2, 2, 4]))
    assert [(k.player, k.place, k.players, k.mu) for k in kept] == [
        ("p1", 1, 4, 34.0), ("bot:medium", 2, 4, 33.0), ("p4", 4, 4, 31.0)]
    assert store.rate("room-a:7", places, _plus([1, 2, 2, 4])) == []  # once only
    store.rate("room-b:3", [("p4", 1), ("p1", 2), ("bot:medium", 3)], _plus([1, 2, 3]))
    assert [(g.game, g.place, g.mu) for g in store.rating_history("p4")] == [
        ("room-a:7", 4, 31.0), ("room-b:3", 1, 40.0)]
    board = store.leaderboard(10)
    # best first; equal ratings in the order of their ids
    assert [(r.player, r.mu, r.games) for r in board] == [
        ("p1", 42.0, 2), ("bot:medium", 40.0, 2), ("p4", 40.0, 2)]
    assert [r.name for r in board if r.player == "bot:medium"] == ["medium"]
    assert len(store.leaderboard(1)) == 1 and store.rating_history("nobody") == []
