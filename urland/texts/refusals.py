"""Why a move is refused, in the player's language: the engine's Refusal (its English template
and values) said again through the catalogue, with the players' names and the areas' labels.
An area gives its short name, its label and its kind, as in the engine's English (see Refusal),
so that a translation selects its article and preposition on {area_kind}."""

from __future__ import annotations

from collections.abc import Sequence

from urland.engine import Board
from urland.engine.errors import Named, Refusal
from urland.texts.genes import gene_name
from urland.texts.i18n import N_, _, fmt
from urland.texts.messages import MessageError
from urland.texts.words import area_label

_WORDS = {"ocean": N_("ocean"), "region": N_("region"), "area": N_("area")}


def refusal_text(refusal: str, names: Sequence[str], board: Board | None) -> str:
    """`refusal` in the current language (a plain text as it is)."""
    if not isinstance(refusal, Refusal):
        return refusal
    values = {key: _word(value, names, board) for key, value in refusal.values.items()}
    for key, value in refusal.values.items():
        if isinstance(value, Named) and value.sort:  # {area}, {area_label}, {area_kind}
            values |= {key: value.short, f"{key}_label": values[key], f"{key}_kind": value.sort}
    try:
        return fmt(refusal.template, **values)
    except MessageError:
        return str(refusal)


def _word(value: object, names: Sequence[str], board: Board | None) -> object:
    if isinstance(value, Refusal):  # a reason inside a reason
        return refusal_text(value, names, board)
    if not isinstance(value, Named):
        return value
    if value.kind == "seat" and isinstance(value.key, int) and 0 <= value.key < len(names):
        return names[value.key]
    if value.kind == "area" and isinstance(value.key, int) and board is not None:
        return area_label(board, value.key)
    if value.kind == "gene":
        return gene_name(str(value.key))
    if value.kind == "word":
        return _(_WORDS.get(str(value.key), str(value.key)))
    return value.english
