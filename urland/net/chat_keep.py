"""A room's chat kept on disk beside its room file, so a server started again (a `serve`
restarted, a game hosted again from the window) gives the last lines back to whoever comes
(back), with their numbers and their place in the game.

One line of JSON per line said, appended (`<room key>.chat.jsonl`); when the file holds twice
KEPT_LINES it is written again, atomically, with the last KEPT_LINES. Reading is bounded (a
file or a line past its size is damage) and skips what does not fit; a torn last line (a
crash in the middle of a write) is ignored. Chat is said in public to the room: it is not
sealed. A chat that cannot be written is still said (the line is only not kept).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from urland.engine.files import write_atomic
from urland.net.chat_limit import KEPT_LINES, Said

log = logging.getLogger("urland.server")

MAX_FILE = 256 * 1024  # bytes: 2 x KEPT_LINES lines of 200 characters fit many times over
MAX_LINE = 2 * 1024


def chat_path(folder: Path, room_key: str) -> Path:
    return folder / f"{room_key}.chat.jsonl"


def _line(chat_name: str, said: Said) -> str:
    return json.dumps({"chat": chat_name, "n": said.number, "seat": said.seat, "name": said.name,
                       "text": said.text, "at": said.at}, ensure_ascii=False,
                      separators=(",", ":")) + "\n"


def _said(raw: str) -> tuple[str, Said] | None:
    try:
        data = json.loads(raw)
        said = Said(int(data["n"]), int(data["seat"]), str(data["name"])[:24],
                    str(data["text"])[:200], int(data.get("at", 0)))
        return str(data["chat"])[:16], said
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


def read_chat(path: Path) -> tuple[str, list[Said]]:
    """The chat's name and its last lines ('' and none when there is no file or it is not
    one)."""
    try:
        if path.stat().st_size > MAX_FILE:
            log.error("%s is too large for a chat: not read", path.name)
            return "", []
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "", []
    name, lines = "", []
    for raw in text.splitlines():
        found = _said(raw) if len(raw) <= MAX_LINE else None
        if found is not None and (not lines or found[1].number > lines[-1].number):
            name, said = found
            lines.append(said)
    return name, lines[-KEPT_LINES:]


class ChatFile:
    """Appends one room's lines to its file, keeping it bounded."""

    def __init__(self, path: Path, kept: int = 0) -> None:
        self.path = path
        self.kept = kept  # lines in the file now

    def append(self, chat_name: str, said: Said, last: list[Said]) -> None:
        """Keep `said` (`last`: the room's last lines, `said` among them, for a rewrite)."""
        try:
            if self.kept + 1 > 2 * KEPT_LINES:
                write_atomic(self.path, "".join(_line(chat_name, s) for s in last[-KEPT_LINES:]))
                self.kept = min(len(last), KEPT_LINES)
                return
            with self.path.open("a", encoding="utf-8") as out:
                out.write(_line(chat_name, said))
            self.kept += 1
        except OSError as exc:
            log.error("a chat line of %s cannot be kept: %s", self.path.name, exc.strerror)
