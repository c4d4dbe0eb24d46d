"""A serving process's garbage collector: its full passes (which stop every room while they
walk every object) come only on the server's own schedule, never by themselves."""

from __future__ import annotations

import asyncio
import gc

from urland.net.collector import rare_full_passes


class Cycle:
    def __init__(self) -> None:
        self.me = self  # garbage only a collector pass frees


def test_a_serving_process_makes_no_full_pass_by_itself_but_one_on_its_schedule():
    passes: list[int] = []
    scheduled = asyncio.Event()

    async def serve() -> tuple[int, tuple[int, int, int]]:
        loop = asyncio.get_running_loop()

        def seen(phase: str, info: dict) -> None:
            if phase == "stop":
                passes.append(info["generation"])
                if info["generation"] == 2 and started_schedule[0]:
                    loop.call_soon_threadsafe(scheduled.set)

        started_schedule = [False]
        gc.callbacks.append(seen)
        try:
            async with rare_full_passes(full_pass_seconds=3600):  # (one pass as it begins)
                begun = passes.count(2)
                for _ in range(200_000):  # many young passes, each keeping some objects
                    kept.append(Cycle())
                by_itself = passes.count(2) - begun
            async with rare_full_passes(full_pass_seconds=0.01):
                started_schedule[0] = True
                await asyncio.wait_for(scheduled.wait(), 30)
        finally:
            gc.callbacks.remove(seen)
        return by_itself, gc.get_threshold()

    kept: list[Cycle] = []
    before = gc.get_threshold()
    by_itself, after = asyncio.run(serve())
    assert passes.count(1) > 0  # the young generations are still collected
    assert by_itself == 0
    assert scheduled.is_set()
    assert after == before  # the collector as it was once the server stops
