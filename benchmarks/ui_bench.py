"""Front-end speed: frame times of the table scene during play, and start-up to first frame.

    python benchmarks/ui_bench.py [--seconds 8] [--program dist/urland/urland]
    python benchmarks/ui_bench.py --start-only [--runs 7]    # the start-up figure alone

Uses SDL's dummy video driver (software rendering). Four medium AI seats play with normal
animations while frames are timed; a frame is everything the main loop does for it (events,
update, drawing, flip). Its wall time includes waiting for the processor (the AI thinks in a
thread, other programs run); its main-thread CPU time is the game's own work. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FIRST_FRAME_PROBE = """
import sys
from urland.cli import main
sys.exit(main(["--autoplay", "--seats", "ai,ai,ai", "--seed", "1", "--quit-when-over"]))
"""


def frame_times(size: tuple[int, int], seconds: float) -> tuple[list[float], list[float]]:
    """Each frame's wall time and main-thread CPU time, in seconds."""
    import pygame

    from urland.app import App
    from urland.table.session import Seat, Session
    from urland.userfiles.settings import Settings

    app = App(Settings(animation_speed="normal", ai_pause="short"), size=size)
    seats = [Seat(n, c, "medium") for n, c in (("Anna", 4), ("Ben", 0), ("Cleo", 3),
                                                ("Dan", 1))]
    app.show("table", session=Session.new(seats, 11, None))
    times, cpu = [], []
    end = time.perf_counter() + seconds
    clock = pygame.time.Clock()
    while time.perf_counter() < end and app.running:
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        if app.scene.name != "table":  # a dialog: close it and go on playing
            app.scenes = app.scenes[:1]
        clock.tick(60)
    pygame.quit()
    return times, cpu


def first_frame_seconds(program: str | None) -> float:
    """Seconds from launching the game to its first drawn frame (the process is then ended)."""
    command = ([program, "--autoplay", "--seats", "ai,ai,ai", "--seed", "1"] if program
               else [sys.executable, "-c", FIRST_FRAME_PROBE])
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, URLAND_HOME=home, URLAND_TIMING="1")
        # a later start, as a player's: Python's compiled files are written once and then read
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        start = time.perf_counter()
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("FIRST-FRAME"):
                elapsed = time.perf_counter() - start
                break
        else:
            elapsed = float("nan")
        proc.kill()
        proc.wait()
        return elapsed


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--program", help="time the start-up of a built program instead")
    parser.add_argument("--start-only", action="store_true",
                        help="time only the start-up to the first frame, not the table's frames")
    parser.add_argument("--runs", type=int, default=3, help="start-ups timed (best and median)")
    args = parser.parse_args()
    for size in () if args.start_only else ((1280, 800), (1920, 1080)):
        times, cpu = frame_times(size, args.seconds)
        print(f"table scene {size[0]}x{size[1]}: {len(times)} frames, median "
              f"{statistics.median(times) * 1000:.2f} ms, 99th percentile "
              f"{_p99(times) * 1000:.2f} ms (main-thread CPU: median "
              f"{statistics.median(cpu) * 1000:.2f} ms, 99th percentile {_p99(cpu) * 1000:.2f} ms)")
    runs = [first_frame_seconds(args.program) for _ in range(max(1, args.runs))]
    what = args.program or "python -m urland"
    print(f"start-up to first frame ({what}): best {min(runs):.2f} s, median "
          f"{statistics.median(runs):.2f} s (process launch included)")


if __name__ == "__main__":
    main()
