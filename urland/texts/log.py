"""The game's log as entries a player reads: a sentence per event, and for each scoring the full
explanation (Ichtos per colour, who returned to the reserve, points, the markers' moves and a
mutation it set off), from the events' data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from urland.engine import Event

# Events folded into the scoring entry they belong to, instead of standing alone.
_FOLDED = {"track"}


@dataclass
class LogEntry:
    text: str
    kind: str
    details: list[str] = field(default_factory=list)  # shown when the entry is expanded


def log_entries(events: Sequence[Event], sentence: Callable[[Event], str],
                names: Sequence[str]) -> list[LogEntry]:
    entries: list[LogEntry] = []
    scoring: LogEntry | None = None
    for event in events:
        if event.kind in _FOLDED and scoring is not None:
            d = event.data
            scoring.details.append(f"{names[d['seat']]}'s marker: {d['start']} -> {d['end']}")
            continue
        if event.kind == "mutation" and scoring is not None:
            scoring.details.append("The scoring reached a mutation space: a gene auction.")
        entry = LogEntry(sentence(event), event.kind)
        if event.kind == "score":
            entry.details = score_details(event, names)
            scoring = entry
        elif event.kind not in ("mutation",):
            scoring = None
        entries.append(entry)
    return entries


def score_details(event: Event, names: Sequence[str]) -> list[str]:
    d = event.data
    counts = d.get("counts") or []
    present = [(names[s], k) for s, k in enumerate(counts) if k]
    lines = []
    if present:
        lines.append("Ichtos there: " + ", ".join(f"{name} {k}" for name, k in present))
    outcome = d["outcome"]
    lines.append({"monopoly": "Monopoly: one colour alone scores 3.",
                  "coexistence": "Coexistence: all have equal strength and score 2 each.",
                  "competition": "Competition: the weakest return to their reserve; the "
                                 "strongest score 3, the others 2.",
                  "empty": "Nobody is there: nobody scores."}.get(outcome, outcome))
    for s, k in d.get("removed", {}).items():
        lines.append(f"{names[s]}: {k} {'Ichto returns' if k == 1 else 'Ichtos return'} "
                     "to the reserve")
    for s, p in sorted(d.get("points", {}).items(), key=lambda kv: -kv[1]):
        lines.append(f"{names[s]} +{p} {'point' if p == 1 else 'points'}")
    return lines
