"""Two ways an environment player chooses its scoring chip, and which one a seat follows.

beliefs.py reads the face-down chip from a model of how the environment player chose it. Players
choose in (at least) two styles:

* **by the board**: the chip whose region it leads now and is least likely to lose to the Ichto
  players' landings this turn (`chip_score`: the medium and easy bots' reasoning, and a natural
  one for people);
* **by the turn played out**: the chip whose scoring leaves it best placed once the Ichto players
  have moved, as the hard bot and the expert choose (their search plays the turn with the medium
  policy, which does not know the chip, then scores each chip and judges the position).

Each style gives a belief over the chips (every hand the environment player could have held,
each equally likely, and from each hand that style's choice). `Styles` keeps, for every seat,
how much each style is to be trusted: both alike at first, then each revealed chip weighs the
style by the chance it gave that chip (Bayes), so a seat that plays the turn out in its head is
soon read that way, and one that chooses by the board is too.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

from urland.bots.evaluate import MEDIUM, win_chance
from urland.bots.greedy import GreedyBot, chip_score
from urland.engine import (
    ACTION,
    PANIC,
    GameState,
    Move,
    PlayerView,
    apply_move,
    sample_hidden,
    view,
)

HAND = 3  # chips the environment player chose from
LOSS = MEDIUM.loss  # the chip score's weight on a region's loser, as the medium bot's
BOARD_TEMPERATURE = 0.3  # points of chip score that make a choice e (2.7) times likelier
# A played-out choice differs in win chance (0 to 1); the hard bot's search picks the best chip
# of its hand almost always, so its choice is nearly sharp.
PLAYED_OUT_TEMPERATURE = 0.003
STYLE_FLOOR = 0.05  # no style is ever ruled out for a seat: people change their minds
# Each style's chance of a revealed chip is taken as partly a guess (a share spread evenly), so
# that one surprising chip does not rule a style out (both beliefs are sharp).
SURPRISE = 0.2


def hand_choice_belief(worth: dict[int, float], known_in_hand: frozenset[int],
                       temperature: float) -> dict[int, float]:
    """{chip: probability it was laid} when the environment player held `known_in_hand` and
    other chips of `worth`'s (each hand alike) and laid each chip of its hand with a weight
    exp(worth / temperature)."""
    if not worth:
        return {}
    candidates = list(worth)
    known = [c for c in known_in_hand if c in worth]
    others = [c for c in candidates if c not in known]
    size = HAND - len(known)
    if size <= 0 or len(others) < size:
        hands = [tuple(known)] if known else [tuple(candidates)]
    else:
        hands = [tuple(known) + rest for rest in combinations(others, size)]
    belief = dict.fromkeys(candidates, 0.0)
    for hand in hands:
        top = max(worth[c] for c in hand)
        weights = [math.exp((worth[c] - top) / temperature) for c in hand]
        total = sum(weights)
        for chip, weight in zip(hand, weights, strict=True):
            belief[chip] += weight / total
    total = sum(belief.values())
    return {c: p / total for c, p in belief.items() if p > 0}


def by_the_board(board: GameState, chips: list[int], loss: float) -> dict[int, float]:
    """Each chip's worth to the environment player as the board stands (chip_score)."""
    return {c: chip_score(board, c, loss) for c in chips}


def by_the_turn_played_out(seen_then: PlayerView, chips: list[int], policy: GreedyBot,
                           rng: random.Random) -> dict[int, float]:
    """Each chip's worth to the environment player once the turn is played by `policy` (which
    reads public information only, so it plays the same turn whichever chip lies face down):
    the turn is played once and replayed with each chip, scored, and judged for that player."""
    env = seen_then.state.env
    moves: list[Move] = []
    worth: dict[int, float] = {}
    for chip in chips:
        state = sample_hidden(seen_then, rng, {chip: 1.0})
        played = 0
        while state.phase == ACTION:
            if played == len(moves):
                moves.append(policy.choose(view(state, state.actor)))
            apply_move(state, moves[played])
            played += 1
        worth[chip] = win_chance(state, env)
    return worth


class Styles:
    """How far each seat's chips have followed each style, and the belief that follows."""

    def __init__(self, seed: int = 0, prior_played_out: float = 0.5) -> None:
        self.prior = (1 - prior_played_out, prior_played_out)  # before any chip is revealed
        self._trust: dict[int, tuple[float, float]] = {}  # seat -> (by board, played out)
        self._policy = GreedyBot(0, remember=False)
        self._rng = random.Random(seed)
        self._cache: dict[tuple, tuple[dict[int, float], dict[int, float]]] = {}

    def trust(self, seat: int) -> tuple[float, float]:
        """How far the seat's chips are read by the board and by the turn played out (the two
        add up to 1)."""
        return self._trust.get(seat, self.prior)

    def beliefs(self, seen_then: PlayerView, known_in_hand: frozenset[int]
                ) -> tuple[dict[int, float], dict[int, float]]:
        """The two styles' beliefs about the chip laid on `seen_then`'s board (remembered per
        board: the turn is played out once)."""
        state = seen_then.state
        key = (state.epoch, state.turn, seen_then.unseen_chips, known_in_hand)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= 4:  # only this turn's board and the last are asked about
                self._cache.clear()
            chips = [c for c in seen_then.unseen_chips if c != PANIC]
            board = hand_choice_belief(by_the_board(state, chips, LOSS), known_in_hand,
                                       BOARD_TEMPERATURE)
            played = hand_choice_belief(
                by_the_turn_played_out(seen_then, chips, self._policy, self._rng),
                known_in_hand, PLAYED_OUT_TEMPERATURE)
            found = self._cache[key] = (board, played)
        return found

    def belief(self, seen_then: PlayerView, known_in_hand: frozenset[int]) -> dict[int, float]:
        """{chip: probability it was laid on `seen_then`'s board}, the styles mixed by how far
        the environment player's seat is trusted to follow each."""
        board, played = self.beliefs(seen_then, known_in_hand)
        w_board, w_played = self.trust(seen_then.state.env)
        chips = set(board) | set(played)
        mixed = {c: w_board * board.get(c, 0.0) + w_played * played.get(c, 0.0) for c in chips}
        return {c: p for c, p in mixed.items() if p > 0}

    def revealed(self, seen_then: PlayerView, known_in_hand: frozenset[int], chip: int
                 ) -> None:
        """The chip laid on `seen_then`'s board is known now: trust each style of that seat by
        the chance it gave the chip."""
        board, played = self.beliefs(seen_then, known_in_hand)
        even = SURPRISE / max(1, len(set(board) | set(played)))
        w_board, w_played = self.trust(seen_then.state.env)
        w_board *= (1 - SURPRISE) * board.get(chip, 0.0) + even
        w_played *= (1 - SURPRISE) * played.get(chip, 0.0) + even
        total = w_board + w_played
        share = min(max(w_played / total, STYLE_FLOOR), 1 - STYLE_FLOOR)
        self._trust[seen_then.state.env] = (1 - share, share)
