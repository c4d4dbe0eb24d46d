"""The review of a finished game: each person's costliest decisions, with the better move.

The game is replayed from its record (seed, edition and moves). At every decision a human seat
made with more than one legal move, the judge (`urland.bots.appraise.appraise`) weighs the moves
from **that seat's view at that moment** only: the record is open now, but the judgement must not
use what the player could not know then. The points a decision cost are the judged worth of the
best move less that of the move played. A person's costliest decisions (the top MARKED, each
costing more than THRESHOLD) are marked, with a contrast of the two outcomes for a sentence of
why (urland.records.review_words).

The time is budgeted from the number of decisions: each decision gets an equal share of what is
left of BUDGET_SECONDS, so a whole game takes about that at most. `ReviewJob` runs a review in
a thread, can be stopped, and keeps what it found: a review reopened in the same session goes
on from where it stopped (`review_for`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from urland.bots.appraise import Contrast, appraise, contrast
from urland.engine import Game, GameState, Move, PlayerView, legal_options, view
from urland.records.history import load_record, seats_from_meta
from urland.seats import is_person

BUDGET_SECONDS = 45.0  # judging a whole game, contrasts included (the page promises 60 s)
MOST_PER_DECISION = 1.5  # seconds: a short game is judged more carefully, up to this
LEAST_PER_DECISION = 0.05  # the judge plays one round of samples at least anyway
THRESHOLD = 0.5  # points a decision must cost to be marked
MARKED = 5  # decisions marked per person

Judge = Callable[[PlayerView, float, int, Sequence[Move]], list[tuple[Move, float]]]
# The one function that judges a decision: (the seat's view, seconds, seed, the moves to weigh
# whatever else it weighs: the move played) -> [(move, worth in points)], best first. Any judge
# with that signature can take its place.
JUDGE: Judge = appraise


@dataclass(frozen=True)
class Judged:
    """One decision of a person, judged."""

    step: int  # the move's index in the game: the position before it is step `step`
    seat: int
    played: Move
    better: Move  # the best move found (the played one when it was the best)
    lost: float  # points of final-score margin the played move cost against `better`
    why: Contrast | None  # how the outcomes differ (for marked decisions)


class Review:
    """The judgement of every decision the seats in `people` made in a finished game."""

    def __init__(self, game: Game, people: Sequence[int], judge: Judge | None = None,
                 budget: float = BUDGET_SECONDS) -> None:
        if not game.over:
            raise ValueError("only a finished game is reviewed")
        self.game = game
        self.people = tuple(people)
        self.judge = judge or JUDGE
        again = game.again()  # dealt with the game's own edition
        self.states: list[GameState] = [again.state]
        for move in game.moves:
            again.play(move)
            self.states.append(again.state)
        self.steps = [i for i, s in enumerate(self.states[:-1])
                      if s.actor in self.people and _has_choice(s)]
        self.budget = budget
        self.spent = 0.0  # seconds spent judging so far
        self.judged: list[Judged] = []
        self._judging = threading.Lock()  # one decision judged at a time, whoever asks

    @classmethod
    def from_record(cls, path: Path, people: Sequence[int] | None = None) -> Review:
        """The review of a record in the history; SaveError (with a sentence) when the record
        is damaged or not a finished game. `people` defaults to the seats the record calls
        human."""
        game, meta = load_record(path)
        if people is None:
            _, kinds = seats_from_meta(meta, list(game.options.resolved_colours()))
            people = [seat for seat, kind in enumerate(kinds) if is_person(kind)]
        return cls(game, people)

    # --- judging ----------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return len(self.judged) == len(self.steps)

    @property
    def progress(self) -> float:
        return len(self.judged) / len(self.steps) if self.steps else 1.0

    def view_at(self, step: int) -> PlayerView:
        """What the seat deciding at `step` could see then."""
        state = self.states[step]
        return view(state, state.actor)

    @property
    def seconds(self) -> float:
        """The time for the next decision: what is left of the budget, shared equally by the
        decisions still to judge."""
        left = max(1, len(self.steps) - len(self.judged))
        share = (self.budget - self.spent) / left
        return max(LEAST_PER_DECISION, min(MOST_PER_DECISION, share))

    def judge_next(self) -> Judged | None:
        """Judge the next decision not judged yet (None when all are)."""
        with self._judging:
            if self.done:
                return None
            began = time.perf_counter()
            step = self.steps[len(self.judged)]
            judged = judge_decision(self.states[step], self.game.moves[step], step, self.judge,
                                    self.seconds, review_seed(step))
            self.judged.append(judged)
            self.spent += time.perf_counter() - began
            return judged

    def run(self, stop: threading.Event | None = None) -> None:
        while not self.done and not (stop is not None and stop.is_set()):
            self.judge_next()

    # --- what it found ----------------------------------------------------------------------

    def marked(self, seat: int | None = None) -> list[Judged]:
        """Each person's costliest decisions (the top MARKED above THRESHOLD), in game order. A
        habit, the same choice made again where the same other was better (ending the turn
        where the double turn was better, each time), is marked once: at its costliest
        decision, which `habit` tells the others of."""
        out: list[Judged] = []
        for person in self.people if seat is None else (seat,):
            own = sorted((j for j in self.judged if j.seat == person and j.lost > THRESHOLD),
                         key=lambda j: -j.lost)
            kept: dict[tuple, Judged] = {}
            for j in own:
                kept.setdefault(habit_of(j) or (j.step,), j)
            out += list(kept.values())[:MARKED]
        return sorted(out, key=lambda j: j.step)

    def habit(self, marked: Judged) -> list[Judged]:
        """The costly decisions of the marked one's habit, itself included, in game order
        (only itself when it is no habit)."""
        signature = habit_of(marked)
        if signature is None:
            return [marked]
        return [j for j in self.judged
                if j.seat == marked.seat and j.lost > THRESHOLD and habit_of(j) == signature]

    def costliest(self, seat: int) -> Judged | None:
        own = [j for j in self.judged if j.seat == seat]
        return max(own, key=lambda j: j.lost) if own else None


def habit_of(j: Judged) -> tuple[int, str, str] | None:
    """What makes costly decisions one habit: the same person making one kind of move where
    another kind was better (None when the better move was of the same kind: a place or a
    number chosen, which each position decides afresh)."""
    if j.played.kind == j.better.kind:
        return None
    return (j.seat, j.played.kind, j.better.kind)


def _has_choice(state: GameState) -> bool:
    if state.over:
        return False
    options = legal_options(state)
    return not (len(options) == 1 and options[0].complete)


def review_seed(step: int) -> int:
    """The seed the review's judge samples a decision's hidden information with: the number
    of moves before it, which a table knows too, so the hint given at that moment is judged
    over the same samples (and a hinted move is never marked as costly)."""
    return step


def judge_decision(state: GameState, played: Move, step: int, judge: Judge, seconds: float,
                   seed: int) -> Judged:
    """The decision the actor of the true `state` made (`played`), judged from the actor's
    view alone: the true state itself never reaches the judge."""
    seen = view(state, state.actor)
    return judgement(step, seen, played, judge(seen, seconds, seed, (played,)), seed)


def judgement(step: int, seen: PlayerView, played: Move, worth: list[tuple[Move, float]],
              seed: int) -> Judged:
    """A decision judged from the judge's list (best first): what the played move cost. A
    decision the judge finds costly (or whose played move it did not weigh) is contrasted with
    the better move, and the contrast gives both the cost and the sentence of why, so that the
    page never says two figures from two estimates (for an Ichto action the contrast plays the
    judge's own lines, and its cost is the judge's)."""
    seat = seen.seat
    assert seat is not None
    if not worth or worth[0][0] == played:
        return Judged(step, seat, played, played, 0.0, None)
    better, best = worth[0]
    found = dict(worth)
    if played in found and best - found[played] <= THRESHOLD:
        return Judged(step, seat, played, better, max(0.0, best - found[played]), None)
    why = contrast(seen, played, better, seed)
    if why.value <= THRESHOLD:
        return Judged(step, seat, played, better, max(0.0, why.value), None)
    return Judged(step, seat, played, better, why.value, why)


class ReviewJob:
    """A review judged in a background thread; `stop()` ends it after the current decision."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.failure = ""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="review", daemon=True)

    def start(self) -> ReviewJob:
        if not self.review.done:
            self._thread.start()
        return self

    def _run(self) -> None:
        try:
            self.review.run(self._stop)
        except Exception as exc:  # a bug must not pass silently: the page says it
            self.failure = f"{type(exc).__name__}: {exc}"
            raise

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the review is judged or stopped; whether it has ended."""
        if self._thread.is_alive():
            self._thread.join(timeout)
        return not self._thread.is_alive()

    def stop(self, wait: float = 5.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(wait)


_KEPT: dict[tuple, Review] = {}  # the reviews of this session, so reopening does not redo one


def review_for(game: Game, people: Sequence[int]) -> Review:
    """The review of this game kept from earlier in the session, or a new one."""
    options = game.options
    key = (game.seed, options.players, options.resolved_colours(), tuple(game.notation()),
           tuple(people))
    review = _KEPT.get(key)
    if review is None:
        review = _KEPT[key] = Review(game, people)
    return review
