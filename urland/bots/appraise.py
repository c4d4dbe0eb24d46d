"""What each move of a decision is worth, judged from one seat's view: the game review's judge.

`appraise(view, seconds, seed)` lists the sensible moves of the seat's decision with their
expected worth in points of final-score margin, best first. An Ichto action is judged by the
expert bot's turn search (turn_search.py): the rest of the turn played by players who each look
one move ahead, the turn's scoring weighed over the likeliest face-down chips, the position at
the turn's end judged by the hard bot's evaluator, in points (the expert itself judges its own
lines by the learned judge of judge.py, a chance of winning, which has no points to show).
Every other decision is judged by determinized search with the hard bot's machinery: each
round samples the hidden information from the view alone (`sample_hidden`, the face-down chip
drawn from the belief of beliefs.py), plays every
candidate move in that same sample (common samples make the differences between moves sharp),
lets the medium policy finish the stage of the game the decision belongs to (the turn's
actions and its scoring; an auction and its purchase; a Panic), and judges the position there
with the hard bot's evaluator (`evaluate` with the HARD weights: track points plus what the
board promises, against the rivals). Rounds go on until the time is spent; at least one is
always played. Nothing here ever sees the true state, only the view it is given.

`contrast(view, played, better, seed)` plays the two moves in the same lines (an Ichto action in
the judge's own turn search, any other decision over the same few samples) and says where their
outcomes part (the points of margin, points scored, in which region, Ichtos kept, genes won):
the cost and the sentence of why that the review shows, from one estimate.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from urland.bots.beliefs import chosen_chip_belief
from urland.bots.bidding import rival_bid
from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import HARD, evaluate, pending_distribution, relative
from urland.bots.greedy import GreedyBot, best_scored
from urland.bots.turn_search import TurnSearch
from urland.engine import (
    ACTION,
    BID,
    BUY,
    CHIP,
    GameState,
    Move,
    PlayerView,
    apply_move,
    option_allows,
    sample_hidden,
    view,
)

WIDTH = 12  # candidate moves judged, best first by the medium heuristic
# An Ichto action's turn search: the moves it judges (best first by the medium heuristic, and
# the move played), the replies each later decision weighs and the face-down chips the turn's
# end is scored under, at most; fewer replies and chips than the expert's search, so that a
# five-player game with every seat a person is judged within the page's 60 s.
TURN_MOVES, REPLIES, CHIPS = 8, 4, 5
MAX_ROUNDS = 256  # samples past which the figures hardly move
MAX_PLAYOUT = 200  # moves a playout may take before it is judged where it stands
# The stages a playout finishes: a turn (the chip, every Ichto player's actions, the scoring),
# a mutation (the bids and the purchase), an event (a Panic, the Ears after an eruption).
_STAGE = {CHIP: "turn", ACTION: "turn", BID: "mutation", BUY: "mutation"}


@dataclass(frozen=True)
class Outcome:
    """Where one move led in one sample, at the end of its stage."""

    value: float  # the seat's margin in points (evaluate, or the final scores)
    scored: int  # track points the seat gained
    region: int  # the region root the face-down chip scored in this sample (-1: none)
    board: int  # the seat's Ichtos on the board
    genes: int  # the seat's genes (a mask)


@dataclass(frozen=True)
class Contrast:
    """How the better move's outcomes differ from the played one's, averaged over samples."""

    value: float  # points of margin the better move keeps
    scored: float  # more track points scored with the better move
    region: int  # the region most often scored where the two differ (-1: none)
    board: float  # more Ichtos kept on the board with the better move
    genes_won: int  # genes the better move wins in most samples and the played one does not
    genes_lost: int  # genes the played move wins in most samples and the better one does not


def stage(state: GameState) -> tuple:
    """The stage a decision belongs to; a playout stops when it changes."""
    return (_STAGE.get(state.phase, "event"), state.epoch, state.turn)


class Playouts:
    """The medium policy finishing a stage for everybody, each from its own view of the sample.
    Its Ichto actions depend on public information only, so they are remembered."""

    def __init__(self, seed: int) -> None:
        self.policy = GreedyBot(seed, remember=False)
        self.known: dict[tuple, Move] = {}

    def finish(self, state: GameState, until: tuple) -> None:
        for _ in range(MAX_PLAYOUT):
            if state.over or stage(state) != until:
                return
            key = None
            if state.phase == ACTION:
                key = state.public_key()
                move = self.known.get(key)
                if move is not None:
                    apply_move(state, move)
                    continue
            move = self.policy.choose(view(state, state.actor))
            if key is not None:
                self.known[key] = move
            apply_move(state, move)


def margin(state: GameState, seat: int) -> float:
    """The seat's margin in points: the final scores when the game is over, else the hard bot's
    judgement of the position."""
    if state.over:
        return relative([float(t) for t in state.track], seat)
    return evaluate(state, seat, {}, HARD)


def candidates(seen: PlayerView, also: Sequence[Move] = (), width: int = WIDTH) -> list[Move]:
    """The sensible moves of the seat's decision (at most `width`, best first by the medium
    heuristic), and the moves of `also` that are legal there."""
    state = seen.state
    options = seen.legal_options()
    judge = GreedyBot(0, remember=False)
    moves = candidate_moves(state, options)
    if state.phase == ACTION:
        moves = judge.sensible(state, moves)
    if len(moves) > width:
        moves = best_scored(judge.scored(state, moves, pending_distribution(seen)), width)
    for move in also:
        if move not in moves and any(option_allows(o, move) for o in options):
            moves.append(move)
    return moves


class _Sampler:
    """Full states the view could stand for, drawn from the view alone."""

    def __init__(self, seen: PlayerView, seed: int) -> None:
        self.seen = seen
        self.rng = random.Random(seed)
        self.belief = chosen_chip_belief(seen)

    def draw(self) -> GameState:
        return sample_hidden(self.seen, self.rng, self.belief or None, guess_bid=rival_bid)


def _outcome(sample: GameState, move: Move, seat: int, playouts: Playouts) -> Outcome:
    state = sample.clone()
    until = stage(state)
    apply_move(state, move)
    playouts.finish(state, until)
    return _outcome_at(sample, state, seat)


def _outcome_at(start: GameState, end: GameState, seat: int) -> Outcome:
    """Where the seat stands at `end`, a line played from the sample `start`."""
    region = start.root(start.chip_area(start.chosen)) if start.chosen > 0 else -1
    return Outcome(margin(end, seat), end.track[seat] - start.track[seat], region,
                   end.on_board(seat), end.genes[seat])


def _turn_search(seen: PlayerView, seed: int) -> TurnSearch:
    """The turn search that judges an Ichto action: the same for a seed, so that the judge and
    the contrast play the same lines."""
    return TurnSearch.of(seen, chosen_chip_belief(seen), random.Random(seed), REPLIES, CHIPS)


def outcomes(seen: PlayerView, moves: Sequence[Move], seconds: float, seed: int,
             rounds: int = MAX_ROUNDS) -> dict[Move, list[Outcome]]:
    """Each move's outcome in the same samples: as many rounds as `seconds` allow (one at
    least, `rounds` at most)."""
    seat = seen.seat
    assert seat is not None, "a spectator has no decision to appraise"
    sampler = _Sampler(seen, seed)
    playouts = Playouts(seed)
    found: dict[Move, list[Outcome]] = {m: [] for m in moves}
    deadline = time.perf_counter() + seconds
    for k in range(rounds):
        if k and time.perf_counter() >= deadline:
            break
        sample = sampler.draw()
        for move in moves:
            found[move].append(_outcome(sample, move, seat, playouts))
    return found


def appraise(view: PlayerView, seconds: float, seed: int, also: Sequence[Move] = (),
             rounds: int = MAX_ROUNDS) -> list[tuple[Move, float]]:
    """Every sensible move of the seat's decision (and those of `also`) with its expected worth
    in points of final-score margin, best first; empty when the decision is not the seat's.
    At most `rounds` samples (a fixed number, with ample `seconds`, gives repeatable figures)."""
    if not view.my_turn:
        return []
    turn = view.state.phase == ACTION
    moves = candidates(view, also, TURN_MOVES if turn else WIDTH)
    if not moves:
        return []
    if turn:
        search = _turn_search(view, seed)
        worth = [(m, search.value(m, margin)) for m in moves]
    else:
        found = outcomes(view, moves, seconds, seed, rounds)
        worth = [(m, sum(o.value for o in found[m]) / len(found[m])) for m in moves]
    worth.sort(key=lambda mv: -mv[1])
    return worth


def contrast(seen: PlayerView, played: Move, better: Move, seed: int, rounds: int = 32
             ) -> Contrast:
    """Where the better move's outcomes part from the played move's. An Ichto action is
    contrasted in the very lines `appraise` judged it by (the turn search with the same seed),
    so the contrast's value is the judge's own difference; any other decision over `rounds`
    common samples."""
    if seen.state.phase == ACTION:
        search = _turn_search(seen, seed)
        starts = [s for _, s in search.positions]
        weights = [w for w, _ in search.positions]
        seat = search.seat
        good = [_outcome_at(a, b, seat) for a, b in zip(starts, search.ends(better), strict=True)]
        bad = [_outcome_at(a, b, seat) for a, b in zip(starts, search.ends(played), strict=True)]
        return _contrast(good, bad, weights)
    found = outcomes(seen, [better, played], 0.0, seed, rounds)
    good, bad = found[better], found[played]
    return _contrast(good, bad, [1.0 / len(good)] * len(good))


def _contrast(good: list[Outcome], bad: list[Outcome], weights: list[float]) -> Contrast:
    """The weighted differences of two moves' outcomes in the same samples; the value summed
    with the weights as the judge sums it, the others a weighted mean."""
    pairs = list(zip(weights, good, bad, strict=True))
    total = sum(weights) or 1.0

    def mean(field: str) -> float:
        return sum(w * (getattr(g, field) - getattr(b, field)) for w, g, b in pairs) / total

    value = sum(w * (g.value - b.value) for w, g, b in pairs)
    parted: Counter[int] = Counter()
    for w, g, b in pairs:
        if g.region >= 0 and g.scored != b.scored:
            parted[g.region] += w
    region = parted.most_common(1)[0][0] if parted else -1
    won = _usual_genes(good, weights) & ~_usual_genes(bad, weights)
    lost = _usual_genes(bad, weights) & ~_usual_genes(good, weights)
    return Contrast(value, mean("scored"), region, mean("board"), won, lost)


def _usual_genes(found: list[Outcome], weights: list[float]) -> int:
    """The genes owned in most of the samples (by weight)."""
    mask = 0
    total = sum(weights)
    for bit in range(16):
        if sum(w for w, o in zip(weights, found, strict=True) if o.genes >> bit & 1) * 2 > total:
            mask |= 1 << bit
    return mask
