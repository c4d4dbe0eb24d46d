"""Player names read from files (saves, history records, the remembered set-up): a name is used
only when a font can draw it. A name that holds a lone surrogate, a control character, or only
characters that draw nothing (spaces, joiners, combining marks) is no name at all, and the
caller puts the colour's name in its place."""

from __future__ import annotations

import unicodedata
from typing import Any

# Categories of characters that draw something: letters, digits, punctuation, symbols.
_VISIBLE = ("L", "N", "P", "S")


def drawable_name(value: Any) -> str:
    """`value` without its outer spaces when it is a name a font can draw, else ''."""
    if not isinstance(value, str):
        return ""
    name = value.strip()
    if not name.isprintable() or any(unicodedata.category(c) == "Cs" for c in name):
        return ""
    if not any(unicodedata.category(c)[0] in _VISIBLE for c in name):
        return ""
    return name
