"""The one headless loop (`urland.bots.loop.play_out`): its stop condition and its hooks
before and after each move, as the simulator and the benchmarks use them."""

from __future__ import annotations

from urland.bots.loop import StateTable, play_out
from urland.bots.registry import make_bot
from urland.engine import GameState, Move, format_move, is_legal, new_game


def bots(players: int) -> dict:
    return {seat: make_bot("random", 40 + seat) for seat in range(players)}


def test_a_game_stopped_by_its_condition_and_played_on_ends_as_one_played_straight_through():
    straight = new_game(5, 3, events=False)
    moves = play_out(StateTable(straight), bots(3))
    assert straight.over

    stopped = new_game(5, 3, events=False)
    seated = bots(3)
    first = play_out(StateTable(stopped), seated, until=lambda state: state.turn >= 3)
    assert stopped.turn == 3 and not stopped.over  # stopped before turn 3's first decision
    rest = play_out(StateTable(stopped), seated)
    assert first + rest == moves
    assert stopped.over and stopped.track == straight.track and stopped.winner == straight.winner


def test_before_sees_each_move_with_the_position_its_seat_decided_and_after_once_it_is_played():
    state = new_game(9, 4, events=False)
    seen: list[tuple[str, int, str]] = []

    def before(now: GameState, move: Move) -> None:
        assert is_legal(now, move)  # not played yet: legal where its seat decided
        seen.append(("before", now.actor, format_move(move, now.board)))

    def after(seat: int, move: Move, seconds: float) -> None:
        assert seconds >= 0
        seen.append(("after", seat, format_move(move, state.board)))

    played = play_out(StateTable(state), bots(4), after, before)
    assert state.over and len(seen) == 2 * played
    assert all(b[0] == "before" and a[0] == "after" and b[1:] == a[1:]
               for b, a in zip(seen[::2], seen[1::2], strict=True))
