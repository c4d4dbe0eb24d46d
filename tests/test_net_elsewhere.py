"""A process that does not serve a room sends the client where it is served (`elsewhere`).

Two real servers on 127.0.0.1: the first holds no room and knows (as a process of a cluster
does, from the database) that the second serves it. A client that reaches the first lands on
the second at once and keeps its seat and token; a client whose server sends it on in the
middle of a game takes its seat again there at once.
"""

from __future__ import annotations

import pytest
from netplay import free_port, run, serving
from websockets.exceptions import ConnectionClosed

from urland.master.room import Room, normal_code
from urland.net import protocol as p
from urland.net.addresses import server_url
from urland.net.client import JoinRefused, NetClient, reconnect
from urland.net.server import ServerOptions

CODE = "ELSE-WHER-EABC"


class Pointing:
    """A placement that says the room under CODE is served at `address`."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.asked: list[str] = []

    async def locate(self, code: str) -> Room | str | None:
        self.asked.append(code)
        return self.address if normal_code(code) == normal_code(CODE) else None

    def peers(self) -> list[str]:
        return [self.address, "ws://127.0.0.1:1", "http://not.a.server"]


def test_a_client_sent_elsewhere_takes_its_seat_there_and_comes_back_the_same_way():
    async def scenario():
        options = ServerOptions(hello_seconds=2.0)
        async with serving(options) as (owner, owner_address), \
                serving(ServerOptions(hello_seconds=2.0)) as (entry, entry_address):
            owner.open_room(CODE, ["remote", "remote", "remote"], seed=5)
            entry.placement = owner.placement = Pointing(f"ws://{owner_address}")
            anna = NetClient(entry_address, CODE, "Anna")
            await anna.connect()
            assert anna.url == server_url(owner_address)
            # The welcome named the server's other processes: tried should this one be lost.
            assert anna.addresses == [server_url(entry_address), server_url(owner_address),
                                      "ws://127.0.0.1:1/"]
            assert anna.mirror.seat == 0 and anna.mirror.view is not None
            assert owner.connected(owner.room(CODE)) == [True, False, False]
            await anna.close()
            again = NetClient(entry_address, CODE, token=anna.token)  # her seat, through
            await again.connect()                                     # the entry again
            assert again.mirror.seat == 0 and again.mirror.names[0] == "Anna"
            await again.close()
            stranger = NetClient(entry_address, "NOPE-NOPE-NOPE", "Ben")  # no such room
            with pytest.raises(JoinRefused) as refused:
                await stranger.connect()
            assert refused.value.code == "no-room"
    run(scenario())


def test_a_client_sent_on_in_the_middle_of_a_game_is_seated_again_at_once():
    async def scenario():
        async with serving(ServerOptions(hello_seconds=2.0)) as (server, address):
            room = server.open_room(CODE, ["remote", "random", "random"], seed=5)
            anna = NetClient(address, CODE, "Anna")
            anna.keep_messages = True
            await anna.connect()
            seen = len(room.game.moves)
            server.send_elsewhere(room, f"ws://{address}")  # as a process letting it go does
            code = None
            try:
                while True:
                    await anna.receive(10)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
            assert code == p.CLOSE_ELSEWHERE
            assert anna.received[-1] == p.elsewhere(f"ws://{address}")
            assert anna.moved  # so the next try goes at once, without the retry's wait
            assert await reconnect(anna, patience=10)
            assert anna.mirror.seat == 0 and anna.mirror.at >= seen
            assert server.connected(room)[0]
            await anna.close()
    run(scenario())


def test_an_elsewhere_address_that_is_not_a_server_or_drops_encryption_is_not_followed():
    client = NetClient("wss://urland.example:8765", CODE, token="t")
    for address in ("http://urland.example:80", "", 17, "ws://urland.example:8766",
                    "wss://" + "x" * 300):
        assert not client.follow(address)
        assert client.url == "wss://urland.example:8765/"
    assert client.follow("wss://second.example:8766")
    assert client.url == "wss://second.example:8766/"
    assert client.addresses == ["wss://urland.example:8765/", "wss://second.example:8766/"]


def test_a_client_whose_server_is_out_of_reach_tries_the_other_addresses_it_knows():
    client = NetClient("ws://127.0.0.1:9001", CODE, token="t")
    client.follow("ws://127.0.0.1:9002")
    client.try_next_address()
    assert client.url == "ws://127.0.0.1:9001/"
    client.try_next_address()
    assert client.url == "ws://127.0.0.1:9002/"


def test_join_given_several_addresses_knows_each_process_of_the_server():
    import argparse

    from urland.net.commands import seat_client, server_urls

    first, *others = server_urls("127.0.0.1:9001, ws://127.0.0.1:9002")
    args = argparse.Namespace(room=CODE, name="Anna", autoplay=True, more_addresses=others)
    client = seat_client(first, args, None)
    assert client.addresses == ["ws://127.0.0.1:9001/", "ws://127.0.0.1:9002/"]
    for bad in ("127.0.0.1:9001,http://x", ""):
        try:
            server_urls(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was taken for server addresses")


def test_a_client_whose_process_died_is_back_through_another_without_a_second_wait(
        monkeypatch):
    """The process Anna played through is gone (nothing listens at its address any more); the
    server's other process serves her room. Her window waits once (a short wait, a little
    different for every client, so a crowd does not come back in one instant), finds the
    address dead and goes on to the other at once, not after the longer second wait."""
    import asyncio

    from urland.net import client as client_module

    waits: list[float] = []

    async def counted_wait(seconds: float) -> None:
        waits.append(seconds)
        await asyncio.sleep(0)

    async def scenario():
        async with serving(ServerOptions(hello_seconds=2.0)) as (server, address):
            server.open_room(CODE, ["remote", "random", "random"], seed=5)
            anna = NetClient(f"127.0.0.1:{free_port()}", CODE, "Anna")  # (now dead)
            anna.follow(f"ws://{address}")
            await anna.connect()
            token, seen = anna.token, anna.mirror.at
            await anna.close()
            back = NetClient(anna.addresses[0], CODE, token=token)  # the dead one first
            back.learn(f"ws://{address}")
            monkeypatch.setattr(client_module, "retry_wait", counted_wait)
            assert await reconnect(back, patience=10)
            assert back.mirror.seat == 0 and back.mirror.at >= seen
            await back.close()
    run(scenario())
    first = client_module.RETRY_SECONDS[0]
    assert len(waits) == 1 and first <= waits[0] <= first * (1 + client_module.RETRY_SPREAD)


def _join_args(name: str, more: list[str] | None = None):
    import argparse

    return argparse.Namespace(room=CODE, name=name, autoplay=True, more_addresses=more or [])


def test_a_join_through_another_address_of_the_server_takes_the_seat_kept_for_the_room(
        tmp_path, monkeypatch):
    """Finn's computer kept his seat's token from the process he joined through, which is gone;
    he joins again through another process of the server: his own seat, not a refusal that
    every seat is taken. A room of the same code on another server refuses that token: there
    he is seated as a newcomer."""
    from urland.net.commands import seat_client
    from urland.net.tokens import keep_token

    monkeypatch.setenv("URLAND_HOME", str(tmp_path))

    async def scenario():
        async with serving(ServerOptions(hello_seconds=2.0)) as (server, address), \
                serving(ServerOptions(hello_seconds=2.0)) as (other, other_address):
            server.open_room(CODE, ["remote", "random", "random"], seed=5)
            other.open_room(CODE, ["remote", "remote", "random"], seed=6)
            finn = NetClient(address, CODE, "Finn")
            await finn.connect()
            await finn.close()
            keep_token("ws://gone.example:8765/", CODE, finn.token)  # joined through there
            back = seat_client(server_url(address), _join_args("Finn"), None)
            await back.connect_first()
            assert (back.mirror.seat, back.token) == (0, finn.token)  # his own seat
            await back.close()
            elsewhere = seat_client(server_url(other_address), _join_args("Finn"), None)
            await elsewhere.connect_first()
            assert elsewhere.mirror.seat == 0 and elsewhere.token not in ("", finn.token)
            await elsewhere.close()
    run(scenario())


def test_a_join_given_several_addresses_passes_over_a_process_that_is_gone():
    from urland.net.commands import seat_client

    async def scenario():
        async with serving(ServerOptions(hello_seconds=2.0)) as (server, address):
            server.open_room(CODE, ["remote", "random", "random"], seed=5)
            dead = server_url(f"127.0.0.1:{free_port()}")
            eva = seat_client(dead, _join_args("Eva", [server_url(address)]), None)
            await eva.connect_first()
            assert eva.url == server_url(address) and eva.mirror.seat == 0
            await eva.close()
            alone = seat_client(dead, _join_args("Eva"), None)  # nothing else to try
            with pytest.raises(ConnectionError, match="nothing is listening"):
                await alone.connect_first()
    run(scenario())
