"""The board on screen: a painted map drawn once per window size, the living sea over it, and
the pieces.

`BoardView` maps board units (board.yaml's canvas) to pixels. The still picture (board_static.py:
the painted sea and islands, ocean names, volcanoes, the track laid out by track.py) is made once
per size; each frame adds the moving water (seafx.py) and volcano smoke (volcanoes.py), then the
pieces: extended regions drawn as one land and the region numbers (region_marks.py), lava
bridges, chips, stacks of Ichtos in free places clear of every mark (piece_layout.py), markers
beside their track numbers, and highlights. A quiet position's pieces are drawn once into a
transparent layer and blitted. It also answers "what is under the mouse": an area, a stack, a
track space, a chip, a volcano.
"""

from __future__ import annotations

import math

import pygame

from urland.engine import Board, GameState
from urland.ui import art, theme
from urland.ui.board import board_static, piece_layout, region_marks, terrain, ticker
from urland.ui.board.geometry import BoardGeometry, Point, board_geometry
from urland.ui.board.region_marks import TAG_BELOW, badge
from urland.ui.board.seafx import Sea
from urland.ui.board.track import TrackSpace, boxes_overlap, in_box, layout_track
from urland.ui.board.volcanoes import Volcanoes

ICON = 38  # Ichto icon size in board units


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
        self.labelled = True  # ocean names and track numbers (not on a blurred backdrop)
        self.static: pygame.Surface | None = None
        self._quiet: tuple | None = None  # (key, surface, state kept alive for its id)
        self._shade: tuple | None = None  # (key, overlay) of the last spotlight
        self.track: list[TrackSpace] = layout_track(
            self.geo.track_rect, self.geo.track_spaces, board.mutation_spaces,
            board.end_threshold)
        self._track_points = [space.marker for space in self.track]
        self.sea: Sea | None = None
        self.volcanoes = Volcanoes(self)
        self.animate = True  # the sea moves and volcanoes smoke (off: a still picture)
        n = board.n_regions
        self._seen: tuple[tuple[int, ...], frozenset[int]] = (tuple(range(n)), frozenset())
        self._place_cache: dict[tuple, list[Point]] = {}
        self._stack_scales: dict[tuple[int, int], float] = {}
        self._slot_cache: dict[tuple[int, int], tuple[list[Point], float]] = {}
        self.crowded: set[tuple[int, int]] = set()  # (area, colours) with no free room left

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
            self.rims: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
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

    def chip_at(self, pos: tuple[int, int], state: GameState) -> int | None:
        """The number of the scored chip lying under a screen position, or None."""
        p = self.to_board(pos)
        for chip in state.board_chips:
            x, y = self.geo.volcano_spaces[state.chip_area(chip)]
            if abs(p[0] - x) <= 16 and abs(p[1] - y) <= 16:
                return chip
        return None

    def volcano_at(self, pos: tuple[int, int], state: GameState | None = None) -> int | None:
        """The region whose volcano is under a screen position (with `state`, an erupted one's
        lava bridge over its strait too), or None."""
        p = self.to_board(pos)
        board = self.board
        if state is not None:
            for r in range(board.n_regions):
                if board.region_numbers[r] in state.out_chips:
                    x, y = self.geo.strait_centre(r, board.volcano_bridge[r])
                    if abs(p[0] - x) <= 18 and abs(p[1] - y) <= 18:
                        return r
        for r in range(board.n_regions):
            if in_box(p, piece_layout.volcano_box(self.geo, r)):
                return r
        return None

    def anchor(self, area: int) -> Point:
        if area < self.board.n_regions:
            return self.geo.region_centres[area]
        return self.geo.ocean_anchors[area - self.board.n_regions]

    def stack_slots(self, area: int, seats: list[int],
                    state: GameState | None = None) -> dict[int, Point]:
        """Where each present colour's stack stands in an area (board units): in free places of
        its land or water, clear of numbers, volcanoes, chips and bridges, never overlapping.
        An extended region's parts come from `state`, else from the last state seen."""
        if state is not None:
            self._see(state)
        if not seats:
            return {}
        k = len(seats)
        key = (area, k)
        if key not in self._slot_cache:
            self._slot_cache[key] = self._lay_out(area, k)
        points, scale = self._slot_cache[key]
        self._stack_scales[key] = scale
        return dict(zip(seats, points, strict=True))

    def _lay_out(self, area: int, k: int) -> tuple[list[Point], float]:
        """`k` places for stacks in an area and the size they are drawn at: full size when
        there is room, smaller when crowded."""
        for scale in piece_layout.SCALES:
            chosen = piece_layout.choose(self._places(area, scale), k, scale)
            if len(chosen) == k:
                return chosen, scale
        # no room even for small stacks: a tight row around the centre
        self.crowded.add((area, k))
        scale = piece_layout.SCALES[-1]
        cx, cy = self.anchor(area)
        step = piece_layout.FOOT_W * scale
        return [(cx + (i - (k - 1) / 2) * step, cy) for i in range(k)], scale

    def stack_scale(self, area: int, k: int) -> float:
        """How large (1 = full size) the stacks are drawn in an area holding `k` colours."""
        if (area, k) not in self._stack_scales:
            self.stack_slots(area, list(range(k)))
        return self._stack_scales[(area, k)]

    def _see(self, state: GameState) -> None:
        """Remember which regions are merged and which volcanoes erupted: stacks make room."""
        roots = tuple(state.root(r) for r in range(self.board.n_regions))
        gone = frozenset(state.out_chips)
        if (roots, gone) != self._seen:
            self._seen = (roots, gone)
            self._stack_scales.clear()
            self._slot_cache.clear()

    def parts(self, area: int) -> tuple[int, ...]:
        """The regions an area is made of (the parts of an extended region), as last seen."""
        if area >= self.board.n_regions:
            return (area,)
        roots = self._seen[0]
        return tuple(r for r in range(self.board.n_regions) if roots[r] == area) or (area,)

    def erupted(self) -> list[int]:
        """The regions whose volcano erupted (their chip left the game), as last seen."""
        return [r for r in range(self.board.n_regions)
                if self.board.region_numbers[r] in self._seen[1]]

    def _places(self, area: int, scale: float) -> list[Point]:
        """The free places of an area (see piece_layout), worked out again only when what
        lies in it changes (a merge, a bridge or a region number near it)."""
        geo = self.geo
        parts = self.parts(area)
        if area < self.board.n_regions:
            inside = [geo.region_outlines[r] for r in parts]
            outside: list[tuple[Point, ...]] = []
        else:
            inside = [geo.ocean_areas[area - self.board.n_regions]]
            outside = list(geo.region_outlines)
        bridges = [self.bridge_pose(r)[0] for r in self.erupted()]
        blocked = piece_layout.obstacles(geo, bridges)
        blocked += [self.badge_box(r) for r in range(self.board.n_regions)]
        xs = [x for poly in inside for x, _ in poly]
        ys = [y for poly in inside for _, y in poly]
        extent = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        near = tuple(b for b in blocked if boxes_overlap(b, extent))
        key = (area, parts, near, scale)
        places = self._place_cache.get(key)
        if places is None:
            places = piece_layout.free_places(inside, outside, near, self.anchor(area), scale)
            self._place_cache[key] = places
        return places

    def badge_box(self, region: int) -> tuple[float, float, float, float]:
        """The box of a region's number on the board (an extended region's is wider: it
        names its parts)."""
        x, y, w, h = piece_layout.badge_box(self.geo, region)
        joined = len(self.parts(region)) - 1
        if self._seen[0][region] == region and joined:  # the joined parts' numbers below
            w, h = max(w, 12 + 24 * joined), h + TAG_BELOW
        return (x, y, w, h)

    def stack_at(self, pos: tuple[int, int], state: GameState) -> tuple[int, int] | None:
        """(area, seat) of the stack of Ichtos under the mouse."""
        p = self.to_board(pos)
        self._see(state)
        for area in list(state.live_regions()) + list(self.board.ocean_areas):
            seats = [s for s in range(state.n) if state.count(area, s)]
            reach = ICON * 0.55 * self.stack_scale(area, len(seats)) if seats else 0
            for seat, (x, y) in self.stack_slots(area, seats).items():
                if abs(p[0] - x) <= reach and abs(p[1] - y) <= reach:
                    return area, seat
        return None

    def stacks_rect(self, area: int, state: GameState) -> pygame.Rect:
        """The screen box around the stacks of Ichtos standing in `area` (its anchor alone
        when none stands there): what a menu about the area must leave in view."""
        self._see(state)
        seats = [s for s in range(state.n) if state.count(area, s)]
        reach = ICON * 0.6 * self.stack_scale(area, len(seats)) if seats else 0
        points = list(self.stack_slots(area, seats).values()) or [self.anchor(area)]
        box = pygame.Rect(self.to_screen(points[0]), (0, 0))
        for x, y in points:
            box.union_ip(pygame.Rect(self.to_screen((x - reach, y - reach)),
                                     (self.px(2 * reach), self.px(2 * reach))))
        return box

    # --- the static layer ---------------------------------------------------------------------

    def _render_static(self) -> pygame.Surface:
        surf = board_static.render(self)
        if pygame.display.get_surface() is not None:
            return surf.convert()  # opaque, in the screen's format: the fastest blit
        return surf

    def track_point(self, position: int) -> Point:
        """Where a marker on the space stands (beside its number, never on it). A marker past
        the last space drawn stands on the last one, its score written on it."""
        points = self._track_points
        return points[min(max(position, 1), len(points)) - 1]

    def track_space_at(self, pos: tuple[int, int]) -> int | None:
        """The number of the track space under a screen position (its tile or its marker's
        place), or None."""
        if not self.rect.collidepoint(pos):
            return None
        p = self.to_board(pos)
        for space in self.track:
            if in_box(p, space.slot):
                return space.number
        return None

    # --- what changes -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState,
             hidden: dict[tuple[int, int], int] | None = None,
             highlight: set[int] | None = None, dim: set[int] | None = None,
             markers: list[float] | None = None, spotlight: bool = False,
             marked: set[int] | None = None) -> None:
        """Draw the board for a view's state. `hidden` removes Ichtos being animated or
        dragged: {(area, seat): how many}. `highlight` areas glow (legal targets); with
        `spotlight` everything else is dimmed, so the places one may choose stand out;
        `marked` areas glow orange (what a caption or a choice is about: the region scored,
        the one that panics); `markers` are track positions in motion.

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
                self._draw_frame(surface, state, now, hidden, highlight, dim, markers,
                                 spotlight, marked)
            finally:
                self.rect.topleft = home
            return
        self._draw_frame(surface, state, now, hidden, highlight, dim, markers, spotlight, marked)

    def _draw_frame(self, surface: pygame.Surface, state: GameState, now: float,
                    hidden: dict[tuple[int, int], int] | None, highlight: set[int] | None,
                    dim: set[int] | None, markers: list[float] | None,
                    spotlight: bool = False, marked: set[int] | None = None) -> None:
        assert self.static is not None
        surface.blit(self.static, self.rect)
        if self.animate:
            if self.sea is None:
                self.sea = _sea(self.geo, self.rect.size)
            self.sea.draw(surface, self.rect.topleft, now)
        self.volcanoes.draw_below(surface, state, now)
        if spotlight and highlight:
            surface.blit(self._shade_except(state, frozenset(highlight)), self.rect)
        for area in highlight or ():
            self._glow_area(surface, area, state, theme.HIGHLIGHT)
        for area in dim or ():
            self._glow_area(surface, area, state, (20, 20, 20), alpha=90)
        for area in marked or ():
            self._glow_area(surface, area, state, theme.MARKED, alpha=70)
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
        self._see(state)
        gone = set(state.out_chips)
        for r in state.live_regions():  # an extended region: one rim around all its land
            if len(self.parts(r)) > 1:
                rim, (x, y) = region_marks.merged_land(self, self.parts(r))
                surface.blit(rim, (self.rect.x + x, self.rect.y + y))
        for r in range(board.n_regions):  # erupted volcanoes: a lava bridge over the strait
            if board.region_numbers[r] in gone:
                self.draw_bridge(surface, r)
        for r in range(board.n_regions):
            region_marks.draw_number(self, surface, state, r)
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

    def _shade_except(self, state: GameState, lit: frozenset[int]) -> pygame.Surface:
        """One overlay darkening the whole board but the `lit` areas (the last one is kept:
        a drag asks for the same set frame after frame)."""
        key = (lit, tuple(state.parent), self.rect.size)
        if self._shade is not None and self._shade[0] == key:
            return self._shade[1]
        s = self.scale
        regions = self.board.n_regions
        overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        overlay.fill((8, 16, 28, 120))
        clear = (0, 0, 0, 0)
        for area in lit:
            if area >= regions:
                pygame.draw.polygon(overlay, clear, [(x * s, y * s) for x, y in
                                                     self.geo.ocean_areas[area - regions]])
        for r, outline in enumerate(self.geo.region_outlines):  # islands: lit or shaded
            poly = [(x * s, y * s) for x, y in outline]
            pygame.draw.polygon(overlay, clear if state.root(r) in lit else (8, 16, 28, 120),
                                poly)
        self._shade = (key, overlay)
        return overlay

    def _render_glow(self, parts: tuple[int, ...], colour: theme.Colour,
                     alpha: int) -> pygame.Surface:
        """A lit area brightens (a light wash and a glowing rim), a marked one is ringed in its
        colour, a dimmed one darkens. Water is washed with a pale light, not the highlight's
        yellow, which would turn the blue sea grey."""
        overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        s = self.scale
        lit = colour == theme.HIGHLIGHT
        ringed = lit or colour == theme.MARKED  # a glowing rim, not a plain edge
        rim, halo = max(2, self.px(3.5)), max(4, self.px(11))
        regions = self.board.n_regions
        for part in parts:
            if part < regions:
                poly = [(x * s, y * s) for x, y in self.geo.region_outlines[part]]
                fill = (255, 244, 196, alpha // 2) if lit else (*colour, alpha // 2)
            else:
                poly = [(x * s, y * s) for x, y in self.geo.ocean_areas[part - regions]]
                fill = ((196, 238, 255, alpha * 2 // 3) if lit else (0, 0, 0, 0) if ringed
                        else (*colour, alpha * 2 // 3))  # an orange wash greys the sea
            pygame.draw.polygon(overlay, fill, poly)
            if ringed:
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
            if not seats:
                continue
            slots = self.stack_slots(area, seats, state)
            scale = self.stack_scale(area, len(seats))
            for seat, p in slots.items():
                self.draw_stack(surface, state.colours[seat], counts[seat], self.to_screen(p),
                                round(size * scale), max(1, round(font_px * scale)))

    @staticmethod
    def draw_stack(surface: pygame.Surface, colour: int, count: int, centre: tuple[int, int],
                   size: int, font_px: int, glow: bool = False) -> None:
        if count > 1:
            back = art.ichto(colour, size)
            surface.blit(back, back.get_rect(center=(centre[0] - size // 7, centre[1] - size // 7)))
        image = art.ichto(colour, size, glow)
        surface.blit(image, image.get_rect(center=centre))
        if count > 1:
            badge(surface, str(count), (centre[0] + size // 3, centre[1] + size // 4), font_px,
                   (250, 246, 236), theme.INK)

    def draw_markers(self, surface: pygame.Surface, state: GameState,
                     positions: list[float] | None = None) -> None:
        size = self.px(28)
        track = positions if positions is not None else state.track
        last = len(self._track_points)
        for seat, position in enumerate(track):
            x, y = self._interpolated(position)
            image = art.ichto(state.colours[seat], size)
            surface.blit(image, image.get_rect(center=self.to_screen((x, y))))
            if position > last:  # past the last space drawn: the score on the marker
                badge(surface, str(round(position)), self.to_screen((x, y + 10)),
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


_SEAS: dict[tuple, Sea] = {}


def _sea(geo: BoardGeometry, size: tuple[int, int]) -> Sea:
    """The sea's animation for a board size, made once (like the painted map under it)."""
    key = (geo.canvas, geo.region_outlines, size)
    if key not in _SEAS:
        if len(_SEAS) >= 4:
            _SEAS.pop(next(iter(_SEAS)))
        _SEAS[key] = Sea(geo, terrain.terrain(geo, size))
    return _SEAS[key]
