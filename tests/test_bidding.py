"""The hard bot's bid: the auction played out as the rules rank it (rules 6.1)."""

import random

from positions import BLACK, GREY, PURPLE, WHITE, table

from urland.bots.bidding import FOOTHOLD_KEPT, auction_gains, best_bid


def test_equal_bids_rank_the_player_further_back_first_and_the_first_must_buy():
    # Rulebook example: bids 4, 1, 4, 4; of the three 4s the one furthest back buys first.
    s = table("ichtos=O1:9.9.9.9 track=9.8.2.6 display=warm_blood,legs,ears")
    gains = auction_gains(s, [4, 1, 4, 4])
    assert gains[GREY] > gains[PURPLE] > gains[WHITE]  # Grey takes Warm Blood, then Purple
    assert gains[BLACK] == 0.0  # three genes at most for four players: White bought the last


def test_nobody_pays_more_than_they_have_on_the_board():
    s = table("ichtos=O1:2.9.9.9 track=9.8.2.6 display=warm_blood,legs,ears")
    gains = auction_gains(s, [5, 0, 0, 0])
    assert gains[WHITE] == 0.0  # cannot pay 5 with 2 Ichtos: out of the auction


def test_the_bid_keeps_a_foothold_and_stays_within_the_reserve():
    r = random.Random(1)
    for board in (0, 3, 5, 9, 14):
        s = table(f"ichtos=O1:0.0.{board}.3,O2:3.3.0.0 genes=-.-.egg.- "
                  "display=warm_blood,legs,ears")
        bid = best_bid(s, GREY, r)
        assert 0 <= bid <= s.reserve[GREY]
        assert bid + 1 <= max(0, board - FOOTHOLD_KEPT) or bid == 0
