"""The hard bot's bid: the auction played out as the rules rank it (rules 6.1)."""

import random

import pytest
from positions import BLACK, GREY, PURPLE, WHITE, table
from test_auction import auction, bid_all

from urland.bots.bidding import FOOTHOLD_KEPT, ICHTO_PAID, auction_gains, best_bid
from urland.bots.evaluate import time_left
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.greedy import GreedyBot
from urland.bots.ismcts import HardBot
from urland.engine import view
from urland.engine.genes import GENES


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


def test_the_hard_bot_rates_genes_by_what_they_win_the_medium_bot_by_its_table():
    # All bid 0: White, furthest back, buys first at price 0. The medium bot's hand-made table
    # prefers Care of Young; games show Assimilation wins far more often (gene_worth.py).
    s = auction("track=1.2.3.4 ichtos=O1:5.5.5.5 display=care_of_young,assimilation,ears")
    bid_all(s, {WHITE: 0, BLACK: 0, GREY: 0, PURPLE: 0})
    seen = view(s, WHITE)
    assert GreedyBot(1).choose(seen).gene == "care_of_young"
    assert HardBot(1).choose(seen).gene == "assimilation"


def test_the_bidder_picks_by_its_own_rating_and_expects_rivals_to_pick_by_theirs():
    s = table("ichtos=O1:9.9.9.9 track=9.8.2.6 display=warm_blood,assimilation,ears")
    rating = measured_gene_worth(4)
    # Grey (furthest back of the two 4s) buys first and takes Assimilation; White then takes
    # Warm Blood, the rivals' favourite, whose worth Grey judges by its own rating.
    gains = auction_gains(s, [4, 0, 4, 0], bidder=GREY, worth=rating)
    tl = time_left(s)
    assert gains[GREY] == pytest.approx(rating["assimilation"] * tl - ICHTO_PAID * 4)
    assert gains[WHITE] == pytest.approx(rating["warm_blood"] * tl - ICHTO_PAID * 4)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_gene_has_a_measured_worth(players):
    assert set(measured_gene_worth(players)) == set(GENES)
