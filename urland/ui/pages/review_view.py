"""The review page's drawings: the played and the better move marked on the board, the legend,
the list of marked decisions and the progress bar."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from urland.engine import GameState, Move
from urland.records.review import Judged
from urland.texts.i18n import _, decimal, fmt
from urland.ui import theme as th
from urland.ui.board.arrow import draw_arrow
from urland.ui.board.board_view import BoardView
from urland.ui.text import blit_text, shortened, text_width, wrap
from urland.ui.widgets import panel

PLAYED = (236, 104, 84)  # the move played: warm red
BETTER = (98, 214, 132)  # the better move: green
SELECTED_FILL = (58, 72, 90)
ROW_HEIGHT = 62  # a card and the gap under it
CUE_HEIGHT = 24  # the line saying how many cards more lie above or below


def move_marks(move: Move, state: GameState) -> list[tuple[int, int]]:
    """(from, to) areas a move is drawn with: an arrow, or a ring where from == to."""
    regions = state.board.n_regions

    def place(area: int) -> int:
        return state.root(area) if 0 <= area < regions else area

    if move.picks:
        return [(place(a), place(a)) for a, _ in move.picks]
    if move.kind == "chip" and move.count > 0:
        region = place(state.chip_area(move.count))
        return [(region, region)]
    src, dst = move.src, move.dst
    if src >= 0 and dst >= 0:
        return [(place(src), place(dst))]
    if src >= 0 or dst >= 0:
        area = place(src if src >= 0 else dst)
        return [(area, area)]
    return []


def draw_move(surface: pygame.Surface, bv: BoardView, state: GameState, move: Move,
              colour: th.Colour, offset: int = 0) -> None:
    """The move in `colour`: arrows from area to area, rings where Ichtos are placed or taken.
    `offset` shifts it a little, so two moves between the same areas both show."""
    width = max(3, bv.px(6))
    for src, dst in move_marks(move, state):
        a = bv.to_screen(bv.anchor(src))
        b = bv.to_screen(bv.anchor(dst))
        a, b = (a[0] + offset, a[1] + offset), (b[0] + offset, b[1] + offset)
        if src == dst:
            radius = bv.px(34) + abs(offset)
            pygame.draw.circle(surface, (20, 24, 30), (a[0] + 2, a[1] + 2), radius, width)
            pygame.draw.circle(surface, colour, a, radius, width)
        else:
            draw_arrow(surface, a, b, width, 1.0, colour)


def _legend_items() -> tuple[tuple[th.Colour, str], ...]:
    return ((PLAYED, _("Played")), (BETTER, _("Better")))


def legend_width(t: th.Theme) -> int:
    """How wide the legend is in the current language."""
    return t.px(44) + sum(t.px(36) + text_width(label, t.px(18), True)
                          for _, label in _legend_items())


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, t: th.Theme) -> None:
    """'— played  — better' in a small box (`rect` as wide as legend_width)."""
    panel(surface, rect, th.PANEL, radius=t.px(8), shadow=0)
    x = rect.left + t.px(12)
    for colour, label in _legend_items():
        y = rect.centery
        pygame.draw.line(surface, colour, (x, y), (x + t.px(28), y), max(3, t.px(5)))
        used = blit_text(surface, label, (x + t.px(36), y), t.px(18), th.TEXT, True,
                         anchor="midleft")
        x = used.right + t.px(20)


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, t: th.Theme, fraction: float,
                  label: str) -> None:
    panel(surface, rect, th.PANEL, radius=rect.height // 2, shadow=0)
    fill = rect.inflate(-t.px(4), -t.px(4))
    fill.width = round(fill.width * max(0.0, min(1.0, fraction)))
    if fill.width > 0:
        pygame.draw.rect(surface, th.ACCENT, fill, border_radius=fill.height // 2)
    blit_text(surface, label, rect.center, t.px(17), th.TEXT, True, anchor="center",
              width=rect.width - t.px(16))


def rows_shown(rect: pygame.Rect, t: th.Theme, count: int) -> int:
    """How many of `count` cards the list shows at once (with a line under them saying how
    many more there are, when not all fit)."""
    fit = rect.height // t.px(ROW_HEIGHT)
    return count if count <= fit else max(1, (rect.height - t.px(CUE_HEIGHT)) // t.px(ROW_HEIGHT))


def draw_rows(surface: pygame.Surface, rect: pygame.Rect, t: th.Theme, rows: list[Judged],
              selected: int, first: int, heading: Callable[[Judged], str],
              played: Callable[[Judged], str]) -> list[tuple[pygame.Rect, int]]:
    """The marked decisions from `first` on, one card each, and how many more lie above or below;
    returns (card, index) for clicks."""
    row_h = t.px(ROW_HEIGHT)
    shown = rows_shown(rect, t, len(rows))
    out = []
    y = rect.top
    for i in range(first, min(len(rows), first + shown)):
        card = pygame.Rect(rect.left, y, rect.width, row_h - t.px(6))
        chosen = i == selected
        panel(surface, card, SELECTED_FILL if chosen else th.PANEL, radius=t.px(8), shadow=0,
              border=th.ACCENT if chosen else None)
        j = rows[i]
        lost = blit_text(surface, "\u2212" + decimal(j.lost), (card.right - t.px(12), card.centery),
                         t.px(28), PLAYED, True, anchor="midright")
        width = lost.left - card.left - t.px(24)
        blit_text(surface, heading(j), (card.left + t.px(12), card.top + t.px(6)), t.px(18),
                  th.TEXT_DIM, width=width)
        text = shortened(played(j), t.px(19), width, True)
        blit_text(surface, text, (card.left + t.px(12), card.bottom - t.px(6)), t.px(19),
                  th.TEXT, True, anchor="bottomleft", width=width)
        out.append((card, i))
        y += row_h
    below, above = len(rows) - first - shown, first
    if below > 0 or above > 0:
        cue = (fmt("{count} more below", count=below) if below > 0
               else fmt("{count} more above", count=above))
        blit_text(surface, cue, (rect.centerx, y + t.px(CUE_HEIGHT) // 2), t.px(17),
                  th.TEXT_DIM, anchor="center", width=rect.width)
    return out


def draw_detail(surface: pygame.Surface, rect: pygame.Rect, t: th.Theme,
                parts: list[tuple[str, str, th.Colour]]) -> None:
    """The selected decision on paper: (label, text, colour) parts, wrapped."""
    panel(surface, rect, th.PAPER, radius=t.px(10), shadow=t.px(4))
    y = rect.top + t.px(10)
    width = rect.width - t.px(28)
    for label, text, colour in parts:
        if label:
            blit_text(surface, label, (rect.left + t.px(14), y), t.px(16), colour, True)
            y += t.px(17)
        for line in wrap(text, t.px(19), width):
            if y + t.px(18) > rect.bottom - t.px(6):
                return
            blit_text(surface, line, (rect.left + t.px(14), y), t.px(19), th.INK)
            y += t.px(19)
        y += t.px(7)
