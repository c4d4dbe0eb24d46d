"""All eleven genes (rules 7): each at work, and each refused where it does not apply."""

import pytest
from positions import BLACK, GREY, WHITE, at, play, table

from urland.engine import IllegalMoveError, legal_options
from urland.engine.flow import run
from urland.engine.panic import start_panic
from urland.engine.state import PANIC_EARS

# Grey (seat 2) is the acting Ichto player in every position below.


def test_assimilation_returns_two_opponents_and_adds_one_for_two_actions():
    s = table("genes=-.-.assimilation.- ichtos=O1:1.1.1.0")
    play(s, "assimilate", src="O1", target=(WHITE, BLACK))
    assert at(s, "O1") == [0, 0, 2, 0]
    assert s.actions_left == 0


def test_assimilation_may_take_two_of_one_colour():
    s = table("genes=-.-.assimilation.- ichtos=4:0.2.1.0")
    play(s, "assimilate", src="4", target=(BLACK, BLACK))
    assert at(s, "4") == [0, 0, 2, 0]


def test_assimilation_refused_without_an_own_ichto_there_or_with_one_action():
    s = table("genes=-.-.assimilation.- ichtos=O1:1.1.0.0,O2:0.0.1.0")
    with pytest.raises(IllegalMoveError, match="no Ichtos in O1"):
        play(s, "assimilate", src="O1", target=(WHITE, BLACK))
    s = table("actions=1 genes=-.-.assimilation.- ichtos=O1:1.1.1.0")
    with pytest.raises(IllegalMoveError, match="costs 2 actions"):
        play(s, "assimilate", src="O1", target=(WHITE, BLACK))


def test_assimilation_refused_without_the_gene():
    s = table("ichtos=O1:1.1.1.0")
    with pytest.raises(IllegalMoveError, match="needs the gene Assimilation"):
        play(s, "assimilate", src="O1", target=(WHITE, BLACK))


def test_legs_land_two_and_walk_across_a_strait():
    s = table("genes=-.-.legs.- ichtos=O2:0.0.3.0,5:0.0.1.0")
    play(s, "land", src="O2", dst="4", count=2)
    assert at(s, "4")[GREY] == 2 and at(s, "O2")[GREY] == 1
    play(s, "walk", src="5", dst="6")
    assert at(s, "5")[GREY] == 0 and at(s, "6")[GREY] == 1


def test_legs_walk_refused_where_no_strait_joins():
    s = table("genes=-.-.legs.- ichtos=5:0.0.1.0")
    with pytest.raises(IllegalMoveError, match="not across a strait"):
        play(s, "walk", src="5", dst="7")


def test_care_of_young_thresholds_for_its_owner_whoever_proliferates():
    s = table("genes=care_of_young.care_of_young.-.- ichtos=O1:2.4.6.1")
    play(s, "proliferate", src="O1")  # Grey acts without the gene: 6 -> +2
    assert at(s, "O1") == [2 + 1, 4 + 2, 6 + 2, 1]


def test_care_of_young_lets_two_proliferate_without_it_two_are_refused():
    s = table("genes=-.-.care_of_young.- ichtos=O1:0.0.2.0")
    play(s, "proliferate", src="O1")
    assert at(s, "O1")[GREY] == 3
    s = table("ichtos=O1:0.0.2.0")
    with pytest.raises(IllegalMoveError):
        play(s, "proliferate", src="O1")


def test_care_of_young_six_gives_three():
    s = table("genes=-.-.care_of_young.- ichtos=O1:0.0.6.0")
    play(s, "proliferate", src="O1")
    assert at(s, "O1")[GREY] == 9


def test_egg_costs_two_actions_with_one_there_one_with_two_or_more():
    s = table("actions=3 genes=-.-.egg.- ichtos=5:0.0.1.0,6:0.0.2.0")
    play(s, "egg", dst="6")
    assert at(s, "6")[GREY] == 3 and s.actions_left == 2
    play(s, "egg", dst="5")
    assert at(s, "5")[GREY] == 2 and s.actions_left == 0


def test_egg_refused_where_you_have_no_ichto_or_with_too_few_actions():
    s = table("actions=1 genes=-.-.egg.- ichtos=5:0.0.1.0")
    with pytest.raises(IllegalMoveError, match="costs 2 actions"):
        play(s, "egg", dst="5")
    with pytest.raises(IllegalMoveError, match="no Ichtos in region 6"):
        play(s, "egg", dst="6")


def test_wings_fly_two_from_land_to_any_region_or_ocean():
    s = table("genes=-.-.wings.- ichtos=1:0.0.3.0")
    play(s, "fly", src="1", dst="12", count=2)
    assert at(s, "1")[GREY] == 1 and at(s, "12")[GREY] == 2
    play(s, "fly", src="12", dst="O3", count=1)
    assert at(s, "O3")[GREY] == 1


def test_wings_refused_from_an_ocean_or_for_three():
    s = table("genes=-.-.wings.- ichtos=O1:0.0.3.0,1:0.0.3.0")
    with pytest.raises(IllegalMoveError, match="is an ocean"):
        play(s, "fly", src="O1", dst="5", count=1)
    with pytest.raises(IllegalMoveError, match="1 or 2"):
        play(s, "fly", src="1", dst="5", count=3)


def test_muscles_plays_no_part_in_panic():
    # Scoring is covered in test_scoring (R6); here: Muscles plays no part in Panic.
    s = table("track=9.8.2.6 genes=muscles.-.-.- ichtos=5:2.0.0.0,9:0.2.0.0 phase=-")
    start_panic(s)
    assert s.phase == "panic_region"


def test_ears_immune_to_teeth_on_land_but_not_at_sea():
    s = table("genes=ears.-.teeth.- ichtos=5:1.0.1.0,O2:1.0.1.0")
    with pytest.raises(IllegalMoveError, match="White has Ears"):
        play(s, "bite", src="5", target=(WHITE,))
    play(s, "bite", src="O2", target=(WHITE,))
    assert at(s, "O2") == [0, 0, 1, 0]


def test_ears_stay_during_panic():
    s = table("genes=ears.-.-.- ichtos=5:3.0.1.0 phase=-")
    start_panic(s)
    assert s.phase == PANIC_EARS and s.actor == WHITE
    assert at(s, "5") == [3, 0, 0, 0]  # Grey fled already


def test_stinkglands_drive_one_colour_into_an_adjacent_ocean():
    s = table("genes=-.-.stinkglands.- ichtos=1:0.3.1.1")
    play(s, "stink", src="1", target=(BLACK,), dst="O2")
    assert at(s, "1") == [0, 0, 1, 1] and at(s, "O2")[BLACK] == 3


def test_stinkglands_refused_to_an_ocean_not_bordering_or_without_own_ichto():
    s = table("genes=-.-.stinkglands.- ichtos=1:0.3.1.0,2:0.2.0.0")
    with pytest.raises(IllegalMoveError, match="does not border"):
        play(s, "stink", src="1", target=(BLACK,), dst="O3")
    with pytest.raises(IllegalMoveError, match="no Ichtos in region 2"):
        play(s, "stink", src="2", target=(BLACK,), dst="O1")


def test_turbo_lands_two_and_swims_to_any_ocean():
    s = table("genes=-.-.turbo.- ichtos=O1:0.0.4.0")
    play(s, "swim", src="O1", dst="O3", count=2)
    play(s, "land", src="O3", dst="12", count=2)
    assert at(s, "12")[GREY] == 2 and at(s, "O1")[GREY] == 2


def test_without_turbo_no_far_swim():
    s = table("ichtos=O1:0.0.4.0")
    with pytest.raises(IllegalMoveError, match="Turbo would allow it"):
        play(s, "swim", src="O1", dst="O3", count=2)


def test_warm_blood_gives_one_more_action_double_turn_still_two():
    s = table("env=p4 actor=p2 genes=-.-.warm_blood.-")
    play(s, "end")  # Black, the first Ichto player, ends; Grey starts with 3 actions
    assert s.actor == GREY and s.actions_left == 3
    s = table("players=3 genes=-.-.warm_blood phase=- agenda=end_turn,score_chosen,ichto:0")
    run(s)
    assert s.actor == GREY and s.actions_left == 4


def test_warm_blood_turn_without_the_gene_has_two():
    s = table("env=p4 actor=p2")
    play(s, "end")
    assert s.actions_left == 2


def test_teeth_bites_an_opponent_where_you_are():
    s = table("genes=-.-.teeth.- ichtos=O4:0.2.1.0")
    play(s, "bite", src="O4", target=(BLACK,))
    assert at(s, "O4") == [0, 1, 1, 0]


def test_teeth_refused_where_you_have_no_ichto_or_on_yourself():
    s = table("genes=-.-.teeth.- ichtos=O4:0.2.0.0,O1:0.0.1.0")
    with pytest.raises(IllegalMoveError, match="no Ichtos in O4"):
        play(s, "bite", src="O4", target=(BLACK,))
    with pytest.raises(IllegalMoveError, match="opponent"):
        play(s, "bite", src="O1", target=(GREY,))


def test_gene_actions_are_offered_only_to_their_owners():
    s = table("ichtos=O1:1.1.1.0,1:1.0.2.0")
    kinds = {o.move.kind for o in legal_options(s)}
    assert kinds == {"land", "swim", "retreat", "end"}
    s = table("genes=-.-.assimilation+legs+egg+wings+teeth.- ichtos=O1:1.1.1.0,1:1.0.2.0")
    kinds = {o.move.kind for o in legal_options(s)}
    assert kinds == {"land", "swim", "retreat", "end", "assimilate", "walk", "egg", "fly",
                     "bite"}
