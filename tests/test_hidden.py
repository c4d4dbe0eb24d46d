"""Sampling the unseen (rules section 9): a sample is a state the seat's view could stand for."""

import random
from collections import Counter

from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urland.bots.random_bot import random_move
from urland.engine import (
    BID,
    PANIC,
    UNKNOWN,
    Game,
    apply_move,
    legal_options,
    sample_hidden,
    view,
)

SAMPLES = settings(max_examples=examples(150), deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])


def random_position(seed: int, players: int, moves: int) -> Game:
    """A position reached by `moves` random legal moves (fewer if the game ends first)."""
    game = Game.new(seed, players)
    r = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        game.play(random_move(game.legal_options(), r))
    return game


def chips_in_play(state) -> Counter:
    return Counter([*state.pile, *state.hand, *([state.chosen] if state.chosen >= 0 else [])])


@SAMPLES
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]),
       moves=st.integers(0, 400), seat=st.integers(-1, 4), draw=st.integers(0, 2**32 - 1))
def test_the_view_of_a_sample_equals_the_view_it_was_drawn_from(seed, players, moves, seat,
                                                                 draw):
    state = random_position(seed, players, moves).state
    who = None if seat < 0 else seat % players
    seen = view(state, who)
    sample = sample_hidden(seen, random.Random(draw))
    assert view(sample, who) == seen
    # the same chips are in play, each in exactly one place
    assert chips_in_play(sample) == chips_in_play(state)
    assert UNKNOWN not in sample.pile + sample.hand + [sample.chosen] + sample.bids
    if state.phase is not None and not state.over:
        assert legal_options(sample)  # a sample can be played on


def test_a_sample_keeps_everything_the_seat_knows_and_varies_the_rest():
    game = Game.new(5, 4)
    env = game.state.env
    mine, other = view(game.state, env), view(game.state, (env + 2) % 4)
    r = random.Random(1)
    for _ in range(20):
        assert sorted(sample_hidden(mine, r).hand) == sorted(game.state.hand)
    hands = {tuple(sorted(sample_hidden(other, r).hand)) for _ in range(20)}
    assert len(hands) > 1  # the other seat does not know the environment player's chips


def test_the_panic_chip_is_only_ever_sampled_into_the_draw_pile():
    game = Game.new(9, 5)
    seen = view(game.state, 0)
    r = random.Random(2)
    for _ in range(50):
        sample = sample_hidden(seen, r)
        assert PANIC in sample.pile and PANIC not in sample.hand


def test_a_belief_about_the_face_down_chip_is_followed():
    game = Game.new(5, 4)
    game.play(game.legal_options()[0].move)  # the environment player lays a chip face down
    seat = (game.state.env + 2) % 4
    seen = view(game.state, seat)
    favourite = next(c for c in seen.unseen_chips if c != PANIC)
    r = random.Random(3)
    chosen = [sample_hidden(seen, r, {favourite: 1000.0, **{c: 1.0 for c in seen.unseen_chips
                                                             if c not in (favourite, PANIC)}}
                            ).chosen for _ in range(40)]
    assert chosen.count(favourite) > 30


def test_hidden_bids_are_drawn_within_each_reserve_and_own_bid_kept():
    game = random_position(4, 4, 0)
    r = random.Random(4)
    while game.state.phase != BID:
        game.play(random_move(game.legal_options(), r))
    while game.state.phase == BID and sum(b >= 0 for b in game.state.bids) < 2:
        game.play(random_move(game.legal_options(), r))
    state = game.state
    last = next(s for s in range(4) if state.bids[s] >= 0)
    seen = view(state, last)
    sample = sample_hidden(seen, r, guess_bid=lambda s, seat, rng: 99)
    for s, b in enumerate(state.bids):
        if b >= 0 and s != last:
            assert sample.bids[s] == sample.reserve[s]  # clamped to the reserve
    assert sample.bids[last] == state.bids[last]
    apply_move(sample, random_move(legal_options(sample), r))  # the auction goes on
