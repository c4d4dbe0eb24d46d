"""Moves in words, for menus, hints and the undo button (words in assets/texts/sentences.yaml)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from urland.engine import GameState, Move, format_move
from urland.texts.genes import gene_name
from urland.texts.messages import MessageError
from urland.texts.words import Words, sentences


def describe(move: Move, state: GameState, names: Sequence[str] | None = None) -> str:
    """`move` in words; `names[seat]` is what to call each seat (its colour by default).
    With the sentence file damaged or missing, the move notation ("land O1 2 x1") instead."""
    if names is None:
        names = [state.colour_name(s) for s in range(state.n)]
    texts = sentences()
    message_id = f"move_{move.kind}"
    if texts is None or message_id not in texts.messages:
        return format_move(move, state.board)
    w = Words(texts, names, state.board)
    try:
        return w.say(message_id, **_values(w, move))
    except MessageError:
        return format_move(move, state.board)


def _values(w: Words, move: Move) -> dict[str, Any]:
    """Every value a move's message may ask for (each message takes the ones it needs)."""
    values: dict[str, Any] = {"count": move.count}
    if move.kind == "chip":
        values["chip"] = move.count  # the chip's number, not a count
    for field in ("src", "dst"):
        area = getattr(move, field)
        if area >= 0:
            values.update(w.place(area, field))
    if move.target:
        same = len(move.target) == 2 and move.target[0] == move.target[1]
        values["targets"] = (w.say("two_of", seat=w.name(move.target[0])) if same
                             else w.seats(move.target))
    if move.gene:
        values["gene"] = gene_name(move.gene)
    if move.picks:
        values["count"] = sum(n for _, n in move.picks)
        values["picks"] = w.listing([w.say("move_pick", count=n, **w.place(a))
                                     for a, n in move.picks], "comma")
    return values
