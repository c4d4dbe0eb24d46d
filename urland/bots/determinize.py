"""Sampling a full game state consistent with one seat's view (a "determinization").

Every hidden thing is drawn with the bot's own random generator, never the game's: where each
unseen chip lies (the Panic chip only ever in the draw pile), the gene deck's order, bids not yet
revealed, and the future of the random source itself.
"""

from __future__ import annotations

import random

from urland.engine.state import PANIC, GameState
from urland.engine.view import UNKNOWN, PlayerView


def determinize(view: PlayerView, rng: random.Random,
                chosen_weights: dict[int, float] | None = None) -> GameState:
    """A full state the view could stand for. `chosen_weights` ({chip: weight}) is a belief
    about the face-down scoring chip (the environment player chose it for a reason); without
    it every unseen region chip is as likely."""
    s = view.state.clone()
    unseen = list(view.unseen_chips)
    rng.shuffle(unseen)
    if s.chosen == UNKNOWN and chosen_weights:
        candidates = [c for c in unseen if c in chosen_weights]
        if candidates:
            pick = rng.choices(candidates, [chosen_weights[c] for c in candidates])[0]
            unseen.remove(pick)
            unseen.append(pick)  # the last unseen chip becomes the chosen one below
    pile_slots = len(s.pile)
    if PANIC in unseen:
        unseen.remove(PANIC)
        pile = unseen[:pile_slots - 1]
        pile.insert(rng.randrange(pile_slots), PANIC)
        rest = unseen[pile_slots - 1:]
    else:
        pile = unseen[:pile_slots]
        rest = unseen[pile_slots:]
    if s.chosen == UNKNOWN and rest:
        # the face-down chip takes the last place, so a belief above can put a chip there
        s.chosen = rest.pop()
    s.pile = pile
    hand = [c for c in s.hand if c != UNKNOWN]
    missing = len(s.hand) - len(hand)
    s.hand = hand + rest[:missing]
    rest = rest[missing:]
    assert not rest, "every unseen chip has a place"
    rng.shuffle(s.deck)
    s.bids = [rng.randint(0, s.reserve[seat]) if b == UNKNOWN else b
              for seat, b in enumerate(s.bids)]
    s.rng = rng.getrandbits(64)
    return s
