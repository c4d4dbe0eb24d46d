"""How many determinisations the expert makes in a processor-time budget, and where its time goes.

    python benchmarks/expert_samples.py [--budget 1] [--every 6] [--profile]

A determinisation is one full state drawn from the seat's view (the hidden chips, the pile, the
hands, the gene deck: `sample_hidden`) and played out: one iteration of the hard search the
expert begins with. More of them, for the same processor time, is what a faster engine or
cached policies would buy the expert (docs/bot-strength.md). At every `--every`-th Ichto decision
with a choice of the recorded games of tests/games (3, 4 and 5 players), from the deciding seat's
view, it measures in processor time of this thread (`time.thread_time()`, which other programs on
the machine do not inflate):

- the hard search run to the budget with no iteration cap: determinisations per second;
- `sample_hidden` alone: draws per second (the part of a determinisation that is drawing);
- the expert's own decision at the budget: its hard search (capped at its iterations), the turn
  search's comparisons, and the processor time the two take, so what the rest of the budget
  would buy at the measured rate.

With `--profile`, one expert decision (the first 5-player position) under cProfile, timed in
processor time: the ten functions that take the most time of their own (the profiler's own cost
counts against the budget, so the decision searches less than it would). Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import pstats
import random
import statistics
import time
from pathlib import Path

from urland.bots.budget import Budget
from urland.bots.expert import ExpertBot
from urland.bots.ismcts import HardBot
from urland.engine import ACTION, PlayerView, sample_hidden, view
from urland.engine.save import load_game

GAMES = sorted((Path(__file__).parent.parent / "tests" / "games").glob("*.yaml"))


def positions(path: Path, every: int) -> list[PlayerView]:
    """Every `every`-th Ichto decision with a choice of the recorded game, from its seat."""
    game, _ = load_game(path)
    again = game.again()
    found = []
    for move in game.moves:
        state = again.state
        if state.phase == ACTION and len(again.legal_options()) > 1:
            found.append(view(state.clone(), state.actor))
        again.play(move)
    return found[::every]


def cpu_seconds(work) -> float:
    start = time.thread_time()
    work()
    return time.thread_time() - start


def hard_rate(seen: PlayerView, budget: float) -> float:
    """Hard-search iterations a processor second, run to the budget."""
    bot = HardBot(1, max_iterations=10**9, read_styles=True,
                  budget=Budget.processor(budget, math.inf))
    spent = cpu_seconds(lambda: bot.search(seen))
    return bot.last_iterations / spent if spent else 0.0


def draw_rate(seen: PlayerView, draws: int = 200) -> float:
    rng = random.Random(1)
    spent = cpu_seconds(lambda: [sample_hidden(seen, rng) for _ in range(draws)])
    return draws / spent if spent else 0.0


def unhurried_expert(budget: float) -> ExpertBot:
    """The expert at `budget` seconds of processor time, its clock's cap taken away: on a
    loaded machine the cap would end its searches, which is not what is measured here."""
    return ExpertBot(1, seconds=budget, clocks=(time.thread_time, lambda: 0.0))


def expert_decision(seen: PlayerView, budget: float) -> tuple[int, int, float]:
    """The expert's hard iterations, moves compared and processor seconds for one decision."""
    expert = unhurried_expert(budget)
    spent = cpu_seconds(lambda: expert.choose(seen))
    return expert.hard.last_iterations, expert.last_compared, spent


def report(players: int, seen_all: list[PlayerView], budget: float) -> None:
    rates = [hard_rate(seen, min(budget, 0.25)) for seen in seen_all]
    draws = [draw_rate(seen) for seen in seen_all]
    decisions = [expert_decision(seen, budget) for seen in seen_all]
    iterations = statistics.fmean(d[0] for d in decisions)
    compared = statistics.fmean(d[1] for d in decisions)
    spent = statistics.fmean(d[2] for d in decisions)
    rate = statistics.fmean(rates)
    spare = max(0.0, budget - spent)
    print(f"{players} players, {len(seen_all)} decisions: hard-search determinisations "
          f"{rate:,.0f} a processor second (slowest position {min(rates):,.0f}); "
          f"sample_hidden alone {statistics.fmean(draws):,.0f} a second")
    print(f"  the expert at {budget:g} s: {iterations:,.0f} determinisations and {compared:.1f} "
          f"moves compared in {spent:.3f} s of processor time; the {spare:.3f} s left would "
          f"buy about {spare * rate:,.0f} more determinisations")


def profile(seen: PlayerView, budget: float) -> None:
    expert = unhurried_expert(budget)
    profiler = cProfile.Profile(time.thread_time)  # processor time, as the budget counts
    profiler.runcall(expert.choose, seen)
    print(f"\none expert decision at {budget:g} s ({seen.state.n} players), the ten costliest "
          "functions by their own time:")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a decision")
    parser.add_argument("--every", type=int, default=6, help="every n-th decision measured")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print("processor time of this thread; a loaded machine shares its cores, not these "
          "figures, though its caches make them somewhat worse")
    by_players = {}
    for path in GAMES:
        seen_all = positions(path, max(1, args.every))
        if seen_all:
            by_players[seen_all[0].state.n] = seen_all
            report(seen_all[0].state.n, seen_all, args.budget)
    if args.profile and by_players:
        profile(by_players[max(by_players)][0], args.budget)


if __name__ == "__main__":
    main()
