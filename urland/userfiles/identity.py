"""The player's online identity: a secret made on first online use and kept in the user folder
(`identity.yaml` in the config folder, written atomically, readable by its owner only).

No password: whoever holds the file is the player. Each server is sent only a key of its own,
made from the secret and the server's host name (`Identity.key_for`): a server's operator who
reads what reaches it learns nothing that would let them pass for the player on another server.
The secret itself never leaves this computer.

A missing file is a new identity (`online_identity` makes it); a damaged one is a sentence and
no identity, until the player takes a new one (`replace_identity`: the damaged file is moved
aside and kept, so it can be mended by hand). Never a crash.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from urland import paths
from urland.engine.errors import UserFileError
from urland.engine.files import move_aside, read_yaml, write_atomic
from urland.texts.i18n import _, fmt
from urland.userfiles import folder_lock

MAX_IDENTITY_BYTES = 4 * 1024
SECRET_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}")  # URL-safe base64 of 24 to 48 bytes
HEADER = ("# Your Urland online identity. Whoever has this file is you on every server you\n"
          "# play on: keep it to yourself (copy it to play as yourself on another computer).\n")


def identity_path() -> Path:
    return folder_lock.online_folder(paths.config_dir()) / "identity.yaml"


def server_name(url: str) -> str:
    """The name a server is known by for the player's key: its host, without case (the port
    and ws:// or wss:// aside: one server's processes on one host share it)."""
    text = url if "://" in url else f"ws://{url}"
    return (urlsplit(text).hostname or text).lower()


@dataclass(frozen=True)
class Identity:
    secret: str

    def key_for(self, url: str) -> str:
        """What the server at `url` is sent: the secret's key for that server only."""
        mac = hmac.new(self.secret.encode("ascii"), server_name(url).encode("utf-8"),
                       hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")


def read_identity(path: Path | None = None) -> tuple[Identity | None, str]:
    """(the identity kept, ''); (None, '') when there is none yet; (None, a sentence) when
    the file is there but damaged."""
    path = path or identity_path()
    try:
        data = read_yaml(path, limit=MAX_IDENTITY_BYTES)
    except UserFileError as exc:
        return None, ("" if exc.missing else _damaged(str(exc)))
    secret = data.get("secret") if isinstance(data, dict) else None
    if not isinstance(secret, str) or not SECRET_SHAPE.fullmatch(secret):
        return None, _damaged(_("it does not hold an identity."))
    return Identity(secret), ""


def _damaged(problem: str) -> str:
    return fmt("Your online identity could not be read: {problem}", problem=problem) + " " + _(
        "Servers will not know you by a new one: put back a copy of the file, or take a new "
        "identity.")


def new_identity(path: Path | None = None) -> Identity:
    """A new secret, written atomically (OSError when it cannot be)."""
    identity = Identity(secrets.token_urlsafe(32))
    write_atomic(path or identity_path(), f"{HEADER}secret: '{identity.secret}'\n")
    return identity


def online_identity(path: Path | None = None) -> tuple[Identity | None, str]:
    """The identity to play online with, made on first use; (None, a sentence) when the file
    is damaged (nothing is replaced without the player's word) or cannot be written."""
    identity, problem = read_identity(path)
    if identity is not None or problem:
        return identity, problem
    try:
        return new_identity(path), ""
    except OSError as exc:
        return None, fmt("Your online identity could not be kept: {problem}", problem=exc)


def replace_identity(path: Path | None = None) -> tuple[Identity | None, str]:
    """The player's word: the damaged file is moved aside (kept) and a new identity made.
    The new identity, and a sentence saying where the old file went (or why none was made)."""
    path = path or identity_path()
    kept = ""
    if path.exists() or path.is_symlink():
        moved = move_aside(path)
        if moved is None:
            return None, _("The damaged file could not be moved aside.")
        kept = fmt("The damaged file was kept as {file}.", file=moved.name)
    try:
        return new_identity(path), kept
    except OSError as exc:
        return None, fmt("Your online identity could not be kept: {problem}", problem=exc)
