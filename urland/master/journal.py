"""The server's journal: every change to a room is on disk before anyone is told of it.

A room is kept as a snapshot (its room file, written atomically now and then) plus the records
of this journal written since. A record is one line of JSON: the room (by the hash that also
names its file, never its code), the record's number in that room, and the change itself
sealed like a save in play (compressed, then base64), so a glance at the file shows no move.

One writer thread appends. Changes that arrive while it is busy are written together with one
flush to the disk for the whole batch (group commit): two hundred rooms cost about as many
flushes as one. A batch that cannot be written is cut off the file again and every change in
it is answered with the OSError, so the server can take the change back.

When the journal has grown past its limit it is set aside (`journal-old.jsonl`); once every
room has a snapshot newer than its records there, the old part is deleted.

Reading back, a torn last line (a crash in the middle of a write) is ignored, and a damaged
line is skipped with a sentence; nothing read is evaluated or used as a path.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import logging
import os
import queue
import re
import threading
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from urland.engine.files import sync_folder

log = logging.getLogger("urland.server")

CURRENT = "journal.jsonl"
OLD = "journal-old.jsonl"
LIMIT_BYTES = 4 * 1024 * 1024  # past this the journal is set aside and the rooms snapshotted
MAX_LINE = 16 * 1024  # a record is about a hundred bytes: a longer line is damage
_UNSEALED_MAX = 64 * 1024
_ROOM_KEY = re.compile(r"[0-9a-f]{24}")


@dataclass(frozen=True)
class Record:
    room: str  # the room's key (the hash naming its file)
    number: int  # 1, 2, ... within the room
    change: dict[str, Any]


def encode(record: Record) -> bytes:
    packed = zlib.compress(json.dumps(record.change, separators=(",", ":")).encode("utf-8"))
    line = {"r": record.room, "n": record.number, "s": base64.b64encode(packed).decode("ascii")}
    return (json.dumps(line, separators=(",", ":")) + "\n").encode("ascii")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(line: bytes) -> Record:
    """A record from one line of the journal; ValueError when the line is not one."""
    doc = json.loads(line.decode("ascii"), parse_constant=_no_constant)
    if not (isinstance(doc, dict) and isinstance(doc.get("r"), str)
            and _ROOM_KEY.fullmatch(doc["r"]) and isinstance(doc.get("n"), int)
            and not isinstance(doc["n"], bool) and doc["n"] > 0
            and isinstance(doc.get("s"), str)):
        raise ValueError("not a journal record")
    try:
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(base64.b64decode(doc["s"], validate=True), _UNSEALED_MAX)
    except (binascii.Error, zlib.error):
        raise ValueError("the sealed change cannot be read") from None
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise ValueError("the sealed change cannot be read")
    change = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    if not isinstance(change, dict) or not isinstance(change.get("k"), str):
        raise ValueError("not a change")
    return Record(doc["r"], doc["n"], change)


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
    for name in (OLD, CURRENT):
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


_STOP = object()


def _settle(done: Future, exc: BaseException | None = None) -> None:
    """Answer a waiting change (whoever waited may have been cancelled meanwhile)."""
    if done.cancelled():
        return
    if exc is None:
        done.set_result(None)
    else:
        done.set_exception(exc)


class Journal:
    """The writer: `append` a record and wait until it is on disk (OSError when it cannot)."""

    def __init__(self, folder: Path, limit: int = LIMIT_BYTES) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.limit = limit
        self.batches = 0  # how many flushes, for the benchmark
        self.records = 0
        self.size = self._size(CURRENT)
        self.full = False  # past the limit: the server should set it aside (`set_aside`)
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        # Once closed, nothing more is queued: a change or a job asked for after the writer
        # stopped is refused at once (it would otherwise wait for ever).
        self._closing = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._run, daemon=True, name="urland-journal")
        self._thread.start()

    def _size(self, name: str) -> int:
        try:
            return (self.folder / name).stat().st_size
        except OSError:
            return 0

    @property
    def has_old_part(self) -> bool:
        return (self.folder / OLD).exists()

    async def append(self, record: Record) -> None:
        await asyncio.wrap_future(self._queued(encode(record)))

    def later(self, job: Callable[[], None]) -> Future:
        """Run `job` in the writer thread after every record appended before it is on disk."""
        return self._queued(job)

    def _queued(self, item: bytes | Callable[[], None]) -> Future:
        done: Future = Future()
        with self._closing:
            if self._closed:
                done.set_exception(OSError("the journal is closed"))
            else:
                self._queue.put((item, done))
        return done

    def set_aside(self) -> Future:
        """Start a new journal; the current one becomes the old part (see `drop_old_part`)."""
        return self.later(self._set_aside)

    def drop_old_part(self) -> Future:
        return self.later(lambda: (self.folder / OLD).unlink(missing_ok=True))

    def clear(self) -> None:
        """Empty the journal (every room has just been written whole). Before serving only."""
        for name in (OLD, CURRENT):
            (self.folder / name).unlink(missing_ok=True)
        self.size = 0

    def close(self) -> None:
        with self._closing:
            if self._closed:
                return
            self._closed = True
            self._queue.put((_STOP, None))
        self._thread.join(10)

    # --- the writer thread ------------------------------------------------------------------

    def _set_aside(self) -> None:
        if not self.has_old_part and (self.folder / CURRENT).exists():
            os.replace(self.folder / CURRENT, self.folder / OLD)
        self.size = self._size(CURRENT)
        self.full = False

    def _run(self) -> None:
        while True:
            batch = [self._queue.get()]
            while True:  # everything that came while the last batch was written
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            lines = [(item, done) for item, done in batch if isinstance(item, bytes)]
            if lines:
                self._write(lines)
            for item, done in batch:
                if item is _STOP:
                    return
                if callable(item):
                    self._run_job(item, done)

    @staticmethod
    def _run_job(job: Callable[[], None], done: Future) -> None:
        try:
            job()
        except Exception as exc:  # told to whoever waits; the writer goes on with the rest
            log.error("the server could not write a room: %s", exc)
            _settle(done, exc)
        else:
            _settle(done)

    def _write(self, lines: list[tuple[bytes, Future]]) -> None:
        data = b"".join(line for line, _ in lines)
        try:
            self._append(data)
        except OSError as exc:
            log.error("the journal could not be written: %s", exc)
            for _, done in lines:
                _settle(done, exc)
            return
        self.batches += 1
        self.records += len(lines)
        self.size += len(data)
        self.full = self.size > self.limit
        for _, done in lines:
            _settle(done)

    def _append(self, data: bytes) -> None:
        """Append and flush to the disk; on failure cut the file back to where it was, so a
        change that was refused is not read back after a restart. The file is opened for each
        batch (a folder that turns unwritable, or a journal that was moved, is noticed)."""
        path = self.folder / CURRENT
        new = not path.exists()
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            start = os.fstat(fd).st_size
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            except OSError:
                try:
                    os.ftruncate(fd, start)
                    os.fsync(fd)
                except OSError as exc:
                    log.error("the journal could not be cut back after a failed write: %s",
                              exc)
                raise
        finally:
            os.close(fd)
        if new:  # the new file's name must survive a power cut too
            sync_folder(self.folder)
