"""Whole random games of 3, 4 and 5 players, one seed each: the sample the event tests read."""

from __future__ import annotations

import random
from collections.abc import Iterator

from urland.bots.random_bot import random_move
from urland.engine import Game


def random_games(count: int) -> Iterator[Game]:
    for seed in range(count):
        game = Game.new(seed, 3 + seed % 3)
        rng = random.Random(seed)
        while not game.over:
            game.play(random_move(game.legal_options(), rng))
        yield game
