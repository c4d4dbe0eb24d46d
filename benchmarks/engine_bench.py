"""Engine speed: random 4-player games per second, and the cost of legal moves, apply, clone,
and of writing and reading a position as text.

    python benchmarks/engine_bench.py [--seconds 5] [--clock cpu]

Prints figures; asserts nothing. Games use the random bot choosing from the legal options and
record no events, as a search's playouts do; the same games are timed again recording their
events, as a table, a replay or the simulator does. On a shared machine `--clock cpu` counts
only this process's CPU time, so other work on the machine weighs less on the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from urland.bots.random_bot import random_move
from urland.engine import (
    apply_move,
    legal_options,
    new_game,
    position_from_text,
    position_to_text,
)

CLOCK = time.perf_counter  # or time.process_time (--clock cpu)


def games_per_second(seconds: float, events: bool = False) -> tuple[float, float]:
    start = CLOCK()
    games = moves = 0
    while CLOCK() - start < seconds:
        state = new_game(games, 4, events=events)
        r = random.Random(games)
        while not state.over:
            apply_move(state, random_move(legal_options(state), r))
            moves += 1
        games += 1
    elapsed = CLOCK() - start
    return games / elapsed, moves / games


def sample_states(count: int) -> list:
    """States met in real random games, so each call is timed on a realistic position."""
    states = []
    seed = 0
    r = random.Random(0)
    while len(states) < count:
        state = new_game(seed, 4, events=False)
        while not state.over:
            states.append(state.clone())
            apply_move(state, random_move(legal_options(state), r))
        seed += 1
    return states[:count]


def per_call(fn, items, repeat: int = 5) -> float:
    """Best-of-`repeat` mean time of `fn(item)` over `items`, in microseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = CLOCK()
        for item in items:
            fn(item)
        best = min(best, (CLOCK() - start) / len(items))
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time by the wall clock or by this process's CPU time")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter

    states = sample_states(3000)
    r = random.Random(1)
    pairs = [(s, random_move(legal_options(s), r)) for s in states]
    options_us = per_call(legal_options, states)
    clone_us = per_call(lambda s: s.clone(), states)
    clones = [[s.clone() for s, _ in pairs] for _ in range(5)]
    batches = iter(clones)

    def apply_batch(_):
        batch = next(batches)
        start = CLOCK()
        for state, (_, move) in zip(batch, pairs, strict=True):
            apply_move(state, move)
        return (CLOCK() - start) / len(batch) * 1e6

    apply_us = min(apply_batch(None) for _ in range(5))
    gps, moves = games_per_second(args.seconds)
    told_gps, _ = games_per_second(args.seconds, events=True)
    sizes = [len(legal_options(s)) for s in states]
    write_us = per_call(position_to_text, states, repeat=2)
    texts = [position_to_text(s) for s in states]
    read_us = per_call(position_from_text, texts, repeat=2)
    print(f"random 4-player games per second: {gps:8.1f}  ({moves:.0f} moves a game)")
    print(f"  the same, recording events:     {told_gps:8.1f}")
    print(f"legal options per call:            {options_us:8.2f} us  "
          f"(median {statistics.median(sizes):.0f} options)")
    print(f"apply per move:                    {apply_us:8.2f} us")
    print(f"state clone:                       {clone_us:8.2f} us")
    print(f"position to text / from text:      {write_us:8.2f} / {read_us:.2f} us  "
          f"(median {statistics.median(map(len, texts)):.0f} characters)")


if __name__ == "__main__":
    main()
