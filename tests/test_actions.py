"""Ichto actions, rules 4.2: Land, Proliferate, Swim, Retreat, double-turn chips, ending early."""

import pytest
from positions import BLACK, GREY, PURPLE, WHITE, at, play, table, texts

from urland.engine import IllegalMoveError, Move, check_move, legal_options
from urland.engine.state import ACTION, CHIP

# In a 4-player game with White (0) the environment player, Black (1) is dead, and Grey (2)
# then Purple (3) are the Ichto players.


def test_land_moves_one_ichto_from_an_ocean_to_a_bordering_region():
    s = table("ichtos=O2:0.0.3.0")
    play(s, "land", src="O2", dst="5", count=1)
    assert at(s, "O2")[GREY] == 2 and at(s, "5")[GREY] == 1
    assert s.actions_left == 1
    assert "Grey lands 1 Ichto from O2 on region 5." in texts(s)


def test_land_refused_where_the_region_does_not_border_the_ocean():
    s = table("ichtos=O2:0.0.3.0")
    before = s.key()
    with pytest.raises(IllegalMoveError, match="Region 9 does not border O2"):
        play(s, "land", src="O2", dst="9", count=1)
    assert s.key() == before


def test_land_two_at_once_needs_legs_or_turbo():
    s = table("ichtos=O2:0.0.3.0")
    with pytest.raises(IllegalMoveError, match="Legs or Turbo"):
        play(s, "land", src="O2", dst="5", count=2)


def test_proliferation_rulebook_example_6_3_2():
    # Rulebook: 6 Black, 3 White and 2 Grey in the chosen ocean: Black +2, White +1, Grey +0.
    s = table("actor=p4 ichtos=O1:3.6.2.3")
    play(s, "proliferate", src="O1")
    assert at(s, "O1") == [3 + 1, 6 + 2, 2, 3 + 1]


def test_the_rulebook_grey_with_two_may_not_proliferate_there():
    s = table("ichtos=O1:3.6.2.0")
    with pytest.raises(IllegalMoveError, match="need 3 Ichtos"):
        play(s, "proliferate", src="O1")


def test_proliferation_takes_only_what_the_reserve_holds():
    s = table("reserve=1.27.1.27 ichtos=O3:6.0.3.0")
    play(s, "proliferate", src="O3")
    assert at(s, "O3") == [7, 0, 4, 0]
    assert s.reserve[WHITE] == 0 and s.reserve[GREY] == 0


def test_proliferate_refused_with_an_empty_reserve():
    s = table("reserve=21.27.0.27 ichtos=O3:0.0.6.0")
    with pytest.raises(IllegalMoveError, match="reserve is empty"):
        play(s, "proliferate", src="O3")


def test_swim_moves_any_number_to_one_neighbouring_ocean():
    s = table("ichtos=O1:0.0.5.0")
    play(s, "swim", src="O1", dst="O5", count=4)
    assert at(s, "O1")[GREY] == 1 and at(s, "O5")[GREY] == 4


def test_swim_refused_between_oceans_that_do_not_touch():
    s = table("ichtos=O1:0.0.5.0")
    with pytest.raises(IllegalMoveError, match="not next to"):
        play(s, "swim", src="O1", dst="O3", count=1)


def test_swim_offered_as_one_option_with_a_count_range():
    s = table("ichtos=O1:0.0.5.0")
    swims = [o for o in legal_options(s) if o.move.kind == "swim"]
    assert {(o.move.dst, o.counts) for o in swims} == {
        (s.board.parse_area(x), (1, 5)) for x in ("O2", "O4", "O5")}


def test_retreat_takes_any_number_from_anywhere_back_to_the_reserve():
    s = table("ichtos=O1:0.0.5.0,5:0.0.2.0,9:0.0.1.0")
    reserve = s.reserve[GREY]
    play(s, "retreat", picks=(("O1", 3), ("5", 2)))
    assert at(s, "O1")[GREY] == 2 and at(s, "5")[GREY] == 0 and at(s, "9")[GREY] == 1
    assert s.reserve[GREY] == reserve + 5


def test_retreat_refused_for_more_than_are_there():
    s = table("ichtos=5:0.0.2.0")
    with pytest.raises(IllegalMoveError, match="only 2 Ichtos in region 5"):
        play(s, "retreat", picks=(("5", 3),))


def test_double_turn_chip_after_the_actions_gives_two_more_once_per_turn():
    s = table("ichtos=O1:0.0.5.0")
    play(s, "swim", src="O1", dst="O2", count=1)
    with pytest.raises(IllegalMoveError, match="Use your actions first"):
        play(s, "double")
    play(s, "swim", src="O1", dst="O2", count=1)
    assert s.phase == ACTION and s.actor == GREY and s.actions_left == 0
    assert {o.move.kind for o in legal_options(s)} == {"double", "end"}
    play(s, "double")
    assert s.actions_left == 2 and s.double_chips[GREY] == 1
    play(s, "swim", src="O2", dst="O1", count=1)
    play(s, "swim", src="O2", dst="O1", count=1)
    # no second chip in the same turn: only ending it is left
    assert [o.move.kind for o in legal_options(s)] == ["end"]
    play(s, "end")
    assert s.actor == PURPLE


def test_the_turn_waits_for_the_player_to_end_it_after_the_last_action():
    # (the table lets the last action be undone until the player ends the turn)
    s = table("double=2.2.0.2 ichtos=O1:0.0.5.0")
    play(s, "swim", src="O1", dst="O2", count=1)
    play(s, "swim", src="O1", dst="O2", count=1)
    assert s.actor == GREY and s.actions_left == 0
    assert [o.move.kind for o in legal_options(s)] == ["end"]
    play(s, "end")
    assert s.actor == PURPLE and s.actions_left == 2


def test_ending_early_passes_to_the_next_ichto_player_then_scores():
    s = table("ichtos=12:0.0.2.1")
    play(s, "end")
    assert s.actor == PURPLE
    play(s, "end")
    # Chip 12 scored: Grey 2 beats Purple 1 (Purple's Ichto returns), roles move on.
    assert at(s, "12") == [0, 0, 2, 0]
    assert s.phase == CHIP and s.env == BLACK
    assert s.track == [1, 2, 7, 4]  # 3 points from space 3: 4 is taken, so 5, 6, 7


def test_three_players_have_three_actions_and_one_ichto_player():
    s = table("players=3 ichtos=O1:0.0.5")
    assert s.actions_left == 3 and s.actor == GREY


def test_environment_and_dead_players_do_not_act_and_the_turn_order_is_clockwise():
    s = table("env=p4 ichtos=O1:5.5.5.5")
    assert s.actor == BLACK  # Purple environment, White dead: Black then Grey act
    play(s, "end")
    assert s.actor == GREY
    play(s, "end")
    assert s.phase == CHIP and s.env == WHITE


def test_a_move_of_the_wrong_kind_is_explained():
    s = table()
    with pytest.raises(IllegalMoveError, match="not an action"):
        check_move(s, Move("bid", count=1))


def test_every_option_offered_is_accepted():
    s = table("genes=-.-.legs+wings+teeth+egg+assimilation+turbo.- "
              "ichtos=O1:0.1.5.0,O5:0.0.1.2,2:1.0.1.0")
    for option in legal_options(s):
        move = option.move
        if option.counts:
            move = option.with_count(option.counts[1])
        if option.picks:
            move = option.with_picks(option.picks.limits[:1])
        check_move(s, move)
