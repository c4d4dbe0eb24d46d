"""The chat is kept with the room (in the room store): a server started again on the same
folder, as after a restart or when the host hosts the same game again, gives the last lines
back to whoever comes back, each with its place in the game (the moves played when it was
said), and none twice to a window that had them."""

from __future__ import annotations

from netplay import free_port, run, seated, serving

from urland.master.room import room_key
from urland.net.chat_limit import KEPT_LINES
from urland.net.client import NetClient
from urland.net.server import ServerOptions
from urland.store.sqlite import SqliteStore

SEATS = ["remote", "remote", "remote"]


async def _anna_says_and_ben_hears(address: str, code: str, text: str) -> str:
    """Anna and Ben take the first two seats, Anna says `text`, Ben hears it, and both leave:
    Ben's seat token."""
    anna = await seated(address, code, "Anna")
    ben = await seated(address, code, "Ben")
    await anna.chat(text)
    while ben.mirror.chat_count < 1:
        await ben.receive(5)
    await anna.close()
    await ben.close()
    return ben.token


def test_the_chat_comes_back_after_the_server_starts_again_with_its_place(tmp_path):
    rooms = tmp_path / "rooms"
    port = free_port()

    async def scenario():
        options = ServerOptions(rooms_dir=rooms, hello_seconds=2.0)
        async with serving(options, port) as (server, address):
            server.open_room("kept", SEATS, 3)
            token = await _anna_says_and_ben_hears(address, "kept", "good luck")
        async with serving(ServerOptions(rooms_dir=rooms, hello_seconds=2.0), port) as (
                _again, address):
            # Ben's window opened anew (nothing in it yet), back in his seat with his token.
            ben = NetClient(address, "kept", token=token)
            ben.keep_messages = True
            await ben.connect()
            while ben.mirror.chat_count < 1:
                await ben.receive(5)
            said = [m for m in ben.received if m["type"] == "chat"]
            assert [(m["name"], m["text"], m["at"]) for m in said] == [("Anna", "good luck", 0)]
            await ben.chat("thanks")
            while ben.mirror.chat[-1] != ("Ben", "thanks"):
                await ben.receive(5)
            assert ben.mirror.chat == [("Anna", "good luck"), ("Ben", "thanks")]
            await ben.close()
    run(scenario())


def test_the_kept_chat_stays_bounded_and_keeps_its_last_lines(tmp_path):
    rooms = tmp_path / "rooms"
    port = free_port()

    async def scenario():
        options = ServerOptions(rooms_dir=rooms, chat_rate=1000, chat_burst=1000, rate=1000,
                                burst=1000)
        async with serving(options, port) as (server, address):
            server.open_room("long", SEATS, 4)
            anna = await seated(address, "long", "Anna")
            for i in range(3 * KEPT_LINES):
                await anna.chat(f"line {i}")
            while anna.mirror.chat_count < 3 * KEPT_LINES:
                await anna.receive(5)
            await anna.close()
        store = SqliteStore(rooms)
        _name, kept = store.chat(room_key("long"))
        store.close()
        assert len(kept) <= 2 * KEPT_LINES  # the store keeps the last lines only
        async with serving(ServerOptions(rooms_dir=rooms), port) as (_again, address):
            ben = await seated(address, "long", "Ben")
            while ben.mirror.chat_count < 20:
                await ben.receive(5)
            # The last lines, numbered on from where they were: the newest said last.
            assert ben.mirror.chat[-1] == ("Anna", f"line {3 * KEPT_LINES - 1}")
            await ben.chat("new")
            said = []
            while not said or said[-1]["text"] != "new":
                msg = await ben.receive(5)
                if msg["type"] == "chat":
                    said.append(msg)
            assert said[-1]["n"] == 3 * KEPT_LINES + 1
            await ben.close()
    run(scenario())


def test_a_room_served_elsewhere_meanwhile_comes_back_with_the_lines_said_there(tmp_path):
    """Several processes share the rooms: a room this process served went to another one,
    whose players chatted on there, and comes back here. Its chat is read again: whoever
    comes back hears every line, the ones said elsewhere too, and a new line is numbered on."""
    import asyncio

    from urland.master.keeper import rebuilt
    from urland.store.base import AddChat, ChatLine

    async def scenario():
        options = ServerOptions(rooms_dir=tmp_path / "rooms", hello_seconds=2.0)
        async with serving(options) as (server, address):
            room = server.open_room("moved", SEATS, 3)
            token = await _anna_says_and_ben_hears(address, "moved", "here first")
            name = server.chats[room.key].name
            server.send_elsewhere(room, address)  # another process serves it from now ...
            server.master.let_go(room.code)
            said_there = ChatLine(2, 1, "Ben", "said over there", 0)  # ... where Ben chats on
            await asyncio.wrap_future(server.master.keeper.writer.submit(  # (kept after the
                AddChat(room.key, name, said_there)))                      # first line)
            store = server.master.keeper.store
            back, _stopped = rebuilt(store.room(room.key))
            server.master.take_room(back)  # and the room comes back here
            ben = NetClient(address, "moved", token=token)
            ben.keep_messages = True
            await ben.connect()
            while ben.mirror.chat_count < 2:
                await ben.receive(5)
            await ben.chat("back here")
            while ben.mirror.chat[-1] != ("Ben", "back here"):
                await ben.receive(5)
            await ben.close()
            said = [m for m in ben.received if m["type"] == "chat"]
            return ben.mirror.chat, [m["n"] for m in said]

    chat, numbers = run(scenario())
    assert chat == [("Anna", "here first"), ("Ben", "said over there"), ("Ben", "back here")]
    assert numbers == [1, 2, 3]
