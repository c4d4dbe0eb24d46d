"""The expert's look past the turn (look_past.py): rollouts into the next turn that correct the
turn search only as far as they tell the moves apart beyond their noise."""

import random

import pytest
from positions import GREY, area, table

from urland.bots.candidates import candidate_moves
from urland.bots.judge import learned_win_chance
from urland.bots.look_past import TOP, LookPast, shrunk
from urland.engine import Move, legal_options, view


def test_too_few_rounds_leave_the_turn_search_alone():
    assert shrunk([[0.3], [-0.2], [0.0]]) == [0.0, 0.0, 0.0]


def test_corrections_that_are_all_noise_count_for_nothing():
    # Every move gains the same in each round (the chip drawn moves them all alike), and their
    # differences are small beside the rounds' own scatter: no move is told apart.
    r = random.Random(1)
    rounds = [r.gauss(0, 1) for _ in range(40)]
    noisy = [[x + r.gauss(0, 0.5) for x in rounds] for _ in range(3)]
    assert max(abs(s) for s in shrunk(noisy)) < 0.1


def test_a_clear_difference_counts_almost_in_full():
    r = random.Random(2)
    rounds = [r.gauss(0, 1) for _ in range(40)]
    clear = [[x + gain + r.gauss(0, 0.05) for x in rounds] for gain in (0.3, 0.0, -0.3)]
    shifts = shrunk(clear)
    assert shifts[0] == pytest.approx(0.3, abs=0.03)
    assert shifts[2] == pytest.approx(-0.3, abs=0.03)


def test_the_look_past_chooses_among_the_turn_searchs_best_moves_only():
    s = table("ichtos=1:2.2.2.2,O1:3.3.3.3,O2:3.3.3.3")
    seen = view(s, s.actor)
    moves = candidate_moves(s, legal_options(s))[:6]
    valued = [(m, 0.5 - 0.01 * i) for i, m in enumerate(moves)]
    past = LookPast(seen, {}, random.Random(3), learned_win_chance)
    far = (float("inf"), float("inf"))
    chosen = past.choose(valued, far, most=30)
    assert chosen in moves[:TOP]
    assert past.rounds == 30


def test_a_blunder_stays_a_blunder_whatever_the_turns_to_come():
    # Grey sends its only 3 Ichtos back to the reserve, or lands them; rounds into the next
    # turn do not talk the search into the blunder.
    s = table("ichtos=O2:0.0.3.0")
    blunder = Move("retreat", picks=((area(s, "O2"), 3),))
    landing = next(m for m in candidate_moves(s, legal_options(s)) if m.kind == "land")
    past = LookPast(view(s, GREY), {}, random.Random(4), learned_win_chance)
    chosen = past.choose([(landing, 0.9), (blunder, 0.3)], (float("inf"), float("inf")),
                         most=20)
    assert chosen == landing
