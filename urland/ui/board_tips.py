"""What the board's marks say on hover: a track space, a chip lying on the board, a volcano."""

from __future__ import annotations

from collections.abc import Sequence

from urland.engine import GameState


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def track_tip(state: GameState, space: int, last: int, names: Sequence[str]) -> tuple[str, str]:
    """A score track space: what it is, and whose marker stands there. `last` is the last
    space drawn: markers further on stand on it."""
    board = state.board
    end = board.end_threshold
    if space in board.mutation_spaces:
        i = board.mutation_spaces.index(space)
        title = f"Mutation at {space}"
        body = "The first marker to reach it sets off a gene auction."
        if state.mutations_done >> i & 1:
            body += " Already reached: its auction has taken place."
    elif space == end:
        title = f"{space}: the end"
        body = (f"The game ends after the scoring that brings a marker to {space} or past it; "
                "then comes the final scoring.")
    elif space > end:
        title = f"Space {space}"
        body = "Past the end: the last scoring and the final scoring can carry a marker here."
    else:
        title = f"Space {space}"
        body = ""
    here = [seat for seat, at in enumerate(state.track)
            if at == space or (space == last and at > last)]
    for seat in here:
        line = f"{names[seat]} stands here with {_points(state.track[seat])}."
        body = f"{body}\n{line}" if body else line
    return title, body or "Nobody stands here."


def chip_tip(state: GameState, chip: int) -> tuple[str, str]:
    """A chip lying on its region's volcano space: that region was scored this epoch."""
    return (f"Chip {chip}: scored",
            f"Region {chip} was scored this epoch. At the epoch's end this chip goes back "
            "into the draw pile.")


def volcano_tip(state: GameState, region: int) -> tuple[str, str]:
    """A volcano: where it bridges to, and whether it has erupted."""
    board = state.board
    number = board.region_numbers[region]
    bridge = board.region_numbers[board.volcano_bridge[region]]
    if number in state.out_chips:
        root = board.region_numbers[state.root(region)]
        return (f"Volcano of region {number}: erupted",
                f"Its lava bridges the strait to region {bridge}: region {number} is now part "
                f"of region {root}, and its chip has left the game.")
    return (f"Volcano of region {number}",
            "When the draw pile runs out, the regions of the two chips left in hand erupt. "
            f"This one would bridge the strait to region {bridge} and join it; each colour "
            "would keep at most 1 Ichto here.")
