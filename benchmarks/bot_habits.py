"""Silly habits per bot level: how often each shows up in whole games (see urland/bots/habits.py).

    python benchmarks/bot_habits.py [--games 20] [--players 4] [--bots easy,medium,hard]

Every seat plays the same bot; the hard bot thinks for `--hard-seconds` a decision. Prints the
count of each habit per bot and the turns watched; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections

from urland.bots.habits import watch
from urland.bots.registry import make_bot


def habits_of(name: str, games: int, players: int, hard_seconds: float) -> collections.Counter:
    found: collections.Counter = collections.Counter()
    for g in range(games):
        bots = [make_bot(name, 1000 * g + seat) for seat in range(players)]
        if name == "hard":
            for bot in bots:
                bot.time_limit = hard_seconds  # type: ignore[attr-defined]
        slips = watch(g + 1, players, lambda seat, seen, b=bots: b[seat].choose(seen))
        found.update(s.habit for s in slips)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--bots", default="random,easy,medium")
    parser.add_argument("--hard-seconds", type=float, default=0.2)
    args = parser.parse_args()
    for name in args.bots.split(","):
        found = habits_of(name, args.games, args.players, args.hard_seconds)
        shown = ", ".join(f"{h} {k}" for h, k in sorted(found.items())) or "none"
        print(f"{name:7} {args.games} games, {args.players} players: {shown}")


if __name__ == "__main__":
    main()
