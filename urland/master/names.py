"""Players' names and chat lines from the network: only what prints, and names unique in a room.

Control characters, format characters (Unicode category Cf: the bidi overrides and isolates
that turn text around, zero-width spaces and joiners), private-use and unassigned code points,
surrogates and line or paragraph separators are taken out; runs of spaces become one; the text
is trimmed. A name is cut to MAX_NAME characters; a name that shows nothing (only combining
marks or invisible fillers) counts as none; and a name that looks like one already used in the
room (the same confusable skeleton, `urland.master.lookalike`: "Anna" with a Cyrillic A, U+0410,
beside Latin "Anna") gets a number ("Anna (2)"), so every seat can be told apart.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from urland.master.lookalike import shows_something, skeleton

MAX_NAME = 24
_DROPPED = {"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"}


def printable(text: str) -> str:
    """`text` without what does not print or turns the text around, spaces collapsed."""
    # str.isprintable is False for every category dropped here (and for spaces other than
    # " "): a text it passes has nothing to drop, which it tells at C speed.
    kept = text if text.isprintable() else "".join(
        ch for ch in text if unicodedata.category(ch) not in _DROPPED)
    return " ".join(kept.split())


def clean_name(text: str) -> str:
    """A name as shown: printable, trimmed, at most MAX_NAME characters ('' when none left,
    or when what is left shows nothing)."""
    name = printable(text)[:MAX_NAME].strip()
    return name if shows_something(name) else ""


def unique_name(name: str, taken: list[str]) -> str:
    """`name`, or `name (2)`, `name (3)`... when another seat already has it or one that looks
    the same (case ignored, look-alike letters taken for one another)."""
    used = {skeleton(t) for t in taken}
    return first_free(name, lambda candidate: skeleton(candidate) in used)


def numbered(name: str, number: int) -> str:
    """`name (number)`, cut to fit MAX_NAME."""
    suffix = f" ({number})"
    return name[:MAX_NAME - len(suffix)].rstrip() + suffix


def first_free(name: str, taken: Callable[[str], bool]) -> str:
    """`name`, or the first of `name (2)`, `name (3)`... that is not `taken`."""
    if not taken(name):
        return name
    number = 2
    while taken(numbered(name, number)):
        number += 1
    return numbered(name, number)
