"""The table's log as the player reads it: whole entries from its top line down."""

from __future__ import annotations

import pygame

from urland.texts.log import LogEntry
from urland.ui import theme as th
from urland.ui.caches import clear_caches
from urland.ui.table import game_log


def shown_texts(log: game_log.GameLogView, rect: pygame.Rect, monkeypatch) -> list[str]:
    """The lines the log draws in `rect`, top first."""
    drawn: list[str] = []
    real = game_log.render
    monkeypatch.setattr(game_log, "render",
                        lambda text, *args: drawn.append(text) or real(text, *args))
    log.draw(pygame.Surface((1280, 720)), th.Theme((1280, 720)), rect)
    return drawn


def test_the_logs_top_line_begins_an_entry_not_the_middle_of_one(monkeypatch):
    """Issue 50: the top line read "Ichto." alone, the rest of its entry scrolled away."""
    pygame.init()
    clear_caches()  # fonts cached by an earlier window died with it
    log = game_log.GameLogView()
    long_entry = "Anna lands in region 4 and her stack there grows by one more Ichto. " * 3
    log.set_entries([LogEntry(long_entry, "move"), *(LogEntry(f"Ben swims {i}.", "move")
                                                    for i in range(6))])
    lines = log.lines(460, 18)
    assert [n for _t, _c, n, _o in lines].count(0) >= 3  # the first entry wraps
    rect = pygame.Rect(0, 0, 480, 12 + (len(lines) - 2) * 17)  # room for all but 2 lines
    drawn = shown_texts(log, rect, monkeypatch)
    assert drawn[0].startswith("Ben swims 0")  # the cut entry is left out, whole ones shown
    assert drawn[-1] == "Ben swims 5."  # still following the newest line
    log.scroll(1000)  # back at the very top: the first entry whole
    assert shown_texts(log, rect, monkeypatch)[0].startswith("Anna lands")
