"""Server addresses and invitations as a player writes them, read without the network library:
the title screen offers a joined game again from these before anything connects."""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_PORT = 8765
CODE_LIMIT = 40


def server_url(address: str) -> str:
    """`host:port`, `host` or a ws:// / wss:// URL as the URL to connect to; ValueError else."""
    text = address.strip()
    if "://" not in text:
        text = f"ws://{text}"
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(f"not a server address: {address!r} (write host:port or ws://host:port)")
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError(f"not a port number in {address!r}") from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}/"


def split_invitation(text: str) -> tuple[str, str]:
    """An invitation `ws://host:port/ROOM-CODE` as (`ws://host:port`, `ROOM-CODE`); anything
    else as (text, '')."""
    text = text.strip()
    if "://" not in text:
        return text, ""
    parts = urlsplit(text)
    code = parts.path.strip("/")
    if not code or len(code) > CODE_LIMIT or not all(c.isalnum() or c == "-" for c in code):
        return text, ""
    return f"{parts.scheme}://{parts.netloc}", code
