"""The table's side panel: a row per player and the genes on display, above the log.

Drawn when something in it changed, otherwise blitted from a cached copy. It knows the rows'
and the gene cards' places, so the table can ask "which row / which card is under the mouse".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from urland.bots.registry import seat_kind_word
from urland.engine import PlayerView, genes_in, hand_holder
from urland.texts.genes import gene_name
from urland.texts.i18n import L_, fmt
from urland.texts.words import colour_word
from urland.ui import art
from urland.ui import theme as th
from urland.ui.text import blit_text, left_out, line_height, note, render, text_width
from urland.ui.widgets import panel

ROLE_TAGS = {"env": L_("ENVIRONMENT"), "dead": L_("DEAD"), "ichto": L_("ICHTO PLAYER")}
# What each mark in a player's row means, shown when the mouse rests on it.
MARK_TIPS = {
    "env": (L_("Environment player"), L_(
        "Chooses the region to be scored this turn, face down, and takes no actions. The roles "
        "move one seat clockwise every turn.")),
    "dead": (L_("Dead this turn"), L_(
        "Holds the two chips the environment player passed on, looks at them, and takes no "
        "actions. Next turn this player is the environment.")),
    "ichto": (L_("Ichto player"), L_(
        "Takes actions this turn: land, proliferate, swim, retreat and the actions of the "
        "genes owned.")),
    "double": (L_("Double-turn chips"), L_(
        "Each chip marked +2 can be handed in once the turn's actions are used up, for 2 "
        "more actions (one per turn).")),
    "score": (L_("Score"), L_("The position of this player's marker on the score track.")),
    "reserve": (L_("Reserve"), L_(
        "Ichtos waiting off the board. Proliferating brings them into an ocean; retreating "
        "sends Ichtos back here.")),
}
TRAY_FILL = (92, 86, 40)  # the row a drag may drop into (the reserve tray)
LOG_ROOM = 90  # the log's least height (about four lines), in 1280x720 units
SMALLEST_TEXT = 0.8  # the least text size the rows and genes are drawn at to make that room


@dataclass(frozen=True)
class SeatLabel:
    name: str
    colour: int
    kind: str  # "human" or a bot level
    note: str = ""  # who plays it, in a game with people elsewhere: "you", "online", "away"


class SidePanel:
    def __init__(self, seats: Sequence[SeatLabel]) -> None:
        self.seats = list(seats)
        self.rect, self.bottom = pygame.Rect(0, 0, 0, 0), 0  # bottom: where the log ends (+10)
        self.rows: list[pygame.Rect] = []
        self.genes_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.gene_cards: list[tuple[str, pygame.Rect]] = []  # the genes on display
        self.gene_badges: list[tuple[str, pygame.Rect]] = []  # the genes in the players' rows
        self.marks: list[tuple[str, pygame.Rect]] = []  # (MARK_TIPS key, where it is drawn)
        self.theme = th.Theme(th.BASE_SIZE)  # the sizes it is drawn at (see `layout`)
        self._cache: tuple | None = None

    def layout(self, t: th.Theme, rect: pygame.Rect, bottom: int,
               least_log: int | None = None) -> None:
        """Rows from the top of `rect`, genes under them, the log down to `bottom`. With a
        large text size on a short window the rows and genes are drawn as large as leaves
        the log room for a few lines (`self.theme`), not so large that it vanishes; or room
        for `least_log` pixels (what a lesson's card over the log needs)."""
        self.rect, self.bottom = rect, bottom
        least = t.window_px(LOG_ROOM) if least_log is None else least_log
        scale, smallest = t.ui_scale, min(t.ui_scale, SMALLEST_TEXT)
        while True:
            self.theme = pt = th.Theme(t.size, scale) if scale != t.ui_scale else t
            row_h = max(pt.px(64), sum(_line_heights(pt)) + pt.px(8))  # small windows: taller
            self.rows = [pygame.Rect(rect.left, rect.top + i * (row_h + pt.px(4)), rect.width,
                                     row_h) for i in range(len(self.seats))]
            y = self.rows[-1].bottom + pt.px(10)
            self.genes_rect = pygame.Rect(rect.left, y, rect.width, pt.px(84))
            self.log_rect = pygame.Rect(rect.left, self.genes_rect.bottom + pt.px(10),
                                        rect.width, bottom - self.genes_rect.bottom - pt.px(20))
            if self.log_rect.height >= least or scale <= smallest:
                break
            scale = max(smallest, scale - 0.05)
        self._cache = None

    def row_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self.rows) if r.collidepoint(pos)), None)

    def gene_at(self, pos: tuple[int, int]) -> str | None:
        """The gene under the mouse: on display, or in a player's row."""
        return next((g for g, r in self.gene_cards + self.gene_badges if r.collidepoint(pos)),
                    None)

    def mark_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """The title and text explaining the mark under the mouse (a role, the dots...)."""
        return next((MARK_TIPS[k] for k, r in self.marks if r.collidepoint(pos)), None)

    def reserve_point(self, seat: int) -> tuple[int, int]:
        if not self.rows:
            return (0, 0)
        r = self.rows[seat]
        return (r.left + self.theme.px(34), r.centery)

    def draw(self, surface: pygame.Surface, shown: PlayerView, actor: int,
             tray_seat: int | None) -> None:
        """Players and genes (the log is drawn by the table's GameLogView into `log_rect`)."""
        t = self.theme
        key = (id(shown), actor, tray_seat, t.size, t.scale, tuple(self.seats))
        if self._cache is not None and self._cache[0] == key:
            surface.blit(self._cache[1], self.rect)
            return
        surface.fill(th.TABLE, self.rect)
        self._draw_players(surface, t, shown, actor, tray_seat)
        self._draw_genes(surface, t, shown)
        self._cache = (key, surface.subsurface(self.rect).copy())

    def _draw_players(self, surface: pygame.Surface, t: th.Theme, shown: PlayerView,
                      actor: int, tray_seat: int | None) -> None:
        state = shown.state
        self.marks, self.gene_badges = [], []
        for seat, rect in enumerate(self.rows):
            s = self.seats[seat]
            acting = actor == seat
            fill = (52, 66, 82) if acting else th.PANEL
            if tray_seat == seat:
                fill = TRAY_FILL
            panel(surface, rect, fill, radius=t.px(8), shadow=t.px(3),
                  border=th.ACCENT if acting else None)
            icon = art.ichto(s.colour, t.px(46))
            surface.blit(icon, icon.get_rect(center=(rect.left + t.px(34), rect.centery)))
            name_h, kind_h, _ = _line_heights(t)
            top = rect.top + max(t.px(4), (rect.height - sum(_line_heights(t))) // 2)
            name = blit_text(surface, s.name, (rect.left + t.px(64), top), t.px(25), th.TEXT,
                             True)
            kind = seat_kind_word(s.kind)
            kind_line = " · ".join(w for w in (colour_word(s.colour), kind, s.note) if w)
            words = [name, blit_text(surface, kind_line, (rect.left + t.px(64), top + name_h),
                                     t.px(18), th.TEXT_DIM)]
            role = _role(state, seat)
            if role:
                tag = ROLE_TAGS[role]
                where = blit_text(surface, tag, (rect.left + t.px(64), top + name_h + kind_h),
                                  t.px(15), th.ACCENT if role == "env" else (150, 190, 220))
                self.marks.append((role, where))
                words.append(where)
                if role == "env" and shown.chip_laid:  # the scoring chip, face down
                    chip = self._draw_laid_chip(surface, t, where)
                    self.marks.append((role, chip))
                    words[-1] = where.union(chip)  # one line: gene tags go on after the chip
            else:  # the role's line is free for gene tags
                words.append(pygame.Rect(rect.left + t.px(64), top + name_h + kind_h, 0,
                                         line_height(t.px(15))))
            where = blit_text(surface, str(state.track[seat]), (rect.right - t.px(14),
                              rect.top + t.px(8)), t.px(34), th.TEXT, True, anchor="topright")
            self.marks.append(("score", where))
            where = blit_text(surface, fmt("reserve {count}", count=state.reserve[seat]),
                              (rect.right - t.px(14),
                              rect.bottom - t.px(8)), t.px(18), th.TEXT_DIM,
                              anchor="bottomright")
            self.marks.append(("reserve", where))
            chips = self._draw_double_chips(surface, t, rect, state.double_chips[seat])
            if chips is not None:
                self.marks.append(("double", chips))
            marks = [r for what, r in self.marks[-3:] if what in ("score", "reserve", "double")]
            self._draw_gene_tags(surface, t, rect, state.genes[seat], words, marks)

    @staticmethod
    def _draw_double_chips(surface: pygame.Surface, t: th.Theme, row: pygame.Rect,
                           count: int) -> pygame.Rect | None:
        """A seat's double-turn chips left of its score, each a small tag saying "+2" (the
        actions it gives, as on the Double turn button); where they are drawn."""
        if not count:
            return None
        w, h, gap = t.px(26), t.px(18), t.px(4)
        right = row.right - t.px(62)
        tags = [pygame.Rect(right - (i + 1) * w - i * gap, row.top + t.px(13), w, h)
                for i in range(count)]
        for tag in tags:
            pygame.draw.rect(surface, th.ACCENT, tag, border_radius=t.px(5))
            blit_text(surface, "+2", tag.center, t.px(14), th.INK, True, anchor="center")
        return tags[0].unionall(tags[1:])

    @staticmethod
    def _draw_laid_chip(surface: pygame.Surface, t: th.Theme, after: pygame.Rect
                        ) -> pygame.Rect:
        """The environment player's scoring chip, face down, after their role's word (to
        every seat alike: its face is theirs to know)."""
        image = art.chip(0, t.px(22), face_down=True)
        where = image.get_rect(midleft=(after.right + t.px(6), after.centery))
        surface.blit(image, where)
        return where

    def _draw_gene_tags(self, surface: pygame.Surface, t: th.Theme, rect: pygame.Rect,
                        genes: int, words: list[pygame.Rect], marks: list[pygame.Rect]) -> None:
        """A row's genes as small tags beside its words (the kind line first, then the name
        and role lines), however long the language makes them, left of the score, the
        double-turn dots and the reserve (`marks`)."""

        def room(r: pygame.Rect) -> int:  # where a tag on r's line must end
            return min([m.left for m in marks if m.top < r.bottom and m.bottom > r.top]
                       + [rect.right], default=rect.right) - t.px(6)

        lines = [words[1], words[0], *words[2:]]
        free = [line.right + t.px(10) for line in lines]  # where each line has room from
        column = rect.left + t.px(194)  # tags line up in a column where the words allow
        for gene in genes_in(genes):
            placed = self._place_tag(t, gene_name(gene), lines, free, column, room)
            if placed is None:
                left_out(gene_name(gene), "no room for this gene's tag in the player list")
                continue
            r, size = placed
            self.gene_badges.append((gene, r))  # hovered: its card; F1: its page
            pygame.draw.rect(surface, (214, 232, 190), r, border_radius=t.px(4))
            image = render(gene_name(gene), size, th.INK)
            surface.blit(image, image.get_rect(center=r.center))
            note(surface, r, gene_name(gene))

    @staticmethod
    def _place_tag(t: th.Theme, name: str, lines: list[pygame.Rect], free: list[int],
                   column: int, room: Callable[[pygame.Rect], int]
                   ) -> tuple[pygame.Rect, int] | None:
        """Where a gene's tag goes: the first line with room, in the column if it fits there,
        else right after what the line holds; in smaller letters before none at all (its
        rectangle and letter size). `free` is updated (badges apart, never "EggWings")."""
        for size in (t.px(16), t.px(13)):
            image = render(name, size, th.INK)
            width, height = image.get_width() + t.px(8), image.get_height() + t.px(2)
            for k, line in enumerate(lines):
                for x in dict.fromkeys((max(column, free[k]), free[k])):
                    r = pygame.Rect(x - t.px(4), 0, width, height)  # the words start at x
                    r.centery = line.centery
                    if r.right <= room(r):
                        free[k] = r.right + t.px(8)
                        return r, size
        return None

    def _draw_genes(self, surface: pygame.Surface, t: th.Theme, shown: PlayerView) -> None:
        state = shown.state
        r = self.genes_rect
        panel(surface, r, th.PANEL, radius=t.px(8), shadow=t.px(3))
        chips_text = (fmt("chip pile {count}", count=len(state.pile)) if state.panic_aside
                      else fmt("chip pile {count} incl. Panic", count=len(state.pile)))
        chips = blit_text(surface, chips_text, (r.right - t.px(12), r.top + t.px(8)), t.px(19),
                          th.TEXT_DIM, anchor="topright")
        room = chips.left - t.px(12) - (r.left + t.px(12))
        deck_text = fmt("Genes on display · deck {count}", count=len(state.deck))
        if text_width(deck_text, t.px(19)) > room:  # a long language on a small screen
            deck_text = fmt("deck {count}", count=len(state.deck))
        blit_text(surface, deck_text, (r.left + t.px(12), r.top + t.px(8)), t.px(19),
                  th.TEXT_DIM, width=room)
        self.gene_cards = []
        x = r.left + t.px(10)
        y = r.top + t.px(32)
        for gene in state.display:
            image = render(gene_name(gene), t.px(18), th.INK, True)
            card = pygame.Rect(x, y, image.get_width() + t.px(14), t.px(20))
            if card.right > r.right - t.px(8):
                x = r.left + t.px(10)
                y += t.px(24)
                card.topleft = (x, y)
            pygame.draw.rect(surface, th.PAPER, card, border_radius=t.px(5))
            surface.blit(image, image.get_rect(center=card.center))
            note(surface, card, gene_name(gene))
            self.gene_cards.append((gene, card))
            x = card.right + t.px(6)
        text = self.chips_line(shown)
        if text:
            blit_text(surface, text, (r.left + t.px(12), r.bottom - t.px(6)), t.px(18),
                      th.ACCENT, anchor="bottomleft")

    def chips_line(self, shown: PlayerView) -> str:
        """The chips this seat knows of, saying whose they are now."""
        state, seat = shown.state, shown.seat
        known = ", ".join(map(str, shown.known_hand()))
        if seat is None or not (known or state.chosen >= 0):
            return ""
        holder = hand_holder(state)
        if seat == holder:
            return fmt("your chips: {chips}", chips=known)
        scoring = (fmt("your scoring chip (face down): {chip}", chip=state.chosen)
                   if state.chosen >= 0 and seat == state.env else "")
        held = (fmt("{name} holds {chips}", name=self.seats[holder].name, chips=known)
                if known else "")
        return " · ".join(part for part in (scoring, held) if part)


def _line_heights(t: th.Theme) -> tuple[int, int, int]:
    """The heights of a row's three lines (name, colour and kind, role) with the gaps after
    them, as drawn."""
    gap = max(2, t.px(5))
    return (line_height(t.px(25), True) + gap, line_height(t.px(18)) + gap,
            line_height(t.px(15)))


def _role(state, seat: int) -> str:
    if state.over:
        return ""
    if seat == state.env:
        return "env"
    if seat == state.dead:
        return "dead"
    return "ichto"
