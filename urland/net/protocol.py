"""The wire protocol: versioned JSON messages over WebSocket (docs/network-protocol.md).

Every message is one JSON object with a `type`. What a client sends is checked here field by
field before the server looks at it: a message that is too long, not JSON, not an object, of
an unknown type or with a field of the wrong kind raises ProtocolError. Nothing received is
ever evaluated, unpickled or used as a path.
"""

from __future__ import annotations

import json
import re
from typing import Any

from urland.bots.registry import BOTS
from urland.master.names import printable

VERSION = 1
MAX_CLIENT_MESSAGE = 4 * 1024  # bytes: a hello, a move or a chat line is far smaller
MAX_SERVER_MESSAGE = 2 * 1024 * 1024  # a full log with a record is about 60 kB
MAX_NAME = 24
MAX_CHAT = 200
MAX_MOVE_TEXT = 200
MAX_ROOM_CODE = 40
MAX_TOKEN = 64
# A player's identity key for this server (`urland.userfiles.identity`): URL-safe base64 of
# 24 to 48 bytes, so none is short enough to guess
IDENTITY_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}")

# Close codes (4000-4999 are the application's own).
CLOSE_MALFORMED = 1007
CLOSE_TOO_BIG = 1009
CLOSE_VERSION = 4001
CLOSE_REFUSED = 4003
CLOSE_NO_ROOM = 4004
CLOSE_FLOOD = 4008
CLOSE_REPLACED = 4009
CLOSE_SILENT = 4010
CLOSE_SLOW = 4011  # the client stopped reading: too much waits to be sent to it
CLOSE_TOO_MANY = 4012  # too many connections at once from the client's address
CLOSE_ELSEWHERE = 4013  # the room is served by another process of this server: `elsewhere`
CLOSE_HOST_LEFT = 4014  # the host stopped hosting the game (a game hosted from the game)
MAX_ADDRESS = 200  # an `elsewhere` address, ws://host:port or wss://host:port


class ProtocolError(ValueError):
    """A message that breaks the protocol; `code` is the error's name on the wire."""

    def __init__(self, message: str, code: str = "malformed") -> None:
        super().__init__(message)
        self.code = code


_CONTROL = re.compile("[\x00-\x1f\x7f]")


def _text(value: Any, field: str, limit: int, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"'{field}' must be text")
    if len(value) > limit:
        raise ProtocolError(f"'{field}' is longer than {limit} characters")
    if not empty and not value.strip():
        raise ProtocolError(f"'{field}' is empty")
    if _CONTROL.search(value):
        raise ProtocolError(f"'{field}' holds control characters")
    return value


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1_000_000:
        raise ProtocolError(f"'{field}' must be a whole number from 0")
    return value


def _hello(msg: dict) -> dict:
    version = msg.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ProtocolError("'version' must be a whole number")
    if version != VERSION:  # another version may shape its other fields otherwise: say so first
        return {"type": "hello", "version": version}
    out = {"type": "hello", "version": version,
           "room": _text(msg.get("room"), "room", MAX_ROOM_CODE)}
    if msg.get("token") is not None:
        out["token"] = _text(msg["token"], "token", MAX_TOKEN)
    if msg.get("name") is not None:  # cleaned and made unique by the room
        out["name"] = printable(_text(msg["name"], "name", MAX_NAME))
    if msg.get("identity") is not None:  # who the player is on this server
        out["identity"] = _text(msg["identity"], "identity", MAX_TOKEN)
        if not IDENTITY_SHAPE.fullmatch(out["identity"]):
            raise ProtocolError("'identity' must be 32 to 64 letters, digits, - or _")
    if msg.get("bot") is not None:  # a bot takes the seat: the records name its level
        out["bot"] = _text(msg["bot"], "bot", MAX_NAME)
        if out["bot"] not in BOTS:
            raise ProtocolError("'bot' must name a computer level")
    return out


def _move(msg: dict) -> dict:
    return {"type": "move", "move": _text(msg.get("move"), "move", MAX_MOVE_TEXT),
            "at": _count(msg.get("at"), "at")}


def _undo(msg: dict) -> dict:
    return {"type": "undo", "at": _count(msg.get("at"), "at")}


def _chat(msg: dict) -> dict:
    """A chat line: only what prints (no bidi override turns it around, nothing invisible)."""
    return {"type": "chat", "text": printable(_text(msg.get("text"), "text", MAX_CHAT))}


def _bare(kind: str):
    return lambda msg: {"type": kind}


_CLIENT_MESSAGES = {"hello": _hello, "move": _move, "undo": _undo, "chat": _chat,
                    "ping": _bare("ping"), "bye": _bare("bye")}


def parse_client_message(raw: str | bytes) -> dict:
    """The client message `raw`, checked; ProtocolError when it is not one."""
    if isinstance(raw, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("message too long", "too-big")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    parse = _CLIENT_MESSAGES.get(msg.get("type"))  # type: ignore[arg-type]
    if parse is None:
        raise ProtocolError("unknown message type")
    return parse(msg)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def decode_server_message(raw: str | bytes) -> dict:
    """A server message, as the client reads it: a JSON object with a text `type`."""
    if isinstance(raw, bytes):
        raise ProtocolError("the server sent binary data")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("the server sent something that is not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError("the server sent a message without a type")
    return msg


def error(code: str, message: str) -> dict:
    return {"type": "error", "code": code, "message": message}


def elsewhere(address: str) -> dict:
    """Tell a client that its room is served by another process, at `address`."""
    return {"type": "elsewhere", "address": address}


def version_message(theirs: object) -> str:
    return (f"This server speaks Urland network protocol {VERSION}, the client speaks "
            f"{theirs}: both sides need the same version of Urland.")
