"""A seat's whole life online: receive, let a bot decide when asked, keep the finished game.

`run_seat` is `python -m urland join` without a window; its bot (`SeatBot`) also plays a seat
joined with `--autoplay` in a window, or a host's seat under the window's autoplay
(`urland.net.link`). The connection coming back after a drop uses the seat's token, so the
game goes on where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from urland.bots.loop import decide
from urland.bots.registry import Bot
from urland.engine import Move
from urland.net import protocol as p
from urland.net.client import Mirror, NetClient, keep_record, reconnect
from urland.net.resend import Resend

# Close codes after which coming back is pointless: the server refused us on purpose.
FINAL_CLOSES = {p.CLOSE_MALFORMED, p.CLOSE_VERSION, p.CLOSE_REFUSED, p.CLOSE_NO_ROOM,
                p.CLOSE_FLOOD, p.CLOSE_REPLACED}


async def run_seat(client: NetClient, bot: Bot | None = None, *, quit_when_over: bool = True,
                   patience: float = 60.0, history_dir: Path | None = None,
                   on_change: Callable[[Mirror], None] | None = None,
                   record_kept: Callable[[Path | None], None] | None = None) -> int:
    """Play the seat until the game is over (0) or the server is lost for good (1)."""
    kept = False
    seat_bot = None if bot is None else SeatBot(bot)
    msg: dict = {"type": "update"}  # what is known already may hold a pending decision
    while True:
        mirror = client.mirror
        if on_change is not None:
            on_change(mirror)
        if mirror.over:
            if not kept and history_dir is not None:
                path = keep_record(mirror, history_dir)
                if record_kept is not None:
                    record_kept(path)
            kept = True
            if quit_when_over:
                await client.close()
                return 0
        elif seat_bot is not None:
            await seat_bot.heard(client, msg)
        try:
            msg = await next_message(client, seat_bot)
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
            if code in FINAL_CLOSES or not await reconnect(client, patience):
                return 1
            if seat_bot is not None:
                seat_bot.reconnected()
            msg = {"type": "update"}


RESEND = "resend"  # not a message: the time to send a move the disk refused has come


class SeatBot:
    """THE bot loop of a seat online (`join --autoplay`, with or without a window): after
    each message the seat is sent, the bot watches the update from its seat and, when the
    seat decides, thinks in a thread of its own and sends its move, once per position. A
    move the server's disk refused is sent again by the resend rule (`urland.net.resend`)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.asked = -1  # the position last decided (-1: decide it again)
        self.resend = Resend()

    def reconnected(self) -> None:
        """The connection came back: the pending decision is decided again."""
        self.asked = -1

    async def heard(self, client: NetClient, msg: dict) -> None:
        """What the bot does after `msg` (already in the client's mirror). Nobody moves in a
        lobby: a game its host starts says so in who sits where (`presence`), and the bot
        decides then (again, if a move it sent before it knew was refused)."""
        mirror = client.mirror
        if mirror.over or msg["type"] not in ("update", "refused", "presence", RESEND):
            return
        self.asked = _after(msg, mirror, self.resend, self.asked)
        if mirror.lobby:
            self.asked = -1
            return
        self.asked = await _decide(client, self.bot, self.asked, watch=msg["type"] == "update")


async def next_message(client: NetClient, seat_bot: SeatBot | None = None) -> dict:
    """The next message, or RESEND when a move of the seat's bot that the disk refused is
    due to be sent again first."""
    if seat_bot is None:
        return await client.receive()
    try:
        return await client.receive(seat_bot.resend.wait())
    except TimeoutError:
        seat_bot.resend.now()
        return {"type": RESEND}


def _after(msg: dict, mirror: Mirror, resend: Resend, asked: int) -> int:
    """Keep the resend rule: a move the server's disk refused is sent again after a wait
    (bounded, see `urland.net.resend`); the position asked (-1: decide it again)."""
    if msg["type"] == "update":
        resend.settled()
    elif msg["type"] == "refused" and mirror.refused_code == "not-kept":
        resend.refused()
    elif msg["type"] == RESEND:
        return -1
    return asked


async def _decide(client: NetClient, bot: Bot, asked: int, watch: bool) -> int:
    """Let the bot play the seat's pending decision (once per position); the position asked."""
    mirror = client.mirror
    see = getattr(bot, "watch", None)
    if watch and see is not None and mirror.view is not None:
        see(mirror.view)
    if not mirror.my_turn or asked == mirror.at:
        return asked
    move = await _thought(bot, mirror.view)
    try:
        await client.play(move)
    except ConnectionClosed:
        return -1
    return mirror.at


async def _thought(bot: Bot, seen) -> Move:
    """The bot's move for `seen`, thought in a thread of its own that never keeps the program
    open: Ctrl+C leaves at once, even while the bot is still thinking."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future = loop.create_future()

    def settle(move: Move | None, error: BaseException | None) -> None:
        if answer.done():  # no longer waited for (the player left)
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(move)

    def think() -> None:
        try:
            move, error = decide(bot, seen)[0], None
        except Exception as exc:
            move, error = None, exc
        with contextlib.suppress(RuntimeError):  # the loop has already closed
            loop.call_soon_threadsafe(settle, move, error)

    threading.Thread(target=think, daemon=True, name="urland-bot").start()
    return await answer
