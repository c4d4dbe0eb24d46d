"""The players a server knows by their online identity, and the names they hold on it.

A client that gives its identity (the key its player's secret makes for this server,
`urland.userfiles.identity`) in its hello is known by it across rooms, days and restarts: the
store keeps the key's SHA-256 only, under a public id of the player's own (`urland.store`).
Each name is held by one player of the server: a newcomer who gives another identity and asks
for a name a player holds, or one that looks the same (case and look-alike letters aside,
`lookalike.skeleton`), is refused; one who gives no identity (an older client, a bot) is seated
under a name nobody holds ("Anna (2)", as a room tells look-alike names apart); a player who
asks for no name is seated under the one they hold. The key is never sent to anyone, logged
or written in a room or a record.

Everything here asks the store: it runs in a worker thread, never on the asyncio loop.
"""

from __future__ import annotations

import hashlib

from urland.master.lookalike import skeleton
from urland.master.names import clean_name, first_free
from urland.store.base import NameTaken, RoomStore

NAME_TAKEN = ("Another player of this server has that name, or one that looks like it: "
              "choose another.")


class NameRefused(ValueError):
    """The name asked for is another player's on this server."""

    def __init__(self) -> None:
        super().__init__(NAME_TAKEN)


def key_hash(key: str) -> str:
    """What the store keeps of a player's key."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class Players:
    """The players of one server, in its store."""

    def __init__(self, store: RoomStore) -> None:
        self.store = store

    def seat_name(self, key: str, asked: str) -> tuple[str, str]:
        """(the player's id, "" without an identity; the name to seat them under) for a
        newcomer who gives the identity `key` ("": none) and asks for the name `asked` ("":
        none). A new identity is kept with its name. NameRefused when the name is another
        player's and `key` is given; StoreError when the store cannot be asked."""
        name = clean_name(asked)
        look = skeleton(name) if name else ""
        if not key:  # (an older client, a bot): seated under a name nobody holds
            return "", first_free(name, self._held) if name else ""
        known = self.store.player(key_hash(key))
        try:
            if known is None:
                return self.store.add_player(key_hash(key), name, look).player, name
            if not name:
                return known.player, known.name
            if name != known.name:
                holder = self.store.name_holder(look)
                if holder is not None and holder != known.player:
                    raise NameRefused
                self.store.rename_player(known.player, name, look)
        except NameTaken:
            raise NameRefused from None
        return known.player, name

    def _held(self, name: str) -> bool:
        return self.store.name_holder(skeleton(name)) is not None

    def player_of(self, key: str) -> str | None:
        """The id of the player with this identity key, or None."""
        known = self.store.player(key_hash(key))
        return None if known is None else known.player
