"""A serving process's garbage collector: its full passes (which stop every room while they
walk every object) come only on the server's own schedule, never by themselves."""

from __future__ import annotations

import asyncio
import gc
import weakref

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


def test_a_scheduled_pass_walks_only_what_is_new_and_every_twelfth_walks_everything():
    """A game that outlived a pass is walked no more (each pass stays short however many
    rooms are open), and the hourly whole walk still frees what old objects left."""
    from urland.net.collector import WHOLE_WALK_EVERY, scheduled_pass

    old, young = Cycle(), Cycle()
    try:
        scheduled_pass(1)  # both outlive it: frozen
        old_gone = weakref.ref(old)
        del old
        recent = Cycle()
        recent_gone = weakref.ref(recent)
        del recent
        scheduled_pass(2)
        assert recent_gone() is None  # new since the last pass: walked and freed
        assert old_gone() is not None  # frozen before it became garbage: not walked
        for number in range(3, WHOLE_WALK_EVERY):
            scheduled_pass(number)
        assert old_gone() is not None
        scheduled_pass(WHOLE_WALK_EVERY)
        assert old_gone() is None  # the whole walk frees it
        assert young.me is young  # and keeps what is alive
    finally:
        gc.unfreeze()
