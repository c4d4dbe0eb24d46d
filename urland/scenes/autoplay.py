"""How a run that plays itself goes (`--autoplay`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class AutoplayOptions:
    """How a run that plays itself goes (`--autoplay`): the seats, the seed, where pictures go."""

    seats: list[str]
    seed: int
    screenshots: Path | None
    quit_when_over: bool
    joined: bool = False  # a seat joined online: it plays that game only, its end included

    @property
    def tours(self) -> bool:
        """False for a seat joined online (no seats of its own): it plays that game only (its
        table and its end), and whatever the player opens afterwards is theirs."""
        return bool(self.seats)
