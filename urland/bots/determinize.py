"""Sampling a full game state consistent with one seat's view (a "determinization").

Every hidden thing is drawn with the bot's own random generator, never the game's: where each
unseen chip lies (the Panic chip only ever in the draw pile), the gene deck's order, bids not yet
revealed, and the future of the random source itself.
"""

from __future__ import annotations

import random

from urland.engine.state import PANIC, GameState
from urland.engine.view import UNKNOWN, PlayerView


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    s = view.state.clone()
    unseen = list(view.unseen_chips)
    rng.shuffle(unseen)
    pile_slots = len(s.pile)
    if PANIC in unseen:
        unseen.remove(PANIC)
        pile = unseen[:pile_slots - 1]
        pile.insert(rng.randrange(pile_slots), PANIC)
        rest = unseen[pile_slots - 1:]
    else:
        pile = unseen[:pile_slots]
        rest = unseen[pile_slots:]
    s.pile = pile
    hand = [c for c in s.hand if c != UNKNOWN]
    missing = len(s.hand) - len(hand)
    s.hand = hand + rest[:missing]
    rest = rest[missing:]
    if s.chosen == UNKNOWN:
        s.chosen = rest.pop()
    assert not rest, "every unseen chip has a place"
    rng.shuffle(s.deck)
    s.bids = [rng.randint(0, s.reserve[seat]) if b == UNKNOWN else b
              for seat, b in enumerate(s.bids)]
    s.rng = rng.getrandbits(64)
    return s
