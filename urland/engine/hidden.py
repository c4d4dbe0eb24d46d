"""Sampling what a seat cannot see (rules section 9), consistently with that seat's view.

`view` blanks the secrets; `sample_hidden` fills them in again at random, so a bot can search
full game states that its own view could stand for (a "determinization"). It lives next to
`view` so that whatever the view hides, the sample refills: the view of a sample always equals
the view it was drawn from.

Every hidden thing is drawn from the caller's generator, never the game's: where each unseen
chip lies (the Panic chip only ever in the draw pile), the gene deck's order, bids not yet
revealed, and the future of the game's random source itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from urland.engine.state import PANIC, GameState
from urland.engine.view import UNKNOWN, PlayerView

BidGuess = Callable[[GameState, int, random.Random], int]


def uniform_bid(state: GameState, seat: int, rng: random.Random) -> int:
    """Any bid from 0 to the seat's reserve, all equally likely."""
    return rng.randint(0, state.reserve[seat])


def sample_hidden(seen: PlayerView, rng: random.Random,
                  chosen_weights: Mapping[int, float] | None = None,
                  guess_bid: BidGuess = uniform_bid) -> GameState:
    """A full state the view could stand for.

    `chosen_weights` ({chip: weight}) is a belief about the face-down scoring chip (the
    environment player chose it for a reason); without it every unseen region chip is as
    likely. `guess_bid(state, seat, rng)` draws a rival's hidden bid (clamped to its reserve).
    """
    s = seen.state.clone()
    unseen = list(seen.unseen_chips)
    rng.shuffle(unseen)
    if s.chosen == UNKNOWN and chosen_weights:
        candidates = [c for c in unseen if c in chosen_weights and c != PANIC]
        if candidates:
            pick = rng.choices(candidates, [chosen_weights[c] for c in candidates])[0]
            unseen.remove(pick)
            unseen.append(pick)  # the last unseen region chip becomes the chosen one below
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
        s.chosen = rest.pop()
    s.pile = pile
    hand = [c for c in s.hand if c != UNKNOWN]
    missing = len(s.hand) - len(hand)
    s.hand = hand + rest[:missing]
    rest = rest[missing:]
    if rest:
        raise ValueError("the view's unseen chips do not fit its hidden places")
    rng.shuffle(s.deck)
    s.bids = [min(s.reserve[seat], max(0, guess_bid(s, seat, rng))) if b == UNKNOWN else b
              for seat, b in enumerate(s.bids)]
    s.rng = rng.getrandbits(64)
    return s
