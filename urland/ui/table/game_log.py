"""The log of the whole game: it scrolls (wheel, drag, Page Up/Down, Home/End) and each scoring
opens into its full explanation with a click, under the line clicked, which stays where it was.
New lines follow the end unless the player has scrolled back to read, or has an explanation
open (End follows again). At an online table what the players say is logged too, each line after
the moves logged before it was said (muting the chat hides it from the chat box only: a line
said meanwhile is read here at once), and so are the players who join, lose their connection
and come back."""

from __future__ import annotations

import bisect

import pygame

from urland.texts.i18n import fmt
from urland.texts.log import LogEntry
from urland.ui import theme as th
from urland.ui.text import render, wrap
from urland.ui.widgets import panel

TEXT = (196, 202, 208)
OPEN = (250, 214, 120)
DETAIL = (168, 190, 206)
SAID = (150, 214, 170)  # a line a player said (the chat)
CAME = (170, 180, 196)  # someone elsewhere joined, lost the connection or came back


class GameLogView:
    def __init__(self) -> None:
        self.entries: list[LogEntry] = []
        self.expanded: set[int] = set()
        self.back = 0  # lines scrolled back from the end
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._hits: list[tuple[pygame.Rect, int]] = []  # expandable entries on screen
        self._press: tuple[int, int] | None = None
        self._pressed_back = 0
        self._dragged = False
        self._total = 0
        self._room = 1
        self._step = 17
        self._lines: tuple | None = None  # the wrapped lines, kept until something changes
        self._revision = 0  # counts the changes of the entries (the wrapped lines' key)
        self._wrap: tuple[int, int] | None = None  # (width, text size) of the last drawing
        self.held = False  # an explanation was opened: new lines do not move the view
        self._moves: list[LogEntry] = []  # the entries of the game, without what was said
        self.said: list[tuple[int, LogEntry]] = []  # (game entries before it, the line said)

    def set_entries(self, entries: list[LogEntry]) -> None:
        self._moves = entries
        merged = list(entries)
        for offset, (place, line) in enumerate(self.said):
            merged.insert(min(place + offset, len(merged)), line)
        added = merged[len(self.entries):] if len(merged) > len(self.entries) else []
        self.entries = merged
        self._revision += 1  # the wrapped lines are made again at the next drawing
        if (self.back or self.held) and added:  # keep the lines being read where they are
            self.back += self._count_lines(added)

    def _count_lines(self, entries: list[LogEntry]) -> int:
        """How many lines `entries` take (closed), as last drawn; one each before a drawing."""
        if self._wrap is None:
            return len(entries)
        return sum(len(_entry_lines(e, False, *self._wrap)) for e in entries)

    def add_said(self, lines: list[str], kind: str = "chat",
                 places: list[int] | None = None) -> None:
        """Lines the players said (or, `kind` "presence", who came and went), logged after
        the game's entries so far, or, given `places`, each after that many of the game's
        entries (a line said earlier and only heard now goes back where it was said)."""
        for i, line in enumerate(lines):
            place = len(self._moves) if places is None else places[i]
            at = bisect.bisect_right([p for p, _said in self.said], place)
            self.said.insert(at, (place, LogEntry(line, kind)))
        self.set_entries(self._moves)

    def follow(self) -> None:
        """Show the newest lines, and keep following them."""
        self.back, self.held = 0, False

    def scroll(self, lines: int) -> None:
        self.back = max(0, min(max(0, self._total - self._room), self.back + lines))
        if lines < 0 and not self.back:  # back at the end: follow it again
            self.held = False

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        over = self.rect.collidepoint(mouse)
        if event.type == pygame.MOUSEWHEEL and over:
            self.scroll(3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                                                          pygame.K_HOME, pygame.K_END):
            page = max(1, self._room - 1)
            self.scroll({pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page,
                         pygame.K_HOME: self._total, pygame.K_END: -self._total}[event.key])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and over:
            self._press, self._pressed_back, self._dragged = event.pos, self.back, False
            return True
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            moved = event.pos[1] - self._press[1]
            if abs(moved) > 4:
                self._dragged = True
                self.back = self._pressed_back
                self.scroll(moved // max(1, self._step))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            self._press = None
            if not self._dragged:
                for rect, index in self._hits:
                    if rect.collidepoint(event.pos):
                        self._toggle(index)
                        break
            return True
        return False

    def _toggle(self, index: int) -> None:
        """Open or close an entry's explanation, its first line staying where it is on screen
        and the explanation shown whole below it when it fits."""
        if self._wrap is None:
            self.expanded ^= {index}
            return
        before = self.lines(*self._wrap)
        self.expanded ^= {index}
        after = self.lines(*self._wrap)
        rows = [n for n, line in enumerate(after) if line[2] == index]
        first, last = rows[0], rows[-1]
        back = self.back + len(after) - len(before)  # the lines above stay put
        back = min(back, len(after) - last - 1)  # ... unless the explanation runs off the end
        back = max(back, len(after) - first - self._room, 0)  # never above the first line
        self.back = back
        self.held = bool(self.expanded)

    def lines(self, width: int, px: int) -> list[tuple[str, tuple[int, int, int], int, bool]]:
        """(text, colour, entry index, whether a click opens or closes it) for every line."""
        return [(text, colour, i, opener) for i, entry in enumerate(self.entries)
                for text, colour, opener in _entry_lines(entry, i in self.expanded, width, px)]

    def draw(self, surface: pygame.Surface, t: th.Theme, rect: pygame.Rect) -> None:
        self.rect = rect
        if rect.height < t.px(40):
            return
        panel(surface, rect, (24, 30, 38), radius=t.px(8), shadow=t.px(3))
        # The least size grows with the player's text size too (a small window's log
        # would otherwise stay at the smallest type whatever size was chosen).
        px = max(t.px(18), round(th.MIN_FONT_PIXELS * t.ui_scale))
        self._step = max(t.px(17), round(14 * t.ui_scale))
        key = (self._revision, frozenset(self.expanded), rect.width, px)
        self._wrap = (rect.width - t.px(20), px)
        if self._lines is None or self._lines[0] != key:
            self._lines = (key, self.lines(*self._wrap))
        lines = self._lines[1]
        self._total = len(lines)
        self._room = max(1, (rect.height - t.px(12)) // self._step)
        self.scroll(0)
        end = len(lines) - self.back
        shown = lines[whole_from(lines, max(0, end - self._room), end):end]
        y = rect.top + t.px(6)
        self._hits = []
        for text, colour, index, opener in shown:
            image = render(text, px, colour)
            surface.blit(image, (rect.left + t.px(10), y))
            if opener:
                self._hits.append((pygame.Rect(rect.left, y, rect.width, self._step), index))
            y += self._step
        if self.back:
            note = render(fmt("{count, plural, one {# newer line} other {# newer lines}} below: "
                              "End to follow", count=self.back),
                          max(t.px(15), 13),
                          th.ACCENT)
            surface.blit(note, note.get_rect(bottomright=(rect.right - t.px(8),
                                                          rect.bottom - t.px(4))))


def whole_from(lines: list[tuple[str, tuple[int, int, int], int, bool]], start: int,
               end: int) -> int:
    """Where the lines shown start so that the top one begins its entry: an entry cut at the
    top ("Ichto." alone) is left out, unless no entry begins in the lines shown (one long
    open explanation fills them)."""
    first = start
    while 0 < first < end and lines[first - 1][2] == lines[first][2]:
        first += 1
    return first if first < end else start


def _entry_lines(entry: LogEntry, opened: bool, width: int, px: int
                 ) -> list[tuple[str, tuple[int, int, int], bool]]:
    """An entry's wrapped lines: (text, colour, whether a click opens or closes it)."""
    mark = ("[-] " if opened else "[+] ") if entry.details else ""
    colour = (OPEN if entry.details else SAID if entry.kind == "chat"
              else CAME if entry.kind == "presence" else TEXT)
    out = [(line, colour, bool(mark)) for line in wrap(mark + entry.text, px, width)]
    if opened:
        out += [(line, DETAIL, True) for detail in entry.details
                for line in wrap("   " + detail, px, width)]
    return out
