"""The expert against three hard bots, for the benchmarks that look inside its decisions
(expert_comparisons.py, turn_search_draws.py)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from urland.bots.expert import ExpertBot
from urland.bots.loop import StateTable, play_out
from urland.bots.registry import make_bot
from urland.engine import new_game

E = TypeVar("E", bound=ExpertBot)


def play_against_hard(make_expert: Callable[[int], E], games: int, seed: int) -> list[E]:
    """`games` games dealt from `seed`, each with the expert `make_expert(game)` in the first of
    four seats and hard bots seeded by the game in the others; the experts, once played."""
    experts = []
    for game in range(games):
        expert = make_expert(game)
        bots = {0: expert} | {seat: make_bot("hard", 10 * game + seat) for seat in (1, 2, 3)}
        play_out(StateTable(new_game(seed + game, 4)), bots)
        experts.append(expert)
    return experts


def game_set_options(doc: str, seed: int) -> argparse.ArgumentParser:
    """A command line taking `--games` (4 unless given) and `--seed` (`seed` unless given), the
    script's docstring's first line as its description."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=seed)
    return parser
