"""The servers the player plays on, remembered: `servers.yaml` in the config folder, a list the
player may edit by hand (the screen that edits it comes later).

Each entry is an address (`host:port` or a ws:// URL) and, optionally, a label of the player's.
Written atomically, read through the bounded reader; a damaged file or a bad entry is left out
(a damaged file gives its sentence), never a crash. The last server used comes first.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from urland import paths
from urland.engine.errors import UserFileError
from urland.engine.files import read_yaml, write_atomic
from urland.userfiles.names import drawable_name

MAX_SERVERS_BYTES = 32 * 1024
MAX_SERVERS = 20
ADDRESS_LIMIT = 120
LABEL_LIMIT = 40
HEADER = ("# The servers you play on, the last used first. You may edit this list: each entry\n"
          "# has an address (host:port or ws://host:port) and may have a label.\n")


@dataclass(frozen=True)
class KnownServer:
    address: str
    label: str = ""


def servers_path() -> Path:
    return paths.config_dir() / "servers.yaml"


def _entry(value: object) -> KnownServer | None:
    if isinstance(value, str):
        value = {"address": value}
    if not isinstance(value, dict):
        return None
    address = drawable_name(value.get("address"))
    label = drawable_name(value.get("label"))
    if not address or len(address) > ADDRESS_LIMIT or " " in address:
        return None
    return KnownServer(address, label[:LABEL_LIMIT])


def read_servers(path: Path | None = None) -> tuple[list[KnownServer], UserFileError | None]:
    """The servers remembered, and the problem when the file is there but cannot be read."""
    try:
        data = read_yaml(path or servers_path(), limit=MAX_SERVERS_BYTES)
    except UserFileError as exc:
        return [], (None if exc.missing else exc)
    entries = data.get("servers") if isinstance(data, dict) else data
    found: list[KnownServer] = []
    for value in entries if isinstance(entries, list) else []:
        entry = _entry(value)
        if entry is not None and all(s.address != entry.address for s in found):
            found.append(entry)
    return found[:MAX_SERVERS], None


def save_servers(servers: list[KnownServer], path: Path | None = None) -> bool:
    """Write the list; False when the file cannot be written (play goes on)."""
    doc = {"servers": [{"address": s.address, **({"label": s.label} if s.label else {})}
                       for s in servers[:MAX_SERVERS]]}
    try:
        write_atomic(path or servers_path(),
                     HEADER + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))
    except OSError:
        return False
    return True


def remember_server(address: str, path: Path | None = None) -> bool:
    """The server just played on comes first (its label kept); a damaged list is not written
    over (the player's edits may be mended)."""
    servers, problem = read_servers(path)
    if problem is not None:
        return False
    address = address.strip()[:ADDRESS_LIMIT]
    old = next((s for s in servers if s.address == address), KnownServer(address))
    return save_servers([old, *(s for s in servers if s.address != address)], path)


def forget_server(address: str, path: Path | None = None) -> bool:
    servers, problem = read_servers(path)
    if problem is not None:
        return False
    return save_servers([s for s in servers if s.address != address.strip()], path)
