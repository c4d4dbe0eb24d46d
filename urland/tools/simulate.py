"""Headless games between bots, with the rules' invariants checked after every move.

    python -m urland simulate --players 4 --games 40 --seed 11 [--bots random,...] [--json]
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field

from urland.bots.loop import StateTable, play_out
from urland.bots.registry import make_bot
from urland.engine import Move, new_game
from urland.engine.invariants import violations


@dataclass
class GameResult:
    seed: int
    winner: int
    track: list[int]
    turns: int
    epochs: int
    mutations: int
    panics: int
    moves: int
    violations: list[str] = field(default_factory=list)


def play_one(seed: int, players: int, bot_names: list[str], check: bool = True) -> GameResult:
    """One whole game. Each seat's bot sees only that seat's view."""
    state = new_game(seed, players, events=False)
    bots = {seat: make_bot(name, seed * 1000 + seat) for seat, name in enumerate(bot_names)}
    problems: list[str] = []
    track_before = state.track[:]
    played = 0

    def check_invariants(seat: int, move: Move, seconds: float) -> None:
        nonlocal track_before, played
        played += 1
        problems.extend(f"move {played}: {p}" for p in violations(state, track_before))
        track_before = state.track[:]

    moves = play_out(StateTable(state), bots, check_invariants if check else None)
    return GameResult(seed, state.winner, state.track[:], state.turn, state.epoch,
                      state.mutations, state.panics, moves, problems)


def simulate(players: int, games: int, seed: int, bot_names: list[str],
             as_json: bool = False, out=print) -> dict:
    seeds = random.Random(seed)
    wins = [0] * players
    results = []
    start = time.perf_counter()
    for g in range(games):
        result = play_one(seeds.getrandbits(32), players, bot_names)
        results.append(result)
        wins[result.winner] += 1
        if not as_json:
            out(f"game {g + 1:3d}: winner seat {result.winner + 1}  track {result.track}  "
                f"turns {result.turns}  epochs {result.epochs}  mutations {result.mutations}  "
                f"panics {result.panics}")
            for problem in result.violations:
                out(f"    INVARIANT VIOLATED: {problem}")
    seconds = time.perf_counter() - start
    summary = {
        "games": games,
        "players": players,
        "seed": seed,
        "bots": bot_names,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "wins_by_seat": wins,
        "mean_turns": round(sum(r.turns for r in results) / games, 2) if games else 0,
        "mean_moves": round(sum(r.moves for r in results) / games, 2) if games else 0,
        "mean_mutations": round(sum(r.mutations for r in results) / games, 2) if games else 0,
        "mean_panics": round(sum(r.panics for r in results) / games, 2) if games else 0,
        "invariant_violations": sum(len(r.violations) for r in results),
        "results": [{"seed": r.seed, "winner": r.winner, "track": r.track, "turns": r.turns,
                     "epochs": r.epochs, "mutations": r.mutations, "panics": r.panics}
                    for r in results],
    }
    if as_json:
        out(json.dumps(summary))
    else:
        out(f"{games} games, {players} players, {seconds:.2f} s ({summary['games_per_second']} "
            f"games/s); wins by seat {wins}; mean turns {summary['mean_turns']}; invariant "
            f"violations {summary['invariant_violations']}")
    return summary
