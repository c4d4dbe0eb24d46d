"""Panic, rules 6.2 and R4, with Ears (rules 7)."""

import pytest
from positions import BLACK, GREY, WHITE, at, play, table, texts

from urland.engine import Decision, IllegalMoveError, legal_options
from urland.engine.state import CHIP, PANIC_EARS, PANIC_OCEAN, PANIC_REGION


def panic_next(text=""):
    """Both Ichto players end at once; then Black, the new environment player, draws Panic."""
    s = table(text + " pile=3,4,P")
    play(s, "end")
    play(s, "end")
    return s


def test_rulebook_tie_regions_1_and_3_the_rearmost_chooses_region_and_ocean():
    s = panic_next("track=9.8.2.6 ichtos=1:4.0.0.0,3:1.3.0.0,5:1.0.0.0")
    assert s.phase == PANIC_REGION and s.actor == GREY  # Grey is furthest back, no Ichtos there
    assert {o.move.src for o in legal_options(s)} == {s.board.parse_area("1"),
                                                       s.board.parse_area("3")}
    with pytest.raises(IllegalMoveError, match="Choose one of: 1, 3"):
        play(s, "panic_region", src="5")
    play(s, "panic_region", src="1")
    assert s.phase == PANIC_OCEAN and s.actor == GREY  # region 1 borders O1 and O2
    assert Decision.of(s).concerns == (s.board.parse_area("1"),)  # marked beside the oceans
    play(s, "panic_ocean", dst="O2")
    assert at(s, "1") == [0, 0, 0, 0]
    assert at(s, "O2")[WHITE] == 4
    # after the Panic the environment player draws again and holds three chips
    assert s.phase == CHIP and s.actor == BLACK and len(s.hand) == 3 and s.panic_aside


def test_single_fullest_region_with_one_ocean_needs_no_decision():
    s = panic_next("track=9.8.2.6 ichtos=5:2.1.0.2,7:1.0.0.0")
    assert at(s, "5") == [0, 0, 0, 0]
    assert at(s, "O2")[:4] == [2, 1, 0, 2]
    assert s.phase == CHIP
    assert any(t.startswith("Panic in region 5: ") and " flee into O2 " in t for t in texts(s))


def test_panic_does_not_count_muscles():
    s = panic_next("track=9.8.2.6 genes=muscles.-.-.- ichtos=5:2.0.0.0,9:0.2.0.0")
    assert s.phase == PANIC_REGION  # 2 and 2: a tie, Muscles makes no difference


def test_r4_panic_with_no_ichto_on_land_does_nothing_and_the_draw_goes_on():
    s = panic_next("ichtos=O1:3.3.3.3")
    assert s.phase == CHIP and len(s.hand) == 3
    assert "Panic! But no land region holds an Ichto: nothing happens." in texts(s)
    assert s.panics == 1


def test_ears_owner_chooses_how_many_stay():
    s = panic_next("track=9.8.2.6 genes=ears.-.-.- ichtos=5:3.2.0.0")
    assert s.phase == PANIC_EARS and s.actor == WHITE
    assert legal_options(s)[0].counts == (0, 3)
    assert Decision.of(s).concerns == (s.board.parse_area("5"),)
    with pytest.raises(IllegalMoveError, match="from 0 to 3"):
        play(s, "ears_stay", count=4)
    play(s, "ears_stay", count=2)
    assert at(s, "5") == [2, 0, 0, 0]
    assert at(s, "O2")[:2] == [1, 2]
    assert s.phase == CHIP
