"""The expert's judge (judge.py): each seat's chance of winning, learned from self-play."""

import random

import pytest
from positions import BLACK, GREY, WHITE, table

from urland.bots.evaluate import final_bonus, prize_shares
from urland.bots.greedy import GreedyBot
from urland.bots.judge import FEATURES, WEIGHTS, features, learned_win_chance
from urland.engine import ACTION, BID, Game, sample_hidden, view


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_player_count_reads_a_late_lead_as_good_and_a_thin_board_as_bad(players):
    weights = dict(zip(FEATURES, WEIGHTS[players], strict=True))
    assert weights["track_late"] > 0.1
    assert weights["thin_board"] < -0.5


def test_the_chances_add_up_to_one_and_the_game_once_over_is_certain():
    game = Game.new(3, 4)
    chances = [learned_win_chance(game.state, s) for s in range(4)]
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.2 < c < 0.3 for c in chances)  # a fresh table: nobody is much the favourite
    over = game.state.clone()
    over.phase, over.winner = "game_over", GREY
    assert [learned_win_chance(over, s) for s in range(4)] == [0.0, 0.0, 1.0, 0.0]


def test_a_big_lead_late_in_the_game_makes_its_holder_the_favourite():
    late = table("ichtos=1:2.2.2.2,O1:3.3.3.3 track=26.16.16.16")
    early = table("ichtos=1:2.2.2.2,O1:3.3.3.3 track=11.1.1.1")
    assert learned_win_chance(late, WHITE) > 0.6
    assert learned_win_chance(late, WHITE) > learned_win_chance(early, WHITE)
    assert learned_win_chance(late, BLACK) < 0.2


def test_more_ichtos_on_land_count_for_their_owner_on_a_board_of_any_size():
    # Every seat holds at least eight Ichtos on the board, so no thin board decides it.
    level = table("ichtos=1:4.4.4.4,O1:4.4.4.4 track=10.10.10.10")
    ahead = table("ichtos=1:6.4.4.4,O1:4.4.4.4 track=10.10.10.10")
    assert learned_win_chance(ahead, WHITE) > learned_win_chance(level, WHITE) + 0.01


def positions_of_a_game(seed: int) -> list:
    """The positions of a medium bots' game where the judge is asked or a secret is in play:
    the end of each turn's actions, and every bid."""
    game, bot = Game.new(seed, 4), GreedyBot(seed)
    found = []
    while not game.over and len(found) < 12:
        acting = game.state.phase == ACTION
        game.play(bot.choose(game.view(game.state.actor)))
        if (acting and game.state.phase != ACTION) or game.state.phase == BID:
            found.append(game.state.clone())
    return found


def test_the_judge_reads_only_what_every_player_sees():
    # Any state a seat's view could stand for (the chips in hand and face down, the pile, the
    # gene deck and hidden bids drawn again) is judged alike.
    for state in positions_of_a_game(8):
        for seat in range(state.n):
            seen = view(state, seat)
            for draw in range(3):
                assert features(sample_hidden(seen, random.Random(draw))) == features(state)


def test_the_final_prizes_as_the_board_stands_split_ties_and_count_every_seat_for_land():
    # White has 8 Ichtos on the board alone (+3). On land Black has 3 (+2): counted among all
    # seats, as the bots estimate it, White's 2 on land do not matter here.
    s = table("track=10.20.30.40 ichtos=O1:6.2.2.0,1:0.3.2.1,5:2.0.0.0")
    assert prize_shares(s) == ([3, 0, 0, 0], [0, 2, 0, 0])
    assert final_bonus(s) == [3, 2, 0, 0]
    # White and Black tie on the board with 5 (1 each) and on land with 1 (1 each).
    s = table("track=10.20.30.40 ichtos=O1:4.4.4.0,1:1.1.0.0")
    assert prize_shares(s) == ([1, 1, 0, 0], [1, 1, 0, 0])
    # White leads both: the estimate gives it the land prize too, which the final scoring
    # would pass to Black (its sole winner of the first prize is left out of the second).
    s = table("track=10.20.30.40 ichtos=O1:6.2.2.0,1:4.3.0.0")
    assert prize_shares(s) == ([3, 0, 0, 0], [2, 0, 0, 0])
