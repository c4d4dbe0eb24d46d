"""The Join online game form, remembered between games: the last server address, room code
and name (the code is offered again for coming back to a game after a drop).

Kept in its own small file in the config folder (`join.yaml`), written atomically and read
through the bounded reader. A missing or damaged file, or anything that is not three short
lines of text, gives empty fields: the form is filled in again, nothing else is lost.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from urland import paths
from urland.engine.errors import UserFileError
from urland.engine.files import read_yaml, write_atomic
from urland.userfiles import folder_lock
from urland.userfiles.names import drawable_name

MAX_JOIN_BYTES = 4 * 1024
ADDRESS_LIMIT = 120
NAME_LIMIT = 24
CODE_LIMIT = 40


def join_path() -> Path:
    return folder_lock.online_folder(paths.config_dir()) / "join.yaml"


def _text(value: object, limit: int) -> str:
    return drawable_name(value)[:limit] if isinstance(value, str) else ""


def read_join(path: Path | None = None) -> tuple[str, str, str]:
    """The last (address, room code, name) typed in the form; empty texts when there is none
    to read."""
    try:
        data = read_yaml(path or join_path(), limit=MAX_JOIN_BYTES)
    except UserFileError:
        return "", "", ""
    if not isinstance(data, dict):
        return "", "", ""
    return (_text(data.get("address"), ADDRESS_LIMIT), _text(data.get("room"), CODE_LIMIT),
            _text(data.get("name"), NAME_LIMIT))


def save_join(address: str, room: str, name: str, path: Path | None = None) -> bool:
    """Remember the form; False when the file cannot be written (joining goes on)."""
    doc = {"address": address[:ADDRESS_LIMIT], "room": room[:CODE_LIMIT],
           "name": name[:NAME_LIMIT]}
    try:
        write_atomic(path or join_path(), yaml.safe_dump(doc, allow_unicode=True))
    except OSError:
        return False
    return True


def forget_room(path: Path | None = None) -> bool:
    """The game joined is over: its room code is not offered again (address and name are)."""
    address, _room, name = read_join(path)
    return save_join(address, "", name, path)
