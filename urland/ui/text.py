"""Text rendered once and reused: frames redraw the same labels sixty times a second.

Every text on screen goes through `render`. For tests, `start_watching()` keeps what was drawn
(`Watch.seen`) and every text that did not fit its box (`Watch.overflows`): wider than the width
given to `blit_text` even at its smallest size, lines of `blit_wrapped` cut off at the bottom of
the box, text running off a side of the surface it was drawn on (scrolled text above or below
it is not seen, and not counted), text shortened with an ellipsis or left out for want of room
(`left_out`); and each text `blit_text` drew smaller than asked to fit (`Watch.shrunk`). No
text is drawn smaller than theme.MIN_FONT_PIXELS (letters about 12 px tall), whatever size is
asked. It also keeps where each text and each button went in a frame (`note`,
`cover`): `end_frame()` then finds elements drawn over one another (`Watch.overlaps`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from urland.texts.i18n import Text
from urland.ui.theme import MIN_FONT_PIXELS, Colour, _font

SMALLEST = 0.75  # a text too wide for its box shrinks down to this share of its size


@dataclass
class Drawn:
    """One element of a frame: a text or a button, where it went on which surface."""

    surface: int  # the id of the surface it was drawn on (subsurfaces: their parent)
    rect: pygame.Rect  # in that surface's coordinates
    what: str
    box: bool  # a button (a text inside it is its label)


@dataclass
class Watch:
    seen: set[str] = field(default_factory=set)  # whole texts (a wrapped text, not its lines)
    overflows: list[str] = field(default_factory=list)
    lines: set[str] = field(default_factory=set)  # lines of wrapped texts
    overlaps: set[str] = field(default_factory=set)
    # texts drawn smaller than asked to fit their box: the smallest share of the size asked
    shrunk: dict[str, float] = field(default_factory=dict)
    frame: list[Drawn] = field(default_factory=list)
    last_frame: tuple = ()

    def overflow(self, text: str, why: str) -> None:
        self.overflows.append(f"{text!r}: {why}")

    def note(self, surface: pygame.Surface, rect: pygame.Rect, what: str, box: bool) -> None:
        parent, (dx, dy) = surface.get_abs_parent(), surface.get_abs_offset()
        shown = rect.clip(surface.get_clip())
        if box:
            self.cover(surface, shown, whole=True)
        if shown.width > 0 and shown.height > 0 and what.strip():
            self.frame.append(Drawn(id(parent), shown.move(dx, dy), what, box))

    def cover(self, surface: pygame.Surface, rect: pygame.Rect, whole: bool = False) -> None:
        """A panel drawn over `rect`: what was drawn there before is hidden, as it should be
        (`whole`: only what lies wholly inside it, as a button drawn again over its label)."""
        parent, (dx, dy) = surface.get_abs_parent(), surface.get_abs_offset()
        area = rect.move(dx, dy)
        hidden = area.contains if whole else area.colliderect
        self.frame = [d for d in self.frame if d.surface != id(parent) or not hidden(d.rect)]

    def end_frame(self) -> None:
        frame, self.frame = self.frame, []
        signature = tuple((d.surface, tuple(d.rect), d.what) for d in frame)
        if signature == self.last_frame:
            return
        self.last_frame = signature
        rects = [_core(d) for d in frame]
        for i, first in enumerate(frame):
            for j in rects[i].collidelistall(rects[i + 1:]):
                second = frame[i + 1 + j]
                common = rects[i].clip(rects[i + 1 + j])
                if (second.surface == first.surface and min(common.size) >= 2
                        and _clash(first, second)):
                    self.overlaps.add(f"{first.what!r} and {second.what!r} overlap "
                                      f"({first.rect} and {second.rect})")


def _core(d: Drawn) -> pygame.Rect:
    """The part of an element that must not be covered: a text without the blank space its line
    height leaves above and below the letters."""
    if d.box:
        return d.rect.inflate(-2, -2)
    return d.rect.inflate(-2, -max(2, d.rect.height * 2 // 5))


def _clash(first: Drawn, later: Drawn) -> bool:
    """Do two elements of a frame collide? A text drawn on a button after it is its label; a
    text that a button was drawn over, or that sticks out of one, is hidden in part."""
    if first.box and not later.box:
        return not first.rect.contains(later.rect)
    shadow = (first.what == later.what and abs(first.rect.x - later.rect.x) <= 3
              and abs(first.rect.y - later.rect.y) <= 3)  # a text on its own shadow
    return not shadow


_watch: Watch | None = None


def end_frame() -> None:
    """A frame is complete: look for elements drawn over one another (when watching)."""
    if _watch is not None:
        _watch.end_frame()


def note(surface: pygame.Surface, rect: pygame.Rect, what: str, box: bool = False) -> None:
    """An element drawn without blit_text (a tag, a button): for the overlap check."""
    if _watch is not None:
        _watch.note(surface, rect, what, box)


def left_out(text: str, why: str) -> None:
    """A text a layout had no room for (when watching, an overflow)."""
    if _watch is not None:
        _watch.overflow(text, why)


def cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel was drawn over `rect` (a dialog, a card): what lay under it is hidden."""
    if _watch is not None:
        _watch.cover(surface, rect)


def start_watching() -> Watch:
    global _watch
    _watch = Watch()
    return _watch


def stop_watching() -> None:
    global _watch
    _watch = None


def render(text: Text, pixels: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    text = str(text)
    if _watch is not None and text not in _watch.lines:
        _watch.seen.add(text)
    return _render(text, pixels, colour, bold)


SUPERSAMPLED_BELOW = 24  # font pixels: smaller type is drawn twice as large and scaled down


@lru_cache(maxsize=2048)
def _render(text: str, pixels: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    font = _font(pixels, bold)
    text = drawable(text)
    try:
        if not text.strip() or font.get_height() >= line_height(SUPERSAMPLED_BELOW, bold):
            return font.render(text, True, colour)
        return _supersampled(text, pixels, colour, bold)
    except pygame.error:  # "Text has zero width": only joiners or combining marks
        return font.render("", True, colour)


def _supersampled(text: str, pixels: int, colour: Colour, bold: bool) -> pygame.Surface:
    """Small type as the typeface spaces it: at small sizes the font's hinting rounds each
    letter to whole pixels, so gaps inside a word come out uneven ("Al ex", "Ich to");
    drawn at twice the size and scaled down, the letters keep their even spacing. The
    surface has the size the plain rendering has, so every layout stays as it was."""
    size = _font(pixels, bold).render(text, True, colour).get_size()
    big = _font(2 * max(pixels, MIN_FONT_PIXELS), bold).render(text, True, colour)
    return pygame.transform.smoothscale(big, size)


_SURROGATES = re.compile("[\ud800-\udfff]")


def drawable(text: str) -> str:
    """`text` as a font can take it: a lone surrogate (a file name that is not UTF-8, a
    damaged name) becomes the replacement character instead of stopping the game."""
    if not _SURROGATES.search(text):
        return text
    return _SURROGATES.sub("\ufffd", text)


def text_width(text: Text, pixels: int, bold: bool = False) -> int:
    return _font(pixels, bold).size(drawable(str(text)))[0]


def line_height(pixels: int, bold: bool = False) -> int:
    return _font(pixels, bold).get_height()


def fitting_size(text: str, pixels: int, width: int, bold: bool = False) -> int:
    """The largest size from `pixels` down to SMALLEST of it at which `text` fits `width` (the
    smallest when none does; no font is ever smaller than theme.MIN_FONT_PIXELS, letters about
    12 px tall, so a text that needs less does not fit)."""
    low = max(1, round(pixels * SMALLEST))
    size = pixels
    while size > low and text_width(text, size, bold) > width:
        size -= 1
    return size


def ellipsized(text: Text, pixels: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels (a watched shortening is
    an overflow: a player cannot read what was cut)."""
    text = str(text)
    if text_width(text, pixels, bold) <= width:
        return text
    if _watch is not None:
        _watch.overflow(text, f"cut short to fit {width} px")
    while len(text) > 1 and text_width(text + "...", pixels, bold) > width:
        text = text[:-1]
    return text + "..."


def wrap(text: Text, pixels: int, width: int, bold: bool = False) -> list[str]:
    """Break `text` into lines no wider than `width` pixels."""
    text = str(text)
    lines = list(_wrap(text, pixels, width, bold))
    if _watch is not None:
        _watch.seen.add(text)
        _watch.lines.update(lines)
        for line in lines:
            if text_width(line, pixels, bold) > width:
                _watch.overflow(line, f"a word wider than {width} px")
    return lines


def shortened(text: Text, pixels: int, width: int, bold: bool = False) -> str:
    """`text` on one line no wider than `width`: whole when it fits, else its first words and
    an ellipsis (the watch counts it as a line of the whole text, which is seen in full
    elsewhere)."""
    text = str(text)
    lines = wrap(text, pixels, width - text_width(ELLIPSIS, pixels, bold), bold)
    if len(lines) == 1:
        return text
    short = lines[0].rstrip(" ,;:(") + ELLIPSIS
    if _watch is not None:
        _watch.lines.add(short)
    return short


ELLIPSIS = "\u2026"


@lru_cache(maxsize=1024)
def _wrap(text: str, pixels: int, width: int, bold: bool) -> tuple[str, ...]:
    font = _font(pixels, bold)
    text = drawable(text)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = _keep_punctuation_attached(paragraph.split(" "))
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


# French sets a space before these marks and inside guillemets; a line never starts with one
# of the first kind nor ends with the second.
_CLINGS_TO_WORD_BEFORE = frozenset({":", ";", "!", "?", "\u00bb", "\u2026"})
_CLINGS_TO_WORD_AFTER = frozenset({"\u00ab"})


_POINTS_GAINED = re.compile(r"\+\d+[,.;:)]*")  # "Anna +2," in a scoring's caption


def _keep_punctuation_attached(words: list[str]) -> list[str]:
    """`words` with a lone ':', ';', '!', '?', '»' or a gain ('+2') joined to the word before
    and a lone '«' to the word after, so the wrap never breaks at their space."""
    joined: list[str] = []
    glue_next = False
    for word in words:
        clings = word in _CLINGS_TO_WORD_BEFORE or _POINTS_GAINED.fullmatch(word)
        if glue_next or (joined and clings):
            joined[-1] = f"{joined[-1]} {word}"
        else:
            joined.append(word)
        glue_next = word in _CLINGS_TO_WORD_AFTER
    return joined


def blit_text(surface: pygame.Surface, text: Text, pos: tuple[int, int], pixels: int,
              colour: Colour, bold: bool = False, anchor: str = "topleft",
              width: int | None = None) -> pygame.Rect:
    """Draw `text` with its `anchor` at `pos`. Given a `width`, a longer text is drawn smaller
    (down to SMALLEST of its size) to fit."""
    text = str(text)
    if width is not None:
        asked, pixels = pixels, fitting_size(text, pixels, width, bold)
        if _watch is not None and pixels < asked:
            share = min(pixels / asked, _watch.shrunk.get(text, 1.0))
            _watch.shrunk[text] = share
    image = render(text, pixels, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    if _watch is not None:
        if width is not None and rect.width > width:
            _watch.overflow(text, f"{rect.width} px in a box of {width} px")
        area = surface.get_clip()
        visible = rect.top < area.bottom and rect.bottom > area.top
        if text.strip() and visible and (rect.left < area.left or rect.right > area.right):
            _watch.overflow(text, f"runs off the side of its surface ({rect} in {area})")
        _watch.note(surface, rect, text, False)
    surface.blit(image, rect)
    return rect


def blit_wrapped(surface: pygame.Surface, text: Text, rect: pygame.Rect, pixels: int,
                 colour: Colour, bold: bool = False, line_gap: float = 1.15,
                 centre: bool = False) -> int:
    """Draw wrapped text inside `rect` (each line centred when `centre`); returns the height
    used."""
    text = str(text)
    y = rect.top
    step = round(pixels * line_gap * 0.75)
    block = pygame.Rect(rect.left, rect.top, 0, 0)
    for line in wrap(text, pixels, rect.width, bold):
        if y + step > rect.bottom + step // 2:
            if _watch is not None:
                _watch.overflow(text, f"cut off at the bottom of a box {rect.size}")
            break
        image = render(line, pixels, colour, bold)
        x = rect.centerx - image.get_width() // 2 if centre else rect.left
        surface.blit(image, (x, y))
        block = block.union(pygame.Rect(x, y, image.get_width(), step)) if block.width else (
            pygame.Rect(x, y, image.get_width(), step))
        y += step
    if _watch is not None and block.width:
        _watch.note(surface, block, text, False)
    return y - rect.top
