"""Moves are typed: a number that is not a whole number (a float, a bool, a string) is refused
with IllegalMoveError when the move is built or parsed, so no game and no save ever holds one."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import GREY, at, play, table

from urland.engine import Game, IllegalMoveError, Move, parse_move, standard_board
from urland.engine.save import load_game
from urland.table.session import Seat, Session

B = standard_board()
O1, O2 = B.parse_area("O1"), B.parse_area("O2")


@pytest.mark.parametrize("fields", [
    {"kind": "swim", "src": O1, "dst": O2, "count": 1.5},
    {"kind": "swim", "src": O1, "dst": O2, "count": True},
    {"kind": "bid", "count": 2.0},
    {"kind": "bid", "count": False},
    {"kind": "land", "src": float(O1), "dst": 4, "count": 1},
    {"kind": "land", "src": O1, "dst": "4", "count": 1},
    {"kind": "bite", "src": O1, "target": (1.0,)},
    {"kind": "bite", "src": O1, "target": (True,)},
    {"kind": "retreat", "picks": ((4, 1.5),)},
    {"kind": "retreat", "picks": ((4, True),)},
    {"kind": "retreat", "picks": ((4,),)},
    {"kind": 7},
])
def test_building_a_move_with_a_number_that_is_not_whole_is_refused(fields):
    with pytest.raises(IllegalMoveError):
        Move(**fields)


def test_the_issue_example_leaves_no_one_and_a_half_ichtos_on_the_board():
    s = table("ichtos=O1:0.0.3.0")
    before = s.key()
    with pytest.raises(IllegalMoveError, match=r"count must be a whole number, not 1\.5"):
        play(s, "swim", src="O1", dst="O2", count=1.5)
    assert s.key() == before and at(s, "O1")[GREY] == 3 and at(s, "O2")[GREY] == 0


def test_filling_in_an_option_with_a_float_or_bool_is_refused():
    game = Game.new(4, 4)
    option = game.legal_options()[0]  # the environment player's chip
    with pytest.raises(IllegalMoveError):
        option.move._replace(count=2.0)
    with pytest.raises(IllegalMoveError):
        option.with_picks({4: True})


@pytest.mark.parametrize("text", [
    "bid 2.0", "bid 2.", "swim O1 O2 x1.5", "swim O1 O2 x-1", "bid ²", "bid \u0661", "bid +2",
    "retreat 5:1.5", "retreat 5:True", "bite O1 p1.0", "land O1 ²2 x1", "bid " + "9" * 5000,
])
def test_parsing_a_move_with_a_number_that_is_not_whole_is_refused(text):
    with pytest.raises(IllegalMoveError):
        parse_move(text, B)


def test_a_refused_move_changes_nothing_and_the_autosave_still_loads(user_home):
    seats = [Seat("Anna", 0), Seat("Ben", 1), Seat("Cleo", 2)]
    session = Session.new(seats, 4, user_home / "autosave.yaml")
    session.play(session.game.legal_options()[0].move)  # the chip
    before = (session.game.state.key(), (user_home / "autosave.yaml").read_text())
    for bad in ("swim O1 O2 x1.5", "bid 2.0"):
        with pytest.raises(IllegalMoveError):
            session.game.play_text(bad)
    with pytest.raises(IllegalMoveError):
        session.game.play(("end", -1, -1, 0, (), "", ()))  # a tuple that only looks like one
    assert (session.game.state.key(), (user_home / "autosave.yaml").read_text()) == before
    loaded, _ = load_game(user_home / "autosave.yaml")
    assert loaded.state.key() == session.game.state.key()


@given(st.one_of(st.floats(allow_nan=True), st.booleans(), st.text(max_size=3),
                 st.decimals(allow_nan=False)))
def test_no_value_but_a_whole_number_is_a_count(value):
    with pytest.raises(IllegalMoveError):
        Move("bid", count=value)
