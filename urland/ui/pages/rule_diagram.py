"""A rules page's worked example drawn by the game's own board renderer: the position before,
and after the move the engine played (with an arrow between), each a small board."""

from __future__ import annotations

import pygame

from urland.engine import GameState
from urland.texts.i18n import _
from urland.texts.rules_pages import Diagram
from urland.ui import theme as th
from urland.ui.board.arrow import draw_arrow
from urland.ui.board.board_view import BoardView
from urland.ui.text import blit_text

_cache: dict[tuple, pygame.Surface] = {}
MARGIN = 110  # board units around the areas a picture zooms in on
TRACK_MARGIN = 40  # ... and around the track spaces a picture of the track shows


def _crop(view: BoardView, diagram: Diagram) -> pygame.Rect:
    """The part of the board (board units) the picture shows: around the areas and track
    spaces it is about, or all of it."""
    canvas = pygame.Rect((0, 0), view.geo.canvas)
    points = [view.anchor(a) for a in diagram.focus]
    if diagram.track is not None:
        first, last = diagram.track
        points += [view.track_point(p) for p in range(first, last + 1)]
    if not points:
        return canvas
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    m = MARGIN if diagram.track is None else TRACK_MARGIN
    box = pygame.Rect(min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m,
                      max(ys) - min(ys) + 2 * m)
    if diagram.track is None:  # an area's picture: square, like the room it gets
        side = max(box.width, box.height)
        box = pygame.Rect(0, 0, side, side).move(box.centerx - side // 2,
                                                 box.centery - side // 2)
    return box.clamp(canvas).clip(canvas)


def _board(state: GameState, diagram: Diagram, room: tuple[int, int],
           glow: frozenset[int]) -> pygame.Surface:
    """The picture of `state`, as large as fits in `room` (width, height)."""
    key = (id(state), id(diagram), room)
    if key not in _cache:
        view = BoardView(state.board)
        crop = _crop(view, diagram)
        scale = min(room[0] / crop.width, room[1] / crop.height)
        cw, ch = view.geo.canvas
        view.layout(pygame.Rect(0, 0, round(cw * scale), round(ch * scale)))
        view.rect.topleft = (0, 0)
        whole = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        view.draw(whole, state, highlight=set(glow))
        part = pygame.Rect(view.to_screen(crop.topleft), (view.px(crop.width),
                                                          view.px(crop.height)))
        _cache[key] = whole.subsurface(part.clip(whole.get_rect())).copy()
    return _cache[key]


def draw_diagram(surface: pygame.Surface, t: th.Theme, diagram: Diagram,
                 area: pygame.Rect) -> pygame.Rect:
    """Draw the example's board(s) centred at the top of `area`; the rect they took."""
    boards = [diagram.before] + ([diagram.after] if diagram.after is not None else [])
    # a strip of the track: before above after; boards: side by side, an arrow between
    stacked = diagram.track is not None and len(boards) == 2
    label_h = t.px(24)
    gap = t.px(60) if len(boards) == 2 and not stacked else 0
    if stacked:
        room = (area.width, max(30, (area.height - 2 * label_h) // 2))
    else:
        room = ((area.width - gap) // len(boards), max(40, area.height - label_h))
    pictures = [_board(state, diagram, room, diagram.glow if i == 0 else frozenset())
                for i, state in enumerate(boards)]
    width, height = pictures[0].get_size()
    total = width if stacked else width * len(boards) + gap
    x = area.centerx - total // 2
    used = pygame.Rect(x, area.top, total, 0)
    for i, picture in enumerate(pictures):
        if stacked:
            where = picture.get_rect(topleft=(x, area.top + i * (height + label_h)))
        else:
            where = picture.get_rect(topleft=(x + i * (width + gap), area.top))
        surface.blit(picture, where)
        if len(boards) == 2:
            blit_text(surface, _("before") if i == 0 else _("after"),
                      (where.centerx, where.bottom + t.px(2)), t.px(18), (110, 100, 86),
                      anchor="midtop")
        used.height = max(used.height, where.bottom + label_h - area.top)
    if gap:
        mid_y = area.top + height // 2
        left = x + width + t.px(10)
        draw_arrow(surface, (left, mid_y), (left + gap - t.px(20), mid_y), t.px(6), 1.0)
    return used
