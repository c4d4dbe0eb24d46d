"""The security review's leftovers: connections per address, flood limits that survive a
reconnect, undo without resending whole logs, names that print and differ, links that close
their loops."""

from __future__ import annotations

import asyncio
import contextlib
import threading

import pytest
from netplay import play_until_an_action_to_take_back, run, seated, serving
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from urland.master.names import clean_name, unique_name
from urland.net import protocol as p
from urland.net.client import JoinRefused, NetClient
from urland.net.link import NetLink
from urland.net.server import ServerOptions
from urland.net.wire import events_to_wire

SEATS = ["remote", "remote", "remote"]


async def _until_closed(client: NetClient, limit: float) -> tuple[int | None, list[dict]]:
    """Read until the server closes (its close code), or `limit` seconds (None)."""
    seen: list[dict] = []
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(limit):
            try:
                while True:
                    seen.append(await client.receive())
            except ConnectionClosed as closed:
                return (closed.rcvd.code if closed.rcvd else None), seen
    return None, seen


def test_more_connections_from_one_address_than_allowed_are_refused_with_a_sentence():
    async def scenario():
        async with serving(ServerOptions(per_address=3, hello_seconds=5)) as (server, address):
            server.open_room("cap", SEATS, 1)
            quiet = [await connect(f"ws://{address}") for _ in range(3)]  # say nothing yet
            with pytest.raises(JoinRefused) as refused:
                await seated(address, "cap", "Dora")
            assert refused.value.code == "busy" and "Too many connections" in str(refused.value)
            await quiet.pop().close()
            await asyncio.sleep(0.2)
            anna = await seated(address, "cap", "Anna")  # one left: there is room again
            assert anna.mirror.seat == 0
            for ws in quiet:
                await ws.close()
    run(scenario())


def test_a_client_that_floods_and_reconnects_is_still_slowed_and_dropped():
    async def scenario():
        # each slowed message waits 1/rate s: at 50 a second the 50 strikes take one second;
        # the server reads no more of a dropped flood, its close answer included: it cuts the
        # line after close_seconds (2 s by default)
        options = ServerOptions(rate=50, burst=10, close_seconds=0.3)
        async with serving(options) as (server, address):
            server.open_room("flood", SEATS, 2)
            rogue = await seated(address, "flood", "Rogue")
            with contextlib.suppress(ConnectionClosed):
                for _ in range(300):
                    await rogue.ws.send('{"type":"ping"}')
            code, _ = await _until_closed(rogue, 20)
            assert code == p.CLOSE_FLOOD
            again = await seated(address, "flood", token=rogue.token)  # the same seat
            with contextlib.suppress(ConnectionClosed):
                for _ in range(100):
                    await again.ws.send('{"type":"ping"}')
            code, seen = await _until_closed(again, 20)
            # Dropped once its small allowance is spent, not after a fresh 50 slowed messages.
            assert code == p.CLOSE_FLOOD
            assert sum(1 for m in seen if m["type"] == "pong") <= 25
    run(scenario())


def test_hellos_that_flood_from_one_address_are_slowed_then_refused():
    async def scenario():
        options = ServerOptions(hello_rate=1.0, hello_burst=3, strikes_to_drop=2)
        async with serving(options) as (server, address):
            server.open_room("hello", SEATS, 3)

            async def knock() -> int | None:
                async with connect(f"ws://{address}") as ws:
                    await ws.send(p.encode({"type": "hello", "version": p.VERSION,
                                            "room": "nope"}))
                    with contextlib.suppress(ConnectionClosed):
                        while True:
                            await ws.recv()
                    return ws.close_code
            codes = await asyncio.gather(*(knock() for _ in range(10)))
            assert codes.count(p.CLOSE_NO_ROOM) >= 3 and p.CLOSE_FLOOD in codes
    run(scenario())


async def _undo_sends_only_the_cut() -> None:
    async with serving() as (server, address):
        room = server.open_room("undo", ["remote", "random", "random"], 12)
        anna = await seated(address, "undo", "Anna")
        actions = await play_until_an_action_to_take_back(anna)
        at = anna.mirror.at
        await anna.play(actions[0])
        while anna.mirror.at == at:
            await anna.receive(5)
        had = len(anna.mirror.log)
        anna.received.clear()
        await anna.undo()
        while anna.mirror.at != at:
            await anna.receive(5)
        update = next(m for m in anna.received if m["type"] == "update")
        kept = len(room.game.log_for(0))
        assert kept < had and update["log_from"] == kept and update["events"] == []
        assert events_to_wire(anna.mirror.log) == events_to_wire(room.game.log_for(0))


def test_an_undo_sends_only_how_far_the_log_is_cut_back_not_the_whole_log():
    run(_undo_sends_only_the_cut())


def test_names_keep_only_what_prints_are_cut_short_and_made_unique():
    assert clean_name("\u202eAnna\u200b\u2066 ") == "Anna"
    assert clean_name("B\ue000e\u200dn  \u2028 Z") == "Ben Z"
    assert clean_name("x" * 40) == "x" * 24
    assert clean_name("\u200b\u202e") == ""
    assert unique_name("Anna", ["anna", "Ben"]) == "Anna (2)"
    assert unique_name("Anna", ["Anna", "Anna (2)"]) == "Anna (3)"
    assert unique_name("y" * 24, ["y" * 24]) == "y" * 20 + " (2)"


def test_a_room_shows_each_player_under_a_name_that_prints_and_differs():
    async def scenario():
        async with serving() as (server, address):
            room = server.open_room("names", SEATS, 4)
            colour = room.names()[2]  # a seat nobody names keeps its colour's name
            anna = await seated(address, "names", "Anna")
            await seated(address, "names", "An\u200bna\u202e")
            await seated(address, "names", "\u200b\u2067")
            assert room.names() == ["Anna", "Anna (2)", colour]
            anna.keep_messages = True
            await anna.chat("\u202eevil\u200b")
            while not anna.mirror.chat:
                await anna.receive(5)
            assert anna.mirror.chat[-1][-1] == "evil"
    run(scenario())


def test_opening_and_closing_many_links_leaves_no_loop_or_thread_open():
    ready, stop = threading.Event(), threading.Event()
    where: dict = {}

    def server_thread() -> None:
        async def main():
            async with serving() as (server, address):
                server.open_room("links", SEATS, 5)
                where["address"] = address
                ready.set()
                while not stop.is_set():
                    await asyncio.sleep(0.05)
        asyncio.run(main())

    thread = threading.Thread(target=server_thread, daemon=True)
    thread.start()
    assert ready.wait(10)
    token = None
    links = []
    try:
        for _ in range(12):
            link = NetLink.open(NetClient(where["address"], "links", "Anna", token), None)
            token = link.client.token
            link.close()
            links.append(link)
        assert all(link.loop.is_closed() for link in links)
        assert not any(t.name == "urland-net" and t.is_alive() for t in threading.enumerate())
    finally:
        stop.set()
        thread.join(10)


def test_a_hosted_game_is_kept_apart_from_the_rooms_of_serve(user_home, monkeypatch):
    from kept_rooms import kept_rooms

    from urland.net import hosting

    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")
    game = hosting.HostedGame(["human", "online", "medium"], ["Anna", "Ben", "Cleo"],
                              [0, 1, 2], 0, 4, port=0)
    try:
        assert len(kept_rooms(user_home / "hosted")) == 1
        assert not (user_home / "rooms").exists()
    finally:
        game.close()
