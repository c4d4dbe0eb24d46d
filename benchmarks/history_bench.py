"""After-the-game speed: listing the history, telling a game's story, building a replay.

    python benchmarks/history_bench.py [--records 200]

Prints figures; asserts nothing. Uses the recorded games in tests/games, written as history
records into a temporary folder.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from urland.engine.save import load_game
from urland.records.history import list_records, write_record
from urland.records.record_check import CHECKED_FILE
from urland.records.replay import Replay
from urland.records.story import tell

GAMES = sorted((Path(__file__).parent.parent / "tests" / "games").glob("*.yaml"))


def timed(action, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=200)
    args = parser.parse_args()
    games = [load_game(p)[0] for p in GAMES]
    for path, game in zip(GAMES, games, strict=True):
        print(f"{path.stem}: {len(game.moves)} moves, "
              f"load (replay) {timed(lambda p=path: load_game(p)) * 1000:.1f} ms, "
              f"story {timed(lambda g=game: tell(g)) * 1000:.1f} ms, "
              f"replay positions {timed(lambda g=game: Replay(g)) * 1000:.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        seats = [{"name": f"P{i}", "kind": "medium"} for i in range(5)]
        when = datetime(2026, 1, 1, tzinfo=UTC)
        for k in range(args.records):
            game = games[k % len(games)]
            write_record(game, seats[:game.options.players], Path(folder),
                         when + timedelta(minutes=k))
        def first_listing() -> None:
            (Path(folder) / CHECKED_FILE).unlink(missing_ok=True)  # each record replayed
            list_records(Path(folder))

        seconds = timed(first_listing, repeat=3)
        print(f"history of {args.records} records listed the first time (each record replayed "
              f"and checked) in {seconds * 1000:.0f} ms "
              f"({seconds / args.records * 1000:.2f} ms a record)")
        seconds = timed(lambda: list_records(Path(folder)), repeat=3)
        print(f"listed again (records found sound before) in {seconds * 1000:.0f} ms "
              f"({seconds / args.records * 1000:.2f} ms a record)")


if __name__ == "__main__":
    main()
