"""A hint names the move and one plain sentence of why: the region, the scoring, the gene."""

import random

from positions import GREY, table

from urland.bots.greedy import GreedyBot
from urland.bots.hints import SENTENCES, Hint, explain, hint
from urland.bots.ismcts import HardBot
from urland.engine import Game, Move, legal_options, view


def one_sentence(text: str) -> bool:
    return text.endswith(".") and "\n" not in text and "{" not in text and text[0].isupper()


def test_a_landing_names_the_region_and_the_points_it_expects():
    # Grey lands next to White's lone Ichto in region 5: a coexistence, 2 points instead of 0.
    s = table("ichtos=5:1.0.0.0,O2:0.0.3.0 chosen=5")
    o2, five = s.board.parse_area("O2"), s.board.parse_area("5")
    h = explain(view(s, GREY), Move("land", o2, five, 1))
    assert h.key in ("region_now", "region_later")
    assert h.values["region"] == "5"
    assert h.values["before"] == "0 points" and h.values["after"] == "2 points"
    assert "region 5" in h.text and one_sentence(h.text)


def test_breeding_says_the_gain_without_restating_the_move_that_names_the_ocean():
    s = table("ichtos=O2:0.0.3.0")
    h = explain(view(s, GREY), Move("proliferate", s.board.parse_area("O2")))
    assert h.text == "Your reserve adds 1 Ichto to the board."


def test_a_bid_names_the_gene_it_prepares_for():
    # The hint's bot rates genes by what they win: Assimilation above Care of Young and Ears.
    s = table("ichtos=O2:0.0.3.0 display=ears,care_of_young,assimilation")
    h = explain(view(s, GREY), Move("bid", count=3))
    assert h.values["gene"] == "Assimilation" and "two rival Ichtos" in h.text


def test_ending_with_a_chip_in_hand_says_it_is_kept():
    s = table("ichtos=O2:0.0.3.0 actions=0")
    assert explain(view(s, GREY), Move("end")).key == "end_keep"
    spent = table("ichtos=O2:0.0.3.0 actions=0 double=2.2.0.2")
    assert explain(view(spent, GREY), Move("end")).text == "Ends the turn: every action is used."


def test_the_hard_bots_hint_is_a_legal_move_with_one_sentence():
    s = table("ichtos=5:1.0.0.0,O1:2.0.2.0,O2:0.0.3.0 chosen=5")
    h = hint(view(s, GREY), HardBot(1, max_iterations=60))
    assert any(o.move == h.move or o.move == h.move._replace(count=0)
               or o.move == h.move._replace(picks=()) for o in legal_options(s))
    assert one_sentence(h.text)


def test_every_decision_of_a_whole_game_gets_a_reason():
    game = Game.new(8, 4)
    bots = [GreedyBot(seat) for seat in range(4)]
    keys = set()
    r = random.Random(8)
    while not game.over:
        seat = game.state.actor
        seen = game.view(seat)
        h = hint(seen, bots[seat])
        assert one_sentence(h.text), h
        keys.add(h.key)
        game.play(h.move if r.random() < 0.9 else game.legal_options()[-1].move
                  if game.legal_options()[-1].complete else h.move)
    assert {"chip", "breed"} <= keys
    assert keys <= set(SENTENCES)


def test_a_hint_tells_nothing_the_seat_cannot_see():
    # White chose chip 5; for Grey the face-down chip could be any unseen one. The hint for
    # Grey is the same whichever chip White really chose.
    first = table("ichtos=5:1.0.0.0,O2:0.0.3.0 chosen=5 env=p1")
    second = table("ichtos=5:1.0.0.0,O2:0.0.3.0 chosen=7 env=p1")
    a, b = view(first, GREY), view(second, GREY)
    assert a == b
    assert hint(a, GreedyBot(3)) == hint(b, GreedyBot(3))


def test_gathering_to_breed_counts_with_care_of_young_s_lower_threshold():
    # Grey has 1 Ichto in O1 and swims 1 more there: 2 can breed with Care of Young, not without.
    with_coy = table("genes=-.-.care_of_young.- ichtos=O1:0.0.1.0,O2:0.0.1.0")
    without = table("ichtos=O1:0.0.1.0,O2:0.0.1.0")
    for s, key in ((with_coy, "breed_gather"), (without, None)):
        move = Move("swim", s.board.parse_area("O2"), s.board.parse_area("O1"), 1)
        h = explain(view(s, GREY), move)
        assert (h.key == "breed_gather") == (key is not None), h.key


def test_a_landing_that_costs_now_never_says_you_would_get_a_loss_instead_of_nothing():
    # Grey lands 1 Ichto where White and Black have 2 each: the least, it would go home now.
    s = table("ichtos=5:2.2.0.0,O2:0.0.3.0 chosen=5")
    o2, five = s.board.parse_area("O2"), s.board.parse_area("5")
    h = explain(view(s, GREY), Move("land", o2, five, 1))
    assert h.key == "region_hold"
    assert "loss" not in h.text and "region 5" in h.text and one_sentence(h.text)


def test_a_landing_on_a_region_that_has_scored_this_epoch_does_not_say_before_it_scores():
    s = table("ichtos=5:1.0.0.0,O2:0.0.3.0 scored=5")
    o2, five = s.board.parse_area("O2"), s.board.parse_area("5")
    h = explain(view(s, GREY), Move("land", o2, five, 1))
    assert h.key == "region_scored"
    assert "before it is scored" not in h.text and "was scored this epoch" in h.text
    assert one_sentence(h.text)


def test_a_loss_reads_as_german_grammar_wants_it():
    from urland.bots import hints
    from urland.texts.i18n import set_language

    set_language("de")
    try:
        text = Hint(Move("end"), "region_now", {"region": "5", "after": hints._pts(2),
                                                 "before": hints._pts(-1)}).text
    finally:
        set_language("en")
    assert text.endswith("Du bekämst dort 2 Punkte statt einen Verlust von 1 Ichto.")
