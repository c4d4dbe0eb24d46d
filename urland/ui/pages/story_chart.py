"""The score chart of a game's story: every player's score turn by turn, with its moments.

Epochs are bands, mutation spaces and the end of the game are lines across, and the Panics,
mutations, eruptions and the final scoring stand as icons above the turn they happened in. The
chart is drawn once per size; hovering adds a guide and a tooltip.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from urland.engine import Board
from urland.records.story import Mark, Story
from urland.texts.i18n import L_, _, fmt
from urland.ui import art
from urland.ui import theme as th
from urland.ui.text import blit_text, text_width
from urland.ui.tooltip import tooltip

MARK_TITLES = {"mutation": L_("Mutation"), "panic": L_("Panic"), "eruption": L_("Eruption"),
               "final": L_("Final scoring"), "epoch": L_("New epoch")}
BAND = ((34, 46, 60), (27, 36, 48))
GRID = (56, 70, 86)
MUTATION_LINE = (92, 160, 220)
END_LINE = th.ACCENT


@dataclass
class Icon:
    """One icon above the chart: the marks of one kind in one turn."""

    kind: str
    x: float
    marks: list[Mark]
    rect: pygame.Rect


class ScoreChart:
    def __init__(self, story: Story, board: Board, names: list[str]) -> None:
        self.story = story
        self.board = board
        self.names = names
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.icons: list[Icon] = []
        self._cache: tuple[tuple, pygame.Surface] | None = None
        top = max(max(story.final), board.end_threshold)
        self.top = (top // 5 + 1) * 5

    # --- geometry -----------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect, theme: th.Theme) -> None:
        self.rect = rect
        self.theme = theme
        px = theme.px
        self.plot = pygame.Rect(rect.left + px(46), rect.top + px(58), 0, 0)
        self.plot.width = rect.right - px(170) - self.plot.left
        self.plot.height = rect.bottom - px(34) - self.plot.top
        self.icons = self._icons()
        self._cache = None

    def x_of(self, moment: float) -> int:
        turns = max(1, self.story.turns)
        return round(self.plot.left + self.plot.width * moment / turns)

    def y_of(self, score: float) -> int:
        return round(self.plot.bottom - self.plot.height * score / self.top)

    def _icons(self) -> list[Icon]:
        groups: dict[tuple[str, int], list[Mark]] = {}
        for mark in self.story.marks:
            if mark.kind != "epoch":
                groups.setdefault((mark.kind, mark.turn), []).append(mark)
        size = self.theme.px(24)
        order = ("panic", "mutation", "eruption", "final")
        icons = []
        for (kind, _when), marks in sorted(groups.items(), key=lambda kv: (kv[0][1],
                                                                       order.index(kv[0][0]))):
            x = self.x_of(sum(m.x for m in marks) / len(marks))
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (x, self.plot.top - self.theme.px(16))
            for other in icons:  # never cover a neighbour
                if other.rect.colliderect(rect):
                    rect.left = other.rect.right + self.theme.px(2)
            icons.append(Icon(kind, x, marks, rect))
        return icons

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None = None) -> None:
        key = (self.rect.size, self.theme.size)
        if self._cache is None or self._cache[0] != key:
            layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            offset = (-self.rect.left, -self.rect.top)
            self._draw_static(layer, offset)
            self._cache = (key, layer)
        surface.blit(self._cache[1], self.rect)
        if mouse is not None:
            self._draw_hover(surface, mouse)

    def _draw_static(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        t = self.theme
        px = t.px
        story = self.story

        def at(x: int, y: int) -> tuple[int, int]:
            return (x + offset[0], y + offset[1])

        plot = self.plot.move(offset)
        pygame.draw.rect(surface, th.PANEL, self.rect.move(offset), border_radius=px(12))
        blit_text(surface, _("Score, turn by turn"), at(self.rect.left + px(16), self.rect.top
                  + px(10)), px(24), th.TEXT, True)
        # a legend for the icons, top right
        x = self.rect.right - px(16) + offset[0]
        for kind in ("final", "eruption", "mutation", "panic"):
            label = blit_text(surface, MARK_TITLES[kind], (x, self.rect.top + px(22) + offset[1]),
                              px(17), th.TEXT_DIM, anchor="midright")
            icon = _icon(kind, px(20))
            surface.blit(icon, icon.get_rect(midright=(label.left - px(4), label.centery)))
            x = label.left - px(34)
        # epochs as bands
        starts = [0.0] + [m.x for m in story.marks if m.kind == "epoch"]
        ends = [*starts[1:], float(max(1, story.turns))]
        for i, (a, b) in enumerate(zip(starts, ends, strict=True)):
            band = pygame.Rect(at(self.x_of(a), self.plot.top), (0, self.plot.height))
            band.width = self.x_of(b) - self.x_of(a)
            pygame.draw.rect(surface, BAND[i % 2], band)
            label = fmt("Epoch {epoch}", epoch=i + 1)
            if text_width(label, px(17)) > band.width - px(8):  # a short epoch: its number
                label = str(i + 1)
            blit_text(surface, label, (band.left + px(6), plot.top + px(4)), px(17),
                      th.TEXT_DIM, width=max(1, band.width - px(8)))
        # score lines across: every 5, the mutation spaces, the end
        for score in range(0, self.top + 1, 5):
            y = self.y_of(score) + offset[1]
            pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y), 1)
            blit_text(surface, str(score), (plot.left - px(8), y), px(17), th.TEXT_DIM,
                      anchor="midright")
        for space in self.board.mutation_spaces:
            y = self.y_of(space) + offset[1]
            _dashed_h(surface, MUTATION_LINE, plot.left, plot.right, y, px(2), px(8))
            h = art.helix(px(18))
            surface.blit(h, h.get_rect(midright=(plot.left - px(24), y)))
        y = self.y_of(self.board.end_threshold) + offset[1]
        pygame.draw.line(surface, END_LINE, (plot.left, y), (plot.right, y), px(2))
        # under the line: clear of the epoch names
        blit_text(surface, fmt("{threshold}: the game ends", threshold=self.board.end_threshold),
                  (plot.left + px(6), y + px(3)), px(16), END_LINE)
        # turns along the bottom
        step = 1 if plot.width / max(1, story.turns) > px(22) else 2
        for turn in range(1, story.turns + 1):
            x = (self.x_of(turn - 1) + self.x_of(turn)) // 2 + offset[0]
            pygame.draw.line(surface, GRID, (self.x_of(turn) + offset[0], plot.bottom),
                             (self.x_of(turn) + offset[0], plot.bottom + px(4)), 1)
            if turn % step == 0 or turn == 1:
                blit_text(surface, str(turn), (x, plot.bottom + px(4)), px(17), th.TEXT_DIM,
                          anchor="midtop")
        blit_text(surface, _("turn"), (plot.right + px(6), plot.bottom + px(4)), px(16),
                  th.TEXT_DIM)
        # the moments: a faint line down, an icon above
        for icon in self.icons:
            x = icon.x + offset[0]
            _dashed_v(surface, (120, 130, 140), x, plot.top, plot.bottom, 1, px(5))
            surface.blit(_icon(icon.kind, icon.rect.width), icon.rect.move(offset))
            if len(icon.marks) > 1:
                blit_text(surface, fmt("x{count}", count=len(icon.marks)),
                          at(icon.rect.right - px(2), icon.rect.bottom - px(2)), px(16), th.TEXT,
                          True)
        self._draw_lines(surface, offset)

    def _draw_lines(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        px = self.theme.px
        story = self.story
        width = px(4)  # the colour's own stroke, wide enough to read against its thin edge
        for seat in story.ranking()[::-1]:  # the leader on top
            points = []
            for moment, score in story.series[seat]:
                x, y = self.x_of(moment) + offset[0], self.y_of(score) + offset[1]
                if points:
                    points.append((x, points[-1][1]))
                points.append((x, y))
            colour = story.colours[seat]
            pygame.draw.lines(surface, th.PLAYER_INK[colour], False, points, width + px(2))
            pygame.draw.lines(surface, th.PLAYER_COLOURS[colour], False, points, width)
        # labels at the right end, pushed apart so none covers another
        order = sorted(range(story.players), key=lambda s: -story.final[s])
        gap = px(24)
        ys: list[int] = []
        for seat in order:
            y = self.y_of(story.final[seat]) + offset[1]
            if ys and y < ys[-1] + gap:
                y = ys[-1] + gap
            ys.append(y)
        overflow = ys[-1] - (self.rect.bottom + offset[1] - px(14))
        if overflow > 0:
            ys = [y - overflow for y in ys]
        right = self.plot.right + offset[0]
        for seat, y in zip(order, ys, strict=True):
            end_y = self.y_of(story.final[seat]) + offset[1]
            colour = story.colours[seat]
            pygame.draw.line(surface, th.TEXT_DIM, (right, end_y), (right + px(10), y), 1)
            icon = art.ichto(colour, px(24))
            surface.blit(icon, icon.get_rect(midleft=(right + px(10), y)))
            name = self.names[seat][:12]
            bold = seat == story.winner
            blit_text(surface, f"{story.final[seat]}  {name}", (right + px(38), y), px(19),
                      th.ACCENT if bold else th.TEXT, bold, anchor="midleft")

    # --- hovering -------------------------------------------------------------------------------

    def hover_text(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        for icon in self.icons:
            if icon.rect.inflate(self.theme.px(6), self.theme.px(6)).collidepoint(pos):
                body = " ".join(m.text for m in icon.marks)
                return fmt("{what} in turn {turn}", what=str(MARK_TITLES[icon.kind]),
                           turn=icon.marks[0].turn), body
        turn = self.turn_at(pos)
        if turn is None:
            return None
        story = self.story
        order = sorted(range(story.players), key=lambda s: -story.turn_scores[s][turn])
        body = ", ".join(f"{self.names[s]} {story.turn_scores[s][turn]}" for s in order)
        return fmt("After turn {turn}", turn=turn), body + "."

    def turn_at(self, pos: tuple[int, int]) -> int | None:
        if not self.plot.collidepoint(pos) or self.story.turns < 1:
            return None
        moment = (pos[0] - self.plot.left) / self.plot.width * self.story.turns
        return max(1, min(self.story.turns, int(moment) + 1))

    def _draw_hover(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        text = self.hover_text(pos)
        if text is None:
            return
        turn = self.turn_at(pos)
        if turn is not None and not any(i.rect.collidepoint(pos) for i in self.icons):
            band = pygame.Rect(self.x_of(turn - 1), self.plot.top, 0, self.plot.height)
            band.width = max(1, self.x_of(turn) - self.x_of(turn - 1))
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            shade.fill((255, 255, 255, 28))
            surface.blit(shade, band)
        tooltip(surface, self.theme, *text, pos)


def _icon(kind: str, size: int) -> pygame.Surface:
    if kind == "mutation":
        return art.helix(size)
    if kind == "eruption":
        return art.volcano_icon(size, active=True)
    if kind == "panic":
        return art.chip(0, size)
    return _star(size)


def _star(size: int) -> pygame.Surface:
    """The final scoring's mark: a gold star."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c, outer, inner = size / 2, size / 2 - 1, size / 4.6
    points = [(c + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
               c - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5))
              for k in range(10)]
    pygame.draw.polygon(surf, th.ACCENT, points)
    pygame.draw.polygon(surf, th.ACCENT_DARK, points, max(1, size // 12))
    return surf


def _dashed_h(surface: pygame.Surface, colour: th.Colour, x0: int, x1: int, y: int, width: int,
              dash: int) -> None:
    for x in range(x0, x1, dash * 2):
        pygame.draw.line(surface, colour, (x, y), (min(x + dash, x1), y), width)


def _dashed_v(surface: pygame.Surface, colour: th.Colour, x: int, y0: int, y1: int, width: int,
              dash: int) -> None:
    for y in range(y0, y1, dash * 2):
        pygame.draw.line(surface, colour, (x, y), (x, min(y + dash, y1)), width)
