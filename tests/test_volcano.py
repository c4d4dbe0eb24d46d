"""Volcanoes and epochs: rules 6.3, R1 (merging) and R5 (seven tiles)."""

import random

import pytest
from positions import BLACK, GREY, at, play, table, texts

from urland.bots.random_bot import random_move
from urland.engine import Decision, apply_move, legal_options, rng
from urland.engine.setup import new_game
from urland.engine.state import CHIP, OVER, PANIC, VOLCANO_EARS
from urland.engine.volcano import erupt, volcano_losses


def region(s, number):
    return s.board.parse_area(str(number))


def oceans(s, number):
    return {s.board.area_name(o) for o in s.region_oceans[s.root(region(s, number))]}


def straits(s, number):
    return {s.board.region_numbers[r] for r in s.region_straits[s.root(region(s, number))]}


def test_r1_rulebook_example_11_erupts_into_10_which_then_borders_two_oceans():
    s = table()
    assert oceans(s, 10) == {"O5"}
    root = erupt(s, region(s, 11))
    assert root == region(s, 10) and s.root(region(s, 11)) == root
    assert oceans(s, 10) == {"O4", "O5"}
    assert straits(s, 10) == {9, 12}
    assert region(s, 10) in s.ocean_regions[s.board.parse_area("O4") - 12]


def test_r1_ichtos_of_both_parts_count_together_in_the_extended_region():
    s = table("ichtos=10:1.2.0.0,11:0.3.0.1")
    erupt(s, region(s, 11))
    assert at(s, "10") == [1, 5, 0, 1]
    assert s.area_counts(region(s, 11)) == [0, 0, 0, 0]


def test_r1_merging_is_transitive():
    s = table()
    erupt(s, region(s, 11))  # 11 joins 10
    erupt(s, region(s, 12))  # 12's bridge is 11, which is part of 10: 12 joins 10 too
    assert s.root(region(s, 12)) == region(s, 10)
    assert oceans(s, 10) == {"O3", "O4", "O5"} and straits(s, 10) == {9}


def test_r1_a_region_that_already_absorbed_another_carries_it_along():
    s = table()
    erupt(s, region(s, 9))  # 9 joins 8 (known as 8)
    erupt(s, region(s, 10))  # 10's bridge 9 is part of 8: 10 joins 8
    assert {s.root(region(s, k)) for k in (8, 9, 10)} == {region(s, 8)}


def test_r1_same_extended_region_on_both_sides_nothing_joins_but_it_erupts():
    s = table("ichtos=8:0.3.0.0")
    erupt(s, region(s, 9))  # 9 joins 8
    before = s.volcanoes
    erupt(s, region(s, 8))  # 8's bridge 9 is already part of 8
    assert s.volcanoes == before + 1
    assert s.root(region(s, 9)) == region(s, 8)
    assert any("is already part of the same land, so no new region joins it" in t
               for t in texts(s))


def test_r1_an_extended_region_whose_chips_all_left_is_never_scored():
    s = table("out=9,8")  # 9 erupted (joining 8), then 8
    assert s.region_chips(region(s, 8)) == []
    assert s.region_chips(region(s, 10)) == [10]


def test_rulebook_volcano_losses_black_2_plus_3_keeps_1_white_keeps_1():
    s = table("ichtos=10:1.2.0.0,11:0.3.0.0")
    black_reserve = s.reserve[BLACK]
    root = erupt(s, region(s, 11))
    volcano_losses(s, [root])
    assert at(s, "10") == [1, 1, 0, 0]
    assert s.reserve[BLACK] == black_reserve + 4
    assert "Black loses 4 Ichtos to the volcano in region 10." in texts(s)


def test_ears_excess_dives_into_a_chosen_ocean_of_the_new_region():
    s = table("genes=-.ears.-.- ichtos=10:0.2.0.0,11:0.3.0.0")
    root = erupt(s, region(s, 11))
    volcano_losses(s, [root])
    assert s.queue == [(BLACK, root, 4)]


def _rng_choosing(first: int) -> int:
    """A generator state whose next coin flip picks the chip at index `first`."""
    state = 0
    while rng.below(state, 2)[1] != first:
        state += 1
    return state


def epoch_ending(hand, text="", first=0, volcanoes=1):
    """White's turn ends; Black must draw but the pile is empty: the epoch ends."""
    scored = ",".join(str(c) for c in range(1, 12) if c not in hand)
    s = table(f"{text} hand={hand[0]},{hand[1]} pile=- scored={scored} aside=1 "
              f"volcanoes={volcanoes} rng={_rng_choosing(first):x}")
    play(s, "end")
    play(s, "end")
    return s


def test_epoch_end_scores_one_chip_at_random_then_both_erupt_and_a_new_pile_forms():
    s = epoch_ending([11, 3], "track=1.2.3.4 ichtos=10:1.2.0.0,11:0.3.0.0,3:0.0.2.0,2:0.0.0.1",
                     first=0)
    # chip 11 scores region 11 (Black 3 alone: +3 from space 2, jumping 3 and 4);
    # region 3 does not score
    assert s.track == [1, 7, 3, 4]
    # both erupt: 11 into 10, 3 into 2; losses in each new region
    assert at(s, "10") == [1, 1, 0, 0]
    assert at(s, "2") == [0, 0, 1, 1]
    assert {3, 11} <= set(s.out_chips) and s.volcanoes == 3
    # the chips from the board (and the chip 12 just scored) with Panic make the new pile
    assert s.epoch == 2
    assert sorted(s.pile + s.hand + ([PANIC] if s.panic_aside else [])) == sorted(
        [PANIC, 1, 2, 4, 5, 6, 7, 8, 9, 10, 12])
    assert s.phase == CHIP and s.actor == BLACK and len(s.hand) == 3


def test_epoch_end_mutation_comes_after_the_eruptions():
    s = epoch_ending([11, 3], "track=1.10.3.4 ichtos=11:0.3.0.0", first=0)
    kinds = [e.kind for e in s.events]
    assert kinds.index("eruption") < kinds.index("mutation")
    assert s.phase == "bid"


def test_r5_no_tiles_left_the_random_chip_scores_and_the_game_ends_without_eruption():
    s = epoch_ending([11, 3], "track=1.2.3.4 ichtos=3:0.0.2.0,11:0.3.0.0", first=1,
                     volcanoes=7)
    assert s.phase == OVER
    assert s.volcanoes == 7 and s.root(region(s, 11)) == region(s, 11)
    assert at(s, "11") == [0, 3, 0, 0]  # not scored, no eruption losses
    assert s.track[GREY] >= 3 + 3  # region 3 scored for Grey before final scoring


def test_ears_dive_decision_during_eruption():
    s = epoch_ending([11, 1], "genes=-.ears.-.- ichtos=10:0.2.0.0,11:0.3.0.0", first=1)
    assert s.phase == VOLCANO_EARS and s.actor == BLACK
    assert {s.board.area_name(o.move.dst) for o in legal_options(s)} == {"O4", "O5"}
    assert Decision.of(s).concerns == (s.root(region(s, 11)),)  # the erupted land
    play(s, "ears_dive", dst="O4")
    assert at(s, "10")[BLACK] == 1 and at(s, "O4")[BLACK] == 4
    assert s.epoch == 2 and s.phase != VOLCANO_EARS


@pytest.mark.parametrize("seed", range(5))
def test_whole_games_use_at_most_seven_volcano_tiles_two_at_a_time(seed):
    s = new_game(seed, 4, events=False)
    r = random.Random(seed)
    while not s.over:
        before = s.volcanoes
        apply_move(s, random_move(legal_options(s), r))
        assert s.volcanoes in (before, before + 2) and s.volcanoes <= 7


def test_a_volcano_scoring_that_ends_the_game_still_erupts_then_final_scoring():
    s = epoch_ending([11, 3], "track=1.27.3.4 ichtos=10:0.2.0.0,11:0.3.0.0", first=0)
    # chip 11 scores region 11: Black alone, 27 -> 30: the game ends after this scoring,
    # but both volcanoes still erupt and their losses apply (rules section 8).
    assert s.phase == OVER
    assert s.volcanoes == 3 and {3, 11} <= set(s.out_chips)
    assert at(s, "10")[BLACK] == 1  # 2 + 3 merged, then all but 1 back to the reserve
    assert s.mutations == 0  # 12, 16 and 21 were passed long ago; no auction after the end
