"""Names that look alike: compared by their confusable skeleton (Unicode TR39), and names that
show nothing.

The confusables data of Unicode (TR39's confusables.txt) comes from the maintained
`confusable-homoglyphs` package. From it every character is mapped to one representative of
the characters it may be taken for (Cyrillic A (U+0410) and Latin "A", "1", "l" and "I" ...): two
names whose skeletons are equal would look the same on the table, so the room tells them apart
("Anna (2)"). The mapping joins look-alikes transitively, so it is a little stricter than
TR39's own skeleton: a few names that merely resemble each other get a number too.
"""

from __future__ import annotations

import unicodedata
from functools import cache

# Characters that draw nothing though Unicode counts them as letters or marks (the Hangul
# fillers, the combining grapheme joiner, variation selectors, Mongolian free variation
# selectors): a name of only these would show blank.
_INVISIBLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0,
              *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
_VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def visible(ch: str) -> bool:
    """Whether the character draws something on its own (a letter, digit, mark of
    punctuation or symbol; not a space, a combining mark or an invisible filler)."""
    return ord(ch) not in _INVISIBLE and unicodedata.category(ch)[0] in _VISIBLE_CATEGORIES


def shows_something(name: str) -> bool:
    return any(visible(ch) for ch in name)


def _unmarked(text: str) -> str:
    """A confusables entry without the direction marks the data wraps some in."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


@cache
def _tables() -> tuple[dict[str, str], dict[str, str]]:
    """(each character's representative, characters that look like a string of several)."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        root = ch
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(ch, ch) != root:
            parent[ch], ch = root, parent[ch]
        return root

    several: dict[str, str] = {}
    for ch, entries in confusables_data.items():
        for entry in entries:
            target = _unmarked(entry["c"])
            if len(target) == 1 and len(ch) == 1:
                a, b = find(ch), find(target)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            elif len(target) > 1 and len(entries) == 1 and len(ch) == 1:
                several[ch] = target
    return {ch: find(ch) for ch in parent}, several


def _mapped(text: str) -> str:
    representative, several = _tables()
    out = []
    for ch in unicodedata.normalize("NFD", text):
        if ord(ch) in _INVISIBLE or unicodedata.category(ch) == "Cf":
            continue
        ch = several.get(ch, ch)
        out.append("".join(representative.get(c, c) for c in ch))
    return unicodedata.normalize("NFD", "".join(out))


def skeleton(name: str) -> str:
    """What the name looks like: equal for names a player could take for one another."""
    return _mapped(_mapped(name).casefold())
