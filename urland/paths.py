"""Where the game keeps the user's things: settings, the autosave, other saved games, finished
games, crash logs.

Always the user's own directories (platformdirs), never the program's folder. URLAND_HOME
overrides all of them with one folder (tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "Urland"


def _override() -> Path | None:
    home = os.environ.get("URLAND_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    return _override() or Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    return _override() or Path(platformdirs.user_data_dir(APP, appauthor=False))


def autosave_path() -> Path:
    return data_dir() / "autosave.yaml"


def saves_dir() -> Path:
    """Games put aside: a New game never overwrites an unfinished autosave, it moves it here."""
    return data_dir() / "saves"


def settings_path() -> Path:
    return config_dir() / "settings.yaml"


def setup_path() -> Path:
    """The last New game set-up (seats, names, colours), offered again next time."""
    return config_dir() / "new_game.yaml"


def crash_log_path() -> Path:
    return data_dir() / "crash.log"


def history_dir() -> Path:
    """Finished games, one record each, beside the autosave."""
    return data_dir() / "history"


def documents_dir() -> Path:
    """The player's documents folder, where exports go first (their home if there is none)."""
    try:
        folder = Path(platformdirs.user_documents_dir())
        return folder if folder.is_dir() else Path.home()
    except (OSError, RuntimeError, ValueError):  # no home at all: the current folder
        return Path.cwd()
