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

from urland.engine.events import Event
from urland.engine.game import Game
from urland.engine.genes import GENE_NAMES

# Where a player's points came from, in the order the story lists them.
SOURCES: tuple[str, ...] = ("start", "monopoly", "competition", "coexistence", "total", "land",
                            "jumps")
SOURCE_LABELS: dict[str, str] = {
    "start": "Start space",
    "monopoly": "Monopolies",
    "competition": "Competitions",
    "coexistence": "Coexistences",
    "total": "Final: most Ichtos",
    "land": "Final: most on land",
    "jumps": "Jumps",
}
SOURCE_HELP: dict[str, str] = {
    "start": "The space the marker started on.",
    "monopoly": "3 points each time a scored region held only your Ichtos.",
    "competition": "3 or 2 points in scorings where the weakest colour had to leave.",
    "coexistence": "2 points each in scorings where every colour had as many Ichtos.",
    "total": "Final scoring: most Ichtos on the board.",
    "land": "Final scoring: most Ichtos on land.",
    "jumps": "Spaces jumped because another marker stood there: they count too.",
}

# Why Ichtos left a player's hands (back to the reserve, or driven off the land).
LOSSES: tuple[str, ...] = ("competition", "panic", "volcano", "bite", "assimilation", "stink")
LOSS_LABELS: dict[str, str] = {
    "competition": "Competition",
    "panic": "Panic",
    "volcano": "Volcanoes",
    "bite": "Bites",
    "assimilation": "Assimilation",
    "stink": "Stinkglands",
}
LOSS_HELP: dict[str, str] = {
    "competition": "The weakest colour of a scored region returns to the reserve.",
    "panic": "Driven from the land into the sea by a Panic.",
    "volcano": "Excess Ichtos returned to the reserve when a volcano erupted.",
    "bite": "Returned to the reserve by another player's Teeth.",
    "assimilation": "Returned to the reserve by another player's Assimilation.",
    "stink": "Driven into the sea by another player's Stinkglands.",
}
ALWAYS_SHOWN_LOSSES = ("competition", "panic", "volcano", "bite")

MARK_KINDS = ("epoch", "mutation", "panic", "eruption", "final")


@dataclass(frozen=True)
class Mark:
    """Something that happened at a moment of the game, for the chart."""

    kind: str  # one of MARK_KINDS
    x: float  # moment on the chart: turn t runs from t - 1 to t
    turn: int
    text: str


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





def tell(game: Game, sentence: Callable[[Event], str] | None = None) -> Story:
    """The story of a game (finished or not: a game in progress tells its story so far)."""
    sentence = sentence or (lambda event: event.text)
    n = game.options.players
    log = game.log
    moved = [0] * n
    for e in log:
        if e.kind == "track":
            moved[e.data["seat"]] += e.data["end"] - e.data["start"]
    start = [game.state.track[s] - moved[s] for s in range(n)]
    turns = _turns(log)
    moments = _moments(turns)
    last_turn = max(turns) if turns else 0

    score = start[:]
    series = [[(0.0, score[s])] for s in range(n)]
    turn_scores = [[score[s]] for s in range(n)]
    points = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
    losses = [dict.fromkeys(LOSSES, 0) for _ in range(n)]
    for s in range(n):
        points[s]["start"] = start[s]
    marks: list[Mark] = []
    genes: list[GeneBought] = []
    bids: list[int] = [0] * n
    final_steps: list[str] = []
    epochs = 1
    current_turn = 0

    def close_turns(until: int) -> None:
        while len(turn_scores[0]) <= until:
            for s in range(n):
                turn_scores[s].append(score[s])

    for e, t, x in zip(log, turns, moments, strict=True):
        if t != current_turn:
            close_turns(t - 1)
            current_turn = t
        d = e.data
        kind = e.kind
        if kind == "score":
            for s, p in d["points"].items():
                points[s][d["outcome"]] += p
            if d["outcome"] == "competition":
                for s, k in d["removed"].items():
                    losses[s]["competition"] += k
        elif kind in ("final_total", "final_land"):
            source = "total" if kind == "final_total" else "land"
            for s, p in d["points"].items():
                points[s][source] += p
            final_steps.append(sentence(e))
            if kind == "final_total":
                marks.append(Mark("final", x, t, "Final scoring"))
        elif kind == "track":
            s = d["seat"]
            score[s] = d["end"]
            series[s].append((x, score[s]))
            if final_steps:  # the final scoring, step by step
                final_steps.append(sentence(e))
        elif kind == "game_ends":
            final_steps.append(sentence(e))
        elif kind == "new_epoch":
            epochs = d["epoch"]
            marks.append(Mark("epoch", x, t, f"Epoch {d['epoch']} begins."))
        elif kind == "mutation":
            marks.append(Mark("mutation", x, t, "Mutation: a gene auction."))
        elif kind == "panic":
            marks.append(Mark("panic", x, t, sentence(e)))
        elif kind == "eruption" and t > 0:
            marks.append(Mark("eruption", x, t, sentence(e)))
        elif kind == "panic_move":
            for s, k in (d.get("fled") or {}).items():
                losses[s]["panic"] += k
        elif kind == "ears_stay":
            losses[d["seat"]]["panic"] += d.get("fled", 0)
        elif kind == "volcano_loss":
            losses[d["seat"]]["volcano"] += d["count"]
        elif kind == "bite":
            losses[d["target"]]["bite"] += 1
        elif kind == "assimilate":
            for s in d["targets"]:
                losses[s]["assimilation"] += 1
        elif kind == "stink":
            losses[d["target"]]["stink"] += d["count"]
        elif kind == "bids_revealed":
            bids = list(d["bids"])
        elif kind == "buy":
            s = d["seat"]
            genes.append(GeneBought(s, d["gene"], GENE_NAMES[d["gene"]], d["paid"], bids[s], t))
        elif kind == "winner":
            final_steps.append(sentence(e))
    close_turns(last_turn)
    for s in range(n):
        earned = sum(v for k, v in points[s].items() if k not in ("start", "jumps"))
        points[s]["jumps"] = moved[s] - earned
    state = game.state
    for s in range(n):
        series[s].append((float(last_turn), score[s]))
    return Story(
        players=n, colours=tuple(state.colours), turns=last_turn, epochs=epochs, start=start,
        final=score[:], winner=state.winner, series=series, turn_scores=turn_scores,
        marks=marks, points=points, genes=genes, losses=losses, final_steps=final_steps)


__all__ = ["LOSSES", "LOSS_HELP", "LOSS_LABELS", "MARK_KINDS", "SOURCES", "SOURCE_HELP",
           "SOURCE_LABELS", "GeneBought", "Mark", "Story", "tell"]
