"""The last moves marked on the board: for each move made since the player's last decision, a
path from where the Ichtos were to where they went (a ring where one was placed or removed),
in the moved Ichtos' colour, until that player acts again."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from urland.engine import EVENT_DATA, Event, GameState, event_data
from urland.ui import theme as th
from urland.ui.board.arrow import draw_arrow
from urland.ui.board.board_view import BoardView


@dataclass(frozen=True)
class Path:
    """Ichtos of `seat` went from `src` to `dst` (the same area: placed or removed there)."""

    seat: int
    src: int
    dst: int


def paths_of(events: Iterable[Event]) -> list[Path]:
    """The paths the moves among `events` leave on the board, each once, in order."""
    paths: list[Path] = []
    for event in events:
        d = event.data
        if EVENT_DATA.get(event.kind) is event_data.Moved:  # land, swim, walk, fly ...
            path = Path(d["seat"], d["src"], d["dst"])
        elif event.kind == "stink":
            path = Path(d["target"], d["src"], d["dst"])
        elif event.kind == "egg":
            path = Path(d["seat"], d["dst"], d["dst"])
        elif event.kind in ("bite", "assimilate"):
            path = Path(d["seat"], d["area"], d["area"])
        else:
            continue
        if path not in paths:
            paths.append(path)
    return paths


def draw_paths(surface: pygame.Surface, view: BoardView, state: GameState,
               paths: list[Path]) -> None:
    """Each path as a slim arrow in its Ichtos' colour, a ring where they were placed."""
    width = max(2, view.px(4))
    for path in paths:
        colour = th.PLAYER_COLOURS[state.colours[path.seat]]
        start = _stack_point(view, state, path.src, path.seat)
        end = _stack_point(view, state, path.dst, path.seat)
        if path.src == path.dst or start == end:
            radius = view.px(30)
            pygame.draw.circle(surface, (20, 24, 30), (start[0] + 2, start[1] + 2), radius, width)
            pygame.draw.circle(surface, colour, start, radius, width)
            continue
        draw_arrow(surface, *_clear_of_stacks(start, end, view.px(20)), width, 1.0, colour)


def _clear_of_stacks(start: tuple[int, int], end: tuple[int, int], gap: int
                     ) -> tuple[tuple[int, int], tuple[int, int]]:
    """The arrow between two stacks, its ends `gap` short of their centres, so its head is
    not hidden under the Ichtos it points at (a short one is left whole)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 4 * gap:
        return start, end
    ux, uy = dx / length * gap, dy / length * gap
    return ((round(start[0] + ux), round(start[1] + uy)),
            (round(end[0] - ux), round(end[1] - uy)))


def _stack_point(view: BoardView, state: GameState, area: int, seat: int) -> tuple[int, int]:
    """Where the seat's stack stands in the area (or would stand: it may have left it), so a
    path runs from the mover's own Ichtos to where they arrived, never from another's stack."""
    root = _root(state, area)
    seats = [s for s in range(state.n) if s == seat or state.count(root, s)]
    return view.to_screen(view.stack_slots(root, seats, state)[seat])


def _root(state: GameState, area: int) -> int:
    return state.root(area) if area < state.board.n_regions else area
