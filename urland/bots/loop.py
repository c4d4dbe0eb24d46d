"""The one headless game loop: whose decision → that seat's view → bot → play.

Pygame-free, so the simulator, the tournament, the habit watch and the benchmarks share it.
A live game's bots are played by the master (`urland.master.master`), a seat a bot plays
online from this side by its connection (`urland.net.seat_runner.SeatBot`); all three loops
decide through `decide`:

* `play_out` runs bots until the game ends, a seat without a bot must decide or a stop
  condition holds, with hooks before and after each move (what a benchmark measures);
* `Thinker` runs one bot decision (or a hint) in a background thread, keyed by the position
  it was asked about, so an answer that arrives after the position changed is dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any, Protocol

from urland.engine import GameState, Move, PlayerView, apply_move, view


class Chooser(Protocol):
    def choose(self, view: PlayerView) -> Move: ...


class Playable(Protocol):
    """Anything holding a state that moves are played on (a Game, a Session, `StateTable`)."""

    @property
    def state(self) -> GameState: ...

    def play(self, move: Move) -> Any: ...


class StateTable:
    """A bare state as a Playable: the fastest loop, with no log (simulations, tournaments)."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def play(self, move: Move) -> None:
        apply_move(self.state, move)


def seat_to_decide(state: GameState) -> int | None:
    """The seat whose decision the game waits for; None when it is over."""
    return None if state.over else state.actor


def decide(bot: Chooser, seen: PlayerView) -> tuple[Move, float]:
    """THE bot decision of every loop (this one, the master's, an online seat's): the bot's
    move from its seat's own view, and its think time."""
    start = time.perf_counter()
    move = bot.choose(seen)
    return move, time.perf_counter() - start


def bot_decision(state: GameState, bot: Chooser) -> tuple[Move, float]:
    """The bot's move for the pending decision, from its seat's own view, and its think time."""
    return decide(bot, view(state, state.actor))


def let_bots_watch(state: GameState, bots: Mapping[int, Any]) -> None:
    """Show every bot that watches the table (an optional `watch(view)`) the position after a
    move, from its own seat, as a player sees the board between its own decisions."""
    for seat, bot in bots.items():
        watch = getattr(bot, "watch", None)
        if watch is not None:
            watch(view(state, seat))


def play_out(table: Playable, bots: Mapping[int, Chooser],
             after: Callable[[int, Move, float], None] | None = None,
             before: Callable[[GameState, Move], None] | None = None,
             until: Callable[[GameState], bool] | None = None) -> int:
    """Let the bots decide until the game ends, a seat without a bot must decide, or
    `until(state)` says to stop (asked before each decision).

    `before(state, move)` is called with each move chosen, before it is played on `state`
    (the state its seat decided on: `state.actor` is the mover); `after(seat, move, seconds)`
    once it is played and the bots have watched it (`seconds`: the bot's think time).
    Returns the moves played.
    """
    played = 0
    while (seat := seat_to_decide(table.state)) is not None and seat in bots:
        if until is not None and until(table.state):
            break
        move, seconds = bot_decision(table.state, bots[seat])
        if before is not None:
            before(table.state, move)
        table.play(move)
        let_bots_watch(table.state, bots)
        played += 1
        if after is not None:
            after(seat, move, seconds)
    return played


class Thinker:
    """Background decisions for a window that must keep drawing at 60 frames a second.

    `ask(key, fn, arg)` starts `fn(arg)` unless the same key is already being answered;
    `answer(key)` returns the result once it is ready and only if it was asked for that key.
    Asking for a new key forgets the old one, so a stale answer is never shown.
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1)
        self._jobs: dict[str, tuple[Hashable, Future, float]] = {}

    def ask(self, slot: str, key: Hashable, fn: Callable[[Any], Any], arg: Any) -> None:
        job = self._jobs.get(slot)
        if job is not None and job[0] == key:
            return
        self._jobs[slot] = (key, self._pool.submit(fn, arg), time.perf_counter())

    def asked(self, slot: str, key: Hashable) -> bool:
        job = self._jobs.get(slot)
        return job is not None and job[0] == key

    def answer(self, slot: str, key: Hashable, block: float = 0.0) -> tuple[bool, Any]:
        """(True, result) once the answer for `key` is ready, else (False, None)."""
        job = self._jobs.get(slot)
        if job is None or job[0] != key:
            return False, None
        future = job[1]
        if not future.done() and block > 0:
            wait([future], timeout=block)
        if not future.done():
            return False, None
        del self._jobs[slot]
        return True, future.result()

    def seconds(self, slot: str) -> float:
        """How long the job in `slot` has been thinking."""
        job = self._jobs.get(slot)
        return 0.0 if job is None else time.perf_counter() - job[2]

    def shutdown(self) -> None:
        self._jobs.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)
