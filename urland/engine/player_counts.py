"""Every number of the rules that depends on how many play, in one table (rules 3, 4.2, 6.1).

The genes left out with 3 players are gene data (`min_players` in assets/genes.yaml).
"""

from __future__ import annotations

from typing import NamedTuple

ICHTOS_PER_COLOUR = 28  # per colour, the score marker included (rules 3)
START_PER_OCEAN = 3  # Ichtos of each colour in each ocean at set-up (rules 3.1)
HAND_SIZE = 3  # chips the environment player holds before choosing (rules 4.1)


class PlayerCountNumbers(NamedTuple):
    double_turn_chips: int  # per player (set-up step 2)
    chips_dealt: int  # per player (set-up step 4); 2 are passed on, a third is kept
    genes_on_display: int  # set-up step 7
    genes_per_mutation: int  # at most bought in one mutation, and turned up by the refill (6.1)
    actions: int  # of an Ichto player's turn, before Warm Blood and double-turn chips (4.2)


PLAYER_COUNTS: dict[int, PlayerCountNumbers] = {
    3: PlayerCountNumbers(double_turn_chips=1, chips_dealt=3, genes_on_display=3,
                          genes_per_mutation=2, actions=3),
    4: PlayerCountNumbers(double_turn_chips=2, chips_dealt=2, genes_on_display=4,
                          genes_per_mutation=3, actions=2),
    5: PlayerCountNumbers(double_turn_chips=2, chips_dealt=2, genes_on_display=4,
                          genes_per_mutation=3, actions=2),
}


def numbers_for(players: int) -> PlayerCountNumbers:
    """The numbers for a table of `players`; ValueError when Urland is not played so."""
    try:
        return PLAYER_COUNTS[players]
    except KeyError:
        raise ValueError("Urland is played by 3, 4 or 5 players.") from None
