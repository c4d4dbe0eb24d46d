"""The expert's look past the turn: rollouts that tell what the judge missed.

The turn search (turn_search.py) judges each move where the turn ends. What it cannot see is
what comes next: the next environment player's chip, a Panic or an auction, the other players'
moves in the next turn and its scoring. With time to spare, the expert plays its best few moves
on past the turn, round after round. Each round draws the hidden information afresh from the
expert's own view (the face-down chip from its belief, the pile, the hands, the gene deck), the
same draw for every move, so that the moves differ by themselves alone; medium players finish
this turn and play the whole next one. A round's *correction* for a move is how much the
expert's judge changed its mind between the end of this turn and the end of the next: what it
had missed.

A round is noisy (the chips and Panics drawn move the judge far more than one move does), so
the corrections are trusted only as far as they tell the moves apart beyond their noise: each
move's mean correction, measured against the other moves' in the same rounds, is shrunk towards
nothing by the share of its spread that is not noise (`shrunk`: an empirical-Bayes estimate of
that share, never below nothing). With a few rounds the turn search decides alone; the more
rounds the time allows, the more the turns to come count.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from urland.bots.greedy import GreedyBot
from urland.engine import (
    ACTION,
    GameState,
    Move,
    PlayerView,
    apply_move,
    sample_hidden,
    view,
    with_hand_known,
)

TOP = 3  # the turn search's best moves looked past


@dataclass
class LookPast:
    """Rounds of rollouts past the turn for one decision of `seen`'s seat."""

    seen: PlayerView
    belief: dict[int, float]  # the face-down chip's belief ({} when there is none to guess)
    rng: random.Random
    judge: Callable[[GameState, int], float]
    medium: GreedyBot = field(default_factory=lambda: GreedyBot(0, remember=False))
    rounds: int = 0  # rounds played, for the reader of figures

    def choose(self, valued: list[tuple[Move, float]], ends: tuple[float, float],
               most: int | None = None) -> Move:
        """The best of `valued` (each move with its turn-search value, in the order that breaks
        ties) once the corrections of as many rounds as fit before `ends` (processor time,
        clock), and at most `most`, are added."""
        top = sorted(valued, key=lambda mv: -mv[1])[:TOP]  # stable: ties keep their order
        if len(top) == 1:
            return top[0][0]
        corrections: list[list[float]] = [[] for _ in top]
        while ((most is None or self.rounds < most)
               and time.thread_time() < ends[0] and time.perf_counter() < ends[1]):
            drawn = with_hand_known(sample_hidden(self.seen, self.rng, self.belief or None))
            for i, (move, _) in enumerate(top):
                corrections[i].append(self.correction(drawn.clone(), move))
            self.rounds += 1
        shifts = shrunk(corrections)
        best = max(range(len(top)), key=lambda i: (top[i][1] + shifts[i], -i))
        return top[best][0]

    def correction(self, state: GameState, move: Move) -> float:
        """Play `move` in the drawn `state`, medium players finishing this turn and the next;
        how much the judge's verdict for the seat changed between the two turns' ends."""
        seat = self.seen.seat
        assert seat is not None
        apply_move(state, move)
        self._play_while(state, lambda s: s.phase == ACTION)
        at_turn_end = self.judge(state, seat)
        self._play_while(state, lambda s: s.phase != ACTION)  # the chip, a Panic, an auction
        self._play_while(state, lambda s: s.phase == ACTION)  # the next turn, to its scoring
        return self.judge(state, seat) - at_turn_end

    def _play_while(self, state: GameState, going: Callable[[GameState], bool]) -> None:
        while not state.over and going(state):
            apply_move(state, self.medium.choose(view(state, state.actor)))


def shrunk(corrections: list[list[float]]) -> list[float]:
    """Each move's mean correction measured against the moves' average in the same rounds,
    shrunk towards 0 by the share of the moves' spread that is more than noise."""
    rounds = len(corrections[0])
    if rounds < 2:
        return [0.0] * len(corrections)
    centred = [[c[r] - statistics.fmean(col[r] for col in corrections) for r in range(rounds)]
               for c in corrections]
    means = [statistics.fmean(c) for c in centred]
    noise = statistics.fmean(statistics.variance(c) for c in centred) / rounds
    spread = statistics.fmean(m * m for m in means)
    trust = max(0.0, 1.0 - noise / spread) if spread > 0 else 0.0
    return [trust * m for m in means]
