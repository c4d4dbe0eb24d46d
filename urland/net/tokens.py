"""The seat tokens this computer holds, so `join` takes its own seat again after a drop.

Kept in `online.yaml` beside the autosave, keyed by a hash of the server's address and the
room code, written atomically and read through the bounded safe reader. The room's last token is
also kept under the room code alone (`room_token`): a server reached by another of its addresses
(its name, its other network) gives the seat back too.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

from urland import paths
from urland.engine.errors import UserFileError
from urland.engine.files import parse_yaml, read_text, write_atomic
from urland.master.room import normal_code
from urland.userfiles import folder_lock

MAX_KEPT = 50


def token_file() -> Path:
    return folder_lock.online_folder(paths.data_dir()) / "online.yaml"


def _key(url: str, room: str) -> str:
    return hashlib.sha256(f"{url}|{normal_code(room)}".encode()).hexdigest()[:32]


def _read(path: Path) -> dict:
    try:
        doc = parse_yaml(read_text(path), path.name)
    except UserFileError:
        return {}
    return doc if isinstance(doc, dict) else {}


def saved_token(url: str, room: str, path: Path | None = None) -> str | None:
    value = _read(path or token_file()).get(_key(url, room))
    return value if isinstance(value, str) and 0 < len(value) <= 64 else None


def room_token(room: str, path: Path | None = None) -> str | None:
    """The token last kept for this room code, whatever address reached it."""
    return saved_token("", room, path)


def keep_token(url: str, room: str, token: str, path: Path | None = None) -> bool:
    """Remember the seat's token; False when the file cannot be written (play goes on)."""
    path = path or token_file()
    doc = {k: v for k, v in _read(path).items() if isinstance(k, str) and isinstance(v, str)}
    for key in (_key(url, room), _key("", room)):
        doc.pop(key, None)
        doc[key] = token
    doc = dict(list(doc.items())[-MAX_KEPT:])
    try:
        write_atomic(path, yaml.safe_dump(doc, sort_keys=False))
    except OSError:
        return False
    return True
