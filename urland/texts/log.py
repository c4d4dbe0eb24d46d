"""The game's log as entries a player reads: a sentence per event, and for each scoring the full
explanation (Ichtos per colour, who returned to the reserve, points, the markers' moves and a
mutation it set off), from the events' data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from urland.engine import Event
from urland.texts.words import sentences

# Events folded into the scoring entry they belong to, instead of standing alone.
_FOLDED = {"track"}
# Events a log leaves out: the next event tells them whole (the set-up's volcano: its eruption,
# which says what the region joins, told as the set-up's: see `as_told`).
UNTOLD = {"setup_volcano"}


def as_told(event: Event, before: Event | None) -> Event:
    """`event` as a player reads it after `before`: the eruption that follows the set-up's
    volcano is the set-up's own (rules 3), not one of the game's."""
    if event.kind == "eruption" and before is not None and before.kind == "setup_volcano":
        return Event(event.kind, {**event.data, "at_setup": True}, event.visible_to)
    return event


@dataclass
class LogEntry:
    text: str
    kind: str
    details: list[str] = field(default_factory=list)  # shown when the entry is expanded


def log_entries(events: Sequence[Event], sentence: Callable[[Event], str],
                names: Sequence[str]) -> list[LogEntry]:
    texts = sentences()
    say = texts.say if texts is not None else (lambda message_id, **values: "")
    entries: list[LogEntry] = []
    scoring: LogEntry | None = None
    before: Event | None = None
    for event in events:
        d = event.data
        told_already = (event.kind == "bid_hidden" and before is not None
                        and before.kind == "bid_placed" and before.data["seat"] == d["seat"])
        event, before = as_told(event, before), event
        if event.kind in UNTOLD or told_already:  # "You bid 3." needs no "Anna has bid."
            continue
        if event.kind in _FOLDED and scoring is not None:
            scoring.details.append(say("detail_marker", seat=names[d["seat"]],
                                       start=d["start"], end=d["end"],
                                       jumped=d.get("jumped", 0)))
            continue
        if event.kind == "mutation" and scoring is not None:
            scoring.details.append(say("detail_mutation"))
        entry = LogEntry(sentence(event), event.kind)
        if event.kind == "score":
            entry.details = score_details(event, names, say)
            scoring = entry
        elif event.kind != "mutation":
            scoring = None
        entries.append(entry)
    return entries


def score_details(event: Event, names: Sequence[str], say: Callable[..., str]) -> list[str]:
    d = event.data
    present = [say("detail_present_item", seat=names[s], count=k)
               for s, k in enumerate(d.get("counts") or []) if k]
    lines = []
    if present:
        texts = sentences()
        joined = texts.join(present, "comma") if texts is not None else ", ".join(present)
        lines.append(say("detail_present", present=joined))
    lines.append(say("detail_outcome", outcome=d["outcome"]))
    for s, k in d.get("removed", {}).items():
        lines.append(say("detail_removed", seat=names[s], count=k))
    for s, p in sorted(d.get("points", {}).items(), key=lambda kv: -kv[1]):
        lines.append(say("detail_points", seat=names[s], points=p))
    return lines
