"""How well a seat reads the face-down scoring chip: the chance each belief gives the true chip.

    python benchmarks/chip_reading.py [--games 10] [--players 4] [--bots hard] [--seed 7]

Plays games of `--bots` bots (one level at every seat). At every Ichto turn's first action of
every seat that did not lay the chip, it asks three beliefs (beliefs.py, chip_styles.py) where
the face-down chip is, each from that seat's own view and memory of the table:

* by the board: the environment player choosing by the board (what the hard bot believes);
* played out: the environment player choosing by the turn played out;
* read: the two mixed by how each environment player's revealed chips bore them out (what the
  expert believes).

Prints, for each, the mean chance given the true chip and the mean log-likelihood (higher is
better; a uniform guess among the unseen chips is printed for scale), and how many of the chips
laid each seat saw revealed (and read right) to weigh the styles by. Asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random

from urland.bots.beliefs import ChipMemory, chosen_chip_belief
from urland.bots.chip_styles import Styles
from urland.bots.loop import StateTable, play_out
from urland.bots.registry import make_bot
from urland.engine import ACTION, PANIC, UNKNOWN, GameState, Move, PlayerView, new_game, view

BELIEFS = ("by the board", "played out", "read", "uniform")


def chances(seen: PlayerView, memory: ChipMemory, true_chip: int) -> list[float]:
    """The chance each belief of BELIEFS gives the true chip."""
    laid = memory.view_chip_laid_on(seen)
    known = memory.passed_into(seen)
    assert laid is not None and memory.styles is not None
    board = chosen_chip_belief(seen, known, laid_on=laid.state)
    played = memory.styles.beliefs(laid, known)[1]
    read = memory.belief(seen)
    candidates = [c for c in seen.unseen_chips if c != PANIC]
    return [board.get(true_chip, 0.0), played.get(true_chip, 0.0), read.get(true_chip, 0.0),
            1 / len(candidates)]


class Counting(Styles):
    """Styles that keep every chip they are told was revealed, by the turn it was laid."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.told: dict[tuple[int, int], int] = {}

    def revealed(self, seen_then: PlayerView, known_in_hand: frozenset[int], chip: int) -> None:
        self.told[(seen_then.state.epoch, seen_then.state.turn)] = chip
        super().revealed(seen_then, known_in_hand, chip)


def play(seed: int, players: int, level: str, found: list[list[float]],
         reveals: list[int]) -> None:
    """One game; `reveals` gains [chips laid before another seat, seen revealed, read right]."""
    state = new_game(seed, players, events=False)
    bots = {s: make_bot(level, seed * 7919 + s) for s in range(players)}
    readers = {s: ChipMemory(Counting(seed + s)) for s in range(players)}
    laid: dict[tuple[int, int], tuple[int, int]] = {}  # (epoch, turn) -> (env, chip)
    asked: set[tuple[int, int, int]] = set()

    def before(state: GameState, move: Move) -> None:
        """Each reader's belief where it is asked for (the bots' choice changes nothing of
        the state or of the readers), then the mover's reader notes its own move."""
        for seat, memory in readers.items():
            seen = view(state, seat)
            turn = (state.epoch, state.turn, seat)
            if (state.phase == ACTION and seen.state.chosen == UNKNOWN and turn not in asked
                    and memory.view_chip_laid_on(seen) is not None):
                asked.add(turn)
                found.append(chances(seen, memory, state.chosen))
        if state.phase == ACTION:
            laid[(state.epoch, state.turn)] = (state.env, state.chosen)
        readers[state.actor].note(view(state, state.actor), move)  # the chips it passes on

    def after(_seat: int, _move: Move, _seconds: float) -> None:
        for reader_seat, memory in readers.items():
            memory.watch(view(state, reader_seat))

    play_out(StateTable(state), bots, after, before)
    for seat, memory in readers.items():
        assert isinstance(memory.styles, Counting)
        told = memory.styles.told
        reveals[0] += sum(1 for env, _ in laid.values() if env != seat)
        reveals[1] += len(told)
        reveals[2] += sum(1 for turn, chip in told.items() if laid[turn][1] == chip)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="hard")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    seeds = random.Random(args.seed)
    found: list[list[float]] = []
    reveals = [0, 0, 0]
    for _ in range(args.games):
        play(seeds.getrandbits(32), args.players, args.bots, found, reveals)
    print(f"{args.games} games of {args.players} {args.bots} bots: {len(found)} decisions")
    for i, name in enumerate(BELIEFS):
        mean = sum(row[i] for row in found) / len(found)
        loglik = sum(math.log(max(row[i], 1e-6)) for row in found) / len(found)
        print(f"  {name:13s} chance of the true chip {mean:.3f}   log-likelihood {loglik:+.3f}")
    laid, seen, right = reveals
    print(f"  chips laid before another seat {laid}: seen revealed {seen} ({seen / laid:.1%}), "
          f"read right {right}")


if __name__ == "__main__":
    main()
