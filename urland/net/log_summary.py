"""A server's log under hostile traffic: one line per cause with its count, never a line (or a
traceback) per connection.

`Tally` counts what happened by cause and writes, at most once every `every` seconds, one
line per cause seen since the last ("12,345 x connections cut: a ping before joining a room, in
the last 10 s"; a single one as "joins refused: no room with that code, once in the last
10 s"). `tame_library_logs` routes the per-connection warnings of asyncio ("socket.send()
raised exception.", "socket.accept() out of system resource") and of websockets ("connection
handler failed", "opening handshake failed") into such a tally: the first of each is written,
the others counted.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter

SUMMARY_SECONDS = 10.0
# What asyncio and websockets log once per connection: counted, not written one by one.
# websockets logs on the logger the server gives it (urland.server.transport), else its own
LIBRARY_LOGGERS = ("asyncio", "websockets", "websockets.server", "websockets.asyncio.server",
                   "urland.server.transport")


class Tally:
    """Counts by cause; writes the counts on `logger_name` at most once every `every` s."""

    def __init__(self, logger_name: str, every: float = SUMMARY_SECONDS) -> None:
        self.log = logging.getLogger(logger_name)
        self.every = every
        self.counts: Counter[str] = Counter()
        self.total: Counter[str] = Counter()  # since the start (tests and the soak read it)
        self.since = time.monotonic()
        self.lock = threading.Lock()  # the library's warnings may come from other threads

    def count(self, cause: str, times: int = 1) -> None:
        with self.lock:
            self.counts[cause] += times
            self.total[cause] += times
        if time.monotonic() - self.since >= self.every:
            self.flush()

    def flush(self) -> None:
        """Write one line per cause counted since the last flush, then start again."""
        with self.lock:
            counts, self.counts = self.counts, Counter()
            seconds, self.since = time.monotonic() - self.since, time.monotonic()
        for cause, times in sorted(counts.items(), key=lambda item: -item[1]):
            if times == 1:  # "1 x joins refused" reads badly
                self.log.warning("%s, once in the last %.0f s", cause, seconds)
            else:
                self.log.warning("%s x %s, in the last %.0f s", f"{times:,}", cause, seconds)


class _ToTally(logging.Filter):
    """Keeps a library's per-connection records out of the log: the first of each cause is
    written as it is (with its traceback, should it be a fault of ours), every later one is
    only counted."""

    def __init__(self, tally: Tally) -> None:
        super().__init__()
        self.tally = tally

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.CRITICAL:
            return True
        cause = record.msg if isinstance(record.msg, str) else str(record.msg)
        cause = f"{record.name}: {cause.strip()}"
        first = cause not in self.tally.total
        self.tally.count(cause)
        return first


_tamed: dict[str, _ToTally] = {}


def tame_library_logs(tally: Tally) -> None:
    """Count the per-connection records of asyncio and websockets in `tally` (once per
    process: the last server started counts them)."""
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        old = _tamed.pop(name, None)
        if old is not None:
            logger.removeFilter(old)
        _tamed[name] = _ToTally(tally)
        logger.addFilter(_tamed[name])
