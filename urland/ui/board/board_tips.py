"""What the marks on the board are, for the tooltip over them: a chip lying on the board, a
track space (and the markers on it), a volcano asleep or erupted. The sentences are in
assets/texts/sentences.yaml (tip_...)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from urland.engine import GameState
from urland.texts.assets import sentences
from urland.ui.board.board_view import BoardView


def _say(message_id: str, **params: Any) -> str:
    catalogue = sentences()
    if catalogue is None or message_id not in catalogue.messages:
        return ""  # the file is missing: the title alone is shown
    return catalogue.say(message_id, **params)


def track_tip(state: GameState, space: int, last: int, names: Sequence[str]) -> tuple[str, str]:
    """A score track space: what it is, and whose marker stands there. `last` is the last
    space drawn: markers further on stand on it."""
    board = state.board
    here = [names[s] for s in range(state.n)
            if state.track[s] == space or (space == last and state.track[s] > last)]
    lines = [_say("tip_track_here", who=", ".join(here), count=len(here))] if here else []
    if space in board.mutation_spaces:
        done = state.mutations_done >> board.mutation_spaces.index(space) & 1
        lines.append(_say("tip_mutation_done" if done else "tip_mutation"))
    if space == board.end_threshold:
        lines.append(_say("tip_end"))
    elif space > board.end_threshold:
        lines.append(_say("tip_past_end"))
    lines.append(_say("tip_track"))
    title = ("tip_mutation_title" if space in board.mutation_spaces
             else "tip_end_title" if space == board.end_threshold else "tip_track_title")
    return _say(title, space=space), "\n".join(line for line in lines if line)


def board_mark_tip(pos: tuple[int, int], view: BoardView, state: GameState,
                   names: Sequence[str]) -> tuple[str, str] | None:
    """The tooltip for a mark on the board under the mouse, or None (then the area's)."""
    space = view.track_space_at(pos)
    if space is not None:
        return track_tip(state, space, len(view.track), names)
    chip = view.chip_at(pos, state)
    if chip is not None:
        return _say("tip_chip_title", chip=chip), _say("tip_chip", chip=chip)
    region = view.volcano_at(pos, state)
    if region is not None:
        board = state.board
        number = board.region_numbers[region]
        bridge = board.region_numbers[board.volcano_bridge[region]]
        if number in state.out_chips:
            return (_say("tip_erupted_title", region=number),
                    _say("tip_erupted", region=number, bridge=bridge))
        return (_say("tip_volcano_title", region=number),
                _say("tip_volcano", region=number, bridge=bridge))
    return None
