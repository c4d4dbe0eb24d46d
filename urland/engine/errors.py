"""The engine's exceptions: each carries a message meant to be shown to a player or a user."""


class UrlandError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalMoveError(UrlandError):
    """A move that the rules do not allow now. The state is left untouched."""


class BoardError(UrlandError):
    """A malformed board file; the message names the file and the entry."""


class SaveError(UrlandError):
    """A save file that cannot be read: corrupt, truncated, or from a newer version."""


class PositionError(UrlandError):
    """Position text that cannot be read; the message names the field and the token."""


class DataError(UrlandError):
    """A malformed rules data file (the genes); the message names the file and the entry."""
