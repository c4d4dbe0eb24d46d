"""What one seat may know (rules section 9), as a redacted copy of the state.

The view holds a `GameState` in which everything hidden from the seat is blanked: chips it has
not seen are UNKNOWN wherever they lie (draw pile, a hand, the chosen chip), the gene deck is in
a fixed order, other seats' bids are hidden until all are in, and the random generator is gone.
So a front end can draw from a view and a bot can search from it without any way to peek, and
two states that differ only in what the seat may not know give equal views.
"""

from __future__ import annotations

from dataclasses import dataclass

from urland.engine.moves import Option
from urland.engine.state import BID, GameState

UNKNOWN = -2  # a chip whose face the seat has not seen, or a bid not yet revealed


@dataclass(frozen=True)
class PlayerView:
    seat: int | None  # None: a spectator, who knows only public information
    state: GameState  # the redacted copy; never the true state
    unseen_chips: tuple[int, ...]  # chips in play whose place the seat does not know

    def key(self) -> tuple:
        return (self.seat, self.state.key(), self.unseen_chips)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerView) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.state.actor == self.seat

    def legal_options(self) -> list[Option]:
        """The seat's legal options, when the decision is the seat's (empty otherwise)."""
        from urland.engine.rules import legal_options

        return legal_options(self.state) if self.my_turn else []

    def known_hand(self) -> list[int]:
        return [c for c in self.state.hand if c != UNKNOWN]

    @property
    def chip_laid(self) -> bool:
        """Does a scoring chip lie face down this turn (whether or not this seat knows it)?"""
        return self.state.chosen != -1


def view(state: GameState, seat: int | None) -> PlayerView:
    v = state.clone()
    mask = 0 if seat is None else 1 << seat
    seen = state.seen
    unseen = list(state.pile)
    v.pile = [UNKNOWN] * len(state.pile)
    hand_known = []
    for chip in state.hand:
        (hand_known if seen[chip] & mask else unseen).append(chip)
    hand_known.sort()
    v.hand = hand_known + [UNKNOWN] * (len(state.hand) - len(hand_known))
    if state.chosen >= 0 and not seen[state.chosen] & mask:
        unseen.append(state.chosen)
        v.chosen = UNKNOWN
    v.seen = [m if m & mask else 0 for m in seen]
    if state.phase == BID:
        v.bids = [b if (s == seat or b < 0) else UNKNOWN for s, b in enumerate(state.bids)]
    v.deck = sorted(state.deck)
    v.rng = 0
    return PlayerView(seat, v, tuple(sorted(unseen)))
