"""The room store: where a server keeps its rooms, whatever database holds them.

The master (`urland.master.keeper.RoomKeeper`) keeps every room through one `RoomStore`:

- a room's **snapshot**: the text of a room file (`urland.engine.save.dumps(game, meta)`, sealed
  while the game runs) with the number of the last change it holds;
- its **changes** since, each an insert at the room's next number. The pair (room, number) is a
  primary key, so of two writers only one can ever keep a number: the other gets `NumberTaken`
  and the master takes its change back, as it does when the disk refuses (`StoreError`);
- **finished** rooms, moved aside in one step (never read back at start);
- the **chat** lines said in a room, the last ones kept with it;
- the **listing** of every unfinished room at start;
- the **players** the server knows (by the hash of each one's secret, never the secret), each
  with the name it holds on this server, and their **ratings** with a row per rated game.

A store is called from worker threads, never from the asyncio loop; its methods are safe to
call from several threads (each takes the store's own lock or connection). `write` runs a batch
of writes in one transaction with one flush to the disk (group commit) and answers each write
on its own, so one refused number does not refuse the others.

The schema is versioned (`schema_version`) and grows by numbered SQL steps kept as data
(`urland.store.schema.STEPS`): tables for lobby tables and clocks are later steps.

Rooms are named by their key (`urland.master.room.room_key`, a hash of the code), never by the
code; a change is kept sealed (compressed, then base64) as the journal kept it, so a glance at
the database shows no move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class StoreError(OSError):
    """The store cannot do what was asked (a full or read-only disk, a lost connection, a
    damaged file); the message is a sentence for the log or the operator. An OSError, as the
    disk's own errors are: whoever handled a disk that refuses handles a store that does."""


class NumberTaken(StoreError):
    """Another writer has already kept a change at this room's number: this one is refused."""


@dataclass(frozen=True)
class ChatLine:
    """A line said in a room, as kept (the transport's `Said` without its policy)."""

    number: int  # running number in the room, from 1
    seat: int
    name: str
    text: str
    at: int = 0  # the moves played when it was said


@dataclass(frozen=True)
class KeptChange:
    number: int  # 1, 2, ... within the room
    change: dict[str, Any]  # the master's record of the change (`Room.apply` replays it)


@dataclass
class KeptRoom:
    """An unfinished room as the store holds it: its snapshot and the changes after it."""

    key: str
    snapshot: str  # the text of a room file
    number: int  # the number of the last change the snapshot holds
    written: float  # when the snapshot was written (seconds since the epoch)
    changes: list[KeptChange] = field(default_factory=list)  # after `number`, in order


# --- the writes a batch is made of ---------------------------------------------------------

@dataclass(frozen=True)
class AddChange:
    """Keep a change at the room's number `number` (NumberTaken when it is kept already)."""

    key: str
    number: int
    change: dict[str, Any]


@dataclass(frozen=True)
class PutSnapshot:
    """Write the room whole, holding every change up to `number` (a new room, or an old one
    written again); the changes it holds are dropped from the store."""

    key: str
    snapshot: str
    number: int


@dataclass(frozen=True)
class FinishRoom:
    """The room's game is over: keep its last snapshot among the finished rooms and drop the
    room and its changes from those read back at start."""

    key: str
    snapshot: str
    number: int


@dataclass(frozen=True)
class AddChat:
    """Keep a chat line with the room (only its last lines are kept: `KEPT_CHAT`)."""

    key: str
    chat_name: str
    line: ChatLine


class NameTaken(StoreError):
    """Another player of this server holds the name, or one that looks the same."""


@dataclass(frozen=True)
class Player:
    """A player as this server knows them: a public id of its own (never the secret, nor its
    hash) and the name they hold here ("" until they give one)."""

    player: str
    name: str = ""


@dataclass(frozen=True)
class Rating:
    """A player's (or a bot level's) rating on this server now."""

    player: str
    name: str  # the player's name, or the bot's level
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        """The figure a leaderboard sorts by: sure to within three sigmas (openskill's
        ordinal)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedGame:
    """A player's rating after one rated game, with their place in it (1: first; tied
    players share a place)."""

    player: str
    game: str
    place: int
    players: int
    mu: float
    sigma: float
    at: float = 0.0  # when (seconds since the epoch)


Write = AddChange | PutSnapshot | FinishRoom | AddChat

KEPT_CHAT = 100  # chat lines kept per room; a newcomer is shown fewer


class RoomStore(Protocol):
    """Where rooms are kept: SQLite (`urland.store.sqlite`) or PostgreSQL
    (`urland.store.postgres`), one schema (`urland.store.schema`)."""

    #: where the store is, in words for the log ("rooms.sqlite3 in ...", a URL without password)
    where: str

    def rooms(self) -> list[KeptRoom]:
        """Every unfinished room with its changes newer than its snapshot, by key."""
        ...

    def room(self, key: str) -> KeptRoom | None:
        """One unfinished room, or None when the store has none under `key`."""
        ...

    def rooms_of(self, keys: Sequence[str]) -> list[KeptRoom]:
        """The unfinished rooms among `keys`, read together (a process taking over many)."""
        ...

    def write(self, writes: Sequence[Write]) -> list[StoreError | None]:
        """Run the writes in order in one transaction, flushed to the disk once; for each,
        None when it is kept or the error that refused it (a refused `AddChange` leaves the
        others kept). StoreError (raised) when the transaction itself fails: then none is kept."""
        ...

    def chat(self, key: str) -> tuple[str, list[ChatLine]]:
        """The room's chat name and its kept lines, oldest first ('' and none: no chat)."""
        ...

    def player(self, secret_hash: str) -> Player | None:
        """The player whose secret hashes to `secret_hash`, or None."""
        ...

    def add_player(self, secret_hash: str, name: str, look: str) -> Player:
        """The player of `secret_hash`, made when new with `name` (`look`: its skeleton; both
        "" for none); NameTaken when another player holds the look."""
        ...

    def rename_player(self, player: str, name: str, look: str) -> None:
        """Give the player another name; NameTaken when another player holds its look."""
        ...

    def name_holder(self, look: str) -> str | None:
        """The id of the player holding a name of this look, or None."""
        ...

    def rate(self, game: str, places: Sequence[tuple[str, int]],
             new_ratings: Callable[[list[tuple[float, float] | None]],
                                   list[tuple[float, float]]]) -> list[RatedGame]:
        """Rate a finished game in one transaction: `places` are each seat's (player id, or
        "" for a seat not rated, and place); `new_ratings` turns each seat's rating now
        ((mu, sigma), None for none yet) into its rating after the game. The rows kept, or
        none when the game was rated already."""
        ...

    def leaderboard(self, limit: int) -> list[Rating]:
        """The `limit` best rated players and bot levels, best first."""
        ...

    def rating_history(self, player: str) -> list[RatedGame]:
        """The player's rating after each of their rated games, oldest first."""
        ...

    def close(self) -> None:
        """Close the connection; the store is not used again."""
        ...
