"""Mutation: the gene auction, rules 6.1 and R3."""

import pytest
from positions import BLACK, GREY, PURPLE, WHITE, play, table

from urland.engine import Decision, IllegalMoveError, legal_options
from urland.engine.auction import start_mutation
from urland.engine.genes import BIT, GENE_NAMES, GENES
from urland.engine.state import BID, BUY


def auction(text=""):
    """The scoring of this turn has just reached a mutation space: the auction starts."""
    s = table(text + " phase=- agenda=end_turn")
    start_mutation(s)
    return s


def bid_all(s, bids):
    while s.phase == BID:
        play(s, "bid", count=bids[s.actor])


def test_rulebook_ranking_bids_4_1_4_4_further_back_first():
    # Black, Purple, Grey bid 4 and White 1; Black is furthest back of the three.
    s = auction("track=15.2.9.6 reserve=22.22.22.22 ichtos=O1:5.5.5.5")
    bid_all(s, {WHITE: 1, BLACK: 4, GREY: 4, PURPLE: 4})
    assert s.ranking == [BLACK, PURPLE, GREY, WHITE]
    assert s.phase == BUY and s.actor == BLACK


def test_rulebook_price_is_bid_plus_genes_owned():
    s = auction("track=15.2.9.6 genes=-.legs.-.- ichtos=O1:5.6.5.5")
    bid_all(s, {WHITE: 1, BLACK: 4, GREY: 4, PURPLE: 4})
    gene = s.display[0]
    with pytest.raises(IllegalMoveError, match="price is 5"):
        play(s, "buy", gene=gene, picks=(("O1", 4),))
    reserve = s.reserve[BLACK]
    play(s, "buy", gene=gene, picks=(("O1", 5),))
    assert s.genes[BLACK] & BIT[gene] and gene not in s.display
    assert s.reserve[BLACK] == reserve + 5 and s.count(s.board.parse_area("O1"), BLACK) == 1


def test_a_gene_not_on_display_is_refused_by_name_and_nothing_changes():
    s = auction("track=1.2.3.4 ichtos=O1:5.5.5.5")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    missing = next(g for g in GENES if g not in s.display and not s.genes[s.actor] & BIT[g])
    before = s.key()
    with pytest.raises(IllegalMoveError) as refused:
        play(s, "buy", gene=missing)
    assert str(refused.value) == f"The gene {GENE_NAMES[missing]} is not on display."
    assert s.key() == before


def test_bids_go_from_zero_to_the_reserve():
    s = auction("reserve=3.0.22.22 ichtos=O1:5.5.5.5")
    assert s.actor == WHITE  # the environment player bids first, then clockwise
    assert legal_options(s)[0].counts == (0, 3)
    with pytest.raises(IllegalMoveError, match="Bid from 0 to 3"):
        play(s, "bid", count=4)
    play(s, "bid", count=3)
    assert [o.move.count for o in legal_options(s)] == [0]  # Black's reserve is empty


def test_first_ranked_must_buy_the_others_may_pass():
    s = auction("track=1.2.3.4 ichtos=O1:5.5.5.5")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    assert s.ranking == [WHITE, BLACK, GREY, PURPLE]  # all 0: furthest back first
    with pytest.raises(IllegalMoveError, match="must buy"):
        play(s, "pass")
    play(s, "buy", gene=s.display[0])  # price 0: nothing to pay
    assert s.actor == BLACK
    play(s, "pass")
    assert s.actor == GREY


def test_a_bidder_who_cannot_pay_is_out_and_the_next_must_buy():
    s = auction("track=1.2.3.4 ichtos=O1:2.5.5.5")
    bid_all(s, {WHITE: 3, BLACK: 1, GREY: 0, PURPLE: 0})
    assert s.actor == BLACK and s.must_buy  # White (3 to pay, 2 on the board) is out
    with pytest.raises(IllegalMoveError, match="must buy"):
        play(s, "pass")


def test_the_decision_says_before_bidding_which_bids_could_be_paid():
    # White has 2 Ichtos on the board and owns Legs: a bid of 1 costs 2, a bid of 2 costs 3.
    s = auction("track=1.2.3.4 ichtos=O1:2.5.5.5 genes=legs.-.-.-")
    decision = Decision.of(s)
    assert decision.seat == WHITE
    assert decision.price(WHITE, 1) == 2 and decision.can_pay(WHITE, 1)
    assert decision.price(WHITE, 2) == 3 and not decision.can_pay(WHITE, 2)


def test_at_most_three_genes_sold_then_refill_three():
    s = auction("track=1.2.3.4 ichtos=O1:5.5.5.5")
    deck = len(s.deck)
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    for _ in range(3):
        play(s, "buy", gene=s.display[0])
    assert s.phase != BUY  # Purple gets no chance: 3 genes were sold
    assert len(s.display) == 4 - 3 + 3 and len(s.deck) == deck - 3


def test_three_players_two_genes_then_refill_two():
    s = auction("players=3 track=1.2.3 ichtos=O1:5.5.5")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0})
    play(s, "buy", gene=s.display[0])
    play(s, "buy", gene=s.display[0])
    assert s.phase != BUY
    assert len(s.display) == 3 - 2 + 2


def test_refill_happens_even_when_only_one_gene_is_bought():
    s = auction("track=1.2.3.4 ichtos=O1:5.5.5.5")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    play(s, "buy", gene=s.display[0])
    play(s, "pass")
    play(s, "pass")
    play(s, "pass")
    assert len(s.display) == 4 - 1 + 3


def test_r3_nobody_can_pay_no_gene_bought_refill_still():
    s = auction("track=1.2.3.4 genes=legs.egg.ears.teeth")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    assert s.phase != BUY
    assert len(s.display) == 7
    assert not any(s.genes[p] & ~(BIT["legs"] | BIT["egg"] | BIT["ears"] | BIT["teeth"])
                   for p in range(4))


def test_bids_stay_hidden_until_all_are_in():
    from urland.engine import view

    s = auction("ichtos=O1:5.5.5.5")
    play(s, "bid", count=7)
    assert view(s, BLACK).state.bids[WHITE] == -2
    assert view(s, WHITE).state.bids[WHITE] == 7
    assert all(e.visible_to == 1 << WHITE for e in s.events if e.kind == "bid_placed")


def test_after_the_auction_the_turn_goes_on():
    s = auction("track=1.2.3.4 ichtos=O1:5.5.5.5")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    play(s, "buy", gene=s.display[0])
    for _ in range(3):
        play(s, "pass")
    assert s.env == BLACK and s.phase in ("choose_chip", "panic_region", "panic_ocean")


def test_a_bidder_left_without_a_turn_is_told_why_sold_out():
    from urland.texts.events import render_event

    s = auction("players=3 track=1.2.3 ichtos=O1:5.5.5")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0})
    s.events = []
    play(s, "buy", gene=s.display[0])
    play(s, "buy", gene=s.display[0])
    closed = next(e for e in s.events if e.kind == "auction_closed")
    assert closed.data == {"seats": [GREY], "reason": "sold_out", "sold": 2}
    assert render_event(closed, ["Anna", "Ben", "Cleo"]) == (
        "Cleo gets no turn to buy: this mutation sells only 2 genes.")


def test_bidders_left_without_a_turn_when_the_display_is_empty_are_told_why():
    from urland.texts.events import render_event

    s = auction("track=1.2.3.4 ichtos=O1:5.5.5.5 display=legs deck=-")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    s.events = []
    play(s, "buy", gene="legs")
    closed = next(e for e in s.events if e.kind == "auction_closed")
    assert closed.data["reason"] == "display_empty" and closed.data["seats"] == [BLACK, GREY,
                                                                                   PURPLE]
    assert render_event(closed, ["A", "B", "C", "D"]) == (
        "B, C and D get no turn to buy: no gene is left on display.")


def test_a_price_of_one_ichto_and_a_payment_from_too_few_are_said_in_the_singular():
    # Black alone bids 1 and owns no gene: the price is 1 Ichto (rules 6.1).
    s = auction("track=15.2.9.6 ichtos=O1:5.1.5.5")
    bid_all(s, {WHITE: 0, BLACK: 1, GREY: 0, PURPLE: 0})
    gene = s.display[0]
    with pytest.raises(IllegalMoveError) as refused:
        play(s, "buy", gene=gene, picks=(("O1", 2),))
    assert str(refused.value) == "You have only 1 Ichto in O1 (West Ocean)."
    with pytest.raises(IllegalMoveError) as refused:
        play(s, "buy", gene=gene, picks=(("O2", 1),))
    assert str(refused.value) == "You have no Ichtos in O2 (North Ocean)."
    assert s.count(s.board.parse_area("O1"), BLACK) == 1  # the refusals changed nothing
    play(s, "buy", gene=gene, picks=(("O1", 1),))
    assert s.genes[BLACK] & BIT[gene]
