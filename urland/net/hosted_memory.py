"""The game this computer hosts, remembered so that it can be carried on after the host quit
or crashed: its room code, the port friends reach it on, and the tokens of the seats played
here. The game itself is the room's file (kept by the server code after every move).

Kept in `hosted.yaml` beside the autosave (the tokens are as secret as the seats they open),
written atomically and read through the bounded safe reader; a missing or damaged file means
there is nothing to carry on.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from urland import paths
from urland.engine import Game
from urland.engine.errors import SaveError, UserFileError
from urland.engine.files import read_yaml, write_atomic

MAX_BYTES = 4 * 1024
TOKEN_LIMIT = 64


@dataclass(frozen=True)
class HostedRecord:
    code: str
    port: int
    tokens: dict[int, str]  # seat played here -> its token
    game: Game  # the room's game where it stood
    names: tuple[str, ...]
    modified: float  # when the room was last written


def memory_path() -> Path:
    return paths.data_dir() / "hosted.yaml"


def hosted_dir() -> Path:
    """Where games hosted from the game are kept: apart from `serve`'s rooms, so neither
    carries on the other's games."""
    return paths.data_dir() / "hosted"


def keep_hosted(code: str, port: int, tokens: dict[int, str]) -> bool:
    """Remember the hosted game; False when the file cannot be written (play goes on)."""
    doc = {"room": code, "port": port, "tokens": {int(k): v for k, v in tokens.items()}}
    try:
        write_atomic(memory_path(), yaml.safe_dump(doc, sort_keys=False))
    except OSError:
        return False
    return True


def forget_hosted() -> None:
    memory_path().unlink(missing_ok=True)


def _fields(data: object) -> tuple[str, int, dict[int, str]] | None:
    if not isinstance(data, dict):
        return None
    code, port, tokens = data.get("room"), data.get("port"), data.get("tokens")
    if not isinstance(code, str) or not 0 < len(code) <= 40 or not isinstance(port, int) or (
            not 0 <= port < 65536) or not isinstance(tokens, dict) or not tokens:
        return None
    if not all(isinstance(k, int) and 0 <= k < 5 and isinstance(v, str)
               and 0 < len(v) <= TOKEN_LIMIT for k, v in tokens.items()):
        return None
    return code, port, dict(tokens)


def hosted_game() -> HostedRecord | None:
    """The hosted game to carry on: None when there is none, or it is finished or unreadable."""
    try:
        fields = _fields(read_yaml(memory_path(), limit=MAX_BYTES))
    except UserFileError:
        return None
    if fields is None:
        return None
    # Only now the server's code (asyncio and all): the title asks at every start, and there
    # is seldom a hosted game to carry on.
    from urland.master.keeper import room_as_it_stands

    code, port, tokens = fields
    try:
        found = room_as_it_stands(hosted_dir(), code)  # with the moves since its snapshot
    except (SaveError, UserFileError, OSError):
        return None
    if found is None:
        return None
    room, modified = found
    if room.game.over or not all(k < len(room.seats) for k in tokens):
        return None
    return HostedRecord(code, port, tokens, room.game, tuple(room.names()), modified)
