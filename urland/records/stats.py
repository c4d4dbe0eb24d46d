"""Statistics across the games in the history: per named player and per bot level.

A human seat counts under its name (so "Anna" gathers all of Anna's games, whatever colour she
played); a computer seat counts under its level. Pure arithmetic on record summaries.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from urland.bots.registry import BOTS
from urland.records.history import RecordSummary
from urland.seats import is_person


@dataclass(frozen=True)
class Line:
    label: str
    games: int
    wins: int
    points: int  # all points scored, over all those games

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _lines(totals: dict[str, list[int]]) -> list[Line]:
    lines = [Line(label, g, w, p) for label, (g, w, p) in totals.items()]
    return sorted(lines, key=lambda line: (-line.games, -line.wins, line.label))


def statistics(records: Iterable[RecordSummary]) -> tuple[list[Line], list[Line]]:
    """(per named player, per bot level): games, wins and points; most games first.

    A seat played by a bot counts once per game for its level, so a game of three medium bots
    gives the medium level three games and one win."""
    people: dict[str, list[int]] = {}
    bots: dict[str, list[int]] = {}
    for record in records:
        for seat, (name, kind) in enumerate(zip(record.names, record.kinds, strict=True)):
            if is_person(kind):
                key, table = name.strip() or "?", people
            else:
                key, table = str(BOTS[kind].label) if kind in BOTS else kind, bots
            line = table.setdefault(key, [0, 0, 0])
            line[0] += 1
            line[1] += seat == record.winner
            line[2] += record.scores[seat]
    return _lines(people), _lines(bots)
