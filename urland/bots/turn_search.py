"""The expert's turn search: the rest of the turn played by players who each look one move ahead.

The hard bot (ismcts.py) judges each of its moves by letting the medium policy finish the turn:
its own later actions and the other Ichto players' replies are the medium bot's, which plays
weaker than the hard bot and, against it, leaves regions uncontested that a hard player would
fight for. The turn search plays the rest of the turn with players who think as the hard bot
does: every Ichto decision after the move searched, the bot's own and the rivals', takes the
best of its `width` likeliest moves, each judged by letting the medium policy finish the turn
from there, the face-down chip scored, and the position judged for that player. The move
searched is then judged for the bot at the end of that turn. This is one step of policy
improvement over the hard bot's own search (the rollout algorithm, applied twice).

Two judges tell how good a turn's end is: the searching seat's own (`judge`: for its own later
decisions of the turn and for the move searched; the expert's is learned from self-play,
judge.py) and the rivals' (`rival_judge`: the hand-set weights, as the hard players they stand
for judge).

The face-down chip is the only hidden information the Ichto actions meet, and the players'
policies read public information only, so the chip is not sampled: every line is played once in
one position per likely chip (the belief of beliefs.py, the likeliest `chips` of them or fewer,
covering `COVER` of its weight), and the results are weighed by the belief. The rest of the
hidden information (the pile, the hands, the bids) is drawn once for each of those positions;
it matters only when the turn's end draws a Panic or ends the epoch. Rivals are judged under the
same belief (they may know a little less than the bot: a seat that passed chips on last turn
remembers them).

Known gap: the look-ahead players never hand in a double-turn chip (the medium heuristic scores
the chip given up but not the two actions it buys, so ending always looks at least as good).
Letting them weigh it as one more move measured no gain (docs/bot-strength.md, the expert).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import pending_distribution, win_chance
from urland.bots.greedy import GreedyBot, best_with_ending, no_worse_than_ending
from urland.engine import (
    ACTION,
    GameState,
    Move,
    PlayerView,
    apply_move,
    legal_options,
    sample_hidden,
    view,
)

COVER = 0.97  # the share of the belief that the chips a turn is scored under must reach


def likeliest_chips(belief: dict[int, float], chips: int) -> list[tuple[int, float]]:
    """The likeliest face-down chips, most likely first, until together they reach COVER of
    the belief or number `chips`, with their weights scaled to sum to 1."""
    kept: list[tuple[int, float]] = []
    mass = 0.0
    for chip, weight in sorted(belief.items(), key=lambda cw: -cw[1]):
        kept.append((chip, weight))
        mass += weight
        if mass >= COVER or len(kept) >= chips:
            break
    total = sum(w for _, w in kept)
    return [(c, w / total) for c, w in kept]


@dataclass
class TurnSearch:
    """The positions a decision may stand for (one per likely face-down chip, with its weight)
    and the look-ahead that plays the rest of the turn in all of them at once."""

    seat: int
    positions: list[tuple[float, GameState]]
    width: int
    judge: Callable[[GameState, int], float] = win_chance  # the seat's own judge
    rival_judge: Callable[[GameState, int], float] = win_chance  # the others', as hard players
    medium: GreedyBot = field(default_factory=lambda: GreedyBot(0, remember=False))
    replies: dict[tuple, Move] = field(default_factory=dict)  # public position -> medium's move
    lines: int = 0  # continuations played, for the reader of figures

    @classmethod
    def of(cls, seen: PlayerView, belief: dict[int, float], rng: random.Random, width: int,
           chips: int, replies: dict[tuple, Move] | None = None,
           judge: Callable[[GameState, int], float] = win_chance, draws: int = 1
           ) -> TurnSearch:
        """The search of `seen`'s decision; `belief` ({chip: weight}) is where the face-down
        chip may be (empty when there is none, or the seat knows it); `judge` tells how good a
        position at the turn's end is for the seat (0 to 1); the other players judge theirs
        as the hard bot does. The rest of the hidden information is drawn `draws` times for
        each likely chip, the draws sharing its weight (the bots draw once: more draws measured
        no gain, benchmarks/turn_search_draws.py)."""
        assert seen.seat is not None
        if belief:
            positions = [(w / draws, sample_hidden(seen, rng, {c: 1.0}))
                         for c, w in likeliest_chips(belief, chips) for _ in range(draws)]
        else:
            positions = [(1.0 / draws, sample_hidden(seen, rng)) for _ in range(draws)]
        return cls(seen.seat, positions, width, judge=judge,
                   replies=replies if replies is not None else {})

    def value(self, move: Move, judge: Callable[[GameState, int], float] | None = None
              ) -> float:
        """What playing `move` is worth to the seat once the turn is over, the rest of the turn
        played by players who each look one move ahead: by the seat's judge (0 to 1), or by
        `judge` if given (the players still look ahead by their own)."""
        return self._worth(self.ends(move), self.seat, judge or self.judge)

    def ends(self, move: Move) -> list[GameState]:
        """Where `move` leads once the turn is over: one state per position searched, in the
        order of `positions` (whose weights they share)."""
        states = self._after(move, [s for _, s in self.positions])
        while states[0].phase == ACTION:
            self._play(states, self._look_ahead(states))
        return states

    # --- the players -------------------------------------------------------------------

    def _look_ahead(self, states: list[GameState]) -> Move:
        """The acting player's best of its likeliest moves, each judged with the medium
        policy finishing the turn."""
        actor = states[0].actor
        judge = self.judge if actor == self.seat else self.rival_judge
        moves = self._likeliest(states[0], actor)
        if len(moves) == 1:
            return moves[0]
        best, best_worth = moves[0], float("-inf")
        for move in moves:
            after = self._after(move, states)
            while after[0].phase == ACTION:
                self._play(after, self._medium_reply(after[0]))
            worth = self._worth(after, actor, judge)
            self.lines += 1
            if worth > best_worth:
                best, best_worth = move, worth
        return best

    def _likeliest(self, state: GameState, actor: int) -> list[Move]:
        """The actor's `width` best moves by the medium heuristic, and ending the turn."""
        moves = candidate_moves(state, legal_options(state))
        if len(moves) <= 1:
            return moves
        pending = pending_distribution(view(state, actor))
        scored = no_worse_than_ending(self.medium.scored(state, moves, pending))
        return best_with_ending(scored, self.width, moves)

    def _medium_reply(self, state: GameState) -> Move:
        """The medium policy's move; it reads public facts only, so it is remembered by the
        public position (shared with the hard bot's search)."""
        key = state.public_key()
        move = self.replies.get(key)
        if move is None:
            move = self.replies[key] = self.medium.choose(view(state, state.actor))
        return move

    # --- the positions -----------------------------------------------------------------

    @staticmethod
    def _after(move: Move, states: list[GameState]) -> list[GameState]:
        out = [s.clone() for s in states]
        for s in out:
            apply_move(s, move)
        return out

    @staticmethod
    def _play(states: list[GameState], move: Move) -> None:
        for s in states:
            apply_move(s, move)

    def _worth(self, states: list[GameState], seat: int,
               judge: Callable[[GameState, int], float]) -> float:
        return sum(w * judge(s, seat)
                   for (w, _), s in zip(self.positions, states, strict=True))
