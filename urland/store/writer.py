"""The store's one writer thread: the asyncio loop never waits on the database.

Writes queued while the thread is busy go to the store together, in one transaction with one
flush to the disk (group commit): two hundred rooms' moves cost about as many flushes as one.
Each write is answered on its own future (None, or the StoreError that refused it).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from concurrent.futures import Future

from urland.store.base import RoomStore, StoreError, Write

log = logging.getLogger("urland.server")

MAX_BATCH = 1000  # writes in one transaction at most
_STOP = object()


def _settle(done: Future, exc: BaseException | None) -> None:
    """Answer a waiting write (whoever waited may have been cancelled meanwhile)."""
    if done.cancelled():
        return
    if exc is None:
        done.set_result(None)
    else:
        done.set_exception(exc)


class StoreWriter:
    """`submit` a write, or `keep` it and wait (StoreError when it is refused)."""

    def __init__(self, store: RoomStore) -> None:
        self.store = store
        self.batches = 0  # how many transactions, for the benchmark
        self.writes = 0
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        # Once closed, nothing more is queued: a write asked for after the writer stopped is
        # refused at once (it would otherwise wait for ever).
        self._closing = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._run, daemon=True, name="urland-store")
        self._thread.start()

    def submit(self, write: Write) -> Future:
        done: Future = Future()
        with self._closing:
            if self._closed:
                done.set_exception(StoreError("the room store is closed"))
            else:
                self._queue.put((write, done))
        return done

    async def keep(self, write: Write) -> None:
        await asyncio.wrap_future(self.submit(write))

    def close(self) -> None:
        """Write what is queued, then stop."""
        with self._closing:
            if self._closed:
                return
            self._closed = True
            self._queue.put((_STOP, None))
        self._thread.join(30)

    def _run(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < MAX_BATCH:  # everything that came while the last was written
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            writes = [(w, done) for w, done in batch if w is not _STOP]
            if writes:
                self._write(writes)
            if len(writes) < len(batch):
                return

    def _write(self, writes: list[tuple[Write, Future]]) -> None:
        try:
            outcomes: list[StoreError | None] = self.store.write([w for w, _ in writes])
        except StoreError as exc:
            log.error("%s", exc)
            outcomes = [exc] * len(writes)
        else:
            self.batches += 1
            self.writes += len(writes)
        for (_, done), outcome in zip(writes, outcomes, strict=True):
            _settle(done, outcome)
