"""Taking a seat without freezing the window: the connection is made in a thread.

The title screen asks `resumable_join` before its first frame, so the network library (the
client, the link) is imported only once a seat is taken."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from urland import paths
from urland.net.addresses import server_url, split_invitation
from urland.net.tokens import keep_token, room_token, saved_token
from urland.userfiles.identity import online_identity
from urland.userfiles.join_memory import read_join
from urland.userfiles.servers import remember_server

if TYPE_CHECKING:
    from urland.net.link import NetLink


def resumable_join() -> tuple[str, str, str] | None:
    """The game last joined from this computer, as (address, room code, name), when its seat
    can be taken again (this computer keeps the seat's token); None otherwise."""
    address, room, name = read_join()
    address, code = split_invitation(address)
    room = room or code
    if not address or not room:
        return None
    try:
        url = server_url(address)
    except ValueError:
        return None
    return (address, room, name) if saved_token(url, room) else None


class Joiner:
    """One attempt to join: `link` once seated, or `refused` (a code) / `failure` (a reason)."""

    def __init__(self, address: str, room: str, name: str) -> None:
        self.url = server_url(address)  # ValueError for something that is not an address
        self.room, self.name = room, name
        # The player's identity key for this server (made on first use); "" when the
        # identity file is damaged (the form has offered a new one): joined without one
        identity, _problem = online_identity()
        self.identity = "" if identity is None else identity.key_for(self.url)
        self.link: NetLink | None = None
        self.refused = ""  # the server's reason code: no-room, token, full, version, ...
        self.failure = ""
        self.unreachable = False  # nothing answered at the address (or not an Urland server)
        self.done = threading.Event()
        threading.Thread(target=self._run, daemon=True, name="urland-join").start()

    def _run(self) -> None:
        from urland.net.client import JoinRefused

        token = saved_token(self.url, self.room)
        guessed = room_token(self.room) if token is None else None  # the code's, any address
        try:
            try:
                self.link = self._open(token or guessed)
            except JoinRefused as exc:  # that room's token was another server's: a newcomer
                if guessed is None or exc.code != "token":
                    raise
                self.link = self._open(None)
        except JoinRefused as exc:
            self.refused = exc.code or "refused"
            self.failure = str(exc)
        except Exception as exc:  # unreachable, timed out, not an Urland server
            self.failure = str(exc) or type(exc).__name__
            self.unreachable = isinstance(exc, ConnectionError)
        finally:
            self.done.set()

    def _open(self, token: str | None) -> NetLink:
        """Take the seat (back, with `token`) and remember its token."""
        from urland.net.client import NetClient
        from urland.net.link import NetLink

        client = NetClient(self.url, self.room, self.name, token, identity=self.identity)
        link = NetLink.open(client, paths.history_dir())
        if client.token:
            keep_token(self.url, self.room, client.token)
        remember_server(self.url.rstrip("/"))
        return link
