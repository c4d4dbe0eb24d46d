"""A table frame reads one snapshot of the position (`TableNow`), not the door member by member.

The door is watched while frames are drawn: its `now()` may be asked as often as a frame likes,
but is built once per position (a move made in the frame brings a second position, and one
more snapshot); every other member of the door is asked at most once a frame.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame
from test_scenes import solo_table, stack_point

from urland.engine import Move


class WatchedDoor:
    """The table's door, counting what a frame asks of it."""

    def __init__(self, door: Any) -> None:
        self._door = door
        self.asked: Counter[str] = Counter()
        self.snapshots: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        self.asked[name] += 1
        value = getattr(self._door, name)
        if name != "now":
            return value

        def now() -> Any:
            snapshot = value()
            self.snapshots.append(snapshot)
            return snapshot
        return now


def watched_frame(app, table) -> WatchedDoor:
    """One frame drawn (events, update, draw) with the table's door watched."""
    door = table.door
    watched = WatchedDoor(door)
    table.door = table.flow.door = watched
    try:
        app.step(0.016)
    finally:
        table.door = table.flow.door = door
    return watched


def assert_one_snapshot_per_position(watched: WatchedDoor) -> None:
    others = {name: n for name, n in watched.asked.items() if name != "now" and n > 1}
    assert not others, f"asked more than once in one frame: {others}"
    built: dict[Any, set[int]] = {}
    for snapshot in watched.snapshots:
        built.setdefault(snapshot.position, set()).add(id(snapshot))
    assert built, "the frame read no snapshot of the position"
    assert all(len(ids) == 1 for ids in built.values()), built


def test_a_frame_at_the_players_turn_reads_one_snapshot_and_asks_the_door_little(app):
    table, _session = solo_table(app)
    watched = watched_frame(app, table)
    assert_one_snapshot_per_position(watched)
    assert table.human_turn() and table.controls.end_button.visible  # the frame drew her turn


def test_a_frame_that_carries_ichtos_lights_their_places_from_the_same_snapshot(app):
    table, session = solo_table(app)
    board = session.game.board
    ocean = next(o for o in board.ocean_areas if session.game.state.count(o, 0) >= 1)
    start = stack_point(table, board.area_name(ocean), 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 40),
                                         rel=(1, 1), buttons=(1, 0, 0)))
    watched = watched_frame(app, table)
    assert_one_snapshot_per_position(watched)
    lit, _tray = table.gestures.targets()
    assert lit  # the places the carried Ichto may go glow


def test_frames_while_the_computers_play_read_one_snapshot_per_position(app):
    table, session = solo_table(app)
    table.submit(Move("end"))
    moves = len(session.game.moves)
    positions = set()
    for _ in range(40):
        watched = watched_frame(app, table)
        assert_one_snapshot_per_position(watched)
        positions |= {s.position for s in watched.snapshots}
        if app.scene is not table:  # her next chip or bid: the frames of the table are over
            break
    assert len(session.game.moves) > moves and len(positions) > 1  # the computers played
