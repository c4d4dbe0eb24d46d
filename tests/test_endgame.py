"""End of the game: rules section 8, R8 and final scoring."""

import dataclasses

from positions import PURPLE, WHITE, at, play, table, texts

from urland.engine.board import standard_board
from urland.engine.scoring import final_scoring
from urland.engine.state import OVER


def test_reaching_30_ends_the_game_after_the_scoring_then_final_scoring():
    s = table("track=10.20.26.28 ichtos=12:0.0.0.2,O1:3.0.0.0")
    play(s, "end")
    play(s, "end")
    assert s.phase == OVER
    # Purple 28 + 3 -> 31; then final: White most on board (3 vs 2): +3 alone; land: Purple +2
    assert s.track[PURPLE] == 33 and s.track[WHITE] == 13
    assert s.winner == PURPLE
    assert "Purple wins with 33 points." in texts(s)


def test_a_mutation_space_reached_before_the_end_starts_an_auction():
    s = table("track=10.9.11.8 ichtos=12:0.0.3.2")
    play(s, "end")
    play(s, "end")
    # Grey 11 -> 14 is the first marker past 12: the mutation happens.
    assert s.phase == "bid" and s.mutations == 1


def test_r8_a_mutation_the_last_scoring_would_trigger_does_not_happen():
    # With 12/16/21 no single scoring can pass a mutation space and reach 30, so R8 is shown
    # on a board whose track has a mutation space at 29 (the board is data).
    board = dataclasses.replace(standard_board(), mutation_spaces=(12, 16, 29))
    s = table("track=10.20.28.11 ichtos=12:0.0.3.2", board=board)
    play(s, "end")
    play(s, "end")
    # Grey 28 -> 31 passes 29 and ends the game: the mutation does not happen (R8).
    assert s.phase == OVER and s.mutations == 0
    assert any("(the mutation it would trigger does not happen)" in t for t in texts(s))


def test_final_scoring_total_3_and_land_2_sole_total_winner_excluded_from_land():
    s = table("track=10.20.30.40 ichtos=O1:6.2.2.0,1:0.3.2.1,5:2.0.0.0")
    final_scoring(s)
    # Total: White 8 alone: +3. Land among the others: Black 3: +2.
    assert s.track == [13, 22, 30, 40]
    assert at(s, "1") == [0, 3, 2, 1]


def test_final_scoring_the_sole_total_winner_leading_on_land_too_leaves_land_to_the_next():
    # White leads both the Total (10) and, alone, Land (4): it takes the Total (+3), and Land
    # goes to Black, the most on land among the others (3, +2).
    s = table("track=10.20.30.40 ichtos=O1:6.2.2.0,1:4.3.0.0")
    final_scoring(s)
    assert s.track == [13, 22, 30, 40]


def test_final_scoring_ties_share_rounded_down():
    s = table("track=10.20.30.40 ichtos=O1:4.4.4.0,1:1.1.0.0")
    final_scoring(s)
    # Total: White and Black tie with 5: 3 // 2 = 1 each. Land (all take part): White and
    # Black tie with 1: 2 // 2 = 1 each.
    assert s.track == [12, 22, 30, 40]


def test_final_scoring_three_way_land_tie_scores_nothing():
    s = table("track=10.20.30.40 ichtos=O1:9.0.0.0,1:0.1.1.1")
    final_scoring(s)
    assert s.track == [13, 20, 30, 40]  # White total +3; land 2 // 3 = 0


def test_final_scoring_ignores_muscles_and_moves_furthest_ahead_first():
    s = table("track=5.6.30.40 genes=muscles.-.-.- ichtos=O1:3.3.0.0,2:1.1.0.0")
    final_scoring(s)
    # Total 4 each (Muscles ignored): 3 // 2 = +1 each. Black (ahead, on 6) moves first to
    # 7, then White 5 -> 6, now free. Land 1 each: +1 each again: Black 8, then White 7.
    assert s.track == [7, 8, 30, 40]
