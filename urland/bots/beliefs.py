"""Beliefs about the face-down scoring chip, from what the seat has seen.

The environment player held three chips and laid the one that suits it best. So the belief is:
every hand the environment player could have held, each equally likely, and from each hand the
chip chosen as a sensible player would (a soft choice by `chip_score`, the medium bot's own
reasoning, so that other players' styles still have weight).

The choice is judged on the board as it was when the chip was laid, not as it is now: the
Ichto players who acted before the seat have moved since, and the environment player could not
know they would. Everybody at the table saw that board, and `ChipMemory.watch` remembers it.

A seat that was the environment player last turn knows more: it passed two of its chips on, and
those two plus one drawn chip made up this turn's hand. The view forgets which chips those were
(once laid, a passed chip loses its place for everybody else), but the player remembers; so
does `ChipMemory`.
"""

from __future__ import annotations

import math
from itertools import combinations

from urland.bots.greedy import chip_score
from urland.engine import ACTION, CHIP, PANIC, UNKNOWN, GameState, Move, PlayerView

CHOICE_TEMPERATURE = 0.3  # points of chip score that make a choice e (2.7) times likelier
HAND = 3


class ChipMemory:
    """What the seat saw that its view forgets: the chips it passed on as environment player,
    and the board on which this turn's scoring chip was laid."""

    def __init__(self) -> None:
        self._passed: tuple[int, int, frozenset[int]] | None = None  # (epoch, turn, chips)
        self._laid_on: tuple[tuple[int, int], GameState] | None = None  # ((epoch, turn), board)

    def watch(self, seen: PlayerView) -> None:
        """Look at the table after any move; the first position of a turn's Ichto actions is
        the board the environment player chose its chip on."""
        state = seen.state
        if state.phase == ACTION and state.chosen == UNKNOWN:
            turn = (state.epoch, state.turn)
            if self._laid_on is None or self._laid_on[0] != turn:
                self._laid_on = (turn, state)

    def board_chip_laid_on(self, seen: PlayerView) -> GameState:
        """The board this turn's face-down chip was chosen on (the current one if the seat did
        not see the chip laid, for instance in a game it joined late)."""
        state = seen.state
        if self._laid_on is not None and self._laid_on[0] == (state.epoch, state.turn):
            return self._laid_on[1]
        return state

    def note(self, seen: PlayerView, move: Move) -> None:
        state = seen.state
        if state.phase == CHIP and move.kind == "chip":
            passed = frozenset(c for c in state.hand if c != move.count and c != UNKNOWN)
            self._passed = (state.epoch, state.turn, passed)

    def passed_into(self, seen: PlayerView) -> frozenset[int]:
        """The chips known to be in the hand the face-down chip was chosen from."""
        if self._passed is None:
            return frozenset()
        epoch, turn, chips = self._passed
        state = seen.state
        if state.epoch != epoch or state.turn != turn + 1 or state.chosen != UNKNOWN:
            return frozenset()
        return chips & frozenset(seen.unseen_chips)


def chosen_chip_belief(seen: PlayerView, known_in_hand: frozenset[int] = frozenset(),
                       loss: float = 0.45, laid_on: GameState | None = None
                       ) -> dict[int, float]:
    """{chip: probability it is the face-down one}; empty when no chip is face down or the
    seat knows it. `laid_on` is the board the chip was chosen on (default: the view's)."""
    state = seen.state
    if state.chosen != UNKNOWN:
        return {}
    candidates = [c for c in seen.unseen_chips if c != PANIC]
    if not candidates:
        return {}
    board = laid_on if laid_on is not None else state
    scores = {c: chip_score(board, c, loss) for c in candidates}
    known = [c for c in known_in_hand if c in scores]
    others = [c for c in candidates if c not in known]
    size = HAND - len(known)
    if size <= 0 or len(others) < size:
        hands = [tuple(known)] if known else [tuple(candidates)]
    else:
        hands = [tuple(known) + rest for rest in combinations(others, size)]
    belief = dict.fromkeys(candidates, 0.0)
    for hand in hands:
        _add_choice(belief, hand, scores)
    total = sum(belief.values())
    return {c: p / total for c, p in belief.items() if p > 0}


def _add_choice(belief: dict[int, float], hand: tuple[int, ...], scores: dict[int, float]
                ) -> None:
    top = max(scores[c] for c in hand)
    weights = [math.exp((scores[c] - top) / CHOICE_TEMPERATURE) for c in hand]
    total = sum(weights)
    for c, w in zip(hand, weights, strict=True):
        belief[c] += w / total


def region_belief(state: GameState, chip_belief: dict[int, float]) -> dict[int, float]:
    """The belief by region root (regions merged by a volcano add their chips up)."""
    out: dict[int, float] = {}
    for chip, p in chip_belief.items():
        root = state.root(state.chip_area(chip))
        out[root] = out.get(root, 0.0) + p
    return out
