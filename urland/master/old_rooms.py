"""Reading a rooms folder as servers kept it before the room store: room files
(`<key>.room.yaml`), the journal of changes since (`journal-old.jsonl`, then `journal.jsonl`),
finished rooms in `finished/` and chat files (`<key>.chat.jsonl`). Only read, to move them
into the store (`urland.master.moving_in`) or to show a hosted game kept so.

A journal line is one JSON record: the room (by the hash that names its file), the record's
number in that room, and the change sealed (compressed, then base64). A torn last line (a
crash while it was written) is ignored; a damaged line is skipped with a sentence; nothing
read is evaluated or used as a path.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from urland.engine.errors import SaveError, UrlandError
from urland.master.room import FINISHED, SUFFIX, Room, normal_code
from urland.store.base import ChatLine
from urland.store.sealed import unseal

log = logging.getLogger("urland.server")

JOURNALS = ("journal-old.jsonl", "journal.jsonl")  # the old part first
MAX_LINE = 16 * 1024  # a record is about a hundred bytes: a longer line is damage
_ROOM_KEY = re.compile(r"[0-9a-f]{24}")


@dataclass(frozen=True)
class Record:
    room: str  # the room's key (the hash naming its file)
    number: int  # 1, 2, ... within the room
    change: dict[str, Any]


def decode(line: bytes) -> Record:
    """A record from one line of the journal; ValueError when the line is not one."""
    doc = json.loads(line.decode("ascii"))
    if not (isinstance(doc, dict) and isinstance(doc.get("r"), str)
            and _ROOM_KEY.fullmatch(doc["r"]) and isinstance(doc.get("n"), int)
            and not isinstance(doc["n"], bool) and doc["n"] > 0
            and isinstance(doc.get("s"), str)):
        raise ValueError("not a journal record")
    return Record(doc["r"], doc["n"], unseal(doc["s"]))


def _lines(path: Path) -> Iterator[tuple[int, bytes, bool]]:
    """(line number, line, whole) for each line; `whole` is False for a last line without its
    newline (torn by a crash). Lines longer than MAX_LINE come back cut short, never whole."""
    with open(path, "rb") as f:
        number = 0
        while True:
            line = f.readline(MAX_LINE + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_LINE:  # skip the rest of an overlong line
                while line and not line.endswith(b"\n"):
                    line = f.readline(MAX_LINE + 1)
                yield number, b"", False
                continue
            yield number, line, line.endswith(b"\n")


def read_journal(folder: Path) -> tuple[list[Record], list[str]]:
    """The records kept in `folder` (the old part first), and a sentence per skipped line."""
    records: list[Record] = []
    problems: list[str] = []
    for name in JOURNALS:
        path = folder / name
        if not path.is_file():
            continue
        try:
            lines = list(_lines(path))
        except OSError as exc:
            problems.append(f"{name} cannot be read ({exc.strerror}); its changes are lost.")
            continue
        for i, (number, line, whole) in enumerate(lines):
            if not whole and i == len(lines) - 1 and line:
                continue  # torn by a crash while it was written: never told to anyone
            try:
                if not whole:
                    raise ValueError("too long")
                records.append(decode(line))
            except (ValueError, UnicodeDecodeError, RecursionError):
                problems.append(f"{name}, line {number}: damaged; skipped.")
    return records, problems


def load_rooms(folder: Path) -> tuple[dict[str, Room], list[str]]:
    """Every room file in `folder`, by normal code, and a message for each unreadable file."""
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


def replay(rooms: dict[str, Room], records: list[Record]) -> list[str]:
    """Apply each room's records newer than its file, in order; a sentence for each room
    whose records stop fitting (it goes on from the last that fit). Of two records with one
    number the later counts (the first was refused by the disk)."""
    by_key = {room.key: room for room in rooms.values()}
    latest: dict[tuple[str, int], Record] = {}
    for record in records:
        if record.room in by_key:  # others belong to rooms finished and moved aside
            latest[(record.room, record.number)] = record
    stuck: list[str] = []
    for (key, number), record in sorted(latest.items()):
        room = by_key[key]
        if number <= room.seq or key in stuck:
            continue
        try:
            if number != room.seq + 1:
                raise ValueError("records are missing")
            room.apply(record.change)
        except (ValueError, UrlandError) as exc:
            stuck.append(key)
            log.error("room %s: journal record %d not replayed (%s)", room.code, number, exc)
            continue
        room.seq = number
    return [f"Room {by_key[key].code}: the journal ends early there; the game goes on "
            f"from move {len(by_key[key].game.moves)}." for key in stuck]


def is_old_folder(folder: Path) -> bool:
    """Whether `folder` holds rooms kept before the store (room files or a journal)."""
    return folder.is_dir() and (any(folder.glob(f"*{SUFFIX}")) or any(folder.glob("*.chat.jsonl"))
                                or any((folder / name).is_file() for name in JOURNALS)
                                or (folder / FINISHED).is_dir())


CHAT_SUFFIX = ".chat.jsonl"
MAX_CHAT_FILE = 256 * 1024  # bytes: a chat file rewritten at twice its kept lines fits
MAX_CHAT_LINE = 2 * 1024


def _chat_line(raw: str) -> tuple[str, ChatLine] | None:
    try:
        data = json.loads(raw)
        line = ChatLine(int(data["n"]), int(data["seat"]), str(data["name"])[:24],
                        str(data["text"])[:200], int(data.get("at", 0)))
        return str(data["chat"])[:16], line
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


def read_chat(path: Path) -> tuple[str, list[ChatLine]]:
    """A chat file's name and its lines in order ('' and none when it is not one)."""
    try:
        if path.stat().st_size > MAX_CHAT_FILE:
            return "", []
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "", []
    name, lines = "", []
    for raw in text.splitlines():
        found = _chat_line(raw) if len(raw) <= MAX_CHAT_LINE else None
        if found is not None and (not lines or found[1].number > lines[-1].number):
            name, line = found
            lines.append(line)
    return name, lines


def chat_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """(room key, path) of each chat file in `folder`."""
    for path in sorted(folder.glob(f"*{CHAT_SUFFIX}")):
        key = path.name[:-len(CHAT_SUFFIX)]
        if _ROOM_KEY.fullmatch(key):
            yield key, path
