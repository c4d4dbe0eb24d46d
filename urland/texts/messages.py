"""Message catalogues: sentences as templates with named placeholders and real plural forms.

A template is text with placeholders in braces, a small subset of ICU MessageFormat:

    {name}                                        the value of `name`
    {n, plural, =0 {none} one {# Ichto} other {# Ichtos}}   the form for the number n (# is n)
    {kind, select, monopoly {...} other {...}}    the branch for the word `kind`

so a translation can order words and choose plural forms as its language needs, and code never
glues fragments of English together. Lists ("White, Black and Grey") are joined with the
catalogue's list patterns. Braces cannot appear in the text itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Glue = Callable[[str, str], str]  # (the text so far, a value) -> the text so far, fitted to it


class MessageError(ValueError):
    """A template or a catalogue that cannot be used; the message says which and why."""


def english_plural(n: int) -> str:
    return "one" if n == 1 else "other"


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


def no_glue(before: str, value: str) -> str:
    return before


# How each language joins a value to the words before it (elision), where it needs to.
GLUES: dict[str, Glue] = {"fr": french_glue, "it": italian_glue}


# CLDR's cardinal rules for whole numbers, per language the game speaks
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": english_plural, "de": english_plural, "it": english_plural, "nl": english_plural,
    "fr": french_plural,
}


def format_message(template: str, params: Mapping[str, Any],
                   plural: Callable[[int], str] = english_plural, glue: Glue = no_glue) -> str:
    """Fill `template` with `params` (see the module's docstring for the syntax); `glue` joins
    each value to the words before it (French elision: `french_glue`)."""
    return _format(template, params, (plural, glue), None, "")


def _format(t: str, params: Mapping[str, Any], rules: tuple[Callable[[int], str], Glue],
            number: int | None, text: str) -> str:
    """`text` followed by `t` filled in (a value may change the end of `text`: elision)."""
    i = 0
    while i < len(t):
        c = t[i]
        if c == "{":
            j = _closing(t, i)
            text = _placeholder(t[i + 1:j], params, rules, text)
            i = j + 1
        elif c == "}":
            raise MessageError(f"unbalanced '}}' in {t!r}")
        elif c == "#" and number is not None:
            text += str(number)
            i += 1
        else:
            j = i + 1
            while j < len(t) and t[j] not in "{}#":
                j += 1
            text += t[i:j]
            i = j
    return text


def _closing(t: str, i: int) -> int:
    """The index of the brace closing the one at `i`."""
    depth = 0
    for j in range(i, len(t)):
        if t[j] == "{":
            depth += 1
        elif t[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise MessageError(f"unclosed '{{' in {t!r}")


def _placeholder(body: str, params: Mapping[str, Any],
                 rules: tuple[Callable[[int], str], Glue], text: str) -> str:
    """`text` followed by the placeholder `body` filled in."""
    name, _, rest = (part.strip() for part in body.partition(","))
    if name not in params:
        raise MessageError(f"no value for {{{name}}}")
    value = params[name]
    if not rest:
        shown = str(value)
        return rules[1](text, shown) + shown
    kind, _, cases_text = (part.strip() for part in rest.partition(","))
    cases = _cases(cases_text)
    if kind == "plural":
        exact = f"={value}"
        key = exact if exact in cases else rules[0](value)
        return _format(cases.get(key, cases.get("other", "")), params, rules, value, text)
    if kind == "select":
        key = str(value) if str(value) in cases else "other"
        if key not in cases:
            raise MessageError(f"no case for {name}={value!r} in {{{body}}}")
        return _format(cases[key], params, rules, None, text)
    raise MessageError(f"unknown placeholder kind {kind!r} in {{{body}}}")


def _cases(text: str) -> dict[str, str]:
    cases = {}
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        start = text.find("{", i)
        if start < 0:
            raise MessageError(f"a case without a message in {text!r}")
        key = text[i:start].strip()
        end = _closing(text, start)
        cases[key] = text[start + 1:end]
        i = end + 1
    return cases


def placeholder_names(template: str) -> set[str]:
    """Every value `template` asks for (inside plural and select cases too)."""
    names: set[str] = set()
    i = 0
    while i < len(template):
        if template[i] == "{":
            j = _closing(template, i)
            name, _, rest = (part.strip() for part in template[i + 1:j].partition(","))
            names.add(name)
            if rest:
                _kind, _, cases_text = (part.strip() for part in rest.partition(","))
                for case in _cases(cases_text).values():
                    names |= placeholder_names(case)
            i = j + 1
        else:
            i += 1
    return names


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
        """'a', 'a and b', 'a, b and c' (or as the list style `style` says)."""
        words = [str(x) for x in items]
        if len(words) <= 1:
            return "".join(words)
        pattern = self.lists[style]
        if len(words) == 2:
            return format_message(pattern["pair"], {"a": words[0], "b": words[1]})
        text = format_message(pattern["end"], {"a": words[-2], "b": words[-1]})
        for word in reversed(words[1:-2]):
            text = format_message(pattern["middle"], {"a": word, "b": text})
        return format_message(pattern["start"], {"a": words[0], "b": text})


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

