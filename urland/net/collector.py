"""The garbage collector of a process that serves many rooms: its full passes, made rare.

Python's collector walks every object it tracks in a full pass (about 0.7 µs an object on a
2-core machine): a server holding 200 rooms of 3 connections tracks some 240,000 and each
pass holds every room's answer for 170 to 250 ms. Left to itself it makes one whenever the
objects that outlived two young passes have grown by a quarter, which a server whose games
move all the time reaches every few seconds: several times a minute, every room stopped.

A serving process (`serve`, and the benchmarks that stand for it) makes them rare and short
instead:
- the objects there before it serves (the code, the board, the texts) are frozen once;
- the young generations are collected as before (short: they hold only new objects);
- the full pass is left out of the automatic ones and made every `full_pass_seconds` on the
  loop (5 minutes by default), over what is new since the last one only: what outlives it is
  frozen in turn, so a room's game, once past a pass, is walked no more;
- every `WHOLE_WALK_EVERY`-th pass (once an hour) walks everything again, which frees the
  cycles that old objects made after they were frozen (few: a pass frees tens to hundreds of
  objects at 200 rooms; objects freed by their counts, most of a game's, go at once, frozen
  or not).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

FULL_PASS_SECONDS = 300.0
WHOLE_WALK_EVERY = 12  # scheduled passes: every 12th (once an hour) walks every object
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


def scheduled_pass(number: int) -> int:
    """The `number`-th scheduled full pass (from 1): over the objects new since the last,
    which are then frozen with the rest; every `WHOLE_WALK_EVERY`-th over every object.
    Returns the objects it freed."""
    if number % WHOLE_WALK_EVERY == 0:
        gc.unfreeze()
    freed = gc.collect()
    gc.freeze()
    return freed


async def _full_passes(seconds: float) -> None:
    number = 0
    while True:
        await asyncio.sleep(seconds)
        number += 1
        scheduled_pass(number)
