"""What the board says about a clicked area (the table's gestures), with the area's kind so
that each language puts its own article and preposition before a region or an ocean."""

from __future__ import annotations

from urland.engine import Board
from urland.texts.i18n import fmt
from urland.texts.words import area_values


def nothing_to_do(board: Board, area: int) -> str:
    return fmt("Nothing to do in {area_kind, select, region {region {area}} other "
               "{{area_label}}}: drag an Ichto from an ocean, or click an ocean to proliferate.",
               **area_values(board, area))


def move_from(board: Board, area: int) -> str:
    """The menu row that lifts the player's Ichtos in `area`."""
    return fmt("Move Ichtos from {area_kind, select, region {region {area}} other "
               "{{area_label}}}: choose where on the board", **area_values(board, area))
