"""The story of a finished game, read from the engine's events: no pygame, no rules of its own.

`tell(game)` walks `Game.log` once and returns a `Story`: every player's score through the game
(for the chart), the epochs, mutations, Panics and eruptions, the points each player won by
source, the genes each bought and their price, and the Ichtos each lost and to what.

Scores are positions on the track. A marker moves one empty space per point and jumps occupied
spaces (rules section 5), so a player's score is their start space plus the points of every
scoring plus the spaces jumped; `Story.points` keeps those apart so they add up to the score.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from urland.engine import Event, Game
from urland.engine import event_data as ed
from urland.texts.events import colour_names, event_sentence
from urland.texts.genes import gene_name
from urland.texts.i18n import L_, Lazy, Text, fmt

# Where a player's points came from, in the order the story lists them.
SOURCES: tuple[str, ...] = ("start", "monopoly", "competition", "coexistence", "total", "land",
                            "jumps")
SOURCE_LABELS: dict[str, Lazy] = {
    "start": L_("Start space"),
    "monopoly": L_("Monopolies"),
    "competition": L_("Competitions"),
    "coexistence": L_("Coexistences"),
    "total": L_("Final: most Ichtos"),
    "land": L_("Final: most on land"),
    "jumps": L_("Jumps"),
}
SOURCE_HELP: dict[str, Lazy] = {
    "start": L_("The space the marker started on."),
    "monopoly": L_("3 points each time a scored region held only your Ichtos."),
    "competition": L_("3 or 2 points in scorings where the weakest colour had to leave."),
    "coexistence": L_("2 points each in scorings where every colour had as many Ichtos."),
    "total": L_("Final scoring: most Ichtos on the board."),
    "land": L_("Final scoring: most Ichtos on land."),
    "jumps": L_("Spaces jumped because another marker stood there: they count too."),
}

# Why Ichtos left a player's hands (back to the reserve, or driven off the land).
LOSSES: tuple[str, ...] = ("competition", "panic", "volcano", "bite", "assimilation", "stink")
LOSS_LABELS: dict[str, Lazy] = {
    "competition": L_("Competition"),
    "panic": L_("Panic"),
    "volcano": L_("Volcanoes"),
    "bite": L_("Bites"),
    "assimilation": L_("Assimilation"),
    "stink": L_("Stinkglands"),
}
LOSS_HELP: dict[str, Lazy] = {
    "competition": L_("The weakest colour of a scored region returns to the reserve."),
    "panic": L_("Driven from the land into the sea by a Panic."),
    "volcano": L_("Excess Ichtos returned to the reserve when a volcano erupted."),
    "bite": L_("Returned to the reserve by another player's Teeth."),
    "assimilation": L_("Returned to the reserve by another player's Assimilation."),
    "stink": L_("Driven into the sea by another player's Stinkglands."),
}
ALWAYS_SHOWN_LOSSES = ("competition", "panic", "volcano", "bite")

MARK_KINDS = ("epoch", "mutation", "panic", "eruption", "final")


@dataclass(frozen=True)
class Mark:
    """Something that happened at a moment of the game, for the chart."""

    kind: str  # one of MARK_KINDS
    x: float  # moment on the chart: turn t runs from t - 1 to t
    turn: int
    text: Text


@dataclass(frozen=True)
class GeneBought:
    seat: int
    gene: str
    name: str
    price: int  # Ichtos paid
    bid: int
    turn: int


@dataclass
class Story:
    players: int
    colours: tuple[int, ...]
    turns: int  # turns played (the last one ends the game)
    epochs: int
    start: list[int]  # each seat's start space
    final: list[int]  # each seat's final score
    winner: int
    # each seat's score as steps: [(moment, score after it)], starting at (0, start space)
    series: list[list[tuple[float, int]]]
    turn_scores: list[list[int]]  # turn_scores[seat][t]: score at the end of turn t (0: start)
    marks: list[Mark]
    points: list[dict[str, int]]  # per seat: source -> points
    genes: list[GeneBought]
    losses: list[dict[str, int]]  # per seat: cause -> Ichtos
    final_steps: list[str] = field(default_factory=list)  # the final scoring, step by step

    def count(self, kind: str) -> int:
        return sum(1 for m in self.marks if m.kind == kind)

    def loss_columns(self) -> list[str]:
        """The causes worth a column: the four always, the rarer ones when they happened."""
        return [c for c in LOSSES if c in ALWAYS_SHOWN_LOSSES
                or any(loss[c] for loss in self.losses)]

    def ranking(self) -> list[int]:
        return sorted(range(self.players), key=lambda s: -self.final[s])


def _turns(log: list[Event]) -> list[int]:
    """The turn each event of the log belongs to (0 for the set-up)."""
    turn = 0
    out = []
    for e in log:
        if e.kind == "turn":
            turn = e.data["turn"]
        out.append(turn)
    return out


def _moments(turns: list[int]) -> list[float]:
    """Spread each turn's events evenly over its stretch of the chart, (t - 1, t)."""
    sizes: dict[int, int] = {}
    for t in turns:
        sizes[t] = sizes.get(t, 0) + 1
    seen: dict[int, int] = {}
    out = []
    for t in turns:
        k = seen.get(t, 0)
        seen[t] = k + 1
        out.append(0.0 if t == 0 else (t - 1) + (k + 1) / (sizes[t] + 1))
    return out


class _Teller:
    """Reads the log event by event; one method per kind of event the story cares about."""

    def __init__(self, game: Game, sentence: Callable[[Event], str]) -> None:
        self.sentence = sentence
        self.n = n = game.options.players
        self.moved = [0] * n
        for e in game.log:
            if e.kind == "track":
                d = cast(ed.TrackMoved, e.data)
                self.moved[d["seat"]] += d["end"] - d["start"]
        self.start = [game.state.track[s] - self.moved[s] for s in range(n)]
        self.score = self.start[:]
        self.series = [[(0.0, self.score[s])] for s in range(n)]
        self.turn_scores = [[self.score[s]] for s in range(n)]
        self.points = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
        self.losses = [dict.fromkeys(LOSSES, 0) for _ in range(n)]
        for s in range(n):
            self.points[s]["start"] = self.start[s]
        self.marks: list[Mark] = []
        self.genes: list[GeneBought] = []
        self.bids: list[int] = [0] * n
        self.final_steps: list[str] = []
        self.epochs = 1

    def close_turns(self, until: int) -> None:
        while len(self.turn_scores[0]) <= until:
            for s in range(self.n):
                self.turn_scores[s].append(self.score[s])

    def mark(self, kind: str, x: float, t: int, text: Text) -> None:
        self.marks.append(Mark(kind, x, t, text))

    def step(self, e: Event, t: int, x: float) -> None:
        """A step of the final scoring, told in words."""
        self.final_steps.append(self.sentence(e))

    # --- one method per kind ---------------------------------------------------------------

    def scored(self, e: Event, t: int, x: float) -> None:
        d = cast(ed.Scored, e.data)
        for s, p in d["points"].items():
            self.points[s][d["outcome"]] += p
        if d["outcome"] == "competition":
            for s, k in d["removed"].items():
                self.losses[s]["competition"] += k

    def final(self, e: Event, t: int, x: float) -> None:
        d = cast(ed.FinalStep, e.data)
        source = "total" if e.kind == "final_total" else "land"
        for s, p in d["points"].items():
            self.points[s][source] += p
        self.step(e, t, x)
        if e.kind == "final_total":
            self.mark("final", x, t, L_("Final scoring"))

    def track(self, e: Event, t: int, x: float) -> None:
        d = cast(ed.TrackMoved, e.data)
        s = d["seat"]
        self.score[s] = d["end"]
        self.series[s].append((x, self.score[s]))
        if self.final_steps:  # the final scoring, step by step
            self.step(e, t, x)

    def new_epoch(self, e: Event, t: int, x: float) -> None:
        self.epochs = cast(ed.NewEpoch, e.data)["epoch"]
        self.mark("epoch", x, t, fmt("Epoch {epoch} begins.", epoch=self.epochs))

    def mutation(self, e: Event, t: int, x: float) -> None:
        self.mark("mutation", x, t, L_("Mutation: a gene auction."))

    def panic(self, e: Event, t: int, x: float) -> None:
        self.mark("panic", x, t, self.sentence(e))

    def eruption(self, e: Event, t: int, x: float) -> None:
        if t > 0:
            self.mark("eruption", x, t, self.sentence(e))

    def panic_move(self, e: Event, t: int, x: float) -> None:
        for s, k in (cast(ed.PanicMoved, e.data).get("fled") or {}).items():
            self.losses[s]["panic"] += k

    def ears_stay(self, e: Event, t: int, x: float) -> None:
        d = cast(ed.EarsStayed, e.data)
        self.losses[d["seat"]]["panic"] += d.get("fled", 0)

    def volcano_loss(self, e: Event, t: int, x: float) -> None:
        d = cast(ed.VolcanoLoss, e.data)
        self.losses[d["seat"]]["volcano"] += d["count"]

    def bite(self, e: Event, t: int, x: float) -> None:
        self.losses[cast(ed.Bitten, e.data)["target"]]["bite"] += 1

    def assimilate(self, e: Event, t: int, x: float) -> None:
        for s in cast(ed.Assimilated, e.data)["targets"]:
            self.losses[s]["assimilation"] += 1

    def stink(self, e: Event, t: int, x: float) -> None:
        d = cast(ed.Stunk, e.data)
        self.losses[d["target"]]["stink"] += d["count"]

    def bids_revealed(self, e: Event, t: int, x: float) -> None:
        self.bids = list(cast(ed.BidsRevealed, e.data)["bids"])

    def buy(self, e: Event, t: int, x: float) -> None:
        d = cast(ed.Bought, e.data)
        s = d["seat"]
        self.genes.append(GeneBought(s, d["gene"], gene_name(d["gene"]), d["paid"], self.bids[s],
                                     t))


_TOLD: dict[str, Callable[[_Teller, Event, int, float], None]] = {
    "score": _Teller.scored, "final_total": _Teller.final, "final_land": _Teller.final,
    "track": _Teller.track, "game_ends": _Teller.step, "winner": _Teller.step,
    "new_epoch": _Teller.new_epoch, "mutation": _Teller.mutation, "panic": _Teller.panic,
    "eruption": _Teller.eruption, "panic_move": _Teller.panic_move,
    "ears_stay": _Teller.ears_stay, "volcano_loss": _Teller.volcano_loss, "bite": _Teller.bite,
    "assimilate": _Teller.assimilate, "stink": _Teller.stink,
    "bids_revealed": _Teller.bids_revealed, "buy": _Teller.buy,
}


def _colours_told(game: Game) -> Callable[[Event], str]:
    """Events told with the players called by their colours."""
    names = colour_names(game.state.colours)
    return lambda event: event_sentence(event, names, game.board)


def tell(game: Game, sentence: Callable[[Event], str] | None = None) -> Story:
    """The story of a game (finished or not: a game in progress tells its story so far)."""
    teller = _Teller(game, sentence or _colours_told(game))
    log = game.log
    turns = _turns(log)
    last_turn = max(turns) if turns else 0
    current_turn = 0
    for e, t, x in zip(log, turns, _moments(turns), strict=True):
        if t != current_turn:
            teller.close_turns(t - 1)
            current_turn = t
        told = _TOLD.get(e.kind)
        if told is not None:
            told(teller, e, t, x)
    teller.close_turns(last_turn)
    n = teller.n
    points = teller.points
    for s in range(n):
        earned = sum(v for k, v in points[s].items() if k not in ("start", "jumps"))
        points[s]["jumps"] = teller.moved[s] - earned
    state = game.state
    for s in range(n):
        teller.series[s].append((float(last_turn), teller.score[s]))
    return Story(
        players=n, colours=tuple(state.colours), turns=last_turn, epochs=teller.epochs,
        start=teller.start, final=teller.score[:], winner=state.winner, series=teller.series,
        turn_scores=teller.turn_scores, marks=teller.marks, points=points, genes=teller.genes,
        losses=teller.losses, final_steps=teller.final_steps)


__all__ = ["LOSSES", "LOSS_HELP", "LOSS_LABELS", "MARK_KINDS", "SOURCES", "SOURCE_HELP",
           "SOURCE_LABELS", "GeneBought", "Mark", "Story", "tell"]
