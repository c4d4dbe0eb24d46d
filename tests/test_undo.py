"""Undo: a stack of the states before each move; each action says whether it may be taken back.

A player may take back their own actions within their Ichto turn, never the end of a turn, a
chip, a bid or anything another seat did. Taking a move back gives exactly the game that never
played it: the same position, the same log, the same moves.
"""

import asyncio
import random

import pytest
from positions import GREY, table_text

from urland.bots.random_bot import random_move
from urland.engine import Game, Move, position_from_text
from urland.engine.actions import ACTIONS, UNDOABLE_KINDS
from urland.engine.state import ACTION


def test_every_action_but_the_end_of_the_turn_may_be_taken_back():
    assert set(ACTIONS) - UNDOABLE_KINDS == {"end"}
    assert not ACTIONS["end"].undoable


def test_undo_takes_back_the_last_action_and_its_log():
    game = Game.from_position(position_from_text(table_text("ichtos=O1:0.0.5.0")))
    before = game.state.key()
    game.play(Move("swim", game.board.parse_area("O1"), game.board.parse_area("O2"), 2))
    assert game.undo_depth(GREY) == 1 and len(game.log) == 1
    assert game.undo(GREY).kind == "swim"
    assert game.state.key() == before and game.log == [] and game.moves == []
    assert game.undo_depth(GREY) == 0
    with pytest.raises(ValueError, match="Nothing to undo"):
        game.undo(GREY)


def test_undo_stops_at_the_end_of_a_turn_and_is_only_for_the_seat_acting():
    game = Game.from_position(position_from_text(table_text("ichtos=O1:0.0.5.5")))
    o1, o2 = game.board.parse_area("O1"), game.board.parse_area("O2")
    game.play(Move("swim", o1, o2, 1))
    game.play(Move("end"))  # Purple's turn now
    assert game.undo_depth(GREY) == 0 and game.undo_depth(game.state.actor) == 0
    game.play(Move("swim", o1, o2, 1))
    assert game.undo_depth(game.state.actor) == 1 and game.undo_depth(GREY) == 0


@pytest.mark.parametrize("seed", range(6))
def test_undo_anywhere_in_a_game_is_the_game_that_never_played_the_move(seed):
    game = Game.new(seed, 3 + seed % 3)
    rng = random.Random(seed)
    undone = 0
    while not game.over:
        seat = game.state.actor
        if game.undo_depth(seat) and rng.random() < 0.3:
            assert game.state.phase == ACTION
            game.undo(seat)
            undone += 1
            again = Game.replay(game.seed, game.options, game.moves)
            assert game.state.key() == again.state.key()
            assert game.log == again.log and game.move_log_start == again.move_log_start
            continue
        game.play(random_move(game.legal_options(), rng))
    assert undone > 0


def test_taking_back_the_end_of_a_turn_gives_the_game_that_never_played_it():
    """A server takes back a move it could not keep on disk, even one no player may undo."""
    game = Game.from_position(position_from_text(table_text("ichtos=O1:0.0.5.5")))
    o1, o2 = game.board.parse_area("O1"), game.board.parse_area("O2")
    game.play(Move("swim", o1, o2, 1))
    before, log = game.state.key(), list(game.log)
    game.play(Move("end"))  # no undo for the end of a turn
    assert game.undo_depth(GREY) == 0
    assert game.take_back().kind == "end"
    assert game.state.key() == before and game.log == log and len(game.moves) == 1
    assert game.take_back().kind == "swim" and game.moves == [] and game.log == []
    with pytest.raises(ValueError, match="No move to take back"):
        game.take_back()


@pytest.mark.parametrize("seed", range(4))
def test_a_server_s_game_that_forgets_unreachable_states_undoes_and_takes_back_the_same(seed):
    """A server's rooms settle after every kept change (`Game.settle`): they keep only the
    states an undo or the taking back of the last move can reach, and play as before."""
    game = Game.new(seed, 3 + seed % 3)
    rng = random.Random(seed)
    undone = taken_back = 0
    while not game.over:
        seat = game.state.actor
        if game.undo_depth(seat) and rng.random() < 0.3:
            game.undo(seat)
            undone += 1
        elif rng.random() < 0.05:  # a move its store refused, taken back at once
            move = random_move(game.legal_options(), rng)
            kept_before = game.state.key()
            game.play(move)
            game.take_back()
            assert game.state.key() == kept_before
            taken_back += 1
        else:
            game.play(random_move(game.legal_options(), rng))
        game.settle()
        again = Game.replay(game.seed, game.options, game.moves)
        assert game.state.key() == again.state.key() and game.log == again.log
    assert undone > 0 and taken_back > 0
    assert sum(state is not None for state in game.before) == 1  # of hundreds of moves


def _three_moves_kept(options) -> list:
    """The states before each of a room's first three moves (seed 5: chip 5, a retreat, a
    swim), as `options`' master keeps them once each move is kept."""
    from urland.engine.moves import format_move
    from urland.master.master import Master

    class Nowhere:
        def send(self, room, seat, news) -> None:
            pass

    async def scenario():
        master = Master(Nowhere(), options)
        room = master.open_room("settle", ["remote"] * 3, 5)
        rng = random.Random(5)
        for at in range(3):
            move = random_move(room.game.legal_options(), rng)
            await master.move(room, room.game.state.actor, format_move(move, room.game.board), at)
        await master.close()
        return room.game.before
    return asyncio.run(scenario())


def test_a_server_s_rooms_keep_only_the_last_state_and_a_game_here_keeps_every_one():
    from urland.master.master import MasterOptions
    from urland.net.server import ServerOptions

    served = _three_moves_kept(ServerOptions())
    here = _three_moves_kept(MasterOptions())
    assert len(served) == len(here) == 3
    assert all(state is not None for state in here)  # "since my turn" reads them
    # chip 5 (never undone), then a retreat and a swim of one turn, both undoable: the state
    # before the chip is forgotten, those an undo of the retreat and the swim reach are kept
    assert served[0] is None
    assert [s.key() for s in served[1:]] == [s.key() for s in here[1:]]
