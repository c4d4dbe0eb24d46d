"""A room: one game on the server, its seats, and who may sit in them.

Pygame-free and network-free. A room code is unguessable (60 bits from `secrets`, unless the
server was given one); each remote seat gets its own token when it is first taken, and only
the token's hash is kept, in memory and on disk. Every move is checked by the engine before it
is played. The server writes a room atomically (`save`: the save format, sealed while the game
runs) after every change and before anyone is told of it, so a restarted server carries on
where it stood.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from urland.engine import COLOUR_NAMES, Game, IllegalMoveError, Move, parse_move
from urland.engine.errors import SaveError, UrlandError
from urland.engine.save import load_game, save_game

REMOTE = "remote"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: easy to read out
CODE_LENGTH = 12  # 32**12 = 2**60 codes
SUFFIX = ".room.yaml"
# A networked game's seed: whoever knows it knows the pile, every hand and the face-down chip,
# so it is drawn from 10**18 (as many digits as a save holds), far beyond a brute-force search.
SECRET_SEED_BELOW = 10**18


def new_room_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def normal_code(code: str) -> str:
    """Room codes are compared without case, spaces or dashes, so a code read aloud works."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def room_file(folder: Path, code: str) -> Path:
    """The room's file: named by a hash of its code, so nothing received names a path."""
    digest = hashlib.sha256(normal_code(code).encode("utf-8")).hexdigest()[:24]
    return folder / f"{digest}{SUFFIX}"


class MoveRefused(ValueError):
    """A move the room does not play: not this seat's decision, stale, or illegal."""


@dataclass
class SeatSlot:
    kind: str  # REMOTE, or the name of the server's bot that plays it
    name: str = ""
    token_hash: str = ""  # empty until a client takes the seat

    @property
    def remote(self) -> bool:
        return self.kind == REMOTE

    @property
    def taken(self) -> bool:
        return bool(self.token_hash)

    def meta(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "token": self.token_hash}

    def record_kind(self) -> str:
        """The seat's kind as the history names it: a person, or the bot's level."""
        return "human" if self.remote else self.kind


@dataclass
class Room:
    code: str
    game: Game
    seats: list[SeatSlot]
    folder: Path | None = None
    chat: list[tuple[str, str]] = field(default_factory=list)
    # Open for players to join, not started: no move is played until the host starts it. Only
    # a game hosted from the game opens so; kept in memory only (a room read back has started).
    lobby: bool = False

    @classmethod
    def create(cls, code: str, kinds: list[str], seed: int, folder: Path | None,
               colours: list[int] | None = None, names: list[str] | None = None) -> Room:
        colours = colours or list(range(len(kinds)))
        game = Game.new(seed, len(kinds), colours)
        names = names or [COLOUR_NAMES[c] for c in colours]
        seats = [SeatSlot(kind, name[:24]) for kind, name in zip(kinds, names, strict=True)]
        room = cls(code, game, seats, folder)
        room.save()
        return room

    @classmethod
    def load(cls, path: Path) -> Room:
        """A room from its file; SaveError when the file is not one."""
        game, meta = load_game(path)
        code, raw = meta.get("room"), meta.get("seats")
        if not isinstance(code, str) or not isinstance(raw, list) or len(raw) != len(
                game.state.track):
            raise SaveError(f"{path.name}: not an Urland room.")
        seats = []
        for entry in raw:
            if not isinstance(entry, dict):
                raise SaveError(f"{path.name}: damaged seat.")
            seats.append(SeatSlot(str(entry.get("kind", REMOTE)), str(entry.get("name", ""))[:24],
                                  str(entry.get("token", ""))[:64]))
        return cls(code, game, seats, path.parent)

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else room_file(self.folder, self.code)

    def save(self) -> None:
        """Write the room atomically (OSError when it cannot be written)."""
        if self.path is not None:
            save_game(self.game, self.path, self.meta())

    def meta(self) -> dict[str, Any]:
        return {"room": self.code, "seats": [s.meta() for s in self.seats]}

    # --- seats ------------------------------------------------------------------------------

    def seat_for_token(self, token: str) -> int | None:
        wanted = token_hash(token)
        found = None
        for i, slot in enumerate(self.seats):
            if slot.remote and slot.taken and hmac.compare_digest(slot.token_hash, wanted):
                found = i
        return found

    def take_free_seat(self, name: str) -> tuple[int, str] | None:
        """The first free remote seat for a newcomer, with its new token; None when full."""
        for i, slot in enumerate(self.seats):
            if slot.remote and not slot.taken:
                token = secrets.token_urlsafe(24)
                slot.token_hash = token_hash(token)
                slot.name = name or slot.name or f"Player {i + 1}"
                self.save()
                return i, token
        return None

    def free_seat(self, seat: int, name: str) -> None:
        """Give back a seat taken by a newcomer who never got its token (named `name` again)."""
        slot = self.seats[seat]
        slot.token_hash, slot.name = "", name
        self.save()

    def claim(self, seat: int, name: str) -> str:
        """Take remote seat `seat` for the host's own player; its new token."""
        slot = self.seats[seat]
        token = secrets.token_urlsafe(24)
        slot.token_hash, slot.name = token_hash(token), name[:24] or slot.name
        self.save()
        return token

    def start(self, stand_in: str) -> list[int]:
        """The host starts the game: every remote seat nobody took is played by the bot
        `stand_in` from now on. The seats so handed over."""
        self.lobby = False
        empty = [i for i, slot in enumerate(self.seats) if slot.remote and not slot.taken]
        for i in empty:
            self.seats[i].kind = stand_in
        self.save()
        return empty

    def names(self) -> list[str]:
        return [s.name or f"Player {i + 1}" for i, s in enumerate(self.seats)]

    def record_seats(self) -> list[dict[str, str]]:
        return [{"name": n, "kind": s.record_kind()} for n, s in zip(self.names(), self.seats,
                                                                      strict=True)]

    # --- moves --------------------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        return None if self.game.over else self.game.state.actor

    def play(self, seat: int, text: str, at: int) -> Move:
        """Play `seat`'s move written `text`, answering the position after `at` moves."""
        if self.game.over:
            raise MoveRefused("The game is over.")
        if self.lobby:
            raise MoveRefused("The host has not started the game yet.")
        if at != len(self.game.moves):
            raise MoveRefused("That move answers a position that has changed.")
        if seat != self.game.state.actor:
            raise MoveRefused("It is not your decision.")
        try:
            move = parse_move(text, self.game.board)
            self.game.play(move)
        except (IllegalMoveError, UrlandError, ValueError) as exc:
            raise MoveRefused(str(exc) or "That move is not allowed.") from None
        return move

    def undo(self, seat: int, at: int) -> None:
        if at != len(self.game.moves) or not self.game.undo_depth(seat):
            raise MoveRefused("Nothing to undo.")
        self.game.undo(seat)


def load_rooms(folder: Path) -> tuple[dict[str, Room], list[str]]:
    """Every room kept in `folder`, by normal code, and a message for each unreadable file."""
    rooms: dict[str, Room] = {}
    problems: list[str] = []
    if not folder.is_dir():
        return rooms, problems
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            room = Room.load(path)
        except SaveError as exc:
            problems.append(str(exc))
            continue
        rooms[normal_code(room.code)] = room
    return rooms, problems
