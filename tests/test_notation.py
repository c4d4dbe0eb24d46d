"""The move notation used in saves and logs."""

import random

import pytest

from urland.bots.random_bot import random_move
from urland.engine import Game, IllegalMoveError, Move, format_move, parse_move, standard_board

B = standard_board()


@pytest.mark.parametrize("text", [
    "chip 7", "land O1 2 x1", "land O2 4 x2", "proliferate O5", "swim O1 O2 x3",
    "retreat 5:2 O1:1", "assimilate O2 p1 p3", "walk 4 5", "egg 9", "fly 1 O3 x2",
    "stink 1 p2 O2", "bite O4 p4", "double", "end", "panic_region 3", "panic_ocean O2",
    "ears_stay 0", "ears_dive O4", "bid 4", "buy wings 3:1 O2:2", "buy egg", "pass",
])
def test_text_round_trips(text):
    assert format_move(parse_move(text, B), B) == text


@pytest.mark.parametrize("text,why", [
    ("", "empty"), ("fly", "missing area"), ("jump O1", "unknown move kind"),
    ("land O9 2 x1", "unknown area"), ("bid four", "bad number"), ("bite O1 q2", "bad seat"),
    ("retreat 5-2", "bad pick"), ("end now", "unexpected"), ("buy gills", "unknown gene"),
])
def test_bad_text_says_what_is_wrong(text, why):
    with pytest.raises(IllegalMoveError, match=why):
        parse_move(text, B)


def test_every_move_of_random_games_round_trips():
    for seed in range(3):
        g = Game.new(seed, 4)
        r = random.Random(seed)
        while not g.over:
            move = random_move(g.legal_options(), r)
            assert parse_move(format_move(move, B), B) == move
            g.play(move)
    assert Move("end") == parse_move("end", B)
