"""The expert's judge (judge.py): each seat's chance of winning, learned from self-play."""

import pytest
from positions import BLACK, GREY, WHITE, table
from test_bots import _position_with_secrets

from urland.bots.judge import FEATURES, WEIGHTS, features, learned_win_chance
from urland.engine import Game, view


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_player_count_has_a_fitted_weight_for_every_feature(players):
    assert len(WEIGHTS[players]) == len(FEATURES)
    assert any(WEIGHTS[players])


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


def test_ichtos_on_the_board_count_for_their_owner():
    thin = table("ichtos=1:1.4.4.4,O1:1.4.4.4 track=10.10.10.10")
    broad = table("ichtos=1:4.4.4.4,O1:4.4.4.4 track=10.10.10.10")
    assert learned_win_chance(broad, WHITE) > learned_win_chance(thin, WHITE)


def test_the_judge_reads_only_what_every_player_sees():
    state = _position_with_secrets().state
    other = state.clone()
    i = next(i for i, c in enumerate(other.pile) if c != 0)
    other.chosen, other.pile[i] = other.pile[i], other.chosen
    other.pile.reverse()
    other.deck.reverse()
    assert view(other, state.actor) == view(state, state.actor)
    assert features(other) == features(state)
