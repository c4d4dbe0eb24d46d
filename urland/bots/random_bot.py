"""The random bot: uniform over move kinds, then over that kind's options and parameters."""

from __future__ import annotations

import random
from collections.abc import Sequence

from urland.engine import Move, Option, PlayerView


def random_move(options: Sequence[Option], rng: random.Random) -> Move:
    by_kind: dict[str, list[Option]] = {}
    for option in options:
        group = by_kind.get(option.move.kind)
        if group is None:
            by_kind[option.move.kind] = [option]
        else:
            group.append(option)
    kinds = list(by_kind)
    group = by_kind[kinds[int(rng.random() * len(kinds))]]
    return fill_option(group[int(rng.random() * len(group))], rng)


def fill_option(option: Option, rng: random.Random) -> Move:
    """A concrete move for `option`, its free count or picks drawn at random."""
    if option.counts is not None:
        lo, hi = option.counts
        return option.with_count(rng.randint(lo, hi))
    if option.picks is not None:
        spec = option.picks
        total = rng.randint(spec.lo, spec.hi)
        units = [area for area, limit in spec.limits for _ in range(limit)]
        picks: dict[int, int] = {}
        for area in rng.sample(units, total):
            picks[area] = picks.get(area, 0) + 1
        return option.with_picks(picks)
    return option.move


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        return random_move(view.legal_options(), self.rng)
