"""The statistics page of the history: per named player and per computer level."""

from __future__ import annotations

import pygame

from urland.records.stats import Line
from urland.texts.i18n import L_, _, decimal, fmt
from urland.ui import theme as th
from urland.ui.text import blit_text, wrap

SOFT_INK = (110, 96, 80)
COLUMNS = (L_("Games"), L_("Wins"), L_("Win rate"), L_("Average score"))


def draw(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, people: list[Line],
         bots: list[Line], games: int) -> None:
    px = theme.px
    if not games:
        blit_text(surface, _("No finished games yet: nothing to count."), rect.center, px(26),
                  th.INK, True, anchor="center")
        return
    blit_text(surface, fmt("Across {games, plural, one {# finished game} other {# finished "
                           "games}}.", games=games),
              (rect.left, rect.top), px(21), SOFT_INK)
    gap = px(28)
    half = (rect.width - gap) // 2
    top = rect.top + px(34)
    _table(surface, pygame.Rect(rect.left, top, half, rect.bottom - top), theme,
           _("Players"), people, _("Nobody played: only the computer."))
    _table(surface, pygame.Rect(rect.left + half + gap, top, half, rect.bottom - top), theme,
           _("Computer players"), bots, _("No computer player took part."))


def _table(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, title: str,
           lines: list[Line], empty: str) -> None:
    px = theme.px
    blit_text(surface, title, rect.topleft, px(26), th.INK, True)
    name_w = rect.width * 34 // 100
    col_w = (rect.width - name_w) // len(COLUMNS)
    y = rect.top + px(40)
    for k, label in enumerate(COLUMNS):  # a heading may take two lines
        for i, line in enumerate(wrap(label, px(17), col_w - px(6), bold=True)[:2]):
            blit_text(surface, line, (rect.left + name_w + k * col_w + col_w // 2,
                                      y + i * px(18)), px(17), SOFT_INK, True, anchor="midtop",
                      width=col_w - px(4))
    y += px(40)
    pygame.draw.line(surface, SOFT_INK, (rect.left, y), (rect.right, y), max(1, px(2)))
    y += px(4)
    if not lines:
        blit_text(surface, empty, (rect.left + px(6), y + px(8)), px(20), SOFT_INK)
        return
    row_h = px(32)
    for i, line in enumerate(lines):
        if y + row_h > rect.bottom:
            blit_text(surface, fmt("... and {count} more", count=len(lines) - i),
                      (rect.left + px(6), y), px(18), SOFT_INK)
            break
        if i % 2:
            pygame.draw.rect(surface, th.PAPER_DARK, (rect.left, y, rect.width, row_h),
                             border_radius=px(5))
        blit_text(surface, line.label[:18], (rect.left + px(8), y + row_h // 2), px(21),
                  th.INK, True, anchor="midleft")
        values = (str(line.games), str(line.wins), f"{round(100 * line.win_rate)}%",
                  decimal(line.average))
        for k, value in enumerate(values):
            blit_text(surface, value, (rect.left + name_w + k * col_w + col_w // 2,
                      y + row_h // 2), px(21), th.INK, anchor="center")
        y += row_h
