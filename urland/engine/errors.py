"""The engine's exceptions: each carries a message meant to be shown to a player or a user."""

from __future__ import annotations

from urland.engine.message_format import format_message


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
        # numbers stay numbers, so that a plural form agrees with them ('1 Ichto')
        flat = {k: v if type(v) is int else str(v) for k, v in values.items()}
        for key, value in values.items():
            if isinstance(value, Named) and value.sort:
                flat |= {key: value.short, f"{key}_label": value.english,
                         f"{key}_kind": value.sort}
        text = super().__new__(cls, format_message(template, flat))
        text.template, text.values = template, values
        return text


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
