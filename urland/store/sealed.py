"""A change sealed as the journal sealed it: compressed, then base64, so a glance at the
database shows no move. Reading back is bounded and never evaluates anything."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

UNSEALED_MAX = 64 * 1024  # a change is about a hundred bytes: more is damage


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def seal(change: dict[str, Any]) -> str:
    packed = zlib.compress(json.dumps(change, separators=(",", ":")).encode("utf-8"))
    return base64.b64encode(packed).decode("ascii")


def unseal(text: str) -> dict[str, Any]:
    """The change sealed in `text`; ValueError when it is not one."""
    try:
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(base64.b64decode(text, validate=True), UNSEALED_MAX)
    except (binascii.Error, zlib.error, ValueError):
        raise ValueError("the sealed change cannot be read") from None
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise ValueError("the sealed change cannot be read")
    try:
        change = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, RecursionError):
        raise ValueError("the sealed change cannot be read") from None
    if not isinstance(change, dict) or not isinstance(change.get("k"), str):
        raise ValueError("not a change")
    return change
