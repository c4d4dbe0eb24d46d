"""The board on screen: a static layer drawn once per window size, and what moves on it.

`BoardView` maps board units (board.yaml's canvas) to pixels, draws water, islands, straits,
the track and volcano spaces into a cached surface, and each frame adds what changes: erupted
tiles, chips, stacks of Ichtos, markers and highlights. It also answers "what is under the
mouse": an area, a stack, a track space.
"""

from __future__ import annotations

import itertools
import math
import random

import pygame

from urland.engine import Board, GameState
from urland.ui import art, theme
from urland.ui.geometry import BoardGeometry, Point, board_geometry
from urland.ui.text import blit_text

ICON = 38  # Ichto icon size in board units
STACK_GAP = 40


def point_in_polygon(p: Point, poly: tuple[Point, ...]) -> bool:
    x, y = p
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


class BoardView:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.geo: BoardGeometry = board_geometry(board)
        self.rect = pygame.Rect(0, 0, *self.geo.canvas)
        self.scale = 1.0
        self.static: pygame.Surface | None = None
        self._quiet: tuple | None = None  # (key, surface, state kept alive for its id)
        self._track_points = self._compute_track()

    # --- coordinates ------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        cw, ch = self.geo.canvas
        scale = min(rect.width / cw, rect.height / ch)
        w, h = round(cw * scale), round(ch * scale)
        new = pygame.Rect(0, 0, w, h)
        new.center = rect.center
        if new != self.rect or self.static is None:
            self.rect, self.scale = new, scale
            self.static = self._render_static()
            self._glows: dict[tuple[int, tuple], pygame.Surface] = {}

    def to_screen(self, p: Point) -> tuple[int, int]:
        return (round(self.rect.x + p[0] * self.scale), round(self.rect.y + p[1] * self.scale))

    def to_board(self, pos: tuple[int, int]) -> Point:
        return ((pos[0] - self.rect.x) / self.scale, (pos[1] - self.rect.y) / self.scale)

    def px(self, units: float) -> int:
        return max(1, round(units * self.scale))

    # --- hit testing --------------------------------------------------------------------------

    def area_at(self, pos: tuple[int, int], state: GameState) -> int | None:
        """The area under a screen position: a region's root, or an ocean; None off the map."""
        p = self.to_board(pos)
        for r, outline in enumerate(self.geo.region_outlines):
            if point_in_polygon(p, outline):
                return state.root(r)
        for k, area in enumerate(self.geo.ocean_areas):
            if point_in_polygon(p, area):
                return self.board.n_regions + k
        return None

    def anchor(self, area: int) -> Point:
        if area < self.board.n_regions:
            return self.geo.region_centres[area]
        return self.geo.ocean_anchors[area - self.board.n_regions]

    def stack_slots(self, area: int, seats: list[int]) -> dict[int, Point]:
        """Where each present colour's stack stands in an area (board units)."""
        cx, cy = self.anchor(area)
        k = len(seats)
        if k == 0:
            return {}
        top_row = (k + 1) // 2 if k > 2 else k
        rows = [seats[:top_row], seats[top_row:]]
        out: dict[int, Point] = {}
        for row_index, row in enumerate(r for r in rows if r):
            y = cy + (row_index - (0.5 if k > 2 else 0)) * STACK_GAP
            for i, seat in enumerate(row):
                x = cx + (i - (len(row) - 1) / 2) * STACK_GAP * 1.15
                out[seat] = (x, y)
        return out

    def stack_at(self, pos: tuple[int, int], state: GameState) -> tuple[int, int] | None:
        """(area, seat) of the stack of Ichtos under the mouse."""
        p = self.to_board(pos)
        for area in list(state.live_regions()) + list(self.board.ocean_areas):
            seats = [s for s in range(state.n) if state.count(area, s)]
            for seat, (x, y) in self.stack_slots(area, seats).items():
                if abs(p[0] - x) <= ICON * 0.55 and abs(p[1] - y) <= ICON * 0.55:
                    return area, seat
        return None

    def track_space_at(self, pos: tuple[int, int]) -> int | None:
        """The track space under the mouse (1, 2, ...), or None."""
        x, y = self.to_board(pos)
        for i, (tx, ty) in enumerate(self._track_points):
            if abs(x - tx) <= 15 and abs(y - ty) <= 15:
                return i + 1
        return None

    def chip_at(self, pos: tuple[int, int], state: GameState) -> int | None:
        """The scored chip lying on the board under the mouse, or None."""
        x, y = self.to_board(pos)
        for chip in state.board_chips:
            cx, cy = self.geo.volcano_spaces[state.chip_area(chip)]
            if abs(x - cx) <= 16 and abs(y - cy) <= 16:
                return chip
        return None

    def volcano_at(self, pos: tuple[int, int], state: GameState) -> tuple[int, bool] | None:
        """(region, erupted) of the volcano under the mouse: an erupted one's tile over its
        strait, or a sleeping one's mark on its region; None elsewhere."""
        x, y = self.to_board(pos)
        gone = set(state.out_chips)
        board = self.board
        for r in range(board.n_regions):
            erupted = board.region_numbers[r] in gone
            vx, vy = (self.geo.strait_centre(r, board.volcano_bridge[r]) if erupted
                      else self.geo.volcano_spaces[r])
            if abs(x - vx) <= 18 and abs(y - vy) <= 18:
                return r, erupted
        return None

    # --- the static layer ---------------------------------------------------------------------

    def _render_static(self) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        surf.fill((*theme.TABLE, 255))
        s = self.scale

        def pts(poly: tuple[Point, ...]) -> list[tuple[float, float]]:
            return [(x * s, y * s) for x, y in poly]

        # frame and water
        pygame.draw.rect(surf, (58, 46, 36), surf.get_rect(), border_radius=self.px(18))
        water = surf.get_rect().inflate(-self.px(70), -self.px(70))
        pygame.draw.rect(surf, theme.DEEP_SEA, water, border_radius=self.px(10))
        for k, area in enumerate(self.geo.ocean_areas):
            pygame.draw.polygon(surf, theme.OCEAN_TINTS[k], pts(area))
        rnd = random.Random(7)
        for _ in range(140):  # little wave marks, the same every time
            x = rnd.uniform(55, self.geo.canvas[0] - 55)
            y = rnd.uniform(55, self.geo.canvas[1] - 55)
            if any(point_in_polygon((x, y), o) for o in self.geo.region_outlines):
                continue
            c = (x * s, y * s)
            pygame.draw.arc(surf, (92, 150, 188), (c[0], c[1], self.px(14), self.px(7)),
                            0.3, 2.8, max(1, self.px(1.4)))
        for line in self.geo.borders:
            _dashed(surf, theme.SEA_LINE, pts(line), max(1, self.px(2)), self.px(9))
        # straits
        for x, y in self.geo.strait_centres.values():
            pygame.draw.circle(surf, (74, 132, 168), (x * s, y * s), self.px(10))
        # islands: sand rim, land, a lighter heart
        for outline in self.geo.region_outlines:
            poly = pts(outline)
            pygame.draw.polygon(surf, theme.SAND, poly)
            pygame.draw.polygon(surf, (190, 168, 118), poly, max(1, self.px(2)))
            inner = _shrink(poly, self.px(6))
            pygame.draw.polygon(surf, theme.LAND, inner)
            heart = _shrink(poly, self.px(22))
            if len(heart) > 2:
                pygame.draw.polygon(surf, theme.LAND_LIGHT, heart)
        # volcano spaces
        icon = art.volcano_icon(self.px(26))
        for x, y in self.geo.volcano_spaces:
            surf.blit(icon, icon.get_rect(center=(x * s, y * s)))
        # ocean names
        for k, (x, y) in enumerate(self.geo.ocean_labels):
            label = self.board.ocean_ids[k]
            name = self.board.ocean_names[k]
            blit_text(surf, label, (round(x * s), round((y - 9) * s)), self.px(24),
                      (200, 228, 244), bold=True, anchor="center")
            blit_text(surf, name, (round(x * s), round((y + 10) * s)), self.px(16),
                      (168, 204, 228), anchor="center")
        # track spaces
        for i, (x, y) in enumerate(self._track_points):
            space = i + 1
            r = pygame.Rect(0, 0, self.px(27), self.px(27))
            r.center = (round(x * s), round(y * s))
            colour = (232, 220, 190)
            if space in self.board.mutation_spaces:
                colour = (190, 226, 250)
            if space == self.board.end_threshold:
                colour = (250, 200, 110)
            pygame.draw.rect(surf, colour, r, border_radius=self.px(5))
            pygame.draw.rect(surf, (96, 74, 52), r, max(1, self.px(1.5)), border_radius=self.px(5))
            if space in self.board.mutation_spaces:
                h = art.helix(self.px(22))
                surf.blit(h, h.get_rect(center=r.center))
            blit_text(surf, str(space), (r.centerx, r.centery), self.px(14), (70, 54, 40),
                      bold=space == self.board.end_threshold, anchor="center")
        if pygame.display.get_surface() is not None:
            return surf.convert()  # opaque, in the screen's format: the fastest blit
        return surf

    def _compute_track(self) -> list[Point]:
        x, y, w, h = self.geo.track_rect
        n = self.geo.track_spaces
        perimeter = 2 * (w + h)
        out = []
        for i in range(n):
            d = perimeter * i / n
            if d < w:
                out.append((x + d, y))
            elif d < w + h:
                out.append((x + w, y + d - w))
            elif d < 2 * w + h:
                out.append((x + w - (d - w - h), y + h))
            else:
                out.append((x, y + h - (d - 2 * w - h)))
        return out

    def track_point(self, position: int) -> Point:
        if position <= 0:
            return self._track_points[0]
        return self._track_points[(position - 1) % len(self._track_points)]

    # --- what changes -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState,
             hidden: dict[tuple[int, int], int] | None = None,
             highlight: set[int] | None = None, dim: set[int] | None = None,
             markers: list[float] | None = None) -> None:
        """Draw the board for a view's state. `hidden` removes Ichtos being animated or
        dragged: {(area, seat): how many}. `highlight` areas glow (legal targets); `markers`
        are track positions in motion.

        A quiet board (nothing hidden, lit or moving) is drawn once per position and then
        blitted."""
        if not hidden and not highlight and not dim and markers is None:
            key = (id(state), self.rect.size)
            if self._quiet is None or self._quiet[0] != key:
                layer = pygame.Surface(self.rect.size)
                offset = self.rect.topleft
                self.rect.topleft = (0, 0)
                try:
                    self._draw_layers(layer, state, {}, set(), set(), None)
                finally:
                    self.rect.topleft = offset
                self._quiet = (key, layer, state)
            surface.blit(self._quiet[1], self.rect)
            return
        self._draw_layers(surface, state, hidden or {}, highlight or set(), dim or set(),
                          markers)

    def _draw_layers(self, surface: pygame.Surface, state: GameState,
                     hidden: dict[tuple[int, int], int], highlight: set[int],
                     dim: set[int], markers: list[float] | None) -> None:
        assert self.static is not None
        surface.blit(self.static, self.rect)
        board = self.board
        for area in highlight:
            self._glow_area(surface, area, state, theme.HIGHLIGHT)
        for area in dim:
            self._glow_area(surface, area, state, (20, 20, 20), alpha=90)
        # erupted volcanoes: a tile over the strait, and the region's number greyed
        gone = set(state.out_chips)
        tile = art.volcano_tile(self.px(44))
        for r in range(board.n_regions):
            if board.region_numbers[r] in gone:
                x, y = self.geo.strait_centre(r, board.volcano_bridge[r])
                surface.blit(tile, tile.get_rect(center=self.to_screen((x, y))))
        for r in range(board.n_regions):
            root = state.root(r)
            x, y = self.geo.region_centres[r]
            number = board.region_numbers[r]
            pos = self.to_screen((x - 36, y - 44))
            if root == r and number not in gone:
                _badge(surface, str(number), pos, self.px(26), theme.PAPER, theme.INK)
            elif root == r:
                _badge(surface, str(number), pos, self.px(22), (150, 140, 120), (80, 70, 60))
            else:
                _badge(surface, f"({board.region_numbers[root]})", pos, self.px(22),
                       (96, 84, 72), (230, 220, 200))
        for chip in state.board_chips:
            r = state.chip_area(chip)
            image = art.chip(chip, self.px(30))
            surface.blit(image, image.get_rect(center=self.to_screen(self.geo.volcano_spaces[r])))
        self.draw_stacks(surface, state, hidden)
        self.draw_markers(surface, state, markers)

    def _glow_area(self, surface: pygame.Surface, area: int, state: GameState,
                   colour: theme.Colour, alpha: int = 120) -> None:
        """Light up an area: a region (all parts of an extended one) or an ocean's water only.
        The glow is drawn once per area and size, then only blitted."""
        if area < self.board.n_regions:
            parts = tuple(r for r in range(self.board.n_regions) if state.root(r) == area)
        else:
            parts = (area,)
        key = (area, parts, colour, alpha)
        glow = self._glows.get(key)
        if glow is None:
            glow = self._glows[key] = self._render_glow(parts, colour, alpha)
        surface.blit(glow, self.rect)

    def _render_glow(self, parts: tuple[int, ...], colour: theme.Colour,
                     alpha: int) -> pygame.Surface:
        overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        s = self.scale
        width = max(2, self.px(4))
        regions = self.board.n_regions
        for part in parts:
            if part < regions:
                poly = [(x * s, y * s) for x, y in self.geo.region_outlines[part]]
                pygame.draw.polygon(overlay, (*colour, alpha // 2), poly)
                pygame.draw.polygon(overlay, (*colour, min(255, alpha + 60)), poly, width)
            else:
                poly = [(x * s, y * s) for x, y in self.geo.ocean_areas[part - regions]]
                pygame.draw.polygon(overlay, (*colour, alpha * 2 // 3), poly)
                for outline in self.geo.region_outlines:  # water only: islands stay unlit
                    pygame.draw.polygon(overlay, (0, 0, 0, 0),
                                        [(x * s, y * s) for x, y in outline])
        return overlay

    def draw_stacks(self, surface: pygame.Surface, state: GameState,
                    hidden: dict[tuple[int, int], int]) -> None:
        size = self.px(ICON)
        font_px = self.px(17)
        for area in list(state.live_regions()) + list(self.board.ocean_areas):
            counts = {s: state.count(area, s) - hidden.get((area, s), 0) for s in range(state.n)}
            seats = [s for s in range(state.n) if counts[s] > 0]
            for seat, p in self.stack_slots(area, seats).items():
                centre = self.to_screen(p)
                self.draw_stack(surface, state.colours[seat], counts[seat], centre, size, font_px)

    @staticmethod
    def draw_stack(surface: pygame.Surface, colour: int, count: int, centre: tuple[int, int],
                   size: int, font_px: int, glow: bool = False) -> None:
        if count > 1:
            back = art.ichto(colour, size)
            surface.blit(back, back.get_rect(center=(centre[0] - size // 7, centre[1] - size // 7)))
        image = art.ichto(colour, size, glow)
        surface.blit(image, image.get_rect(center=centre))
        if count > 1:
            _badge(surface, str(count), (centre[0] + size // 3, centre[1] + size // 4), font_px,
                   (250, 246, 236), theme.INK)

    def draw_markers(self, surface: pygame.Surface, state: GameState,
                     positions: list[float] | None = None) -> None:
        size = self.px(30)
        track = positions if positions is not None else state.track
        for seat, position in enumerate(track):
            x, y = self._interpolated(position)
            image = art.ichto(state.colours[seat], size)
            surface.blit(image, image.get_rect(center=self.to_screen((x, y - 4))))
            if position > len(self._track_points):
                _badge(surface, f"+{len(self._track_points)}", self.to_screen((x + 12, y + 10)),
                       self.px(13), theme.ACCENT, theme.INK)

    def _interpolated(self, position: float) -> Point:
        low = math.floor(position)
        frac = position - low
        a = self.track_point(int(low))
        if frac < 1e-6:
            return a
        b = self.track_point(int(low) + 1)
        return (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac - math.sin(
            frac * math.pi) * 14)

    def track_space_screen(self, position: int) -> tuple[int, int]:
        return self.to_screen(self.track_point(position))


def _badge(surface: pygame.Surface, text: str, centre: tuple[int, int], pixels: int,
           fill: theme.Colour, ink: theme.Colour) -> None:
    from urland.ui.text import render

    image = render(text, pixels, ink, True)
    r = image.get_rect(center=centre).inflate(pixels // 2, pixels // 5)
    r.width = max(r.width, r.height)
    r.center = centre
    pygame.draw.rect(surface, fill, r, border_radius=r.height // 2)
    pygame.draw.rect(surface, ink, r, max(1, pixels // 14), border_radius=r.height // 2)
    surface.blit(image, image.get_rect(center=(centre[0], centre[1] + 1)))


def _dashed(surface: pygame.Surface, colour: theme.Colour, points: list, width: int,
            dash: int) -> None:
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // dash))
        for i in range(0, steps, 2):
            a, b = i / steps, min(1, (i + 1) / steps)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


def _shrink(poly: list[tuple[float, float]], amount: float) -> list[tuple[float, float]]:
    """Move each point towards the polygon's centre by `amount` pixels (a cheap inset)."""
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    out = []
    for x, y in poly:
        d = math.hypot(x - cx, y - cy)
        if d <= amount:
            continue
        f = (d - amount) / d
        out.append((cx + (x - cx) * f, cy + (y - cy) * f))
    return out
