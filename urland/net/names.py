"""Players' names and chat lines from the network: only what prints, and names unique in a room.

Control characters, format characters (Unicode category Cf: the bidi overrides and isolates
that turn text around, zero-width spaces and joiners), private-use and unassigned code points,
surrogates and line or paragraph separators are taken out; runs of spaces become one; the text
is trimmed. A name is cut to MAX_NAME characters, and a name already used in the room gets a
number ("Anna (2)"), so every seat can be told apart.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 24
_DROPPED = {"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"}


def printable(text: str) -> str:
    """`text` without what does not print or turns the text around, spaces collapsed."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in _DROPPED)
    return " ".join(kept.split())


def clean_name(text: str) -> str:
    """A name as shown: printable, trimmed, at most MAX_NAME characters ('' when none left)."""
    return printable(text)[:MAX_NAME].strip()


def unique_name(name: str, taken: list[str]) -> str:
    """`name`, or `name (2)`, `name (3)`... when another seat already has it (case ignored)."""
    used = {t.casefold() for t in taken}
    if name.casefold() not in used:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[:MAX_NAME - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in used:
            return candidate
        number += 1
