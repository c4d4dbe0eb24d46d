"""Silly habits a player would notice in a bot, found in its recorded decisions.

A bot at any level should never:

* `back_and_forth` — move Ichtos from A to B and later in the same turn from B back to A;
* `double_unused` — hand in a double-turn chip and then end the turn without using it;
* `double_for_nothing` — hand in a double-turn chip and spend it only on retreats;
* `withering` — end its turn with actions left while its board is nearly empty, its reserve
  full and an action that adds Ichtos to the board (a landing or a proliferation) still open;
* `hopeless_bid` — bid more than it could pay for any gene (the price is taken from the board),
  or its whole reserve when that is more than any gene is worth to it.

`turn_slips` judges one seat's Ichto turn, `bid_slip` one bid; `watch` plays a game and
collects both for every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from urland.bots.loop import StateTable, play_out
from urland.engine import (
    ACTION,
    BID,
    GameState,
    Move,
    PlayerView,
    gene_price,
    legal_options,
    new_game,
    relocation_kinds,
)

RELOCATIONS = relocation_kinds()  # the actions carrying one's own Ichtos (engine)
SMALL_BOARD = 4  # Ichtos on the board at or below which a full reserve means "withering"
FULL_RESERVE = 15
BIG_BID = 8  # more than any gene is worth to anybody (see evaluate.GENE_WORTH)


@dataclass(frozen=True)
class Slip:
    habit: str
    seat: int
    turn: int
    detail: str


def turn_slips(states: Sequence[GameState], moves: Sequence[Move]) -> list[Slip]:
    """The habits in one Ichto turn: `states[i]` is the position before `moves[i]`; all are the
    same seat's actions, ending with the move that ends the turn."""
    if not moves:
        return []
    seat, turn = states[0].actor, states[0].turn
    slips: list[Slip] = []

    def slip(habit: str, detail: str) -> None:
        slips.append(Slip(habit, seat, turn, detail))

    trips: set[tuple[int, int]] = set()
    name = states[0].board.area_name
    for move in moves:
        if move.kind in RELOCATIONS:
            if (move.dst, move.src) in trips:
                slip("back_and_forth", f"{move.kind} {name(move.src)} to {name(move.dst)} "
                     "undoes an earlier move")
            trips.add((move.src, move.dst))
    for i, move in enumerate(moves):
        if move.kind != "double":
            continue
        after = [m.kind for m in moves[i + 1:] if m.kind != "end"]
        if not after:
            slip("double_unused", "double-turn chip handed in, then the turn ended")
        elif set(after) <= {"retreat"}:
            slip("double_for_nothing", "double-turn chip spent on retreats only")
    last_state, last = states[-1], moves[-1]
    if last.kind == "end" and last_state.actions_left > 0:
        board = last_state.on_board(seat)
        if (board <= SMALL_BOARD and last_state.reserve[seat] >= FULL_RESERVE
                and any(o.move.kind in ("land", "proliferate")
                        for o in legal_options(last_state))):
            slip("withering", f"ended with {last_state.actions_left} actions left, "
                 f"{board} Ichtos on the board")
    return slips


def bid_slip(state: GameState, move: Move) -> Slip | None:
    """A hopeless bid: it could not pay for the gene it bids for, or it bids a big reserve."""
    seat = state.actor
    if gene_price(state, seat, move.count) > state.on_board(seat) and move.count > 0:
        return Slip("hopeless_bid", seat, state.turn, f"bid {move.count} but only "
                    f"{state.on_board(seat)} Ichtos on the board to pay with")
    if move.count >= BIG_BID and move.count == state.reserve[seat]:
        return Slip("hopeless_bid", seat, state.turn, f"bid the whole reserve ({move.count})")
    return None


Decide = Callable[[int, object], Move]  # (seat, view) -> move


class _SeatDecider:
    """One seat's `choose(view)`, asking a `Decide` for every seat."""

    def __init__(self, seat: int, decide: Decide) -> None:
        self.seat, self.decide = seat, decide

    def choose(self, seen: PlayerView) -> Move:
        return self.decide(self.seat, seen)


class SlipWatch:
    """The habit watch of some seats through a game `play_out` plays: its `before` and
    `after` hooks collect the slips of the seats watched."""

    def __init__(self, state: GameState, watched: set[int]) -> None:
        self.state, self.watched = state, watched
        self.slips: list[Slip] = []
        self.turn_states: list[GameState] = []  # the watched seat's Ichto turn so far ...
        self.turn_moves: list[Move] = []  # ... and its moves

    def before(self, state: GameState, move: Move) -> None:
        if state.actor not in self.watched:
            return
        if state.phase == ACTION:
            self.turn_states.append(state.clone())
            self.turn_moves.append(move)
        elif state.phase == BID and (found := bid_slip(state, move)):
            self.slips.append(found)

    def after(self, seat: int, _move: Move, _seconds: float) -> None:
        """A watched seat's Ichto turn is over: its slips are counted."""
        state = self.state
        if self.turn_moves and (state.phase != ACTION or state.actor != seat):
            self.slips.extend(turn_slips(list(self.turn_states), list(self.turn_moves)))
            self.turn_states.clear()
            self.turn_moves.clear()


def watch(seed: int, players: int, choose: Decide, seats: Sequence[int] | None = None
          ) -> list[Slip]:
    """Play a whole game with `choose` deciding every seat (the headless loop, `play_out`);
    the habits of the `seats` watched (all seats by default)."""
    state = new_game(seed, players, events=False)
    slips = SlipWatch(state, set(range(players) if seats is None else seats))
    play_out(StateTable(state), {s: _SeatDecider(s, choose) for s in range(players)},
             slips.after, slips.before)
    return slips.slips
