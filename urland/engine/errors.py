"""The engine's exceptions: each carries a message meant to be shown to a player or a user."""


class UrlandError(Exception):
    """Base of every error the engine raises on purpose."""


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
