"""The expert bot: legal through whole games, blind to what its seat cannot see, thinking for
its time budget, judging positions by the learned judge, and appraising a decision's moves."""

import random

import pytest
from positions import GREY, area, table
from test_bots import _position_with_secrets

from urland.bots.expert import ExpertBot, Search, appraise
from urland.bots.judge import FEATURES, final_margins, judge_all
from urland.bots.judge_weights import WEIGHTS
from urland.bots.registry import BOTS, OFFERED_KINDS, make_bot
from urland.engine import Game, Move, check_move, view


def small_expert(seed: int = 1, iterations: int = 6) -> ExpertBot:
    """A few playouts a decision, whatever the machine's speed: the same moves every run."""
    return ExpertBot(seed, seconds=60.0, max_rounds=iterations)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_expert_answers_every_decision_legally_through_a_whole_game(players):
    game = Game.new(players * 29, players)
    seated = [small_expert(seat, 3) if seat == 0 else make_bot("medium", seat)
              for seat in range(players)]
    searched = 0
    while not game.over:
        seat = game.state.actor
        move = seated[seat].choose(game.view(seat))
        check_move(game.state, move)
        searched += seat == 0 and seated[0].last_iterations > 0
        game.play(move)
        for bot in seated:
            if hasattr(bot, "watch"):
                bot.watch(game.view(seated.index(bot)))
    assert searched > 5


def test_the_expert_decides_the_same_whatever_it_cannot_see():
    game = _position_with_secrets()
    state = game.state
    seat = state.actor
    other = state.clone()
    i = next(i for i, c in enumerate(other.pile) if c != 0)
    other.chosen, other.pile[i] = other.pile[i], other.chosen
    other.pile.reverse()
    other.deck.reverse()
    other.rng ^= 0xDEADBEEF
    assert view(other, seat) == view(state, seat)
    assert small_expert(5, 30).choose(view(state, seat)) == \
        small_expert(5, 30).choose(view(other, seat))


def test_the_expert_leaves_the_game_and_its_view_untouched():
    game = _position_with_secrets()
    seen = game.view(game.state.actor)
    before, seen_before = game.state.key(), seen.state.key()
    small_expert(2, 20).choose(seen)
    assert game.state.key() == before and seen.state.key() == seen_before


def test_the_expert_thinking_longer_plays_more_playouts():
    game = _position_with_secrets()
    seen = game.view(game.state.actor)
    quick, slow = ExpertBot(1, seconds=0.05), ExpertBot(1, seconds=0.4)
    quick.choose(seen)
    slow.choose(seen)
    assert slow.last_iterations > quick.last_iterations >= 1


def test_the_expert_is_offered_everywhere_and_takes_a_thinking_time():
    assert "expert" in OFFERED_KINDS
    assert str(BOTS["expert"].label) == "AI expert"
    assert make_bot("expert", 3, 2.5).seconds == 2.5
    assert make_bot("expert", 3).seconds == 1.0
    assert make_bot("hard", 3, 2.5).name == "hard"  # a bot without a time budget ignores it


def test_the_judge_has_fitted_weights_for_every_player_count():
    for players in (3, 4, 5):
        weights = WEIGHTS[players]
        assert len(weights) == 2 * len(FEATURES)
        assert 0.5 < weights[FEATURES.index("track")] < 1.5  # a track point is about a point


def test_the_judge_prefers_the_seat_ahead_and_margins_balance():
    level = table("track=10.10.10.10")
    ahead = table("track=10.10.16.10")
    assert judge_all(ahead)[GREY] > judge_all(level)[GREY] + 3
    assert sum(judge_all(ahead)) == pytest.approx(0.0, abs=1e-9)
    assert final_margins([30, 20, 25, 25])[0] == pytest.approx(30 - 70 / 3)


def test_appraise_ranks_a_planted_blunder_below_the_best_move():
    # Grey to act with 3 Ichtos in O2 and its reserve full: sending them all back to the
    # reserve throws its only foothold away; landing or breeding keeps it.
    s = table("ichtos=O2:0.0.3.0")
    seen = view(s, GREY)
    o2 = area(s, "O2")
    blunder = Move("retreat", picks=((o2, 3),))
    ranked = appraise(seen, 0.5, seed=3, include=blunder)
    moves = [m for m, _ in ranked]
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True)
    assert blunder in moves
    assert moves[0].kind in ("land", "proliferate")
    assert values[0] - dict(ranked)[blunder] > 1.0  # points of final margin


def test_the_expert_leaves_the_hard_choice_only_for_a_move_that_wins_clearly():
    game = _position_with_secrets()
    seen = game.view(game.state.actor)
    moves = [Move("end"), Move("double"), Move("end")._replace(count=1)]
    search = Search(seen, moves, random.Random(1), {})
    favourite, steady, noisy = search.arms
    favourite.results = [1.0, 2.0, 3.0, 4.0] * 2
    steady.results = [1.6, 2.5, 3.7, 4.4] * 2  # half a point better in every round
    noisy.results = [9.0, -5.0, 8.0, -4.0] * 2  # a point better on average, by luck
    assert search.best() == Move("double")
    steady.results = [1.0, 2.0, 3.0, 4.0] * 2
    assert search.best() == Move("end")
    steady.results = [1.6, 2.5, 3.7, 4.4]  # too few rounds to trust
    noisy.results = [9.0, -5.0, 8.0, -4.0]
    favourite.results = [1.0, 2.0, 3.0, 4.0]
    assert search.best() == Move("end")


def test_appraise_values_every_kind_of_decision_through_a_game():
    game = Game.new(41, 3)
    medium = [make_bot("medium", seat) for seat in range(3)]
    phases = set()
    while not game.over:
        seat = game.state.actor
        seen = game.view(seat)
        move = medium[seat].choose(seen)
        if seat == 0:
            ranked = appraise(seen, 0.0, seed=1, include=move, max_rounds=1)
            assert move in [m for m, _ in ranked]
            for m, _ in ranked:
                check_move(game.state, m)
            phases.add(game.state.phase)
        game.play(move)
    assert {"choose_chip", "action", "bid"} <= phases
