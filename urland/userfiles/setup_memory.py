"""The last New game set-up, remembered between games: how many players, and each seat's name,
kind (human or an AI strength) and colour. The seed is not remembered: each game gets a new one.

Kept in its own small file in the config folder, read through the bounded reader. A missing or
damaged file gives the defaults; so does any value that is not what a set-up holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from urland import paths
from urland.bots.registry import DEFAULT_BOT, OFFERED_KINDS
from urland.engine import PLAYER_COUNTS
from urland.engine.errors import UserFileError
from urland.engine.files import move_aside, read_yaml, write_atomic
from urland.texts.i18n import _, fmt
from urland.userfiles.names import drawable_name

MAX_SETUP_BYTES = 16 * 1024  # five short names and a few words
SEATS = 5
MIN_PLAYERS, MAX_PLAYERS = min(PLAYER_COUNTS), max(PLAYER_COUNTS)
NAME_LIMIT = 14
KINDS = OFFERED_KINDS  # what New game offers: anything else is forgotten
DEFAULT_NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve")


@dataclass
class SeatSetup:
    name: str
    kind: str
    colour: int


def default_seats() -> list[SeatSetup]:
    return [SeatSetup(name, "human" if i == 0 else DEFAULT_BOT, i)
            for i, name in enumerate(DEFAULT_NAMES)]


@dataclass
class Setup:
    players: int = 4
    seats: list[SeatSetup] = field(default_factory=default_seats)

    def to_data(self) -> dict[str, Any]:
        return {"players": self.players,
                "seats": [{"name": s.name, "kind": s.kind, "colour": s.colour}
                          for s in self.seats]}


def setup_from(data: Any) -> Setup:
    """A set-up from a parsed file: each well-formed value, the default for the rest. Colours
    that two seats share fall back to the defaults, so every seat keeps its own colour."""
    setup = Setup()
    if not isinstance(data, dict):
        return setup
    players = data.get("players")
    if type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:
        setup.players = players
    seats = data.get("seats")
    if not isinstance(seats, list):
        return setup
    for seat, item in zip(setup.seats, seats, strict=False):
        if not isinstance(item, dict):
            continue
        name = drawable_name(item.get("name"))
        if name and len(name) <= NAME_LIMIT:
            seat.name = name
        if item.get("kind") in KINDS:
            seat.kind = item["kind"]
        colour = item.get("colour")
        if type(colour) is int and 0 <= colour < SEATS:
            seat.colour = colour
    if len({s.colour for s in setup.seats}) != SEATS:
        for i, seat in enumerate(setup.seats):
            seat.colour = i
    return setup


def read_setup(path: Path | None = None) -> tuple[Setup, str]:
    """The remembered set-up, and a sentence for the player when the file was there but could
    not be used (empty when all is well or there is no file yet)."""
    path = path or paths.setup_path()
    try:
        data = read_yaml(path, limit=MAX_SETUP_BYTES)
    except UserFileError as exc:
        if exc.missing:
            return Setup(), ""
        moved = move_aside(path)
        kept = (fmt("The damaged file was kept as {file}.", file=moved.name) if moved
                else _("The damaged file could not be moved aside."))
        return Setup(), _("The last set-up could not be read, so these are the usual seats.") \
            + " " + kept
    return setup_from(data), ""


def save_setup(setup: Setup, path: Path | None = None) -> bool:
    """Remember the set-up; False when the file cannot be written (the game goes on)."""
    try:
        write_atomic(path or paths.setup_path(),
                     yaml.safe_dump(setup.to_data(), sort_keys=False, allow_unicode=True))
    except OSError:
        return False
    return True
