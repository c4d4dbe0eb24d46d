"""The players a server knows and their ratings, as rows of the store (the part SQLite and
PostgreSQL share; mixed into `urland.store.sql.SqlStore`).

A player is kept by the SHA-256 of their secret, never the secret, under a public id of their
own (random, so nothing of the secret can be read from it). The look of each name (its
confusable skeleton) is unique among the players: of two processes registering look-alike
names at once, the database keeps one. A game is rated once: its history rows are keyed by
(player, game), and the ratings are read and written in one transaction, under a lock of their
own on PostgreSQL (several processes may rate games at once).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from urland.store.base import NameTaken, Player, RatedGame, Rating, StoreError

MAX_LEADERBOARD = 1000


class PlayerRows:
    """The players' and ratings' statements over the store's connection (its lock held)."""

    if TYPE_CHECKING:  # the store's own (`SqlStore`)
        _lock: threading.Lock
        _driver: Any
        begin: str

        def _run(self, sql: str, args: Sequence[Any] = ()) -> Any: ...
        def _ready(self) -> None: ...
        def _rollback(self) -> None: ...
        def _sentence(self, exc: BaseException) -> str: ...

    def _lock_for_ratings(self) -> None:
        """Keep other processes from rating meanwhile (PostgreSQL)."""

    def _in_transaction(self, job: Callable[[], Any], conflict: Callable[[], Any]) -> Any:
        """Run `job` in one transaction under the store's lock; a key the database refuses
        rolls it back and answers `conflict()`, another database error is a StoreError in a
        sentence."""
        with self._lock:
            try:
                self._ready()
                self._run(self.begin)
                result = job()
                self._run("COMMIT")
                return result
            except self._driver.IntegrityError:
                self._rollback()
                return conflict()
            except self._driver.Error as exc:
                self._rollback()
                raise StoreError(self._sentence(exc)) from None
            except BaseException:
                self._rollback()
                raise

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        with self._lock:
            try:
                self._ready()
                return list(self._run(sql, args).fetchall())
            except self._driver.Error as exc:
                raise StoreError(self._sentence(exc)) from None

    # --- players --------------------------------------------------------------------------

    def player(self, secret_hash: str) -> Player | None:
        rows = self._read("SELECT player, name FROM players WHERE secret = ?", (secret_hash,))
        return Player(str(rows[0][0]), str(rows[0][1] or "")) if rows else None

    def add_player(self, secret_hash: str, name: str, look: str) -> Player:
        def add() -> Player:
            found = self._run("SELECT player, name FROM players WHERE secret = ?",
                              (secret_hash,)).fetchone()
            if found is not None:
                return Player(str(found[0]), str(found[1] or ""))
            now, player = time.time(), secrets.token_hex(8)
            self._run("INSERT INTO players (player, secret, name, look, since, seen)"
                      " VALUES (?, ?, ?, ?, ?, ?)",
                      (player, secret_hash, name or None, look or None, now, now))
            return Player(player, name)
        return self._in_transaction(add, _name_taken)

    def rename_player(self, player: str, name: str, look: str) -> None:
        self._in_transaction(lambda: self._run(
            "UPDATE players SET name = ?, look = ?, seen = ? WHERE player = ?",
            (name or None, look or None, time.time(), player)), _name_taken)

    def name_holder(self, look: str) -> str | None:
        rows = self._read("SELECT player FROM players WHERE look = ?", (look,))
        return str(rows[0][0]) if rows else None

    # --- ratings ----------------------------------------------------------------------------

    def rate(self, game: str, places: Sequence[tuple[str, int]],
             new_ratings: Callable[[list[tuple[float, float] | None]],
                                   list[tuple[float, float]]]) -> list[RatedGame]:
        def rate() -> list[RatedGame]:
            self._lock_for_ratings()
            if self._run("SELECT 1 FROM rating_history WHERE game = ?",
                         (game,)).fetchone() is not None:
                return []  # rated already (by another process, or before a restart)
            now: list[tuple[float, float] | None] = []
            for player, _place in places:
                row = self._run("SELECT mu, sigma FROM ratings WHERE player = ?",
                                (player,)).fetchone() if player else None
                now.append(None if row is None else (float(row[0]), float(row[1])))
            after = new_ratings(now)
            at, kept = time.time(), []
            for (player, place), (mu, sigma) in zip(places, after, strict=True):
                if not player:
                    continue
                self._run("INSERT INTO ratings (player, mu, sigma, games, updated)"
                          " VALUES (?, ?, ?, 1, ?) ON CONFLICT (player) DO UPDATE SET"
                          " mu = excluded.mu, sigma = excluded.sigma,"
                          " games = ratings.games + 1, updated = excluded.updated",
                          (player, mu, sigma, at))
                self._run("INSERT INTO rating_history (player, game, place, players, mu, sigma,"
                          " at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                          (player, game, place, len(places), mu, sigma, at))
                kept.append(RatedGame(player, game, place, len(places), mu, sigma, at))
            return kept
        return self._in_transaction(rate, list)  # a row kept meanwhile: rated already

    def leaderboard(self, limit: int) -> list[Rating]:
        rows = self._read(
            "SELECT r.player, p.name, r.mu, r.sigma, r.games FROM ratings r"
            " LEFT JOIN players p ON p.player = r.player"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.player LIMIT ?",
            (max(0, min(limit, MAX_LEADERBOARD)),))
        return [Rating(str(player), _shown_name(str(player), name), float(mu), float(sigma),
                       int(games)) for player, name, mu, sigma, games in rows]

    def rating_history(self, player: str) -> list[RatedGame]:
        rows = self._read("SELECT game, place, players, mu, sigma, at FROM rating_history"
                          " WHERE player = ? ORDER BY at, game", (player,))
        return [RatedGame(player, str(game), int(place), int(count), float(mu), float(sigma),
                          float(at)) for game, place, count, mu, sigma, at in rows]


def _name_taken() -> Any:
    raise NameTaken("another player holds that name")


BOT_PREFIX = "bot:"  # a bot level's rating is kept under "bot:LEVEL"


def _shown_name(player: str, name: Any) -> str:
    if player.startswith(BOT_PREFIX):
        return player[len(BOT_PREFIX):]
    return str(name or "")
