"""Sentences as templates with named placeholders, a small subset of ICU MessageFormat:

    {name}                                        the value of `name`
    {n, plural, =0 {none} one {# Ichto} other {# Ichtos}}   the form for the number n (# is n)
    {kind, select, monopoly {...} other {...}}    the branch for the word `kind`

The engine writes its refusals this way (in English) and the front end's catalogues say them, and
every other sentence, in the player's language with that language's plural rule and glue
(`urland.texts.messages`). Braces cannot appear in the text itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Glue = Callable[[str, str], str]  # (the text so far, a value) -> the text so far, fitted to it


class MessageError(ValueError):
    """A template or a catalogue that cannot be used; the message says which and why."""


def english_plural(n: int) -> str:
    return "one" if n == 1 else "other"


def no_glue(before: str, value: str) -> str:
    return before


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
