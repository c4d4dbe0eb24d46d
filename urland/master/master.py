"""The master: every room's game, each change checked by the engine, kept, and told to its seats.

One asyncio loop runs the master. A change (a move, an undo, a seat taken) is made under the
room's lock and is kept in the room store before anyone is told (`RoomKeeper`); then every
seat linked to the room is sent its own `Update` through the `Outlet`, and when the game is
over it is kept in the history first. The room's bots, and the stand-ins of players who
left, are played by the master's one bot loop (`_drive`), each from its own seat's view, in a
worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from urland.bots.loop import decide, let_bots_watch
from urland.bots.registry import Bot, bot_seed, make_bot
from urland.engine import Move, format_move
from urland.engine.errors import SaveError
from urland.master.keeper import NotKept, RoomKeeper, Store
from urland.master.news import Finished, Outlet, Presence, Update
from urland.master.room import Change, MoveRefused, Room, normal_code
from urland.master.stand_ins import StandIns
from urland.master.standings import Standings
from urland.records import history
from urland.seats import STAND_IN
from urland.store.choice import SQLITE
from urland.store.sqlite import MemoryStore

log = logging.getLogger("urland.server")
# How each game ends: what `serve` shows its operator.
rooms_log = logging.getLogger("urland.rooms")


@dataclass
class MasterOptions:
    rooms_dir: Path | None = None  # where rooms are kept (None: in memory only)
    store: str = SQLITE  # in what: a file in `rooms_dir`, or a PostgreSQL URL
    history_dir: Path | None = None  # where finished games are kept (None: not kept)
    ai_after: float | None = None  # seconds a missing player's decision waits for an AI
    bot_pause: float = 0.0  # seconds a bot's move takes at least (a pace people can follow)
    # How the bot pause is waited for (a test passes a clock it moves itself).
    wait: Callable[[float], Awaitable[None]] = asyncio.sleep
    # read every room of the store back at start (False: several processes share the store,
    # each takes its rooms one by one, `urland.cluster`)
    read_back: bool = True
    # False: after each kept change a room's game forgets the states no undo can reach
    # (`Game.settle`), as a server must that keeps many rooms for long. A game at this
    # computer keeps them: "since my turn" shows the table as it stood after the seat's move.
    keep_every_state: bool = True
    # A finished game changes its players' ratings on this server (`urland.master.ratings`)
    rated: bool = False


@dataclass
class Link:
    """A seat's open link: the room it was opened to (a room opened again under its code is
    another room), and how many events of the seat's log it has been sent."""

    room: Room
    log_sent: int = 0


class Master:
    """Rooms and their seats, with no transport: `outlet` carries what each seat is told."""

    def __init__(self, outlet: Outlet, options: MasterOptions | None = None,
                 store: Store | None = None) -> None:
        """`store` keeps the rooms (default: the journal and room files of `rooms_dir`)."""
        self.outlet = outlet
        self.options = options or MasterOptions()
        self.rooms: dict[str, Room] = {}
        self.bots: dict[str, dict[int, Bot]] = {}  # by room; a stand-in at -1 - seat
        self.links: dict[tuple[str, int], Link] = {}  # the seats linked, by room and seat
        self.stand_ins = StandIns(lambda: self.options.ai_after)
        self.wakes: dict[str, asyncio.Event] = {}  # wakes a room's driver waiting for a stand-in
        self.drivers: dict[str, asyncio.Task] = {}
        self.locks: dict[str, asyncio.Lock] = {}  # one change at a time in each room
        # Set while a room's bots may play; cleared while its table shows a move or a page.
        self.free: dict[str, asyncio.Event] = {}
        self.closing = False
        # Called with each room whose change was just kept (several processes: the others
        # hear of it, `urland.cluster`).
        self.after_commit: Callable[[Room], None] | None = None
        # Called with a room whose change another process kept first (it serves the room).
        self.number_taken: Callable[[Room], None] | None = None
        self.keeper: Store = store or RoomKeeper(self.options.rooms_dir, self.options.store,
                                                 self.options.read_back)
        for key, room in self.keeper.restore().items():
            self._adopt(key, room)
        self.problems: list[str] = self.keeper.problems
        # The players this server knows and their ratings, in its room store (in memory when
        # it keeps none).
        kept = self.keeper.store if isinstance(self.keeper, RoomKeeper) else None
        self.standings = Standings(kept if kept is not None else MemoryStore())

    # --- rooms ------------------------------------------------------------------------------

    def _adopt(self, key: str, room: Room) -> None:
        self.rooms[key] = room
        self._settle(room)
        self.bots[key] = {i: make_bot(s.kind, bot_seed(room.game.seed, i), s.think)
                          for i, s in enumerate(room.seats)
                          if not s.remote and s.seat_kind.bot is not None}  # (not a person)
        if room.game.over:
            room.in_history = True  # a room read back finished was kept when it ended
        for seat, kept in enumerate(room.seats):  # read back: nobody is connected yet
            if kept.remote and kept.taken:  # so the stand-in's clock counts from now
                self.stand_ins.away((key, seat))

    def open_room(self, code: str, kinds: list[str], seed: int, colours: list[int] | None = None,
                  names: list[str] | None = None) -> Room:
        """The room `code`: carried on where it stood when it exists unfinished, else new."""
        key = normal_code(code)
        old = self.rooms.get(key)
        if old is not None and not old.game.over:
            return old
        room = Room.create(code, kinds, seed, colours, names)
        self.keeper.replaced(old, room)
        self._adopt(key, room)
        with contextlib.suppress(RuntimeError):  # no loop yet: `start` lets the bots play
            asyncio.get_running_loop()
            self.kick(key)
        return room

    def add_room(self, room: Room) -> None:
        """Take in a room made elsewhere (a game at this computer, from a save or a lesson's
        position); its bots play once `kick`ed on the running loop."""
        self._adopt(normal_code(room.code), room)

    def hold(self, room: Room, held: bool) -> None:
        """Hold the room's bots (`held`: a table shows a move or a page the player must see
        first) or let them play on. A room once held is held again after each bot move, until
        its table has shown that move and lets the bots go on."""
        free = self.free.setdefault(normal_code(room.code), asyncio.Event())
        if held:
            free.clear()
        else:
            free.set()

    async def _unheld(self, key: str) -> None:
        free = self.free.get(key)
        if free is not None:
            await free.wait()

    def take_room(self, room: Room) -> None:
        """Serve a room rebuilt from the store that another process served until now (it
        stopped, or died): every taken seat counts as away until its player is back, and the
        room's bots play on."""
        key = normal_code(room.code)
        self.keeper.taken_over(room)
        self._adopt(key, room)
        with contextlib.suppress(RuntimeError):  # no loop yet: `start` lets the bots play
            asyncio.get_running_loop()
            self.kick(key)

    def let_go(self, code: str) -> Room | None:
        """Stop serving the room (another process serves it now, from the store, where every
        change it kept already is): its bots stop, its links and clocks are forgotten, and a
        change still on its way is refused. The room let go; None when it was not here."""
        key = normal_code(code)
        room = self.rooms.pop(key, None)
        if room is None:
            return None
        task = self.drivers.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        for name in ("bots", "wakes", "locks", "free"):
            getattr(self, name).pop(key, None)
        for seat in range(len(room.seats)):
            self.links.pop((key, seat), None)
            self.stand_ins.back((key, seat))
        return room

    async def start_room(self, code: str, stand_in: str = STAND_IN) -> None:
        """A room opened as a lobby starts: empty remote seats go to the bot `stand_in`, the
        seats are told, and the room's bots play."""
        key = normal_code(code)
        room = self.rooms[key]
        for seat in room.start(stand_in):
            self.bots[key][seat] = make_bot(stand_in, bot_seed(room.game.seed, seat))
        self.presence(room)
        self.kick(key)

    def room(self, code: str) -> Room | None:
        return self.rooms.get(normal_code(code))

    def connected(self, room: Room) -> list[bool]:
        key = normal_code(room.code)
        return [(key, i) in self.links for i in range(len(room.seats))]

    def start(self) -> None:
        """Let the bots of every room read back take their turns (on the running loop)."""
        for key in list(self.rooms):
            self.kick(key)

    # --- seats linked and unlinked ----------------------------------------------------------

    def join(self, room: Room, seat: int) -> None:
        """A player's link to `seat` is open (a first one, or again): it is told the whole
        log of its seat and where the game stands."""
        key = normal_code(room.code)
        link = self.links[(key, seat)] = Link(room)
        self.stand_ins.back((key, seat))
        self._tell(room, seat, link)

    def leave(self, room: Room, seat: int, tell: bool = True) -> None:
        """The player's link to `seat` is lost: its stand-in's clock starts. `tell` is False
        while the transport stops (every link closes then, nobody has left)."""
        key = normal_code(room.code)
        self.links.pop((key, seat), None)
        if not room.replaced:  # else its seat's clock is the new game's
            self.stand_ins.away((key, seat))
            if tell:
                self.presence(room)
            self.kick(key)

    def _linked(self, room: Room) -> list[tuple[int, Link]]:
        """The seats linked to this very room, with their links (looked up seat by seat: the
        cost of a change grows with the room's seats, not with the server's links)."""
        key = normal_code(room.code)
        found = ((seat, self.links.get((key, seat))) for seat in range(len(room.seats)))
        return [(seat, link) for seat, link in found if link is not None and link.room is room]

    # --- changes ----------------------------------------------------------------------------

    def lock(self, room: Room) -> asyncio.Lock:
        return self.locks.setdefault(normal_code(room.code), asyncio.Lock())

    async def commit(self, room: Room, change: Callable[[], Change]) -> None:
        """Make a change to the room and wait until it is kept in the store, before anyone is
        told (the store's writer thread writes the changes of all rooms together).
        MoveRefused leaves all as it was; NotKept: the disk refused, the change is undone."""
        async with self.lock(room):
            if room.replaced:  # its changes' numbers go on in the new game's
                raise MoveRefused("This room has been opened again for a new game.")
            if self.rooms.get(normal_code(room.code)) is not room:  # `let_go`
                raise MoveRefused("This room is served by another process of the server now.")
            try:
                await self.keeper.keep(room, change())
            except NotKept as exc:
                if exc.taken and self.number_taken is not None:
                    self.number_taken(room)
                raise
            self._settle(room)
            if self.after_commit is not None:
                self.after_commit(room)

    def _settle(self, room: Room) -> None:
        if not self.options.keep_every_state:
            room.game.settle()

    async def move(self, room: Room, seat: int, text: str, at: int) -> None:
        """Play `seat`'s move written `text`, answering the position after `at` moves, and
        tell every seat. MoveRefused, NotKept: nothing happened."""
        await self.commit(room, lambda: room.play(seat, text, at))
        self._bots_watch(room)
        self.changed(room)

    async def undo(self, room: Room, seat: int, at: int) -> None:
        """Take back `seat`'s last action of its turn and tell every seat."""
        await self.commit(room, lambda: room.undo(seat, at))
        # The log was cut back to what it held before the undone moves (nothing has run
        # since): each seat is told only how far (`log_from`), never sent its whole log again.
        for other, link in self._linked(room):
            link.log_sent = min(link.log_sent, len(room.game.log_for(other)))
        self.changed(room)

    async def hand_to_bot(self, room: Room, seat: int, stand_in: str) -> None:
        """A seat the host started the game without, whose newcomer then never confirmed it,
        goes to the bot the other free seats went to, as if it had been free at the start."""
        key = normal_code(room.code)
        async with self.lock(room):
            slot = room.seats[seat]
            if not slot.remote or slot.taken:
                return
            slot.kind = stand_in
            with contextlib.suppress(OSError):  # kept in memory; the room's next save writes it
                room.save()
            self.bots[key][seat] = make_bot(stand_in, bot_seed(room.game.seed, seat))
        self.presence(room)
        self.kick(key)

    def _bots_watch(self, room: Room) -> None:
        """The room's bots see the table after every move, a player's as well as a bot's, as
        they would at one table (they remember the board a face-down chip was laid on)."""
        if room.replaced:  # the bots under its code play the new game now
            return
        bots = self.bots.get(normal_code(room.code), {})
        let_bots_watch(room.game.state, {s: b for s, b in bots.items() if s >= 0})

    # --- telling the seats --------------------------------------------------------------------

    def changed(self, room: Room) -> None:
        """Tell every linked seat the change (the finished game kept first), then let the
        room's bots play."""
        self.tell(room)
        self.kick(normal_code(room.code))

    def tell(self, room: Room) -> None:
        """Tell every linked seat where the game stands (the finished game kept first, so
        every side has it)."""
        if room.game.over:
            self._keep_in_history(room)
        for seat, link in self._linked(room):
            self._tell(room, seat, link)

    def _tell(self, room: Room, seat: int, link: Link) -> None:
        """The seat's view now, and the events of its log it has not been sent yet."""
        game = room.game
        seen = game.log_for(seat)
        start = link.log_sent if link.log_sent <= len(seen) else 0
        link.log_sent = len(seen)
        undoable = format_move(game.moves[-1], game.board) if game.undo_depth(seat) else ""
        self.outlet.send(room, seat, Update(len(game.moves), game.view(seat), start,
                                            tuple(seen[start:]), undoable))
        if game.over:
            self.outlet.send(room, seat, Finished(game, tuple(room.record_seats())))

    def presence(self, room: Room) -> None:
        """Tell every linked seat who sits where."""
        key, seats = normal_code(room.code), room.seats
        news = Presence(
            tuple(room.names()), tuple(self.connected(room)),
            tuple(s.taken or not s.remote for s in seats),
            tuple(s.table_kind() for s in seats), room.lobby,
            tuple(self.stand_ins.standing_in((key, i), s) for i, s in enumerate(seats)),
            tuple(self.stand_ins.stand_in_in((key, i), s) for i, s in enumerate(seats)))
        for seat, _link in self._linked(room):
            self.outlet.send(room, seat, news)

    def _keep_in_history(self, room: Room) -> None:
        """Keep the finished game in the history, then move the room into `finished/`."""
        if room.in_history:
            return
        room.in_history = True
        state = room.game.state
        rooms_log.info("Room %s: the game is over; %s wins with %d points.", room.code,
                       room.names()[state.winner], state.track[state.winner])
        if self.options.history_dir is not None:
            try:
                history.write_record(room.game, room.record_seats(), self.options.history_dir)
            except (OSError, SaveError) as exc:
                log.error("room %s: the finished game could not be kept: %s", room.code, exc)
        self.keeper.finished(room)
        if self.options.rated:
            self.standings.rate(room)

    # --- the one bot loop -------------------------------------------------------------------

    def kick(self, key: str) -> None:
        """Make sure the room's bots play if a bot's decision is pending."""
        task = self.drivers.get(key)
        if self.closing:
            return
        if task is None or task.done():
            self.drivers[key] = asyncio.get_running_loop().create_task(self._drive(key))
        elif key in self.wakes:  # a driver waiting for a stand-in looks again now
            self.wakes[key].set()

    def _bot_for(self, key: str, seat: int) -> Bot | None:
        bots = self.bots[key]
        if seat in bots:
            return bots[seat]
        room = self.rooms[key]
        if self.stand_ins.standing_in((key, seat), room.seats[seat]):
            bots[-1 - seat] = bots.get(-1 - seat) or make_bot(
                STAND_IN, bot_seed(room.game.seed, seat))
            return bots[-1 - seat]
        return None

    async def _drive(self, key: str) -> None:
        """Let the bots of the room under `key` play while a bot decides there (a room opened
        again under the code, while its driver was busy, is driven on by it)."""
        while True:
            room = self.rooms.get(key)
            if room is None:  # let go: another process serves it now
                return
            seat = room.actor
            if room.lobby or seat is None:
                return
            bot = self._bot_for(key, seat)
            if bot is None:
                if not await self._wait_for_stand_in(key, seat):
                    return
                continue
            await self._unheld(key)
            at = len(room.game.moves)
            move = await self._think(bot, room, seat)
            await self._unheld(key)  # a page opened while it thought: the move waits
            if len(room.game.moves) != at or room.replaced:
                continue  # the position changed while the bot thought
            try:
                await self.commit(room, lambda move=move, room=room: room.play_move(move))
            except NotKept:
                await asyncio.sleep(1.0)  # the disk refused: the bot tries again later
                continue
            except MoveRefused:
                if not room.replaced:
                    raise
                continue  # opened again while the move waited: the new game is played on
            self._bots_watch(room)
            if key in self.free:  # its table shows this move before the next one is played
                self.free[key].clear()
            self.tell(room)

    async def _think(self, bot: Bot, room: Room, seat: int) -> Move:
        """The bot's move from its seat's view, in a worker thread, taking at least the
        room's bot pause (its thinking counts)."""
        thought = asyncio.ensure_future(asyncio.to_thread(decide, bot, room.game.view(seat)))
        try:
            if self.options.bot_pause:
                await self.options.wait(self.options.bot_pause)
            move, _seconds = await thought
            return move
        finally:
            thought.cancel()  # (the master closes: the thought is dropped)

    async def _wait_for_stand_in(self, key: str, seat: int) -> bool:
        """Wait until a missing player's seat may be handed to an AI, or until the room changes
        (the player is back, a move was played); then the driver looks again. False: there is
        nothing to wait for."""
        room = self.rooms[key]
        left = self.stand_ins.left((key, seat), room.seats[seat])
        if left is None:
            return False
        wake = self.wakes.setdefault(key, asyncio.Event())
        wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), max(0.0, left) + 0.01)
        if self.stand_ins.standing_in((key, seat), room.seats[seat]):
            self.presence(room)
        return True

    async def close(self) -> None:
        """Stop the bots and write whole every room behind its kept changes."""
        self.closing = True
        for task in self.drivers.values():
            task.cancel()
        for task in self.drivers.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.standings.kept()  # before the store closes
        await asyncio.to_thread(self.keeper.close, list(self.rooms.values()))
