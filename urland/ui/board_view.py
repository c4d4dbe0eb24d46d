"""The board on screen: a painted map drawn once per window size, the living sea over it, and
the pieces.

`BoardView` maps board units (board.yaml's canvas) to pixels. The still picture (board_static.py:
the painted sea and islands, ocean names, volcanoes, the track) is made once per size; each frame
adds the moving water (seafx.py) and volcano smoke (volcanoes.py), then the pieces: lava bridges,
chips, stacks of Ichtos, markers and highlights. A quiet position's pieces are drawn once into a
transparent layer and blitted. It also answers "what is under the mouse": an area, a stack, a
track space.
"""

from __future__ import annotations

import math

import pygame

from urland.engine import Board, GameState
from urland.ui import art, board_static, terrain, theme, ticker
from urland.ui.geometry import BoardGeometry, Point, board_geometry
from urland.ui.seafx import Sea
from urland.ui.volcanoes import Volcanoes

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
        self.sea: Sea | None = None
        self.volcanoes = Volcanoes(self)
        self.animate = True  # the sea moves and volcanoes smoke (off: a still picture)

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
            self.sea = None  # made on the first frame drawn (a backdrop never needs it)
            self._glows: dict[tuple[int, tuple], pygame.Surface] = {}
            self._quiet = None

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
        surf = board_static.render(self)
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

        The map is blitted, the sea and smoke move over it, lit areas glow, then the pieces:
        drawn once per position (and per set of hidden Ichtos) into a transparent layer, then
        only blitted; markers in motion are drawn each frame over it."""
        assert self.static is not None
        now = ticker.now()
        shake = self.volcanoes.shake(state, now) if self.animate else (0, 0)
        if shake != (0, 0):  # an eruption shakes the islands for a moment
            home = self.rect.topleft
            surface.fill(theme.TABLE, self.rect)
            self.rect.move_ip(self.px(shake[0]), self.px(shake[1]))
            try:
                self._draw_frame(surface, state, now, hidden, highlight, dim, markers)
            finally:
                self.rect.topleft = home
            return
        self._draw_frame(surface, state, now, hidden, highlight, dim, markers)

    def _draw_frame(self, surface: pygame.Surface, state: GameState, now: float,
                    hidden: dict[tuple[int, int], int] | None, highlight: set[int] | None,
                    dim: set[int] | None, markers: list[float] | None) -> None:
        assert self.static is not None
        surface.blit(self.static, self.rect)
        if self.animate:
            if self.sea is None:
                self.sea = _sea(self.geo, self.rect.size)
            self.sea.draw(surface, self.rect.topleft, now)
        self.volcanoes.draw_below(surface, state, now)
        for area in highlight or ():
            self._glow_area(surface, area, state, theme.HIGHLIGHT)
        for area in dim or ():
            self._glow_area(surface, area, state, (20, 20, 20), alpha=90)
        hidden = hidden or {}
        key = (id(state), self.rect.size, frozenset(hidden.items()), markers is None)
        if self._quiet is None or self._quiet[0] != key:
            layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            offset = self.rect.topleft
            self.rect.topleft = (0, 0)
            try:
                self._draw_pieces(layer, state, hidden, with_markers=markers is None)
            finally:
                self.rect.topleft = offset
            layer.set_alpha(255, pygame.RLEACCEL)  # mostly clear: blits skip the gaps
            self._quiet = (key, layer, state)
        surface.blit(self._quiet[1], self.rect)
        if markers is not None:
            self.draw_markers(surface, state, markers)
        self.volcanoes.draw_above(surface, state, now)

    def _draw_pieces(self, surface: pygame.Surface, state: GameState,
                     hidden: dict[tuple[int, int], int], with_markers: bool = True) -> None:
        board = self.board
        gone = set(state.out_chips)
        for r in range(board.n_regions):  # erupted volcanoes: a lava bridge over the strait
            if board.region_numbers[r] in gone:
                self.draw_bridge(surface, r)
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
            image = art.chip(chip, self.px(32))
            surface.blit(image, image.get_rect(center=self.to_screen(self.geo.volcano_spaces[r])))
        self.draw_stacks(surface, state, hidden)
        if with_markers:
            self.draw_markers(surface, state)

    def bridge_pose(self, region: int) -> tuple[Point, float, float]:
        """Where an erupted region's lava bridge lies: its centre (board units), its direction
        (degrees, counter-clockwise from east) and its length (board units)."""
        board = self.board
        q = board.volcano_bridge[region]
        x, y = self.geo.strait_centre(region, q)
        (ax, ay), (bx, by) = self.geo.region_centres[region], self.geo.region_centres[q]
        angle = -math.degrees(math.atan2(by - ay, bx - ax))
        return (x, y), angle, 54.0

    def draw_bridge(self, surface: pygame.Surface, region: int) -> None:
        (x, y), angle, length = self.bridge_pose(region)
        image = art.lava_bridge(self.px(length), self.px(34), round(angle))
        surface.blit(image, image.get_rect(center=self.to_screen((x, y))))

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
        """A lit area brightens (a light wash and a glowing rim); a dimmed one darkens. Water
        is washed with a pale light, not the highlight's yellow, which would turn the blue sea
        grey."""
        overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        s = self.scale
        lit = colour == theme.HIGHLIGHT
        rim, halo = max(2, self.px(3.5)), max(4, self.px(11))
        regions = self.board.n_regions
        for part in parts:
            if part < regions:
                poly = [(x * s, y * s) for x, y in self.geo.region_outlines[part]]
                fill = (255, 244, 196, alpha // 2) if lit else (*colour, alpha // 2)
            else:
                poly = [(x * s, y * s) for x, y in self.geo.ocean_areas[part - regions]]
                fill = (196, 238, 255, alpha * 2 // 3) if lit else (*colour, alpha * 2 // 3)
            pygame.draw.polygon(overlay, fill, poly)
            if lit:
                pygame.draw.polygon(overlay, (*colour, 110), poly, halo)
                pygame.draw.polygon(overlay, (*colour, 235), poly, rim)
            else:
                pygame.draw.polygon(overlay, (*colour, min(255, alpha + 60)), poly, rim)
            if part >= regions:
                for outline in self.geo.region_outlines:  # water only: islands stay unlit
                    pygame.draw.polygon(overlay, (0, 0, 0, 0),
                                        [(x * s, y * s) for x, y in outline])
        overlay.set_alpha(255, pygame.RLEACCEL)  # only the lit pixels cost a blit
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


_SEAS: dict[tuple, Sea] = {}


def _sea(geo: BoardGeometry, size: tuple[int, int]) -> Sea:
    """The sea's animation for a board size, made once (like the painted map under it)."""
    key = (geo.canvas, geo.region_outlines, size)
    if key not in _SEAS:
        if len(_SEAS) >= 4:
            _SEAS.pop(next(iter(_SEAS)))
        _SEAS[key] = Sea(geo, terrain.terrain(geo, size))
    return _SEAS[key]
