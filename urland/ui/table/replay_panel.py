"""The side panel of a replay: the players, the secrets in the open, this move, the log.

A finished game has no secrets, so this panel shows what the table never shows at a shared
screen: the chips in hand, the chip laid face down, the next chip of the draw pile, the bids.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from urland.bots.registry import seat_kind_word
from urland.engine import GameState
from urland.records.replay import Replay, genes_of, secrets
from urland.texts.i18n import _, fmt
from urland.texts.words import colour_word
from urland.ui import art
from urland.ui import theme as th
from urland.ui.text import blit_text, text_width, wrap
from urland.ui.widgets import panel

SECRET_FILL = (74, 58, 92)
NOW_FILL = (250, 244, 226)


def draw_players(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, state: GameState,
                 names: list[str], kinds: list[str]) -> int:
    """One row per player; returns the height used."""
    px = theme.px
    row_h = min(px(50), rect.height // max(1, state.n))
    for seat in range(state.n):
        row = pygame.Rect(rect.left, rect.top + seat * row_h, rect.width, row_h - px(4))
        acting = state.actor == seat and not state.over
        panel(surface, row, (52, 66, 82) if acting else th.PANEL, radius=px(8), shadow=0,
              border=th.ACCENT if acting else None)
        icon = art.ichto(state.colours[seat], px(34))
        surface.blit(icon, icon.get_rect(center=(row.left + px(24), row.centery)))
        role = (_("environment") if seat == state.env else _("dead") if seat == state.dead
                else "")
        kind = seat_kind_word(kinds[seat])
        kind = f" · {kind}" if kind else ""
        blit_text(surface, names[seat][:16], (row.left + px(46), row.top + px(4)), px(20),
                  th.TEXT, True)
        blit_text(surface, f"{colour_word(state.colours[seat])}{kind}" + (
            f" · {role}" if role and not state.over else ""), (row.left + px(46),
                  row.bottom - px(4)), px(16), th.TEXT_DIM, anchor="bottomleft")
        blit_text(surface, str(state.track[seat]), (row.right - px(10), row.centery), px(30),
                  th.TEXT, True, anchor="midright")
        owned = genes_of(state, seat)
        info = fmt("reserve {count}", count=state.reserve[seat]) + (
            " · " + fmt("double-turn {count}", count=state.double_chips[seat])
            if state.double_chips[seat] else "")
        name_room = text_width(names[seat][:16], px(20), True) + px(12)
        blit_text(surface, info, (row.right - px(48), row.top + px(5)), px(16), th.TEXT_DIM,
                  anchor="topright", width=row.width - px(94) - name_room)
        if owned:
            blit_text(surface, _whole_names(owned, px(16), px(190)),
                      (row.right - px(48), row.bottom - px(4)), px(16), th.GOOD,
                      anchor="bottomright", width=px(190))
    return row_h * state.n


def _whole_names(names: list[str], pixels: int, width: int) -> str:
    """As many whole names as fit `width`, and '+N' for the others (a name is never cut)."""
    for k in range(len(names), 0, -1):
        text = ", ".join(names[:k]) + (f" +{len(names) - k}" if k < len(names) else "")
        if text_width(text, pixels) <= width:
            return text
    return f"+{len(names)}"


def draw_secrets(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme,
                 state: GameState, names: Sequence[str]) -> int:
    px = theme.px
    lines = secrets(state, names)
    if not lines:
        return 0
    box = pygame.Rect(rect.left, rect.top, rect.width, px(28) + len(lines) * px(19))
    panel(surface, box, SECRET_FILL, radius=px(8), shadow=0)
    blit_text(surface, _("Secret at the table, open now"), (box.left + px(10), box.top + px(5)),
              px(16), (214, 196, 236), True)
    for k, line in enumerate(lines):
        blit_text(surface, line, (box.left + px(10), box.top + px(24) + k * px(19)), px(18),
                  th.TEXT)
    return box.height


def draw_log(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme,
             replay: Replay) -> None:
    """This move's lines in full on paper at the bottom, earlier lines above, newest last."""
    px = theme.px
    size, step_h = px(18), px(17)
    width = rect.width - px(20)
    now = [line for line in replay.lines_of(replay.step)]
    now_lines: list[tuple[str, bool]] = []
    for line in now:
        for k, part in enumerate(wrap(line.text, size, width)):
            now_lines.append((part, k == 0 and line.secret))
    now_h = px(30) + max(1, len(now_lines)) * step_h
    now_h = min(now_h, rect.height * 4 // 5)
    box = pygame.Rect(rect.left, rect.bottom - now_h, rect.width, now_h)
    panel(surface, box, NOW_FILL, radius=px(8), shadow=0)
    blit_text(surface, replay.heading(replay.step), (box.left + px(10),
              box.top + px(5)), px(18), th.ACCENT_DARK, True)
    y = box.top + px(25)
    for part, secret in now_lines:
        if y + step_h > box.bottom:
            break
        blit_text(surface, part, (box.left + px(10), y), size, (110, 70, 150) if secret
                  else th.INK)
        y += step_h
    earlier = [line for line in replay.lines_until(replay.step - 1)][-40:]
    parts: list[str] = []
    for line in earlier:
        parts += wrap(line.text, px(17), width)
    y = box.top - px(6)
    for part in reversed(parts):
        y -= px(16)
        if y < rect.top:
            break
        blit_text(surface, part, (rect.left + px(10), y), px(17), th.TEXT_DIM)
