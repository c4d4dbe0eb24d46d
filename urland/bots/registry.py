"""Bots by name, for the command line, the simulator and the table's seats."""

from __future__ import annotations

from typing import Protocol

from urland.engine.moves import Move
from urland.engine.view import PlayerView


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


_FACTORIES = {"random": _random}
