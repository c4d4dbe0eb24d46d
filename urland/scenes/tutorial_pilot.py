"""The tutorial playing itself (`python -m urland tutorial --autoplay`): each step's gesture is
posted as mouse events, the same path a player's mouse takes, never played straight into the
engine; dialogs are answered by the keys their buttons carry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from urland.engine import Move, format_move
from urland.table.tutorial import Step
from urland.ui.widgets import Button

if TYPE_CHECKING:
    from urland.scenes.table.scene import TableScene

Point = tuple[int, int]
RETRY = 3.0  # seconds after which a gesture that changed nothing is tried again


def post_click(pos: Point) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def post_drag(start: Point, end: Point) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


class PilotHost(Protocol):
    """The tutorial as its pilot sees it: where the script stands, the table it hosts (the
    scene made by name, its widgets reached as a player's eyes would) and its Next button."""

    chapter: int
    step_index: int
    age: float
    table: TableScene
    next_button: Button

    @property
    def step(self) -> Step: ...

    def until_seen(self) -> bool: ...


class TutorialPilot:
    def __init__(self, scene: PilotHost) -> None:
        self.scene = scene
        self.done: tuple | None = None  # the (step, position) last acted on: act once on each
        self.done_at = 0.0  # ... unless nothing came of it for RETRY seconds

    def act(self) -> None:
        scene = self.scene
        table = scene.table
        menu = table.gestures.menu
        key = (scene.chapter, scene.step_index, menu is None)
        if ((key == self.done and scene.age - self.done_at < RETRY) or table.show.busy
                or scene.until_seen()):
            return
        if menu is not None and not menu.rows:
            return  # the menu is drawn for the first time this frame
        step = scene.step
        if step.next:
            self.done, self.done_at = key, scene.age
            post_click(scene.next_button.rect.center)
            return
        if not step.expect or not table.human_turn():
            return
        self.done, self.done_at = key, scene.age
        if menu is not None:
            self._choose(menu, step.expect)
            return
        self._gesture(step.expect.split())

    def dialog_keys(self, dialog: str) -> list[int]:
        """Keys to press in a dialog before its main button: a bid's + presses, the first
        scoring chip (none is preselected)."""
        words = self.scene.step.expect.split()
        if dialog == "choose_chip":
            return [pygame.K_RIGHT]
        if dialog == "auction" and len(words) == 2 and words[0] == "bid":
            return [pygame.K_UP] * int(words[1])
        return []

    def _choose(self, menu, expect: str) -> None:
        board = self.scene.table.door.now().board
        for rect, move in menu.rows:  # (a row that lifts Ichtos is not a move)
            if isinstance(move, Move) and format_move(move, board).startswith(expect):
                post_click(rect.center)
                return

    def _gesture(self, words: list[str]) -> None:
        table = self.scene.table
        board = table.door.now().board
        view = table.board_view
        kind = words[0]

        def centre(area: int) -> Point:
            return view.to_screen(view.anchor(area))

        def own_stack(area: int) -> Point:
            state = table.shown.state
            seats = [s for s in range(state.n) if state.count(area, s)]
            return view.to_screen(view.stack_slots(area, seats)[table.decision.seat])

        if kind in ("end", "double"):
            button = table.controls.end_button if kind == "end" else table.controls.double_button
            post_click(button.rect.center)
        elif kind in ("land", "swim"):
            src, dst = (board.parse_area(w) for w in words[1:3])
            post_drag(own_stack(src), centre(dst))
        elif kind == "retreat":
            src = board.parse_area(words[1])
            post_drag(own_stack(src), table.panel.reserve_point(table.decision.seat))
        elif kind == "proliferate":
            post_click(own_stack(board.parse_area(words[1])))  # a click opens the area's menu
        elif kind in ("panic_region", "panic_ocean"):
            area = (board.parse_area(words[1]) if len(words) > 1
                    else table.decision.clickable[0])
            post_click(centre(area))
