"""The rules in game, reachable from every scene with F1: one illustrated page per topic and per
gene card (urland.texts.rules_pages), a list of pages that a typed word filters, and the page that
fits where the player is (the gene under the mouse, the decision the table waits for)."""

from __future__ import annotations

import pygame

from urland.scenes.base import Scene
from urland.texts.assets import gene_texts, rules_text
from urland.texts.genes import gene_name
from urland.texts.i18n import L_, N_, _, fmt
from urland.texts.rules_pages import Page, page_index, pages, search
from urland.ui import art
from urland.ui import theme as th
from urland.ui.focus import Target, button_targets
from urland.ui.key_map import KeyRow, OwnKey, own_key
from urland.ui.pages.rule_diagram import draw_diagram
from urland.ui.text import blit_text, text_width, wrap
from urland.ui.widgets import Button, panel

__all__ = ["RulesScene", "gene_texts", "rules_text"]  # the texts: urland.texts.assets

MUTED = (110, 100, 86)
SEARCH_HINT = N_("type a word to search")
KEYS_PAGE = "rules:keys"  # the page of keys (assets/texts/rules.yaml): the keys of the screen too
# The rules' own keys: a step through the pages (Up, Down) or the examples (Left, Right).
STEPS = {pygame.K_UP: -1, pygame.K_PAGEUP: -1, pygame.K_DOWN: 1, pygame.K_PAGEDOWN: 1}
EXAMPLE_STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


class RulesScene(Scene):
    takes_text = True  # letters go to the search (M does not mute here)
    name = "rules"
    modal = True

    own_keys = (*(OwnKey(k, N_("the page before") if d < 0 else N_("the next page"))
                  for k, d in STEPS.items()),
                *(OwnKey(k, N_("the example before") if d < 0 else N_("the next example"))
                  for k, d in EXAMPLE_STEPS.items()))

    def __init__(self, app, page: str | None = None, keys: list[KeyRow] | None = None) -> None:
        super().__init__(app)
        self.keys = keys or []  # the key map of the screen the rules were opened from
        self.query = ""
        self.page = pages()[page_index(page)]
        self.example = 0
        self.close = Button(L_("Close"), self.app.pop, "primary", key=pygame.K_ESCAPE)
        self.prev_example = Button("<", lambda: self._example(-1))
        self.next_example = Button(">", lambda: self._example(1))
        self.buttons = [self.close, self.prev_example, self.next_example]
        self.rows: list[tuple[pygame.Rect, Page]] = []
        self.content_bottom = 0  # where the page's last line or picture ends (tests look)

    # --- what is shown ------------------------------------------------------------------------

    @property
    def listed(self) -> list[Page]:
        return search(self.query)

    def open_page(self, page: Page) -> None:
        self.page, self.example = page, 0

    def _example(self, delta: int) -> None:
        count = len(self.page.diagrams)
        if count:
            self.example = (self.example + delta) % count

    def _step_page(self, delta: int) -> None:
        listed = self.listed
        if not listed:
            return
        i = listed.index(self.page) if self.page in listed else -delta
        self.open_page(listed[max(0, min(len(listed) - 1, i + delta))])

    def _type(self, event: pygame.event.Event) -> bool:
        """Search keys: letters and digits, Backspace; Escape first clears a search."""
        if event.key == pygame.K_BACKSPACE:
            self.query = self.query[:-1]
        elif event.key == pygame.K_ESCAPE and self.query:
            self.query = ""
        elif event.unicode and (event.unicode.isalnum() or event.unicode == " "):
            self.query += event.unicode
        else:
            return False
        listed = self.listed
        if listed and self.page not in listed:
            self.open_page(listed[0])
        return True

    # --- layout -------------------------------------------------------------------------------

    def box(self) -> pygame.Rect:
        t = self.theme
        r = pygame.Rect(0, 0, min(t.size[0] - t.px(40), t.px(1180)), t.size[1] - t.px(40))
        r.center = (t.size[0] // 2, t.size[1] // 2)
        return r

    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The list of pages on the left, the page on the right."""
        t = self.theme
        box = self.box()
        top = box.top + t.px(76)
        left = pygame.Rect(box.left + t.px(20), top, t.px(270), box.bottom - top - t.px(16))
        right = pygame.Rect(left.right + t.px(24), top, box.right - left.right - t.px(44),
                            left.height)
        return left, right

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        self.close.rect = pygame.Rect(box.right - t.px(150), box.top + t.px(16), t.px(130),
                                      t.px(44))
        _, right = self.columns()
        for i, b in enumerate((self.prev_example, self.next_example)):
            b.rect = pygame.Rect(right.right - t.px(96) + i * t.px(50), right.top, t.px(44),
                                 t.px(36))

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        own = own_key(self.own_keys, event)
        if own is not None:
            if own.key in STEPS:
                self._step_page(STEPS[own.key])
            else:
                self._example(EXAMPLE_STEPS[own.key])
            return True
        if event.type == pygame.KEYDOWN and self._type(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._step_page(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, page in self.rows:
                if rect.collidepoint(event.pos):
                    self.open_page(page)
                    return True
        return super().handle(event)

    def focus_targets(self) -> list[Target]:
        """Tab's order: the pages listed (Enter opens one), the example's arrows, Close; Up
        and Down keep stepping through the pages, Left and Right through the examples."""
        pages = [Target(("page", page.key), rect, lambda p=page: self.open_page(p))
                 for rect, page in self.rows]
        return [*pages, *button_targets([self.prev_example, self.next_example, self.close])]

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 12, 18, 170))
        surface.blit(shade, (0, 0))
        box = self.box()
        panel(surface, box, th.PAPER, radius=t.px(14), shadow=t.px(8), border=th.ACCENT_DARK)
        blit_text(surface, _("Rules"), (box.left + t.px(24), box.top + t.px(22)), t.px(34),
                  th.ACCENT_DARK, True, width=t.px(116))
        field = pygame.Rect(box.left + t.px(150), box.top + t.px(18), t.px(420), t.px(40))
        panel(surface, field, (255, 252, 240), radius=t.px(8), border=th.ACCENT_DARK)
        shown = (fmt("Search: {query}_", query=self.query) if self.query
                 else fmt("Search: {hint}", hint=_(SEARCH_HINT)))
        blit_text(surface, shown, (field.left + t.px(12), field.centery), t.px(21),
                  th.INK if self.query else MUTED, anchor="midleft")
        left, right = self.columns()
        self.draw_list(surface, left)
        self.draw_page(surface, right)
        self.prev_example.visible = self.next_example.visible = len(self.page.diagrams) > 1
        super().draw(surface)

    def draw_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        t = self.theme
        listed = self.listed
        row_h = max(t.px(24), min(t.px(30), area.height // max(1, len(listed))))
        size = min(t.px(20), row_h - t.px(4))
        self.rows = []
        if not listed:
            blit_text(surface, _("No page has that word."), (area.left, area.top), t.px(20),
                      MUTED)
        fit = max(1, area.height // row_h)  # a list too long scrolls to keep the page in sight
        first = max(0, listed.index(self.page) - fit + 1) if self.page in listed else 0
        for i, page in enumerate(listed[first:first + fit]):
            row = pygame.Rect(area.left, area.top + i * row_h, area.width, row_h - t.px(2))
            if page is self.page:
                pygame.draw.rect(surface, (255, 226, 150), row, border_radius=t.px(6))
            title = page.title if not page.gene else fmt("Gene: {name}",
                                                         name=gene_name(page.gene))
            blit_text(surface, title, (row.left + t.px(8), row.centery), size, th.INK,
                      page is self.page, anchor="midleft", width=row.width - t.px(10))
            self.rows.append((row, page))

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        t = self.theme
        page = self.page
        y = area.top
        x = area.left
        if page.gene:
            surface.blit(art.helix(t.px(48)), (x, y))
            x += t.px(60)
        blit_text(surface, page.title, (x, y + t.px(4)), t.px(30), th.ACCENT_DARK, True)
        y += t.px(52)
        size, line_h = t.px(22), t.px(25)
        for line in wrap(page.text, size, area.width):
            blit_text(surface, line, (area.left, y), size, th.INK)
            y += line_h
        if page.key == KEYS_PAGE:
            y = self.draw_keys(surface, area, y + t.px(8))
        if page.example:
            y += t.px(10)
            for line in wrap(fmt("Example: {text}", text=page.example), size, area.width,
                             bold=True):
                blit_text(surface, line, (area.left, y), size, th.INK, True)
                y += line_h
        if page.diagrams:
            y = self.draw_example(surface, pygame.Rect(area.left, y + t.px(12), area.width,
                                                       area.bottom - y - t.px(12)))
        self.content_bottom = y

    def draw_example(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The current worked example: its caption, then its picture(s); the bottom it reached."""
        t = self.theme
        diagram = self.page.diagrams[self.example]
        count = len(self.page.diagrams)
        caption = (fmt("Example {number} of {count}: {text}", number=self.example + 1,
                       count=count, text=diagram.caption) if count > 1
                   else fmt("Example: {text}", text=diagram.caption))
        size, line_h = t.px(21), t.px(24)
        y = area.top
        lines = wrap(caption, size, area.width - (t.px(110) if count > 1 else 0), bold=True)
        for line in lines:
            blit_text(surface, line, (area.left, y), size, MUTED, True)
            y += line_h
        picture = pygame.Rect(area.left, y + t.px(8), area.width, area.bottom - y - t.px(8))
        used = draw_diagram(surface, t, diagram, picture)
        return used.bottom

    def autoplay_step(self) -> None:
        if self.age > 0.5:
            self.app.pop()

    def draw_keys(self, surface: pygame.Surface, area: pygame.Rect, y: int) -> int:
        """The key map of the screen the rules were opened from: its keys and what they do,
        in two columns of rows when one does not fit; where the rows end. The keys' column is
        as wide as its widest keys (the arrows as a language names them), up to half a column."""
        t = self.theme
        size, row_h = t.px(19), t.px(23)
        rows = max(1, (area.bottom - y) // row_h)
        columns = 1 if len(self.keys) <= rows else 2
        width = area.width // columns
        widest = max((text_width(keys, size, bold=True) for keys, _does in self.keys), default=0)
        key_w = max(t.px(200), min(width // 2, widest + t.px(16)))
        for i, (keys, does) in enumerate(self.keys):
            x = area.left + (i // rows) * width
            top = y + (i % rows) * row_h
            blit_text(surface, keys, (x, top), size, th.ACCENT_DARK, True, width=key_w - t.px(8))
            blit_text(surface, does, (x + key_w, top), size, th.INK,
                      width=width - key_w - t.px(12))
        return y + min(rows, len(self.keys)) * row_h
