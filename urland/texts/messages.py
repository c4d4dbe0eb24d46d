"""Message catalogues: sentences as templates with named placeholders and real plural forms.

Templates use the engine's small subset of ICU MessageFormat (`urland.engine.message_format`:
{name}, {n, plural, ...}, {kind, select, ...}), so a translation can order words and choose plural
forms as its language needs, and code never glues fragments of English together. This module adds
each language's plural rule and glue (elision), and lists ("White, Black and Grey") joined with
the catalogue's list patterns.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from urland.engine.message_format import (  # noqa: F401 (the catalogues' formatter, re-exported)
    Glue,
    MessageError,
    english_plural,
    format_message,
    no_glue,
    placeholder_names,
)


def french_plural(n: int) -> str:
    return "one" if n in (0, 1) else "other"


_FRENCH_ELIDED = re.compile(r"(?:(?<=[\s(«\"'])|^)([Dd]e|[Qq]ue|[Ll]e|[Ll]a) $")
_VOWEL = re.compile(r"[AEIOUÀÂÄÆÉÈÊËÎÏÔŒÙÛÜHaeiouàâäæéèêëîïôœùûüh]")


def french_glue(before: str, value: str) -> str:
    """French elides "de", "que", "le" and "la" before a vowel: "de Anna" -> "d'Anna"."""
    if _VOWEL.match(value) and (m := _FRENCH_ELIDED.search(before)):
        return before[:m.start(1)] + m.group(1)[:-1] + "'"
    return before


_ITALIAN_EUPHONIC = re.compile(r"(?:(?<=\s)|^)([AaEe]) $")


def italian_glue(before: str, value: str) -> str:
    """Italian adds a d to "a" and "e" before the same vowel: "a Anna" -> "ad Anna"."""
    m = _ITALIAN_EUPHONIC.search(before)
    if m and value[:1].lower() == m.group(1).lower():
        return before[:m.end(1)] + "d "
    return before


# How each language joins a value to the words before it (elision), where it needs to.
GLUES: dict[str, Glue] = {"fr": french_glue, "it": italian_glue}


# CLDR's cardinal rules for whole numbers, per language the game speaks
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": english_plural, "de": english_plural, "it": english_plural, "nl": english_plural,
    "fr": french_plural,
}


class Catalogue:
    """The messages of one language: `say(id, **params)`, `join(items, style)`."""

    def __init__(self, messages: Mapping[str, str], lists: Mapping[str, Mapping[str, str]],
                 plural: Callable[[int], str] = english_plural, glue: Glue = no_glue) -> None:
        self.messages = messages
        self.lists = lists
        self.plural = plural
        self.glue = glue

    def say(self, message_id: str, **params: Any) -> str:
        try:
            template = self.messages[message_id]
        except KeyError:
            raise MessageError(f"no message {message_id!r} in the catalogue") from None
        return format_message(template, params, self.plural, self.glue)

    def join(self, items: Sequence[Any], style: str = "and") -> str:
        """'a', 'a and b', 'a, b and c' (or as the list style `style` says), with the language's
        glue: the Italian "Ben ed Eve" as "tocca ad Anna"."""
        words = [str(x) for x in items]
        if len(words) <= 1:
            return "".join(words)
        pattern = self.lists[style]

        def fill(part: str, a: str, b: str) -> str:
            return format_message(pattern[part], {"a": a, "b": b}, self.plural, self.glue)

        if len(words) == 2:
            return fill("pair", words[0], words[1])
        text = fill("end", words[-2], words[-1])
        for word in reversed(words[1:-2]):
            text = fill("middle", word, text)
        return fill("start", words[0], text)


def parse_catalogue(data: Any, name: str, section: str, language: str = "en") -> Catalogue:
    if not isinstance(data, dict) or not isinstance(data.get(section), dict):
        raise MessageError(f"{name}: expected a mapping with '{section}'")
    messages = data[section]
    for key, template in messages.items():
        if not isinstance(template, str):
            raise MessageError(f"{name}: message {key!r} must be a text")
    lists = data.get("lists") or {}
    for style, pattern in lists.items():
        if not isinstance(pattern, dict) or set(pattern) != {"pair", "start", "middle", "end"}:
            raise MessageError(f"{name}: list style {style!r} needs pair, start, middle, end")
    return Catalogue(messages, lists, PLURAL_RULES.get(language, english_plural))

