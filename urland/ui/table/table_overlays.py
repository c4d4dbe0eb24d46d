"""What the table draws over the board: the banner, an area's menu of moves, tooltips, callouts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from urland.engine import GameState
from urland.texts.genes import gene_texts
from urland.texts.i18n import _, fmt
from urland.texts.words import area_label, joined_list
from urland.ui import art
from urland.ui import theme as th
from urland.ui.board.board_tips import board_mark_tip
from urland.ui.board.board_view import BoardView
from urland.ui.table.side_panel import SidePanel
from urland.ui.text import (
    blit_text,
    blit_wrapped,
    ellipsized,
    fitting_size,
    line_height,
    render,
    text_width,
    wrap,
)
from urland.ui.widgets import panel

CREAM = (250, 244, 226)
SKIP_INK = (128, 112, 92)  # a quiet line on cream


def draw_banner(surface: pygame.Surface, t: th.Theme, rect: pygame.Rect, status: str,
                colour: int | None, text: str, text_right: int | None = None) -> None:
    """The bar at the top: turn and epoch, who acts and what to do (kept left of
    `text_right`, where the bar's buttons begin)."""
    pygame.draw.rect(surface, (26, 34, 44), rect)
    pygame.draw.line(surface, th.ACCENT_DARK, rect.bottomleft, rect.bottomright, t.px(2))
    blit_text(surface, status, (t.px(16), rect.centery), t.px(24), th.TEXT_DIM,
              anchor="midleft")
    if colour is not None:
        icon = art.ichto(colour, t.px(38))
        surface.blit(icon, icon.get_rect(center=(t.px(210), rect.centery)))
    room = (text_right or rect.right) - t.px(236) - t.px(10)
    size = fitting_size(text, t.px(27), room, True)
    lines = [text]
    if text_width(text, size, True) > room:  # too long even small: two lines, else cut short
        lines = wrap(text, size, room, True)
        if len(lines) > 2 or 2 * line_height(size, True) > rect.height:
            lines = [ellipsized(text, size, room, True)]
    step = line_height(size, True)
    top = rect.centery - step * len(lines) // 2
    for i, line in enumerate(lines):
        blit_text(surface, line, (t.px(236), top + i * step + step // 2), size, th.TEXT, True,
                  anchor="midleft")


TOP_ROW, BOTTOM_ROW = 1, 25  # track spaces of the board's top and bottom rows


def draw_board_note(surface: pygame.Surface, t: th.Theme, board: BoardView, text: str,
                    error: bool, about: Sequence[int] = ()) -> pygame.Rect:
    """A note over the board: under the score track's top row, or above its bottom row when
    it would cover one of the areas `about` (the places a hint speaks of); returns its panel."""
    below_top = board.track_space_screen(TOP_ROW)[1] + board.px(24)
    r = draw_note(surface, t, board.rect.centerx, below_top, text, error,
                  board.rect.width - t.px(40), draw=False)
    if _covers(r, _screen_points(board, about), t.px(40)):
        r.bottom = board.track_space_screen(BOTTOM_ROW)[1] - board.px(24)
    return draw_note(surface, t, r.centerx, r.top, text, error, board.rect.width - t.px(40))


def _screen_points(view: BoardView, areas: Iterable[int]) -> list[tuple[int, int]]:
    """Where on screen each of `areas` is drawn (the point its pieces gather around)."""
    return [view.to_screen(view.anchor(area)) for area in areas]


def _outline_points(view: BoardView, areas: Iterable[int]) -> list[tuple[int, int]]:
    """Points all over each of `areas` on screen: a region's outline and its centre, an
    ocean's anchor (a caption over any of them hides part of what it speaks of)."""
    points = []
    for area in areas:
        if area < view.board.n_regions:
            points += [view.to_screen(p) for p in view.geo.region_outlines[area]]
        points.append(view.to_screen(view.anchor(area)))
    return points


def _covered(panel_rect: pygame.Rect, points: list[tuple[int, int]], margin: int) -> int:
    """How many of `points` a panel at `panel_rect` covers (or comes within `margin` of)."""
    near = panel_rect.inflate(margin, margin)
    return sum(1 for p in points if near.collidepoint(p))


def _covers(panel_rect: pygame.Rect, points: list[tuple[int, int]], margin: int) -> bool:
    """Would a panel at `panel_rect` cover (or come within `margin` of) one of `points`?"""
    near = panel_rect.inflate(margin, margin)
    return any(near.collidepoint(p) for p in points)


def draw_note(surface: pygame.Surface, t: th.Theme, centre_x: int, top: int, text: str,
              error: bool, max_width: int | None = None, draw: bool = True) -> pygame.Rect:
    """A short note: why a gesture was refused, or the hint (wrapped to `max_width` when it
    is long); returns its panel (only measured, with `draw` False)."""
    px = t.px(22)
    room = (max_width or surface.get_width()) - t.px(24)
    lines = wrap(text, px, room)
    width = max(render(line, px, th.ACCENT).get_width() for line in lines)
    step = t.px(24)
    r = pygame.Rect(0, 0, width + t.px(24), t.px(10) + step * len(lines))
    r.midtop = (centre_x, top)
    if not draw:
        return r
    panel(surface, r, (60, 30, 26) if error else (30, 50, 40), radius=t.px(8))
    for i, line in enumerate(lines):
        blit_text(surface, line, (r.centerx, r.top + t.px(5) + i * step + step // 2), px,
                  th.ACCENT, anchor="center")
    return r


def draw_callout(surface: pygame.Surface, t: th.Theme, view: BoardView, text: str,
                 about: Iterable[int] = ()) -> pygame.Rect:
    """A show's caption in the middle of the board, with how to skip the show, or above or
    below the middle when it would cover the areas it speaks of (`about`: the region scored,
    the ocean the Ichtos flee to); returns its panel."""
    board = view.rect
    points = _outline_points(view, about)
    width = min(board.width - t.px(80), t.px(640))
    lines = wrap(text, t.px(26), width - t.px(40))
    hint = t.px(20)  # the skip line, inside the panel so that it never lies over the board
    r = pygame.Rect(0, 0, width, t.px(30) + len(lines) * t.px(24) + hint)
    r.center = min(((board.centerx, board.top + round(board.height * height))
                    for height in (0.5, 0.25, 0.75, 0.15, 0.85)),
                   key=lambda centre: _covered(r.move_to(center=centre), points, t.px(16)))
    panel(surface, r, CREAM, radius=t.px(12), shadow=t.px(6), border=th.ACCENT_DARK)
    words = pygame.Rect(r.left + t.px(20), r.top + t.px(12), r.width - t.px(40),
                        r.height - t.px(24) - hint)
    blit_wrapped(surface, text, words, t.px(26), th.INK)
    blit_text(surface, _("click or Space to skip"), (r.right - t.px(14), r.bottom - t.px(7)),
              t.px(16), SKIP_INK, anchor="bottomright")
    return r


def draw_tooltip(surface: pygame.Surface, t: th.Theme, title: str, body: str,
                 pos: tuple[int, int]) -> None:
    width = t.px(320)
    lines = wrap(body, t.px(19), width - t.px(20))
    r = pygame.Rect(pos[0] + t.px(18), pos[1] + t.px(18), width,
                    t.px(34) + len(lines) * t.px(17))
    r.clamp_ip(surface.get_rect())
    panel(surface, r, CREAM, radius=t.px(8), shadow=t.px(4))
    blit_text(surface, title, (r.left + t.px(10), r.top + t.px(6)), t.px(21), th.INK, True)
    y = r.top + t.px(28)
    for line in lines:
        surface.blit(render(line, t.px(19), (70, 60, 50)), (r.left + t.px(10), y))
        y += t.px(17)


class AreaMenu:
    """Every move that starts at an area, as a list to click; it scrolls (wheel, arrow keys,
    the arrows at its ends) when it does not fit in the window."""

    def __init__(self, items: list[tuple[str, Any]], anchor: tuple[int, int],
                 within: pygame.Rect | None = None, clear: pygame.Rect | None = None) -> None:
        self.items = items
        self.anchor = anchor
        self.within = within  # where it opens when it fits there (the board), not the window
        self.clear = clear  # what it is about (the stacks of the area clicked): left in view
        self.first = 0  # index of the first row shown
        self.chosen = 0  # the row the keyboard's focus is on (Enter chooses it)
        self.keyed = False  # a key moved it: the focus ring is drawn on it
        self.room = len(items)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, Any]] = []
        self.up = pygame.Rect(0, 0, 0, 0)
        self.down = pygame.Rect(0, 0, 0, 0)

    def _placed(self, r: pygame.Rect, room: pygame.Rect, gap: int) -> pygame.Rect:
        """Where the menu of size `r` opens in `room`: beside what it is about (right of the
        stacks, else left, below, above), else as a context menu does, up or to the left of
        the click where it would not fit below or to the right."""
        if self.clear is not None:
            c = self.clear
            y = min(max(c.centery - r.height // 2, room.top), room.bottom - r.height)
            x = min(max(c.centerx - r.width // 2, room.left), room.right - r.width)
            for spot in (r.move_to(left=c.right + gap, top=y),
                         r.move_to(right=c.left - gap, top=y),
                         r.move_to(left=x, top=c.bottom + gap),
                         r.move_to(left=x, bottom=c.top - gap)):
                if room.contains(spot):
                    return spot
        r = r.move_to(topleft=self.anchor)
        if r.bottom > room.bottom:
            r.bottom = self.anchor[1]
        if r.right > room.right:
            r.right = self.anchor[0]
        return r.clamp(room)

    def scroll(self, delta: int) -> None:
        self.first = max(0, min(len(self.items) - self.room, self.first + delta))

    def _key(self, key: int) -> tuple[bool, Any]:
        """Up / Down (Tab / Shift+Tab) move the row with the focus, Page Up / Down a page;
        Enter chooses that row, Esc closes the menu."""
        if key == pygame.K_ESCAPE:
            return True, None
        self.keyed = True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return True, self.items[self.chosen][1]
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_TAB: 1,
                 pygame.K_PAGEUP: -self.room, pygame.K_PAGEDOWN: self.room}
        if key in steps:
            shift = key == pygame.K_TAB and pygame.key.get_mods() & pygame.KMOD_SHIFT
            self.chosen = (self.chosen + (-1 if shift else steps[key])) % len(self.items)
            if self.chosen < self.first:
                self.first = self.chosen
            elif self.chosen >= self.first + self.room:
                self.first = self.chosen - self.room + 1
        return False, None

    def handle(self, event: pygame.event.Event) -> tuple[bool, Any]:
        """(closed, chosen item's value or None). Every click or key is the menu's own."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return False, None
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.up.collidepoint(event.pos) and self.first > 0:
                self.scroll(-self.room)
                return False, None
            if self.down.collidepoint(event.pos) and self.first + self.room < len(self.items):
                self.scroll(self.room)
                return False, None
            for rect, value in self.rows:
                if rect.collidepoint(event.pos):
                    return True, value
            return True, None
        return False, None

    def draw(self, surface: pygame.Surface, t: th.Theme, hover: tuple[int, int]) -> None:
        row_h = t.px(34)
        arrow_h = t.px(22)
        width = max(render(label, t.px(21), th.INK).get_width() for label, _ in self.items)
        screen = surface.get_rect()
        fits = (screen.height - t.px(20) - t.px(10)) // row_h
        scrolling = len(self.items) > fits
        self.room = max(1, (screen.height - t.px(20) - 2 * arrow_h - t.px(10)) // row_h
                        if scrolling else len(self.items))
        self.first = max(0, min(self.first, len(self.items) - self.room))
        extra = 2 * arrow_h if scrolling else 0
        r = pygame.Rect(self.anchor[0], self.anchor[1], width + t.px(30),
                        row_h * self.room + t.px(10) + extra)
        # As a context menu does: it opens up or to the left of the click where it would not
        # fit below or to the right, so that it never hides the spot clicked.
        within = self.within or screen
        room = within if r.width <= within.width and r.height <= within.height else screen
        self.rect = r = self._placed(r, room, t.px(8))
        panel(surface, r, CREAM, radius=t.px(8), shadow=t.px(5), border=th.ACCENT_DARK)
        top = r.top + t.px(5) + (arrow_h if scrolling else 0)
        self.rows = []
        for i, (label, value) in enumerate(self.items[self.first:self.first + self.room]):
            row = pygame.Rect(r.left + t.px(5), top + i * row_h, r.width - t.px(10), row_h)
            keyed = self.keyed and self.first + i == self.chosen
            if row.collidepoint(hover) or keyed:
                pygame.draw.rect(surface, (255, 226, 150), row, border_radius=t.px(5))
            if keyed:  # the keyboard's focus: the ring's gold, drawn inside the row
                pygame.draw.rect(surface, th.ACCENT_DARK, row, max(2, t.px(3)),
                                 border_radius=t.px(5))
            blit_text(surface, label, (row.left + t.px(10), row.centery), t.px(21), th.INK,
                      anchor="midleft")
            self.rows.append((row, value))
        self.up = self.down = pygame.Rect(0, 0, 0, 0)
        if scrolling:
            self.up = pygame.Rect(r.left, r.top + t.px(3), r.width, arrow_h)
            self.down = pygame.Rect(r.left, r.bottom - arrow_h - t.px(3), r.width, arrow_h)
            more_up, more_down = self.first > 0, self.first + self.room < len(self.items)
            blit_text(surface, fmt("{count} more above", count=self.first) if more_up else "",
                      self.up.center,
                      t.px(17), th.INK, anchor="center")
            below = len(self.items) - self.first - self.room
            blit_text(surface, fmt("{count} more below", count=below) if more_down else "",
                      self.down.center,
                      t.px(17), th.INK, anchor="center")


def area_tooltip(state: GameState, area: int, names: Sequence[str]) -> tuple[str, str]:
    """The title and text of the tooltip over an area: who is there, and what it scores."""
    board = state.board
    counts = [(names[s], state.count(area, s)) for s in range(state.n) if state.count(area, s)]
    body = ", ".join(f"{name} {k}" for name, k in counts) or _("no Ichtos")
    if area < board.n_regions:
        number = board.region_numbers[area]
        oceans = joined_list([board.area_name(o) for o in state.region_oceans[area]])
        if number in state.board_chips:
            status = _("scored this epoch")
        elif not state.region_chips(area):
            status = _("never scored again")
        else:
            status = _("still to be scored")
        body += "\n" + fmt("borders {oceans} · {status}", oceans=oceans, status=status)
        joined = [board.region_numbers[r] for r in range(board.n_regions)
                  if r != area and state.root(r) == area]
        if joined:  # an extended region: one land, named by its own number (R1)
            parts = joined_list([str(n) for n in joined])
            return fmt("Region {number}, joined by {count, plural, one {region {parts}} "
                       "other {regions {parts}}}", number=number, parts=parts,
                       count=len(joined)), body
    label = area_label(board, area)
    return label[:1].upper() + label[1:], body


def hover_tooltip(pos: tuple[int, int], panel: SidePanel, board_view: BoardView,
                  state: GameState, names: Sequence[str]) -> tuple[str, str] | None:
    """The tooltip for what is under the mouse: a mark in a player's row, a gene card, a mark
    on the board (a chip, a track space, a volcano), or an area of the board."""
    mark = panel.mark_at(pos)
    if mark is not None:
        return mark
    gene = panel.gene_at(pos)
    if gene is not None:
        text = gene_texts()[gene]
        return text["name"], text["text"]
    if board_view.rect.collidepoint(pos):
        mark_tip = board_mark_tip(pos, board_view, state, names)
        if mark_tip is not None:
            return mark_tip
        area = board_view.area_at(pos, state)
        if area is not None:
            return area_tooltip(state, area, names)
    return None


def draw_carried_stack(surface: pygame.Surface, t: th.Theme, bv: BoardView, colour: int,
                       count: int, pos: tuple[int, int], tips: list[str]) -> None:
    """Ichtos carried by the mouse, with a shadow under them and short tips below."""
    shadow = pygame.Rect(0, 0, bv.px(40), bv.px(14))
    shadow.center = (pos[0] + t.px(6), pos[1] + t.px(26))
    pygame.draw.ellipse(surface, (10, 20, 30), shadow)
    BoardView.draw_stack(surface, colour, count, pos, bv.px(50), t.px(22), glow=True)
    for row, tip in enumerate(tips):
        label = render(tip, t.px(18), th.TEXT)
        where = label.get_rect(center=(pos[0], pos[1] + t.px(44 + 26 * row)))
        where = where.clamp(bv.rect.inflate(-t.px(12), -t.px(12)))
        panel(surface, where.inflate(t.px(12), t.px(6)), (20, 28, 38), radius=t.px(6))
        surface.blit(label, where)
