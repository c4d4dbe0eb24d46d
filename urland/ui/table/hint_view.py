"""A hint shown on the board: the areas it concerns glow and an arrow runs from where the
Ichtos are to where the hint sends them; the arrow grows afresh each time a hint arrives."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from urland.engine import GameState, Move
from urland.ui.board.arrow import draw_arrow
from urland.ui.board.board_view import BoardView

GROW_SECONDS = 0.45
TRAY = -1


class HintView:
    def __init__(self) -> None:
        self.move: Move | None = None
        self.age = 0.0

    def show(self, move: Move) -> None:
        self.move, self.age = move, 0.0

    def clear(self) -> None:
        self.move = None

    def update(self, dt: float) -> None:
        self.age += dt

    def ends(self) -> tuple[list[int], list[int]]:
        """(the areas the hinted move starts from, the areas it goes to; TRAY: the reserve)."""
        m = self.move
        if m is None:
            return [], []
        if m.kind == "retreat":
            return [a for a, _ in m.picks], [TRAY]
        if m.kind == "buy":
            return [a for a, _ in m.picks], []
        if m.kind == "egg":
            return [TRAY], [m.dst]
        starts = [m.src] if m.src >= 0 else []
        return starts, ([m.dst] if m.dst >= 0 else [])

    def glow(self) -> set[int]:
        starts, goals = self.ends()
        return {a for a in starts + goals if a >= 0}

    def draw(self, surface: pygame.Surface, view: BoardView, state: GameState, seat: int,
             reserve_point: Callable[[], tuple[int, int]]) -> None:
        """The arrow starts at `seat`'s own stack where it has one (the Ichtos to move)."""
        starts, goals = self.ends()
        if not starts or not goals:
            return

        def point(area: int, own_stack: bool) -> tuple[int, int]:
            if area == TRAY:
                return reserve_point()
            root = state.root(area) if area < state.board.n_regions else area
            seats = [s for s in range(state.n) if state.count(root, s)]
            if own_stack and seat in seats:
                return view.to_screen(view.stack_slots(root, seats, state)[seat])
            return view.to_screen(view.anchor(root))

        grow = min(1.0, self.age / GROW_SECONDS)
        for start in starts:
            for goal in goals:
                draw_arrow(surface, point(start, True), point(goal, False),
                           max(3, view.px(7)), grow)
