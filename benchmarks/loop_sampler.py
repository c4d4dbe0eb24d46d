"""Where a server process's loop spends its time: a thread samples the main thread's stack.

    NET_BENCH_SAMPLE=DIR python benchmarks/net_bench.py ...

Every server process of the run then writes `DIR/<pid>.txt` once a second: for each second
of the clock (Unix time), the samples (one every 2 ms) in which the loop was busy, by the
innermost frames of the project or its libraries. An idle loop (waiting in `select`) is not
counted. The file is rewritten whole each second, so a process killed with -9 leaves what it
had a second before.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path

INTERVAL = 0.002
FRAMES = 4  # innermost frames named per sample
IDLE = ("select", "poll", "epoll", "_run_once")  # the loop waiting for something to do


def _where(frame) -> str | None:
    """The sample's name: its innermost `FRAMES` frames outside the standard library's
    asyncio and threading; None when the loop is only waiting."""
    if frame.f_code.co_name in IDLE[:3]:
        return None
    names = []
    while frame is not None and len(names) < FRAMES:
        code = frame.f_code
        file = code.co_filename
        if "asyncio" not in file and "threading" not in file and "selectors" not in file:
            names.append(f"{Path(file).stem}.{code.co_name}:{frame.f_lineno}")
        frame = frame.f_back
    return " < ".join(names) if names else None


def start(folder: str) -> None:
    """Sample the calling thread (the loop's) in a daemon thread until the process ends."""
    target = threading.get_ident()
    out = Path(folder) / f"{os.getpid()}.txt"
    seconds: dict[int, Counter] = {}

    def sample() -> None:
        written = time.monotonic()
        while True:
            time.sleep(INTERVAL)
            frame = sys._current_frames().get(target)
            if frame is None:
                return
            name = _where(frame)
            now = time.monotonic()
            if name is not None:
                seconds.setdefault(int(time.time()), Counter())[name] += 1
            if now - written >= 1.0:
                written = now
                _write(out, seconds)

    threading.Thread(target=sample, daemon=True, name="loop-sampler").start()


def _write(out: Path, seconds: dict[int, Counter]) -> None:
    lines = []
    for second in sorted(seconds):
        busy = seconds[second]
        lines.append(f"second {second}: {sum(busy.values())} busy samples")
        lines += [f"  {count:5d} {name}" for name, count in busy.most_common(8)]
    tmp = out.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(out)
