"""The engine's exceptions: each carries a message meant to be shown to a player or a user."""

from __future__ import annotations


class UrlandError(Exception):
    """Base of every error the engine raises on purpose."""


class Named:
    """A value a refusal names (a seat, an area, a gene, a word): its English words, and its kind
    and key for a front end that says the refusal in another language. An area also gives its
    short name ('5', 'O2') and whether it is a 'region' or an 'ocean' (see `Refusal`)."""

    __slots__ = ("english", "key", "kind", "short", "sort")

    def __init__(self, kind: str, key: object, english: str, short: str = "",
                 sort: str = "") -> None:
        self.kind, self.key, self.english = kind, key, english
        self.short, self.sort = short or english, sort

    def __str__(self) -> str:
        return self.english


class Refusal(str):
    """Why a move is refused: the English sentence itself, with the template and the values it
    was made from, so that a front end can say it in the player's language.

    An area named `area` gives the template three values, as the move labels have them:
    {area} ('5', 'O2'), {area_label} ('region 5', 'O2 (North Ocean)') and {area_kind}
    ('region' or 'ocean'), which a template selects on so that each language can put its own
    article and preposition: `in {area_kind, select, region {region {area}} other
    {{area_label}}}`."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Refusal:
        flat = {k: str(v) for k, v in values.items()}
        for key, value in values.items():
            if isinstance(value, Named) and value.sort:
                flat |= {key: value.short, f"{key}_label": value.english,
                         f"{key}_kind": value.sort}
        text = super().__new__(cls, _choose_cases(template, flat).format(**flat))
        text.template, text.values = template, values
        return text


def _choose_cases(template: str, values: dict[str, str]) -> str:
    """`template` with each `{key, select, a {...} other {...}}` replaced by its case for
    values[key] (the other placeholders are left for str.format)."""
    out, i = [], 0
    while (start := template.find("{", i)) >= 0:
        end = _closing(template, start)
        name, _, rest = (part.strip() for part in template[start + 1:end].partition(","))
        out.append(template[i:start])
        if rest.startswith("select"):
            cases = _cases(rest.partition(",")[2])
            out.append(_choose_cases(cases.get(values.get(name, ""), cases["other"]), values))
        else:
            out.append(template[start:end + 1])
        i = end + 1
    return "".join(out) + template[i:]


def _closing(text: str, start: int) -> int:
    depth = 0
    for j in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return j
    raise ValueError(f"unclosed '{{' in {text!r}")


def _cases(text: str) -> dict[str, str]:
    """'region {a} other {b}' -> {'region': 'a', 'other': 'b'}."""
    cases, i = {}, 0
    while (start := text.find("{", i)) >= 0:
        end = _closing(text, start)
        cases[text[i:start].strip()] = text[start + 1:end]
        i = end + 1
    return cases


class IllegalMoveError(UrlandError):
    """A move that the rules do not allow now, or that is not a well-formed move at all.
    The state is left untouched."""


class BoardError(UrlandError):
    """A malformed board file; the message names the file and the entry."""


class UserFileError(UrlandError):
    """A file that cannot be used: missing, not an ordinary file, too large, not text, not
    valid YAML. The message names the file and says what is wrong in words a player follows."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing  # the file does not exist (nothing to move aside)


class SaveError(UserFileError):
    """A save file that cannot be read: corrupt, truncated, or from a newer version."""


class NewerSaveError(SaveError):
    """A save written by a newer version of Urland: not damaged, only not readable here."""


class PositionError(UrlandError):
    """Position text that cannot be read; the message names the field and the token."""


class DataError(UrlandError):
    """A malformed rules data file (the genes); the message names the file and the entry."""
