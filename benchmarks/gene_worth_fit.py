"""Measure what each gene is worth: the tables of urland/bots/gene_worth.py.

    python benchmarks/gene_worth_fit.py [--players 3,4,5] [--games 1500] [--seed 3]
                                        [--workers 2]

Plays games of medium bots only and fits, per player count, a conditional-logit model of which
seat wins. A seat's features: for each gene it bought, the share of the game still to come when
it bought it (1 at the start, falling to 0.15 near the end, as the bots' `time_left`); the
Ichtos it paid for genes; and its track position against the table's average at each of the
first three auctions, so that a gene is not credited with the lead of the player who could
afford it. Prints each gene's weight, the same for each half of the games (how steady it is),
its standardised weight, and that mapped onto the hand-made table's mean at SCALE points per
standard deviation: the figure gene_worth.py uses (for four or five players, the average of
the two, printed last). Genes nobody bought get no figure. 1,500 games of each player count
take about 7 minutes on two cores. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from conditional_logit import fit

from urland.bots.evaluate import GENE_WORTH, time_left
from urland.bots.greedy import GreedyBot
from urland.bots.loop import StateTable, play_out
from urland.engine import BID, GameState, Move, new_game

AUCTIONS = 3  # track positions at the first three auctions are the model's controls
SCALE = 1.17  # track points per standard deviation of the weights (the hand-made table: 0.87)
RIDGE = 0.5  # L2 penalty that keeps rare genes' weights from running off


def play(args: tuple[int, int]) -> dict:
    """One game of medium bots: who won, what each seat bought and the track at auctions."""
    seed, players = args
    state = new_game(seed, players, events=False)
    bots = {seat: GreedyBot(seed * 13 + seat) for seat in range(players)}
    bought: list[tuple[int, str, int, float]] = []  # (seat, gene, Ichtos paid, time left)
    auctions: list[list[int]] = []
    auction_key = None

    def before(state: GameState, move: Move) -> None:
        nonlocal auction_key
        if state.phase == BID and auction_key != (state.epoch, state.turn, len(bought)):
            auction_key = (state.epoch, state.turn, len(bought))
            auctions.append(state.track[:])
        if move.kind == "buy":
            paid = sum(k for _, k in move.picks or ())
            bought.append((state.actor, move.gene, paid, time_left(state)))

    play_out(StateTable(state), bots, before=before)
    return {"winner": state.winner, "players": players, "bought": bought,
            "auctions": auctions[:AUCTIONS]}


def features(game: dict, genes: list[str]) -> list[list[float]]:
    players = game["players"]
    rows = [[0.0] * (len(genes) + 1 + AUCTIONS) for _ in range(players)]
    for seat, gene, paid, left in game["bought"]:
        rows[seat][genes.index(gene)] += left
        rows[seat][len(genes)] += paid
    for k, track in enumerate(game["auctions"]):
        mean = sum(track) / players
        for seat in range(players):
            rows[seat][len(genes) + 1 + k] = track[seat] - mean
    return rows


def worth_of(standard: float) -> float:
    """A standardised weight as track points, centred on the hand-made table's mean."""
    return statistics.fmean(GENE_WORTH.values()) + SCALE * standard


def report(games: list[dict]) -> dict[str, float]:
    """Print the fit for one player count; return each gene's standardised weight."""
    genes = sorted({gene for g in games for _, gene, _, _ in g["bought"]})
    size = len(genes) + 1 + AUCTIONS
    data = [(features(g, genes), g["winner"]) for g in games]
    beta = fit(data, size, RIDGE)
    halves = [fit(data[::2], size, RIDGE), fit(data[1::2], size, RIDGE)]
    weights = beta[:len(genes)]
    mean, spread = statistics.fmean(weights), statistics.pstdev(weights)
    standard = {gene: (beta[i] - mean) / spread for i, gene in enumerate(genes)}
    print(f"{games[0]['players']} players, {len(games)} games; an Ichto paid: "
          f"{beta[len(genes)]:+.3f}")
    print(f"  {'gene':<14} {'weight':>7} {'halves':>13} {'standard':>9} {'worth':>6} "
          f"{'hand-made':>9}")
    for i, gene in sorted(enumerate(genes), key=lambda ig: -beta[ig[0]]):
        z = standard[gene]
        print(f"  {gene:<14} {beta[i]:7.2f} {halves[0][i]:6.2f} {halves[1][i]:6.2f} "
              f"{z:9.2f} {worth_of(z):6.1f} {GENE_WORTH[gene]:9.1f}")
    missing = sorted(set(GENE_WORTH) - set(genes))
    if missing:
        print(f"  never bought: {', '.join(missing)}")
    return standard


def report_shared(standard: dict[int, dict[str, float]]) -> None:
    """Four and five players share one table: the average of their standardised weights."""
    if 4 not in standard or 5 not in standard:
        return
    shared = {g: (standard[4][g] + standard[5][g]) / 2
              for g in standard[4] if g in standard[5]}
    print("4 or 5 players (average of the two):")
    for gene, z in sorted(shared.items(), key=lambda gz: -gz[1]):
        print(f"  {gene:<14} {worth_of(z):6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    standard = {}
    for players in (int(p) for p in args.players.split(",")):
        jobs = [(rng.getrandbits(32), players) for _ in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, jobs, chunksize=8))
        standard[players] = report(games)
    report_shared(standard)


if __name__ == "__main__":
    main()
