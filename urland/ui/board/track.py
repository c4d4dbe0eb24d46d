"""The score track's layout around the board's rim, in board units.

Each space is a slot along the rim: its number tile first, then (further along, in the
direction the markers travel) the place where a marker stands, so a marker never covers a
number. Mutation spaces and the end space have a wider tile holding their mark beside the number,
so the marks cover nothing either. The track runs to the end space and then a little further,
in smaller tiles ("overflow"), because the scoring that ends the game and the final scoring can
carry a marker past it. No slot straddles a corner.
"""

from __future__ import annotations

from dataclasses import dataclass

from urland.ui.board.geometry import Point

Box = tuple[float, float, float, float]  # x, y, width, height (board units)

TILE = 30.0  # a number tile's side
MARK = 22.0  # the extra length of a tile carrying a mark (helix, end flag)
MARKER = 28.0  # the room a marker needs along the track
GAP = 4.0
CORNER = 34.0  # no slot closer than this to a corner of the rim


@dataclass(frozen=True)
class TrackSpace:
    number: int
    tile: Box  # the numbered tile (with its mark, when it has one)
    number_box: Box  # where the number itself is written
    mark_box: Box | None  # where the mark is drawn, beside the number
    marker: Point  # where a marker on this space stands
    slot: Box  # the whole space: tile and marker (the tooltip's hit area)
    kind: str  # "plain", "mutation", "end" or "overflow"


def _kind(number: int, mutations: tuple[int, ...], end: int) -> str:
    if number in mutations:
        return "mutation"
    if number == end:
        return "end"
    return "overflow" if number > end else "plain"


def _length(kind: str) -> float:
    tile = TILE + (MARK if kind in ("mutation", "end") else 0.0)
    if kind == "overflow":
        tile = TILE - 4
    return tile + GAP + MARKER


def layout_track(rect: Box, spaces: int, mutations: tuple[int, ...],
                 end: int) -> list[TrackSpace]:
    """Spaces 1..`spaces` clockwise around `rect`'s outline from its top-left corner."""
    x, y, w, h = rect
    # the four sides: start point, direction, usable length
    sides = [((x + CORNER, y), (1, 0), w - 2 * CORNER),
             ((x + w, y + CORNER), (0, 1), h - 2 * CORNER),
             ((x + w - CORNER, y + h), (-1, 0), w - 2 * CORNER),
             ((x, y + h - CORNER), (0, -1), h - 2 * CORNER)]
    kinds = [_kind(n, mutations, end) for n in range(1, spaces + 1)]
    lengths = [_length(k) for k in kinds]
    placed = _pack(lengths, [s[2] for s in sides])
    out = []
    for number, kind, (side, start, stretch) in zip(range(1, spaces + 1), kinds, placed,
                                                   strict=True):
        (sx, sy), (dx, dy), _ = sides[side]
        length = lengths[number - 1]
        extra = stretch - length  # the slack after this space's marker place

        def at(d: float, sx: float = sx, sy: float = sy, dx: int = dx, dy: int = dy) -> Point:
            return (sx + dx * d, sy + dy * d)

        tile_len = length - GAP - MARKER
        small = kind == "overflow"
        across = TILE - 4 if small else TILE
        tile_centre = at(start + extra / 2 + tile_len / 2)
        tile = _box(tile_centre, tile_len, across, dx, dy)
        if kind in ("mutation", "end"):
            mark_centre = at(start + extra / 2 + MARK / 2 + 1)
            num_centre = at(start + extra / 2 + MARK + (TILE - 1) / 2)
            mark_box: Box | None = _box(mark_centre, MARK - 2, across - 4, dx, dy)
        else:
            num_centre, mark_box = tile_centre, None
        number_box = _box(num_centre, tile_len if mark_box is None else TILE - 2, across,
                          dx, dy)
        marker = at(start + extra / 2 + tile_len + GAP + MARKER / 2)
        slot = _box(at(start + stretch / 2), stretch, max(across, MARKER + 2), dx, dy)
        out.append(TrackSpace(number, tile, number_box, mark_box, marker, slot, kind))
    return out


def _box(centre: Point, along: float, across: float, dx: int, dy: int) -> Box:
    w, h = (along, across) if dx else (across, along)
    return (centre[0] - w / 2, centre[1] - h / 2, w, h)


def _pack(lengths: list[float], sides: list[float]) -> list[tuple[int, float, float]]:
    """(side, distance along it, stretched length) for each slot: slots filled side by side,
    a slot never split between sides, each side's slack shared out among its slots."""
    total = sum(lengths)
    room = sum(sides)
    factor = room / total
    while factor > 0.5:
        rows: list[list[int]] = [[] for _ in sides]
        side, used = 0, 0.0
        for i, length in enumerate(lengths):
            if used + length * factor > sides[side] + 1e-6:
                side, used = side + 1, 0.0
                if side == len(sides):
                    break
            rows[side].append(i)
            used += length * factor
        else:
            out: list[tuple[int, float, float]] = [(0, 0.0, 0.0)] * len(lengths)
            for s, row in enumerate(rows):
                need = sum(lengths[i] for i in row)
                stretch = sides[s] / need if need else 1.0
                d = 0.0
                for i in row:
                    out[i] = (s, d, lengths[i] * stretch)
                    d += lengths[i] * stretch
            return out
        factor *= 0.98
    raise ValueError("the track's spaces do not fit around the board")


def boxes_overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def in_box(p: Point, box: Box) -> bool:
    return box[0] <= p[0] <= box[0] + box[2] and box[1] <= p[1] <= box[1] + box[3]
