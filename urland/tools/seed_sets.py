"""The tournament's two sets of seeds: those kept for tuning, and fresh ones to decide on.

A bot tuned on some games and then measured on the same games looks stronger than it is: the
change kept is partly the one that happened to suit those deals. So the seeds are split once and
for all (docs/bot-strength.md, *Seeds for tuning and fresh seeds*): every seed below FRESH_FROM
is a tuning seed (all the seeds the measurements so far used lie there); FRESH_FROM and above
are fresh, to be played only to decide whether a change tuned elsewhere is kept. A run says which
set its seed belongs to from the seed itself, so it can never call a tuning seed fresh.
"""

from __future__ import annotations

TUNING = "tuning"
FRESH = "fresh"
SEED_SETS = (TUNING, FRESH)
FRESH_FROM = 1_000_000  # the first fresh seed; below it every seed is kept for tuning


class SeedSetError(ValueError):
    """A seed asked for as one set that belongs to the other, said in words."""


def seed_set(seed: int) -> str:
    """The set a tournament's `--seed` belongs to."""
    return FRESH if seed >= FRESH_FROM else TUNING


def checked(seed: int, wanted: str | None) -> str:
    """The set of `seed`, when it is the `wanted` one (None: whichever it is)."""
    found = seed_set(seed)
    if wanted is not None and wanted != found:
        if wanted == FRESH:
            raise SeedSetError(f"seed {seed} is kept for tuning: fresh seeds are "
                               f"{FRESH_FROM:,} and above")
        raise SeedSetError(f"seed {seed} is a fresh seed, kept for deciding: tuning seeds are "
                           f"0 to {FRESH_FROM - 1:,}")
    return found
