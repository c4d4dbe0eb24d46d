"""The garbage collector of a process that serves many rooms: its full passes, made rare.

Python's collector walks every object it tracks in a full pass (about 0.7 µs an object on a
2-core machine): a server holding 200 rooms of 3 connections tracks some 240,000 and each
pass holds every room's answer for 170 to 250 ms. Left to itself it makes one whenever the
objects that outlived two young passes have grown by a quarter, which a server whose games
move all the time reaches every few seconds: several times a minute, every room stopped.

A serving process (`serve`, and the benchmarks that stand for it) makes them rare instead:
- the objects there before it serves (the code, the board, the texts) are frozen once, so no
  pass ever walks them again;
- the young generations are collected as before (short: they hold only new objects);
- the full pass is left out of the automatic ones and made every `full_pass_seconds` on the
  loop (5 minutes by default), which frees whatever cycles the connections left behind.
Memory that only a full pass frees may so wait up to that long; objects freed by their
counts (most of a game's) go at once, as always.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

FULL_PASS_SECONDS = 300.0
NEVER = 1 << 30  # young passes before an automatic full one: never, in practice


@contextlib.asynccontextmanager
async def rare_full_passes(full_pass_seconds: float = FULL_PASS_SECONDS
                           ) -> AsyncIterator[None]:
    """While the block serves: what exists now frozen, full passes every
    `full_pass_seconds` only; afterwards the collector as it was."""
    young, older, _full = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, older, NEVER)
    passes = asyncio.get_running_loop().create_task(_full_passes(full_pass_seconds))
    try:
        yield
    finally:
        passes.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await passes
        gc.set_threshold(young, older, _full)
        gc.unfreeze()


async def _full_passes(seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        gc.collect()
