"""Fit the expert's judge: the weights of urland/bots/judge.py.

    python benchmarks/judge_fit.py [--players 3,4,5] [--games 1500] [--seed 5] [--bots medium]
                                   [--workers 2]

Plays self-play games (every seat the same bot: `--bots`) and stops each at the end of every
turn, where the expert's turn search judges its lines; there it reads each seat's features
(judge.py) and, once the game is over, who won. Per player count it fits a conditional-logit
model of the winner on the features of every other game and prints how well each judge
foretells the winners of the games in between (the mean of minus the log of the chance given
to the seat that won: the learned judge, the hard bot's hand-set judge with its chances scaled
to add up to 1, and an even guess), then the weights fitted on all the games, as judge.py
holds them. The defaults (1,500 games of medium bots per player count, seed 5) made the
weights in the code, in about 8 minutes on two cores.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

from conditional_logit import Table, fit, log_loss

from urland.bots.evaluate import win_chance
from urland.bots.judge import FEATURES, features, win_shares
from urland.bots.loop import StateTable, play_out
from urland.bots.registry import make_bot
from urland.engine import ACTION, Move, new_game

RIDGE = 1.0  # a light penalty: tens of thousands of positions each fit


def play(args: tuple[int, int, str]) -> tuple[list[tuple[list[list[float]], list[float]]], int]:
    """One self-play game: at each turn's end, each seat's features and the hand-set judge's
    chances; and the winner."""
    seed, players, bot = args
    state = new_game(seed, players, events=False)
    bots = {seat: make_bot(bot, seed * 13 + seat) for seat in range(players)}
    turn_ends = []
    acting = [state.phase == ACTION]  # whether the move just played was an Ichto action

    def after(seat: int, move: Move, seconds: float) -> None:
        if acting[0] and state.phase != ACTION and not state.over:
            hand = [win_chance(state, s) for s in range(players)]
            turn_ends.append((features(state), hand))
        acting[0] = state.phase == ACTION

    play_out(StateTable(state), bots, after)
    return turn_ends, state.winner


def report(players: int, games: list) -> tuple[float, ...]:
    learn = [(rows, winner) for ends, winner in games[::2] for rows, _ in ends]
    test: list[Table] = [(rows, winner) for ends, winner in games[1::2] for rows, _ in ends]
    hand_set: list[Table] = [([[c] for c in chances], winner)
                             for ends, winner in games[1::2] for _, chances in ends]
    beta = fit(learn, len(FEATURES), RIDGE)
    print(f"{players} players: {len(games)} games, {len(learn) + len(test)} turn ends")
    print(f"  foretelling the winners of the games in between (lower is better): "
          f"learned {log_loss(test, lambda rows: win_shares(rows, beta)):.4f}, "
          f"hand-set {log_loss(hand_set, scaled):.4f}, "
          f"even {math.log(players):.4f}")
    whole = fit(learn + test, len(FEATURES), RIDGE)
    for name, half, w in zip(FEATURES, beta, whole, strict=True):
        print(f"  {name:<13} {w:+8.4f}   (every other game {half:+8.4f})")
    return tuple(round(w, 4) for w in whole)


def scaled(rows: list[list[float]]) -> list[float]:
    """The hand-set judge's chances (one a row), scaled to add up to 1."""
    total = sum(row[0] for row in rows)
    return [row[0] / total for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--bots", default="medium")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fitted = {}
    for players in (int(p) for p in args.players.split(",")):
        jobs = [(rng.getrandbits(32), players, args.bots) for _ in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, jobs, chunksize=4))
        fitted[players] = report(players, games)
    print("WEIGHTS = {")
    for players, weights in fitted.items():
        print(f"    {players}: {weights},")
    print("}")


if __name__ == "__main__":
    main()
