"""How far the player got in Learn to play: `tutorial.yaml` in the user's data folder.

A missing or unreadable file means starting from the beginning; a damaged one is moved aside at
start-up and said once (`check_progress`)."""

from __future__ import annotations

import contextlib

from urland import paths
from urland.engine import UserFileError
from urland.engine.files import move_aside, read_yaml, write_atomic
from urland.texts.i18n import _, fmt

PROGRESS_FILE = "tutorial.yaml"

def saved_chapter() -> int:
    """The chapter to resume at (0: from the start); a missing or odd file means 0."""
    try:
        data = read_yaml(paths.data_dir() / PROGRESS_FILE)
    except UserFileError:
        return 0
    chapter = data.get("chapter") if isinstance(data, dict) else None
    return chapter if isinstance(chapter, int) and chapter >= 0 else 0


def check_progress() -> str:
    """'' when the progress file is readable or missing; else it is moved aside (the tutorial
    then starts from the beginning) and a sentence says so."""
    path = paths.data_dir() / PROGRESS_FILE
    try:
        read_yaml(path)
    except UserFileError as exc:
        if exc.missing:
            return ""
        moved = move_aside(path)
        kept = (fmt("The damaged file was kept as {file}.", file=moved.name) if moved
                else _("The damaged file could not be moved aside."))
        return fmt("How far you got in Learn to play could not be read: {problem}",
                   problem=exc) + " " + kept
    return ""


def save_chapter(chapter: int) -> None:
    """Remember where to resume; a failure only means starting that chapter again later."""
    with contextlib.suppress(OSError):
        folder = paths.data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / PROGRESS_FILE, f"chapter: {chapter}\n")
