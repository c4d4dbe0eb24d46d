"""The board's drawing data (the `geometry` entries of board.yaml), checked and typed.

All coordinates are board units on the canvas `canvas`; `BoardLayout` in board_view.py maps
them onto the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from urland.engine import Board, BoardError

Point = tuple[float, float]


@dataclass(frozen=True)
class BoardGeometry:
    canvas: tuple[int, int]
    region_outlines: tuple[tuple[Point, ...], ...]
    region_centres: tuple[Point, ...]
    volcano_spaces: tuple[Point, ...]
    ocean_areas: tuple[tuple[Point, ...], ...]
    ocean_anchors: tuple[Point, ...]
    ocean_labels: tuple[Point, ...]
    strait_centres: dict[tuple[int, int], Point]  # (region index, region index), low first
    borders: tuple[tuple[Point, ...], ...]
    track_rect: tuple[float, float, float, float]
    track_spaces: int

    def strait_centre(self, a: int, b: int) -> Point:
        return self.strait_centres[(min(a, b), max(a, b))]


def _point(value: Any, where: str) -> Point:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int | float) for v in value)):
        raise BoardError(f"board.yaml: {where}: expected a point [x, y], not {value!r}")
    return (float(value[0]), float(value[1]))


def _polygon(value: Any, where: str) -> tuple[Point, ...]:
    if not isinstance(value, list) or len(value) < 3:
        raise BoardError(f"board.yaml: {where}: expected a polygon of at least 3 points")
    return tuple(_point(p, where) for p in value)


def _need(entry: dict, key: str, where: str) -> Any:
    if key not in entry:
        raise BoardError(f"board.yaml: {where}: geometry lacks '{key}'")
    return entry[key]


def board_geometry(board: Board) -> BoardGeometry:
    """Read the drawing data; a missing or malformed entry is a BoardError naming it."""
    top = board.geometry
    where = "geometry"
    canvas = _point(_need(top, "canvas", where), "geometry.canvas")
    outlines, centres, volcanoes = [], [], []
    for i, g in enumerate(board.region_geometry):
        name = f"region {board.region_numbers[i]}"
        outlines.append(_polygon(_need(g, "outline", name), name + " outline"))
        centres.append(_point(_need(g, "centre", name), name + " centre"))
        volcanoes.append(_point(_need(g, "volcano", name), name + " volcano"))
    areas, anchors, labels = [], [], []
    for i, g in enumerate(board.ocean_geometry):
        name = f"ocean {board.ocean_ids[i]}"
        areas.append(_polygon(_need(g, "area", name), name + " area"))
        anchors.append(_point(_need(g, "anchor", name), name + " anchor"))
        labels.append(_point(_need(g, "label", name), name + " label"))
    straits: dict[tuple[int, int], Point] = {}
    for key, value in (_need(top, "straits", where) or {}).items():
        try:
            a, b = (board.parse_area(x) for x in str(key).split("-"))
        except ValueError as exc:
            raise BoardError(f"board.yaml: geometry.straits: bad key {key!r}") from exc
        straits[(min(a, b), max(a, b))] = _point(value, f"strait {key}")
    for r in range(board.n_regions):
        for q in board.region_straits[r]:
            if (min(r, q), max(r, q)) not in straits:
                raise BoardError(f"board.yaml: geometry.straits: no centre for strait "
                                 f"{board.region_numbers[r]}-{board.region_numbers[q]}")
    borders = tuple(tuple(_point(p, "border") for p in line)
                    for line in top.get("borders", []) or [])
    track = _need(top, "track", where)
    rect = _need(track, "rect", "geometry.track")
    if not isinstance(rect, list) or len(rect) != 4:
        raise BoardError("board.yaml: geometry.track: rect must be [x, y, width, height]")
    spaces = _need(track, "spaces", "geometry.track")
    if not isinstance(spaces, int) or spaces < 20:
        raise BoardError("board.yaml: geometry.track: spaces must be a whole number >= 20")
    return BoardGeometry(
        canvas=(int(canvas[0]), int(canvas[1])),
        region_outlines=tuple(outlines), region_centres=tuple(centres),
        volcano_spaces=tuple(volcanoes), ocean_areas=tuple(areas), ocean_anchors=tuple(anchors),
        ocean_labels=tuple(labels),
        strait_centres=straits, borders=borders,
        track_rect=tuple(float(v) for v in rect),  # type: ignore[arg-type]
        track_spaces=spaces,
    )
