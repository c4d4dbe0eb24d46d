"""The tables of a game's story: points by source, Ichtos lost, genes bought.

Each draws into a rect on a paper panel and returns the places that explain themselves on hover
as (rect, title, text).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from urland.records.story import LOSS_HELP, LOSS_LABELS, SOURCE_HELP, SOURCE_LABELS, SOURCES, Story
from urland.texts.genes import gene_name
from urland.texts.i18n import L_, Text, _, fmt
from urland.ui import art
from urland.ui import theme as th
from urland.ui.text import blit_text, ellipsized, wrap
from urland.ui.widgets import panel

Hover = tuple[pygame.Rect, str, str]
SOFT_INK = (96, 84, 70)
WINNER_FILL = (255, 226, 150)


@dataclass(frozen=True)
class Row:
    label: Text
    help: Text
    values: tuple[int, ...]  # per seat; empty while not yet told
    total: bool = False


# The lines the final scoring still changes (the markers' jumps included), kept back while it
# is told step by step.
FINAL_SOURCES = ("total", "land", "jumps")


def points_rows(story: Story, final_told: bool = True) -> list[Row]:
    """The points of each source and the score; until `final_told`, the lines the final
    scoring changes are left blank."""
    told = [s for s in SOURCES if final_told or s not in FINAL_SOURCES]
    rows = [Row(SOURCE_LABELS[s], SOURCE_HELP[s], tuple(p[s] for p in story.points))
            for s in told]
    rows += [Row(SOURCE_LABELS[s], SOURCE_HELP[s], ()) for s in SOURCES if s not in told]
    rows.append(Row(L_("Score"), L_("The final score: the sum of the lines above."),
                    tuple(story.final) if final_told else (), total=True))
    return rows


def loss_rows(story: Story) -> list[Row]:
    rows = [Row(LOSS_LABELS[c], LOSS_HELP[c], tuple(loss[c] for loss in story.losses))
            for c in story.loss_columns()]
    rows.append(Row(L_("In all"), L_("Every Ichto lost, whatever the cause."),
                    tuple(sum(loss[c] for c in story.loss_columns()) for loss in story.losses),
                    total=True))
    return rows


def _card(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, title: str) -> int:
    """A paper card with its title; returns the y where its content starts."""
    panel(surface, rect, th.PAPER, radius=theme.px(12), shadow=theme.px(5))
    blit_text(surface, title, (rect.left + theme.px(14), rect.top + theme.px(10)), theme.px(23),
              th.INK, True)
    return rect.top + theme.px(38)


def table(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, title: str,
          story: Story, names: list[str], rows: list[Row]) -> list[Hover]:
    """Players across (in final order), rows down; the winner's column lit. While a row is
    not yet told (the final scoring still playing) the players stand in seat order, no
    column is lit, and that row shows dots."""
    px = theme.px
    hovers: list[Hover] = []
    top = _card(surface, rect, theme, title)
    told = all(row.values for row in rows)
    order = story.ranking() if told else list(range(story.players))
    winner = story.winner if told else -1
    label_w = min(px(190), rect.width * 2 // 5)
    col_w = (rect.width - label_w - px(20)) // max(1, story.players)
    left = rect.left + px(10) + label_w
    row_h = max(px(20), min(px(27), (rect.bottom - top - px(52)) // max(1, len(rows))))
    head_h = px(46)
    for i, seat in enumerate(order):
        col = pygame.Rect(left + i * col_w, top, col_w, head_h + row_h * len(rows) + px(4))
        if seat == winner:
            pygame.draw.rect(surface, WINNER_FILL, col, border_radius=px(6))
        icon = art.ichto(story.colours[seat], px(26))
        surface.blit(icon, icon.get_rect(midtop=(col.centerx, col.top + px(2))))
        name = _fit(names[seat], px(16), col_w - px(4))
        blit_text(surface, name, (col.centerx, col.top + px(30)), px(16), th.INK,
                  seat == winner, anchor="midtop")
        hovers.append((pygame.Rect(col.left, col.top, col.width, head_h), names[seat],
                       _("The winner.") if seat == winner else ""))
    y = top + head_h
    for k, row in enumerate(rows):
        line = pygame.Rect(rect.left + px(8), y, rect.width - px(16), row_h)
        if row.total:
            pygame.draw.line(surface, SOFT_INK, line.topleft, line.topright, max(1, px(2)))
        elif k % 2:
            shade = pygame.Surface(line.size, pygame.SRCALPHA)
            shade.fill((120, 96, 60, 26))
            surface.blit(shade, line)
        label = _fit(row.label, px(19), label_w - px(8), row.total)
        blit_text(surface, label, (line.left + px(6), line.centery), px(19),
                  th.INK if row.total else SOFT_INK, row.total, anchor="midleft")
        for i, seat in enumerate(order):
            value = row.values[seat] if row.values else 0
            text = ("…" if not row.values else str(value) if value or row.total else "-")
            blit_text(surface, text, (left + i * col_w + col_w // 2, line.centery),
                      px(21 if row.total else 19), th.INK, row.total or value > 0,
                      anchor="center")
        hovers.append((pygame.Rect(line.left, line.top, label_w, row_h), row.label, row.help))
        y += row_h
    return hovers


def genes_card(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, story: Story,
               names: list[str]) -> list[Hover]:
    """Each player's genes in the order bought, with the Ichtos paid for each."""
    px = theme.px
    y = _card(surface, rect, theme, _("Genes bought"))
    hovers: list[Hover] = []
    if not story.genes:
        blit_text(surface, _("No mutation: nobody bought a gene."), (rect.left + px(14), y),
                  px(19), SOFT_INK)
        return hovers
    line_h = px(19)
    for seat in story.ranking():
        bought = [g for g in story.genes if g.seat == seat]
        icon = art.ichto(story.colours[seat], px(24))
        surface.blit(icon, icon.get_rect(topleft=(rect.left + px(12), y)))
        blit_text(surface, _fit(names[seat], px(19), px(110)), (rect.left + px(42), y + px(3)),
                  px(19), th.INK, True)
        text = (", ".join(f"{gene_name(g.gene)} ({g.price})" for g in bought) if bought
                else _("none"))
        lines = wrap(text, px(18), rect.right - px(12) - (rect.left + px(160)))
        for k, line in enumerate(lines[:2]):
            blit_text(surface, line, (rect.left + px(160), y + px(4) + k * line_h), px(18),
                      SOFT_INK)
        row = pygame.Rect(rect.left + px(8), y, rect.width - px(16), max(px(26), line_h * 2))
        if bought:
            hovers.append((row, fmt("{name}'s genes", name=names[seat]), " ".join(
                fmt("The gene {gene}, bought after turn {turn} for {price, plural, one {# Ichto} "
                    "other {# Ichtos}} (bid {bid}).", gene=gene_name(g.gene), turn=g.turn,
                    price=g.price, bid=g.bid)
                for g in bought)))
        y += max(px(28), line_h * min(2, len(lines)) + px(8))
        if y > rect.bottom - px(24):
            break
    blit_text(surface, _("(Ichtos paid)"), (rect.right - px(12), rect.top + px(14)), px(16),
              SOFT_INK, anchor="topright")
    return hovers



def _fit(text: Text, pixels: int, width: int, bold: bool = False) -> str:
    """Shorten `text` with an ellipsis until it fits `width` pixels."""
    return ellipsized(text, pixels, width, bold)
