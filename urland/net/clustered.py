"""`serve` as one process of several on one PostgreSQL (`serve --store postgresql://...
--advertise ws://host:port`): the transport's placement is this process's `Cluster`.

Rooms are not read back at start: each process takes its share of the rooms nobody owns, and
a room asked for by a client is taken by the process the client reached, if nobody owns it.
See docs/network-protocol.md, "Several processes on one database".
"""

from __future__ import annotations

import asyncio

from urland.cluster.coordinator import Cluster
from urland.master.keeper import rebuilt
from urland.master.room import Room, room_key
from urland.net.server import GameServer


async def join_cluster(server: GameServer, url: str, address: str) -> Cluster:
    """Make the server one process of the cluster on the database at `url` (its master's
    store), reached by its clients at `address`; its share of the rooms nobody owns is taken
    before it returns."""
    store = server.master.keeper.store
    assert store is not None, "the server's store is open once its master is made"
    cluster = Cluster(server.master, store, url, address, server.send_elsewhere)
    server.placement = cluster
    server.master.after_commit = cluster.changed
    server.master.number_taken = cluster.number_taken
    await cluster.start(await asyncio.to_thread(store.rooms))
    return cluster


async def open_or_find(cluster: Cluster, server: GameServer, code: str, kinds: list[str],
                       seed: int) -> Room | str:
    """The room under `code` (`serve --room`): served here (claimed first, then read from the
    store, or opened new when the store has none), or the address of the process serving it."""
    key = room_key(code)
    here = cluster.served(key)
    if here is not None:
        return here
    if not await cluster.ownership.claim(key):
        return await cluster.ownership.owner(key) or "another process"
    kept = await asyncio.to_thread(cluster.store.room, key)
    if kept is not None:
        room, _stopped = rebuilt(kept)
        server.master.take_room(room)
    else:
        room = server.open_room(code, kinds, seed)
    cluster.opened(room)
    return room
