"""Actions a seat may take only once in its turn (rules 4.3 for the double-turn chip): the kind
is marked used, its option goes, a second use is refused, and the next turn frees it."""

from __future__ import annotations

import pytest
from positions import GREY, PURPLE, play, table

from urland.engine import (
    IllegalMoveError,
    PositionError,
    legal_options,
    position_from_text,
    position_to_text,
)
from urland.engine.actions import ACTIONS, ONCE_PER_TURN_KINDS


def _spend_both_actions_and_hand_in_the_chip():
    s = table("double=2.2.2.2 ichtos=O1:0.0.5.0,O2:0.0.0.5")
    play(s, "swim", src="O1", dst="O2", count=1)
    play(s, "swim", src="O1", dst="O2", count=1)
    play(s, "double")
    return s


def test_the_double_turn_chip_is_declared_once_per_turn():
    assert ACTIONS["double"].once_per_turn
    assert "double" in ONCE_PER_TURN_KINDS


def test_a_used_kind_is_remembered_for_the_rest_of_the_turn_and_refused_again():
    s = _spend_both_actions_and_hand_in_the_chip()
    assert s.used_this_turn == {"double"} and s.double_chips[GREY] == 1
    play(s, "swim", src="O2", dst="O1", count=1)
    play(s, "swim", src="O2", dst="O1", count=1)
    assert [o.move.kind for o in legal_options(s)] == ["end"]
    with pytest.raises(IllegalMoveError, match="Only one double-turn chip may be handed in per"):
        play(s, "double")
    assert s.double_chips[GREY] == 1 and s.actions_left == 0


def test_the_next_ichto_player_may_use_the_kind_again():
    s = _spend_both_actions_and_hand_in_the_chip()
    play(s, "end")
    assert s.actor == PURPLE and s.used_this_turn == frozenset()
    play(s, "swim", src="O2", dst="O1", count=1)
    play(s, "swim", src="O2", dst="O1", count=1)
    assert [o.move.kind for o in legal_options(s)] == ["double", "end"]


def test_the_used_kinds_are_written_in_the_notation_and_read_back():
    s = _spend_both_actions_and_hand_in_the_chip()
    text = position_to_text(s)
    assert " used=double " in text
    assert position_from_text(text).key() == s.key()


def test_an_older_text_with_double_used_still_reads():
    s = _spend_both_actions_and_hand_in_the_chip()
    old = position_to_text(s).replace(" used=double ", " double_used=1 ")
    assert position_from_text(old).used_this_turn == {"double"}
    assert position_from_text(old).key() == s.key()
    unused = position_from_text(old.replace("double_used=1", "double_used=0"))
    assert unused.used_this_turn == frozenset()


def test_an_unknown_kind_in_used_is_refused_by_name():
    s = _spend_both_actions_and_hand_in_the_chip()
    text = position_to_text(s).replace(" used=double ", " used=swim ")
    with pytest.raises(PositionError, match=r"'used'.*'swim' is not an action taken once per"):
        position_from_text(text)


def test_the_public_key_tells_apart_positions_whose_options_differ():
    """The bots remember a move by the public key. With the actions spent, the same Ichtos
    and reserve, a seat holding a double-turn chip has an option one without has not: the two
    must not share a key (the old hand-kept key left the chips out)."""
    holding = table("actions=0 double=2.2.1.2 ichtos=O1:0.0.5.0")
    without = table("actions=0 double=2.2.0.2 ichtos=O1:0.0.5.0")
    assert [o.move.kind for o in legal_options(holding)] == ["double", "end"]
    assert [o.move.kind for o in legal_options(without)] == ["end"]
    assert holding.public_key() != without.public_key()
    used = _spend_both_actions_and_hand_in_the_chip()
    unused = used.clone()
    unused.used_this_turn = frozenset()
    assert unused.public_key() != used.public_key()


def test_the_public_key_ignores_what_a_seat_may_not_know():
    s = table("ichtos=O1:0.0.5.0")
    other = s.clone()
    other.pile.reverse()
    other.rng ^= 1
    assert other.public_key() == s.public_key() and other.key() != s.key()
