"""Bots by name, for the command line, the simulator and the table's seats."""

from __future__ import annotations

from typing import Protocol

from urland.engine import Move, PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move: ...


def bot_names() -> list[str]:
    return list(_FACTORIES)


def make_bot(name: str, seed: int) -> Bot:
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(_FACTORIES)}") from None
    return factory(seed)


def _random(seed: int) -> Bot:
    from urland.bots.random_bot import RandomBot

    return RandomBot(seed)


def _easy(seed: int) -> Bot:
    from urland.bots.greedy import EasyBot

    return EasyBot(seed)


def _medium(seed: int) -> Bot:
    from urland.bots.greedy import GreedyBot

    return GreedyBot(seed)


def _hard(seed: int) -> Bot:
    from urland.bots.ismcts import HardBot

    return HardBot(seed)


_FACTORIES = {"random": _random, "easy": _easy, "medium": _medium, "hard": _hard}
