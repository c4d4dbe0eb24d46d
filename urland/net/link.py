"""A client kept in a background thread, for a window that draws at 60 frames a second.

`NetLink.open` connects (raising JoinRefused or ConnectionError), then a thread keeps receiving,
comes back with the seat's token when the connection drops, and keeps the finished game in the
history. `play` and `undo` send and wait for the server's answer (a round trip on the local
network or the internet: milliseconds), so a table can treat them like a game held here. A
client that says a bot plays its seat (`NetClient.bot`: `join --autoplay`) has that bot play it
in the same thread, as `join --autoplay` does without a window (`urland.net.seat_runner.SeatBot`):
the table only shows its moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from concurrent.futures import Future
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from urland.bots.registry import make_bot
from urland.engine import Move
from urland.net import protocol as p
from urland.net.chat_limit import CHAT_BURST
from urland.net.client import Mirror, NetClient, keep_record, reconnect
from urland.net.seat_runner import FINAL_CLOSES, SeatBot, next_message

ANSWER_SECONDS = 15.0
UNSENT_LINES = CHAT_BURST  # lines said offline that wait: as many as the server takes at once


class LinkLost(ConnectionError):
    """The server is out of reach (for now): the move was not played."""


class NetLink:
    def __init__(self, client: NetClient, history_dir: Path | None,
                 bot_seed: int | None = None) -> None:
        """`bot_seed`: the seed of the bot that plays the seat when the client says one does
        (None: an unguessable one)."""
        self.client = client
        self.bot_seed = secrets.randbelow(2**31) if bot_seed is None else bot_seed
        self.seat_bot = SeatBot(make_bot(client.bot, self.bot_seed)) if client.bot else None
        self.history_dir = history_dir
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                       name="urland-net")
        self.changed = threading.Condition(client.lock)
        self.online = False
        # Lines said while the connection was lost, oldest first: sent once it is back.
        self.unsent: list[str] = []
        self.gone = False  # the server refused us for good, or could not be reached again
        # The host stopped hosting the game: the seat is tried again all the same (they may
        # host it again), but the player is told, not left to read "Trying again..."
        self.host_left = False
        self.record_path: Path | None = None
        self.kept = False
        self.listener: Future | None = None
        self.closed = False
        # Counts the connections made (1 once open, one more after each reconnect): while it
        # stays the same the seat never left, so no AI could have stood in for it.
        self.connections = 0

    @classmethod
    def open(cls, client: NetClient, history_dir: Path | None, timeout: float = 10.0,
             bot_seed: int | None = None) -> NetLink:
        link = cls(client, history_dir, bot_seed)
        link.thread.start()
        try:
            link._call(client.connect_first(timeout), timeout * len(client.addresses) + 1)
        except BaseException:
            link.close()
            raise
        link.online = True
        link.connections = 1
        link.listener = asyncio.run_coroutine_threadsafe(link._listen(), link.loop)
        return link

    @property
    def mirror(self) -> Mirror:
        return self.client.mirror

    def _call(self, coro, timeout: float):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _listen(self) -> None:
        await self._bot_hears({"type": "update"})  # what is known may hold its decision
        while True:
            try:
                msg = await next_message(self.client, self.seat_bot)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                self.host_left = code == p.CLOSE_HOST_LEFT  # known before the table is woken
                self._set_online(False)
                if code in FINAL_CLOSES or not await reconnect(self.client, 3600.0):
                    self.gone = True
                    self._notify()
                    return
                self.connections += 1
                self.host_left = False
                self._set_online(True)
                await self._send_unsent()
                if self.seat_bot is not None:
                    self.seat_bot.reconnected()
                await self._bot_hears({"type": "update"})
                continue
            except (p.ProtocolError, TimeoutError):
                continue
            if self.mirror.over and not self.kept:
                self.kept = True
                if self.history_dir is not None:
                    self.record_path = keep_record(self.mirror, self.history_dir)
            self._notify()
            await self._bot_hears(msg)

    async def _bot_hears(self, msg: dict) -> None:
        """The seat's bot, if one plays it, after `msg`: it watches, or decides and plays."""
        if self.seat_bot is not None:
            await self.seat_bot.heard(self.client, msg)

    def _set_online(self, value: bool) -> None:
        with self.changed:
            self.online = value
            self.changed.notify_all()

    def _notify(self) -> None:
        with self.changed:
            self.changed.notify_all()

    def _await_answer(self, at: int, refused_before: str) -> None:
        """Wait until the server has answered a move or undo sent at position `at`."""
        def answered() -> bool:
            m = self.mirror
            return m.at != at or m.over or (m.refused and m.refused != refused_before) or (
                self.gone)
        with self.changed:
            if not self.changed.wait_for(answered, ANSWER_SECONDS):
                raise LinkLost("no answer from the server")

    def play(self, move: Move) -> str:
        """Send the move and wait for the server; '' when played, else the refusal."""
        return self._request(self.client.play(move))

    def undo(self) -> str:
        return self._request(self.client.undo())

    def _request(self, coro) -> str:
        with self.changed:
            at = self.mirror.at
            self.mirror.refused = ""
        try:
            self._call(coro, ANSWER_SECONDS)
        except (ConnectionClosed, AssertionError, TimeoutError):
            raise LinkLost("not connected") from None
        self._await_answer(at, "")
        if self.gone:
            raise LinkLost("the server is gone")
        return self.mirror.refused if self.mirror.at == at and not self.mirror.over else ""

    def send_again(self, move: Move, at: int) -> None:
        """Send the move again as the answer to the position after `at` moves, without
        waiting for the answer (its news come as usual); the server refuses it if the
        position moved on meanwhile."""
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self._send_quietly(move, at), self.loop)

    async def _send_quietly(self, move: Move, at: int) -> None:
        with contextlib.suppress(ConnectionClosed, AssertionError):
            await self.client.play(move, at)

    def chat(self, text: str) -> bool:
        """Say `text`; while the connection is lost it waits in `unsent` and goes once the
        connection is back. False when too many lines wait already (the line is not taken)."""
        with self.changed:
            if not self.online or self.unsent:
                if len(self.unsent) >= UNSENT_LINES:
                    return False
                self.unsent.append(text)
                self.changed.notify_all()
                return True
        try:
            self._call(self.client.chat(text), 5)
        except Exception:  # the connection went as the line left: it waits for the next
            with self.changed:
                self.unsent.append(text)
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self._send_unsent(), self.loop)
        return True

    async def _send_unsent(self) -> None:
        """Send the lines said while the connection was lost, in order; whatever cannot go
        now waits for the next connection."""
        while True:
            with self.changed:
                if not self.online or not self.unsent:
                    return
                text = self.unsent[0]
            try:
                await self.client.chat(text)
            except (ConnectionClosed, AssertionError):
                return
            with self.changed:
                if self.unsent and self.unsent[0] == text:
                    self.unsent.pop(0)
                self.changed.notify_all()

    def close(self) -> None:
        """Close the connection, then the link's thread and its event loop (once: a table
        left, then its lobby cancelled, closes it twice)."""
        if self.closed:
            return
        self.closed = True
        if self.listener is not None:
            self.listener.cancel()
        with contextlib.suppress(Exception):
            self._call(self.client.close(), 3)
        with contextlib.suppress(Exception):
            self._call(self._cancel_the_rest(), 3)
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self.loop.stop)
        if threading.current_thread() is self.thread:
            return  # closed from its own thread: the loop stops, nobody can close it here
        self.thread.join(5)
        if not self.thread.is_alive() and not self.loop.is_closed():
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    async def _cancel_the_rest(self) -> None:
        """Cancel what still runs in the link's loop (a reconnect, a keep-alive)."""
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
