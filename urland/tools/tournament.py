"""Bots against bots, seats rotated so every bot sits in every seat equally often.

    python -m urland tournament --bots hard,medium,medium,medium --games N --seed S
                                [--players 3,4,5] [--json] [--log FILE] [--seed-set SET]
    python -m urland tournament --paired expert hard --bots hard --games N --seed S [--log FILE]
    python -m urland tournament --report FILE [FILE] [--json]

With `--players`, the line-up is resized for each player count: its first bot, then the others
repeated in order (hard,medium,... at 3 players is hard,medium,medium). What is reported, per
bot and per player count, is decided in tournament_report.py. `--log` writes one JSON line per
game (its deal, seats, scores, winner and each seat's decision times), which `--report` reads
back (log_report.py). `--paired A B` plays every deal twice, bot A and then bot B in the seat
under test, the other seats the same bots with the same seeds, and reports the difference game
by game (paired.py). `--seed-set` names the set of seeds the run must come from (seed_sets.py).
"""

from __future__ import annotations

import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from urland.bots.loop import StateTable, play_out
from urland.bots.registry import make_bot
from urland.engine import Move, new_game
from urland.tools.paired import compare, report_lines
from urland.tools.seed_sets import seed_set
from urland.tools.tournament_report import report, summarise, table_lines


@dataclass
class TableResult:
    seats: list[str]  # bot name per seat
    winner: int
    track: list[int]
    times: dict[str, list[float]]  # decision seconds per bot name
    iterations: dict[str, list[int]]  # search iterations per searched decision, per bot name
    seat_times: list[list[float]] = field(default_factory=list)  # decision seconds per seat


def play_table(seed: int, seats: list[str], think: float | None = None) -> TableResult:
    state = new_game(seed, len(seats), events=False)
    bots = {i: make_bot(name, seed * 7919 + i, think) for i, name in enumerate(seats)}
    times: dict[str, list[float]] = {name: [] for name in seats}
    iterations: dict[str, list[int]] = {name: [] for name in seats}
    seat_times: list[list[float]] = [[] for _ in seats]

    def timed(seat: int, move: Move, seconds: float) -> None:
        times[seats[seat]].append(seconds)
        seat_times[seat].append(round(seconds, 4))
        searched = getattr(bots[seat], "last_iterations", 0)
        if searched:
            iterations[seats[seat]].append(searched)

    play_out(StateTable(state), bots, timed)
    return TableResult(seats, state.winner, state.track[:], times, iterations, seat_times)


def lineup_for(bot_names: list[str], players: int) -> list[str]:
    """The line-up resized to `players` seats: the first bot, then the others in turn."""
    if players == len(bot_names) or len(bot_names) == 1:
        return (bot_names * players)[:players]
    rest = bot_names[1:]
    return [bot_names[0]] + [rest[i % len(rest)] for i in range(players - 1)]


def planned_tables(lineup: list[str], games: int, seed: int, think: float | None = None
                   ) -> list[tuple[int, list[str], float | None]]:
    """(game seed, seats, thinking time) of each game: a longer run with the same seed begins
    with the same games."""
    players = len(lineup)
    seeds = random.Random(seed)
    tables = []
    for g in range(games):
        shift = g % players
        seats = [lineup[(s - shift) % players] for s in range(players)]
        tables.append((seeds.getrandbits(32), seats, think))
    return tables


def play_games(lineup: list[str], games: int, seed: int, workers: int = 1,
               think: float | None = None, log: Path | None = None, side: str = ""
               ) -> tuple[list[TableResult], float]:
    """`games` games with the seats rotated; the results and the seconds they took. With a
    `log`, each game is appended to it as one JSON line as soon as it has been played (`side`:
    which bot of a paired run sat in the seat under test)."""
    tables = planned_tables(lineup, games, seed, think)
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        played = (pool.map if pool else map)(play_table, *zip(*tables, strict=True))
        for g, ((game_seed, _, _), result) in enumerate(zip(tables, played, strict=True)):
            results.append(result)
            if log is not None:
                _append(log, game_line(g, game_seed, think, result, seed, side))
    return results, time.perf_counter() - start


def game_line(game: int, game_seed: int, think: float | None, result: TableResult,
              run_seed: int | None = None, side: str = "") -> dict:
    """One game of a tournament's `--log`: the line-up's first bot sits in `subject_seat`;
    `track` holds the final scores, `seat_times` each seat's decision seconds on the clock,
    `run_seed` the run's `--seed` and `seed_set` the set it belongs to (seed_sets.py)."""
    players = len(result.seats)
    line = {"game": game, "players": players, "seed": game_seed, "think": think,
            "subject_seat": game % players, "seats": result.seats, "winner": result.winner,
            "track": result.track, "seat_times": result.seat_times}
    if run_seed is not None:
        line.update(run_seed=run_seed, seed_set=seed_set(run_seed))
    if side:
        line["side"] = side
    return line


def _append(log: Path, line: dict) -> None:
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def tournament(bot_names: list[str], games: int, seed: int, workers: int = 1,
               as_json: bool = False, out=print, players: list[int] | None = None,
               think: float | None = None, log: Path | None = None) -> dict:
    runs = []
    if log is not None:
        log.write_text("", encoding="utf-8")  # this run's games only: --paired pairs runs
    for count in players or [len(bot_names)]:
        lineup = lineup_for(bot_names, count)
        results, seconds = play_games(lineup, games, seed, workers, think, log)
        if not as_json:
            for i, r in enumerate(results):
                out(f"game {i + 1:3d}: seats {','.join(r.seats)}  winner {r.seats[r.winner]} "
                    f"(seat {r.winner + 1})  track {r.track}")
        run = summarise(results, lineup, seconds)
        runs.append(run)
        if not as_json:
            for line in table_lines(run):
                out(line)
    summary = report(runs, bot_names, games, seed, workers)
    summary["seed_set"] = seed_set(seed)
    if think is not None:
        summary["think"] = think
    if as_json:
        out(json.dumps(summary))
    return summary


def paired_tournament(bot_a: str, bot_b: str, others: list[str], games: int, seed: int,
                      workers: int = 1, as_json: bool = False, out=print,
                      players: list[int] | None = None, think: float | None = None,
                      log: Path | None = None) -> dict:
    """Every deal played twice: bot A, then bot B, in the seat under test (the line-up's first,
    rotated through the seats as in a tournament), the other seats the same `others` with the
    same seeds; the difference game by game, per player count (paired.py)."""
    if log is not None:
        log.write_text("", encoding="utf-8")
    lines: dict[str, list[dict]] = {"A": [], "B": []}
    for count in players or [len(others) + 1]:
        for side, bot in (("A", bot_a), ("B", bot_b)):
            lineup = lineup_for([bot, *others], count)
            results, _ = play_games(lineup, games, seed, workers, think, log, side)
            tables = planned_tables(lineup, games, seed, think)
            lines[side] += [game_line(g, game_seed, think, result, seed, side)
                            for g, ((game_seed, _, _), result)
                            in enumerate(zip(tables, results, strict=True))]
    paired = compare(lines["A"], lines["B"])
    summary = {"paired": [bot_a, bot_b], "others": others, "games": games, "seed": seed,
               "seed_set": seed_set(seed), "think": think, "by_players": paired}
    out(json.dumps(summary) if as_json else "\n".join(
        [f"seeds: {seed_set(seed)} (--seed {seed})", *report_lines(paired)]))
    return summary
