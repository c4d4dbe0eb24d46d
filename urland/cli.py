"""The command line: `python -m urland [play options]`, `simulate`, `tournament`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from urland import __version__
from urland.bots.registry import ONLINE, bot_names
from urland.bots.registry import SEAT_KINDS as BOT_SEAT_KINDS
from urland.engine import PLAYER_COUNTS
from urland.engine.files import MAX_DIGITS
from urland.seats import ANY_BOT
from urland.texts.i18n import LANGUAGES, known
from urland.tools.seed_sets import FRESH_FROM, SEED_SETS, SeedSetError, checked

if TYPE_CHECKING:
    from urland.app import App


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
    parser.add_argument("--players", type=int, choices=tuple(PLAYER_COUNTS), default=4)
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
    from urland.tools.simulate import simulate

    summary = simulate(args.players, args.games, args.seed, bots, as_json=args.json)
    return 1 if summary["invariant_violations"] else 0


def _tournament(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="urland tournament",
                                     description="Bots against bots, seats rotated.")
    parser.add_argument("--bots", default="",
                        help="comma-separated bots, one per seat (3 to 5), e.g. hard,random,random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="games played in parallel")
    parser.add_argument("--players", default="",
                        help="player counts to play, e.g. 3,4,5 (the line-up is resized: its "
                             "first bot, then the others in turn); default: one per bot named")
    parser.add_argument("--json", action="store_true",
                        help="end with one JSON object summarising the run")
    parser.add_argument("--think", type=float, default=None,
                        help="seconds a decision for the bots that take a thinking time "
                             "(expert); default: their own")
    parser.add_argument("--log", type=Path, default=None,
                        help="append one JSON line per game (deal, seats, scores, winner, "
                             "decision times) to this file")
    parser.add_argument("--paired", nargs=2, metavar=("A", "B"), default=None,
                        help="play every deal twice, bot A and then bot B in the seat under "
                             "test, the other seats the --bots named (the same seeds), and "
                             "report the difference game by game")
    parser.add_argument("--report", type=Path, nargs="+", metavar="FILE", default=None,
                        help="play nothing: the table of a --log file read back (two files: "
                             "paired game by game, for the line-up's first seat)")
    parser.add_argument("--seed-set", choices=SEED_SETS, default=None,
                        help="the set of seeds --seed must belong to: tuning (below "
                             f"{FRESH_FROM:,}) or fresh ({FRESH_FROM:,} and above)")
    args = parser.parse_args(argv)
    if args.report:
        return _report(args.report, as_json=args.json, parser=parser)
    if not args.bots:
        parser.error("--bots is needed (the other seats, with --paired A B)")
    if args.games < 1 or args.workers < 1 or (args.think is not None and args.think <= 0):
        parser.error("--games and --workers must be at least 1, --think above 0")
    try:
        checked(args.seed, args.seed_set)
    except SeedSetError as exc:
        parser.error(str(exc))
    counts = _player_counts(args.players, parser)
    names = [t.strip() for t in args.bots.split(",") if t.strip()]
    subjects = list(args.paired or [])
    seats = len(names) + (1 if subjects else 0)  # the line-up: the seat under test, the others
    if counts:
        if not 1 <= seats <= max(PLAYER_COUNTS) or (subjects and not names):
            parser.error("--bots names 1 to 5 bots: the first, then the others in turn")
    elif seats not in PLAYER_COUNTS:
        parser.error("--bots names 3 to 5 bots, one per seat (with --players, 1 to 5; with "
                     "--paired, the other seats)")
    try:
        names = _bots(",".join(subjects + names), len(subjects) + len(names))
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    if subjects:
        from urland.tools.tournament import paired_tournament

        paired_tournament(names[0], names[1], names[2:], args.games, args.seed,
                          workers=args.workers, as_json=args.json, players=counts or None,
                          think=args.think, log=args.log)
        return 0
    from urland.tools.tournament import tournament

    tournament(names, args.games, args.seed, workers=args.workers, as_json=args.json,
               players=counts or None, think=args.think, log=args.log)
    return 0


def _player_counts(text: str, parser: argparse.ArgumentParser) -> list[int]:
    try:
        counts = [int(t) for t in text.split(",") if t.strip()]
    except ValueError:
        counts = [0]
    if any(c not in PLAYER_COUNTS for c in counts):
        parser.error("--players takes player counts from 3 to 5, e.g. 3,4,5")
    return counts


def _report(files: list[Path], as_json: bool, parser: argparse.ArgumentParser) -> int:
    from urland.tools.log_report import report, report_text
    from urland.tools.paired import LogError, read_log

    if len(files) > 2:
        parser.error("--report reads one log, or two to pair")
    try:
        found = report(*(read_log(f) for f in files))
    except LogError as exc:
        parser.error(str(exc))
    print(json.dumps(found) if as_json else "\n".join(report_text(found)))
    return 0 if found["tables"] or found["paired"] else 1


USAGE = """Urland - play, or run the tools:
  python -m urland [--size WxH] [--fullscreen] [--lang CODE] [--version]
  python -m urland --autoplay --seats ai,ai,ai,ai --seed S [--screenshots DIR] [--quit-when-over]
  python -m urland tutorial [--size WxH] [--autoplay] [--screenshots DIR] [--lang CODE]
  python -m urland replay FILE [--size WxH] [--autoplay] [--screenshots DIR] [--lang CODE]
  python -m urland simulate --players N --games G --seed S [--bots random,...] [--json]
  python -m urland tournament --bots hard,medium,medium,medium --games N --seed S
                             [--players 3,4,5] [--workers W] [--json] [--log FILE]
  python -m urland tournament --paired A B --bots hard --players 4 --games N --seed S
                             [--seed-set tuning|fresh] [--log FILE]
  python -m urland tournament --report FILE [FILE] [--json]
  python -m urland serve [--host H] [--port P] [--room CODE --seats remote,remote,medium
                         --seed N] [--quit-when-over] [--cert FILE --key FILE]
  python -m urland join ADDRESS --room CODE [--name N] [--autoplay] [--quit-when-over]
                        [--screenshots DIR]
"""

SEAT_KINDS = (ANY_BOT, *BOT_SEAT_KINDS, ONLINE)  # ANY_BOT ("ai"): the default bot


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, not {text!r}") from None
    if w < 960 or h < 540:
        raise argparse.ArgumentTypeError("the window must be at least 960x540")
    return (w, h)


SEED_DIGITS = MAX_DIGITS  # a save holds a seed of at most this many digits


def _seed(text: str) -> int:
    """A seed a save can hold: a whole number of at most SEED_DIGITS digits."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > SEED_DIGITS:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of at most {SEED_DIGITS} digits, not {text!r}")
    return int(text)


def _seats(text: str) -> list[str]:
    seats = [t.strip().lower() for t in text.split(",") if t.strip()]
    if len(seats) not in PLAYER_COUNTS:
        raise argparse.ArgumentTypeError("name 3 to 5 seats, e.g. ai,ai,ai,ai")
    for seat in seats:
        if seat not in SEAT_KINDS:
            raise argparse.ArgumentTypeError(f"unknown seat {seat!r} (choose from "
                                             f"{', '.join(SEAT_KINDS)})")
    return seats


def _language(text: str) -> str:
    code = text.strip().lower()
    if not known(code):
        raise argparse.ArgumentTypeError(f"unknown language {text!r} (choose from "
                                         f"{', '.join(LANGUAGES)})")
    return code


def _speak(code: str) -> None:
    """Speak `code`, or the system's language when it is ''."""
    from urland.texts import i18n

    i18n.set_language(code or i18n.system_language())


def _play(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="urland", description="Play Urland.", usage=USAGE)
    parser.add_argument("--size", type=_size, help="window size, e.g. 1600x900")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--autoplay", action="store_true",
                        help="play a whole game on screen with the seats given by --seats")
    parser.add_argument("--seats", type=_seats, default=[ANY_BOT] * 4)
    parser.add_argument("--seed", type=_seed, default=1,
                        help=f"the game's seed: a whole number of at most {SEED_DIGITS} digits")
    parser.add_argument("--screenshots", type=Path, help="save a PNG of each scene type here")
    parser.add_argument("--quit-when-over", action="store_true")
    parser.add_argument("--lang", type=_language, metavar="CODE",
                        help="start in this language: " + ", ".join(LANGUAGES))
    parser.add_argument("--version", action="version", version=f"Urland {__version__}")
    args = parser.parse_args(argv)
    from urland.app import App, AutoplayOptions
    from urland.table import unsaved
    from urland.userfiles import folder_lock
    from urland.userfiles.startup import prepare

    if not folder_lock.claim() and args.autoplay:
        print("urland: another copy of Urland is running on this user folder "
              f"({folder_lock.lock_path().parent}); autoplay needs the folder to itself.",
              file=sys.stderr)
        return 1
    tidy = not folder_lock.in_use_elsewhere()
    settings, notices = prepare(args.lang, tidy=tidy)
    if tidy:
        unsaved.recover()  # finished games a full disk kept from their save last time
    if args.fullscreen:
        settings.fullscreen = True
    autoplay = None
    if args.autoplay:
        autoplay = AutoplayOptions(args.seats, args.seed, args.screenshots, args.quit_when_over)
    app = App(settings, autoplay, size=args.size, notices=notices)
    return app.run("title")



def _window_options(parser: argparse.ArgumentParser, autoplay: str, screenshots: str) -> None:
    """The options every windowed command takes: size, autoplay, screenshots, language."""
    parser.add_argument("--size", type=_size, help="window size, e.g. 1600x900")
    parser.add_argument("--autoplay", action="store_true", help=autoplay)
    parser.add_argument("--screenshots", type=Path, help=screenshots)
    parser.add_argument("--lang", type=_language, metavar="CODE",
                        help="run in this language: " + ", ".join(LANGUAGES))


def _window(args: argparse.Namespace) -> App:
    """The window for a command made with `_window_options`: its size, its language, and an
    autoplay that quits at the end."""
    from urland.app import App, AutoplayOptions
    from urland.userfiles.settings import load_settings

    autoplay = (AutoplayOptions([], 0, args.screenshots, quit_when_over=True)
                if args.autoplay else None)
    settings = load_settings()
    _speak(args.lang or settings.language)
    return App(settings, autoplay, size=args.size)


def _replay(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="urland replay",
                                     description="Replay a finished game move by move.")
    parser.add_argument("file", type=Path, help="a finished game (a record from the history)")
    _window_options(parser, "step to the end and back to the start, then quit",
                    "save pictures on the way here")
    args = parser.parse_args(argv)
    from urland.engine.errors import SaveError
    from urland.table.session import Session

    try:
        session = Session.from_record(args.file)
    except SaveError as exc:
        print(f"urland replay: {exc}", file=sys.stderr)
        return 1
    return _window(args).run("replay", session=session, standalone=True)


def _tutorial(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="urland tutorial",
                                     description="Learn to play: a guided first game.")
    _window_options(parser, "play the whole tutorial by itself, then quit",
                    "save a picture of every step here")
    args = parser.parse_args(argv)
    from urland.engine import UserFileError
    from urland.table.tutorial import load_script

    try:
        load_script()
    except UserFileError as exc:
        print(f"urland tutorial: {exc}", file=sys.stderr)
        return 1
    app = _window(args)
    # autoplay always runs the whole tutorial, wherever a player left it
    return app.run("tutorial", **({"chapter": 0} if args.autoplay else {}))


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "replay":
        return _replay(argv[1:])
    if argv and argv[0] == "tutorial":
        return _tutorial(argv[1:])
    if argv and argv[0] == "simulate":
        return _simulate(argv[1:])
    if argv and argv[0] == "tournament":
        return _tournament(argv[1:])
    if argv and argv[0] == "serve":
        from urland.net import commands

        return commands.serve_main(argv[1:])
    if argv and argv[0] == "join":
        from urland.join_window import join_with_window
        from urland.net import commands

        return commands.join_main(argv[1:], join_with_window)
    return _play(argv)


def run() -> int:
    """The installed `urland` command: main() with crash reporting."""
    from urland.ui.crash import run_guarded

    return run_guarded(main)


if __name__ == "__main__":
    sys.exit(run())
