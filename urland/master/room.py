"""A room: one game on the server, its seats, and who may sit in them.

Pygame-free and network-free. A room code is unguessable (60 bits from `secrets`, unless the
server was given one); each remote seat gets its own token when it is first taken, and only
the token's hash is kept, in memory and in the store. Every move is checked by the engine
before it is played. Each change (a move, an undo, a seat taken or given back) comes back as a
small record for the room store (`urland.master.keeper`) and a way to take it back when the
store cannot keep it; `apply` replays such a record when the server starts again. Now and then
the room is written whole (`text`: the save format, sealed while the game runs), with the
number of the last record it holds.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from urland.engine import COLOUR_NAMES, Game, IllegalMoveError, Move, format_move, parse_move
from urland.engine.errors import SaveError, UrlandError
from urland.engine.save import dumps, load_game, loads
from urland.master.names import clean_name, unique_name
from urland.seats import PERSON_ONLINE, REMOTE, SeatKind, bot_elsewhere, seat_kind

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: easy to read out
CODE_LENGTH = 12  # 32**12 = 2**60 codes
SUFFIX = ".room.yaml"  # a room file, as rooms were kept before the store (and are moved in)
FINISHED = "finished"  # where those rooms folders kept finished rooms
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


def room_key(code: str) -> str:
    """A hash of the code: names the room in the store (and its file before), never the code."""
    return hashlib.sha256(normal_code(code).encode("utf-8")).hexdigest()[:24]


def room_file(folder: Path, code: str) -> Path:
    """The room's file in a rooms folder from before the store: named by a hash of its code,
    so nothing received names a path."""
    return folder / f"{room_key(code)}{SUFFIX}"


class MoveRefused(ValueError):
    """A move the room does not play: not this seat's decision, stale, or illegal."""


Change = tuple[dict[str, Any], Callable[[], None]]  # a store record, and how to take it back


@dataclass
class SeatSlot:
    kind: str  # REMOTE, or the name of the server's bot that plays it
    name: str = ""
    token_hash: str = ""  # empty until a client takes the seat
    bot: str = ""  # the level of the bot that took this remote seat from elsewhere ("": a person)
    # seconds a decision for a bot of the room that takes a thinking time (None: its own);
    # a game at this computer sets it from the player's choice (memory only)
    think: float | None = None
    # the player who took the seat, by their id on this server ("": a player without an
    # online identity, or a bot): whose rating the game changes (never their secret)
    player: str = ""

    @property
    def remote(self) -> bool:
        return seat_kind(self.kind) is PERSON_ONLINE

    @property
    def taken(self) -> bool:
        return bool(self.token_hash)

    def meta(self) -> dict[str, str]:
        meta = {"name": self.name, "kind": self.kind, "token": self.token_hash}
        if self.bot:
            meta["bot"] = self.bot
        if self.player:
            meta["player"] = self.player
        return meta

    @property
    def seat_kind(self) -> SeatKind:
        """Who plays the seat: the room's bot, a person elsewhere, or a bot elsewhere."""
        if not self.remote:
            return seat_kind(self.kind)
        return bot_elsewhere(self.bot) if self.bot else PERSON_ONLINE

    def record_kind(self) -> str:
        """The seat's kind as the history names it: a person, or the bot's level."""
        return self.seat_kind.record_kind

    def table_kind(self) -> str:
        """The seat's kind as the other players are told it: an online seat is waited for
        when its connection is lost, whoever plays it there."""
        return seat_kind(self.kind).record_kind


@dataclass
class Room:
    code: str
    game: Game
    seats: list[SeatSlot]
    # Writes the room whole (the keeper's; None: the room is kept in memory only)
    saver: Callable[[Room], None] | None = field(default=None, repr=False, compare=False)
    # Seats promised to newcomers whose welcome is not confirmed yet, with their names: in
    # memory only, so a server killed meanwhile leaves those seats free (the store has
    # nothing of them).
    reserved: dict[int, str] = field(default_factory=dict)
    # seats a newcomer was still confirming as the host started the game: the bot to hand each
    # to if the newcomer never confirms (memory only, as the reservations are)
    started_without: dict[int, str] = field(default_factory=dict)
    seq: int = 0  # the number of the room's last change record (what the room holds)
    saved_seq: int = 0  # ... and of the last one its snapshot in the store holds
    # Open for players to join, not started: no move is played until the host starts it. Only
    # a game hosted from the game opens so; kept in memory only (a room read back has started).
    lobby: bool = False
    # The seats played at the screen of the computer hosting the room (a game hosted from
    # the game): the others are told whose computer holds it. Memory only, set by the host;
    # empty on a server that nobody at the table runs.
    host_seats: list[int] = field(default_factory=list)
    in_history: bool = False  # its finished game is in the history (written once)
    # A new room has taken its code, and its file with it: moved aside, it leaves the file.
    replaced: bool = False

    @classmethod
    def create(cls, code: str, kinds: list[str], seed: int,
               colours: list[int] | None = None, names: list[str] | None = None) -> Room:
        colours = colours or list(range(len(kinds)))
        game = Game.new(seed, len(kinds), colours)
        names = names or [COLOUR_NAMES[c] for c in colours]
        seats: list[SeatSlot] = []
        for i, (kind, name) in enumerate(zip(kinds, names, strict=True)):
            given = clean_name(name) or f"Player {i + 1}"
            seats.append(SeatSlot(kind, unique_name(given, [s.name for s in seats])))
        return cls(code, game, seats)

    @classmethod
    def load(cls, path: Path) -> Room:
        """A room from its file; SaveError when the file is not one."""
        return cls._from(*load_game(path), path.name)

    @classmethod
    def from_text(cls, text: str, name: str) -> Room:
        """A room from the text of its file (a snapshot in the store); SaveError when the text
        is not one (`name` names it in the sentence)."""
        return cls._from(*loads(text, name), name)

    @classmethod
    def _from(cls, game: Game, meta: dict[str, Any], name: str) -> Room:
        code, raw = meta.get("room"), meta.get("seats")
        if not isinstance(code, str) or not isinstance(raw, list) or len(raw) != len(
                game.state.track):
            raise SaveError(f"{name}: not an Urland room.")
        seats = []
        for entry in raw:
            if not isinstance(entry, dict):
                raise SaveError(f"{name}: damaged seat.")
            seats.append(SeatSlot(str(entry.get("kind", REMOTE)),
                                  clean_name(str(entry.get("name", ""))),
                                  str(entry.get("token", ""))[:64], _level(entry.get("bot")),
                                  player=_level(entry.get("player"))))
        seq = meta.get("journal", 0)
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            raise SaveError(f"{name}: damaged journal number.")
        return cls(code, game, seats, seq=seq, saved_seq=seq)

    @property
    def key(self) -> str:
        return room_key(self.code)

    def save(self) -> None:
        """Write the room whole now (OSError when it cannot be written)."""
        if self.saver is not None:
            self.saver(self)

    def text(self) -> str:
        """The room as its file holds it (the game sealed while it runs)."""
        return dumps(self.game, self.meta())

    def meta(self) -> dict[str, Any]:
        return {"room": self.code, "seats": [s.meta() for s in self.seats],
                "journal": self.seq}

    # --- seats ------------------------------------------------------------------------------

    def seat_for_token(self, token: str) -> int | None:
        wanted = token_hash(token)
        found = None
        for i, slot in enumerate(self.seats):
            if slot.remote and slot.taken and hmac.compare_digest(slot.token_hash, wanted):
                found = i
        return found

    def free_seat_for(self, name: str) -> tuple[int, str, str] | None:
        """The first free remote seat for a newcomer who gives `name`: (seat, a new token, the
        name cleaned and made unique in the room); None when every seat is taken. Nothing
        changes until the server sets the seat (`set_seat`)."""
        for i, slot in enumerate(self.seats):
            if slot.remote and not slot.taken and i not in self.reserved:
                others = [self.reserved.get(j, s.name) for j, s in enumerate(self.seats)
                          if j != i]
                given = clean_name(name) or slot.name or f"Player {i + 1}"
                return i, secrets.token_urlsafe(24), unique_name(given, others)
        return None

    def set_seat(self, seat: int, name: str, hashed_token: str, bot: str = "",
                 player: str = "") -> Change:
        """The seat is taken by `name` (a person, the player `player` of this server when
        they gave their identity, or the bot of level `bot` from elsewhere)."""
        slot = self.seats[seat]
        before = (slot.name, slot.token_hash, slot.bot, slot.player)
        slot.name, slot.token_hash, slot.bot, slot.player = name, hashed_token, bot, player

        def take_back() -> None:
            slot.name, slot.token_hash, slot.bot, slot.player = before
        record = {"k": "seat", "seat": seat, "name": name, "token": hashed_token}
        if bot:
            record["bot"] = bot
        if player:
            record["player"] = player
        return record, take_back

    def claim(self, seat: int, name: str) -> str:
        """Take remote seat `seat` for the host's own player and write the room; its new
        token. (Before the room is served: the room is written at once.)"""
        token = secrets.token_urlsafe(24)
        others = [s.name for j, s in enumerate(self.seats) if j != seat]
        given = clean_name(name) or self.seats[seat].name
        self.set_seat(seat, unique_name(given, others), token_hash(token))
        self.save()
        return token

    def start(self, stand_in: str) -> list[int]:
        """The host starts the game: every remote seat nobody took is played by the bot
        `stand_in` from now on. The seats so handed over."""
        self.lobby = False
        self.started_without = dict.fromkeys(self.reserved, stand_in)
        empty = [i for i, slot in enumerate(self.seats)
                 if slot.remote and not slot.taken and i not in self.reserved]
        for i in empty:
            self.seats[i].kind = stand_in
        self.save()
        return empty

    def names(self) -> list[str]:
        """Each seat's name as everyone sees it (a default for a seat nobody named)."""
        return [s.name or f"Player {i + 1}" for i, s in enumerate(self.seats)]

    def record_seats(self) -> list[dict[str, str]]:
        return [{"name": n, "kind": s.record_kind()} for n, s in zip(self.names(), self.seats,
                                                                      strict=True)]

    # --- moves --------------------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        return None if self.game.over else self.game.state.actor

    def play(self, seat: int, text: str, at: int) -> Change:
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
        except (UrlandError, ValueError) as exc:
            raise MoveRefused(str(exc) or "That move is not allowed.") from None
        return self.play_move(move)

    def play_move(self, move: Move) -> Change:
        """Play a move (a bot's, or one checked by `play`); IllegalMoveError leaves all."""
        at = len(self.game.moves)
        try:
            self.game.play(move)
        except (IllegalMoveError, UrlandError, ValueError) as exc:
            raise MoveRefused(str(exc) or "That move is not allowed.") from None
        return {"k": "move", "at": at, "move": format_move(move, self.game.board)}, self._take_back

    def _take_back(self) -> None:
        """Take back the last move whatever it was (its record could not be kept)."""
        self.game.take_back()

    def undo(self, seat: int, at: int) -> Change:
        if at != len(self.game.moves) or not self.game.undo_depth(seat):
            raise MoveRefused("Nothing to undo.")
        undone = self.game.undo(seat)
        return {"k": "undo", "seat": seat, "at": at}, lambda: self.game.play(undone)

    def apply(self, change: dict[str, Any]) -> None:
        """Replay a kept change; ValueError (MoveRefused) when it does not fit the room."""
        kind, at = change.get("k"), change.get("at")
        if kind == "move" and at == len(self.game.moves) and isinstance(change.get("move"), str):
            self.play_move(parse_move(change["move"], self.game.board))
        elif kind == "undo" and isinstance(change.get("seat"), int):
            self.undo(change["seat"], at if isinstance(at, int) else -1)
        elif (kind == "seat" and change.get("seat") in range(len(self.seats))
              and isinstance(change.get("name"), str) and isinstance(change.get("token"), str)):
            self.set_seat(change["seat"], clean_name(change["name"]), change["token"][:64],
                          _level(change.get("bot")), _level(change.get("player")))
        else:
            raise ValueError(f"a change that does not fit ({kind!r})")


def _level(word: Any) -> str:
    """A bot level (or a player's id) as a file or record writes it ("" for none, or anything
    not a short word)."""
    return word if isinstance(word, str) and word.isalnum() and len(word) <= 16 else ""


def seat_colour(room: Room, seat: int) -> str:
    """The colour of a seat, in English (the server's own lines are English)."""
    colours = room.game.state.colours
    return COLOUR_NAMES[colours[seat]] if seat < len(colours) else f"number {seat + 1}"
