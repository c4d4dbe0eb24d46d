"""What each gene is worth to the hard bot, by player count: measured, not guessed.

The medium bot's table (`evaluate.GENE_WORTH`) was set by hand, and games show it wrong in
both directions: Warm Blood and Care of Young win fewer games for their owners than their
price says, Assimilation and Muscles win more. The tables here come from
`benchmarks/gene_worth_fit.py` (1,500 games of medium bots per player count, seed 3): for each
seat, a conditional-logit model of who wins, from the genes it bought (weighted by how much of
the game was left), the Ichtos it paid for them and its place on the track at each auction.
Each gene's weight, standardised within a player count, is centred on the hand-made table's
mean (3.9) at 1.17 points per standard deviation, a little wider than the hand-made table's own
spread (0.87). Four and five players gave much the same order, so they share one table, the
average of the two fits; three players (no Muscles or Stinkglands in the deck) rate Wings,
Legs and Teeth higher. Only the ends of each table are
steady from one sample of games to another (Assimilation and Muscles high, Warm Blood and Care
of Young low); the genes in between swap places within about half a point.

Nobody bought Ears in those games, so there is no measurement for it and it keeps the
hand-made worth; the same for Muscles and Stinkglands at three players, where they are not in
the deck.
"""

from __future__ import annotations

from collections.abc import Mapping

from urland.bots.evaluate import GENE_WORTH

# A gene without a measurement (not bought in those games, or new) keeps the hand-made worth.
THREE_PLAYERS: Mapping[str, float] = GENE_WORTH | {
    "assimilation": 5.9, "wings": 4.5, "legs": 4.5, "teeth": 4.4, "egg": 4.1,
    "turbo": 3.0, "warm_blood": 3.0, "care_of_young": 1.8,
}

FOUR_OR_FIVE_PLAYERS: Mapping[str, float] = GENE_WORTH | {
    "assimilation": 6.2, "muscles": 5.5, "legs": 4.1, "stinkglands": 4.1, "wings": 3.9,
    "turbo": 3.7, "egg": 3.4, "teeth": 3.3, "warm_blood": 2.8, "care_of_young": 2.2,
}


def measured_gene_worth(players: int) -> Mapping[str, float]:
    """The hard bot's worth of each gene, in track points over a game that has just begun."""
    return THREE_PLAYERS if players == 3 else FOUR_OR_FIVE_PLAYERS
