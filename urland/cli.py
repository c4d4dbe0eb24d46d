"""The command line: `python -m urland [play options]`, `simulate`, `tournament`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from urland.bots.registry import bot_names


def _bots(text: str, players: int) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    known = bot_names()
    for name in names:
        if name not in known:
            raise argparse.ArgumentTypeError(f"unknown bot {name!r} (choose from "
                                             f"{', '.join(known)})")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise argparse.ArgumentTypeError(f"--bots names {len(names)} bots for {players} players")
    return names


def _simulate(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="urland simulate",
                                     description="Play whole games headless between bots.")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random",
                        help="comma-separated bot per seat, or one name for all seats")
    parser.add_argument("--json", action="store_true",
                        help="end with one JSON object summarising the run")
    args = parser.parse_args(argv)
    if args.games < 0:
        parser.error("--games must be 0 or more")
    try:
        bots = _bots(args.bots, args.players)
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    from urland.simulate import simulate

    summary = simulate(args.players, args.games, args.seed, bots, as_json=args.json)
    return 1 if summary["invariant_violations"] else 0


def _tournament(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="urland tournament",
                                     description="Bots against bots, seats rotated.")
    parser.add_argument("--bots", required=True,
                        help="comma-separated bots, one per seat (3 to 5), e.g. hard,random,random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="games played in parallel")
    parser.add_argument("--json", action="store_true",
                        help="end with one JSON object summarising the run")
    args = parser.parse_args(argv)
    names = [t.strip() for t in args.bots.split(",") if t.strip()]
    if not 3 <= len(names) <= 5:
        parser.error("--bots names 3 to 5 bots, one per seat")
    try:
        names = _bots(args.bots, len(names))
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    from urland.tournament import tournament

    tournament(names, args.games, args.seed, workers=args.workers, as_json=args.json)
    return 0


USAGE = """Urland — commands:
  python -m urland simulate --players N --games G --seed S [--bots random,...] [--json]
  python -m urland tournament --bots hard,random,random,random --games N --seed S [--json]
"""


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "simulate":
        return _simulate(argv[1:])
    if argv and argv[0] == "tournament":
        return _tournament(argv[1:])
    parser = argparse.ArgumentParser(prog="urland", description="Urland.", usage=USAGE)
    parser.parse_args(argv)
    print(USAGE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
