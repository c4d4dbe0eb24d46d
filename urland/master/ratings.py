"""Ratings of the players of a server, free-for-all, through `openskill`'s Plackett-Luce model
(3 to 5 players; a team of one each).

A rated game changes, at its end, the rating of each seat's player by their final place on the
score track (R8: the marker furthest ahead wins; markers on the same space share a place, ties
as ties). A person is rated by their online identity on the server; a seat a person took
without one plays its part in the ranking with a fresh rating, but nothing is kept for it. A
bot is rated too, one rating per level (`bot:LEVEL`), whether the server played it or it took
its seat from elsewhere; a stand-in playing for a missing player plays for that player.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from urland.store.player_rows import BOT_PREFIX

Pair = tuple[float, float]  # (mu, sigma)


def places_of(track: Sequence[int]) -> list[int]:
    """Each seat's place by its points: 1 for the furthest ahead, equal points sharing a place
    (the next place after a tie of two is 3)."""
    return [1 + sum(other > mine for other in track) for mine in track]


def rated_as(seat_kind_key: str, is_person: bool, player: str) -> str:
    """Whose rating a seat's result changes: the player's id (also when a bot plays the seat
    for them, after they took it back as one), a bot level's, or "" for none."""
    if player:
        return player
    return "" if is_person else f"{BOT_PREFIX}{seat_kind_key}"


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def new_ratings(now: Sequence[Pair | None], places: Sequence[int]) -> list[Pair]:
    """Each seat's (mu, sigma) after a game where it took `places`, from its rating before
    (None: a new player's default)."""
    model = _model()
    teams = [[model.rating() if r is None else model.rating(mu=r[0], sigma=r[1])] for r in now]
    after = model.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in after]


def once_each(rated: Sequence[str]) -> list[str]:
    """The seats' ids with each id kept at its first seat only ("" at the others): a bot level
    in several seats of one game (or a player in two) has one rating, and one history row."""
    seen: set[str] = set()
    kept = []
    for player in rated:
        kept.append("" if player in seen else player)
        seen.add(player)
    return kept


def folded(rated: Sequence[str], after: Sequence[Pair]) -> list[Pair]:
    """The ratings after the game with each id's first seat given the mean of its seats'
    results (each seat plays its part in the ranking; the id moves by their average)."""
    out = list(after)
    for player in set(rated) - {""}:
        seats = [i for i, p in enumerate(rated) if p == player]
        if len(seats) > 1:
            out[seats[0]] = (sum(after[i][0] for i in seats) / len(seats),
                             sum(after[i][1] for i in seats) / len(seats))
    return out
