"""Property tests: whole games of random legal play, checking the rules' invariants each move."""

import random

from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urland.bots.random_bot import random_move
from urland.engine import Game, IllegalMoveError, Move, apply_move, check_move, expand, is_legal
from urland.engine.invariants import violations
from urland.engine.moves import KINDS
from urland.engine.save import dumps, loads

GAMES = settings(max_examples=examples(100), deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def garbage_move(r: random.Random, n_areas: int) -> Move:
    """A move of any kind with arbitrary fields: most are illegal, a few happen to be legal."""
    area = lambda: r.randint(-1, n_areas)  # noqa: E731
    return Move(
        r.choice(sorted(KINDS)), area(), area(), r.randint(-1, 12),
        tuple(r.randint(-1, 5) for _ in range(r.randint(0, 2))),
        r.choice(["", "wings", "legs", "teeth", "ears", "gills"]),
        tuple((area(), r.randint(-1, 4)) for _ in range(r.randint(0, 2))),
    )


def play_checked(seed: int, players: int, r: random.Random) -> Game:
    game = Game.new(seed, players)
    n_areas = game.board.n_areas
    while not game.over:
        state = game.state
        options = game.legal_options()
        assert options, f"no legal move in phase {state.phase}"
        # An illegal move is refused with the state unchanged; an accepted one was listed.
        for _ in range(2):
            junk = garbage_move(r, n_areas)
            trial = state.clone()
            try:
                apply_move(trial, junk)
            except IllegalMoveError as exc:
                assert str(exc)
                assert trial.key() == state.key()
            else:
                assert is_legal(state, junk), junk
        # Every concrete move an option stands for is accepted (picks: the first few).
        for option in options:
            for move in expand(option, limit=12):
                check_move(state, move)
        before = state.track[:]
        game.play(random_move(options, r))
        assert violations(game.state, before) == []
    return game


@GAMES
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]),
       choices=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(seed, players, choices):
    game = play_checked(seed, players, random.Random(choices))
    assert game.state.winner == max(range(players), key=game.state.track.__getitem__)
    # The move list replays to the same state, and save -> load -> save is identical.
    again = Game.replay(game.seed, game.options, game.moves)
    assert again.state.key() == game.state.key()
    text = dumps(game)
    loaded, _ = loads(text)
    assert dumps(loaded) == text and loaded.state.key() == game.state.key()


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]),
       choices=st.integers(0, 2**32 - 1), stop=st.integers(0, 200))
def test_save_load_save_mid_game_is_identical(seed, players, choices, stop):
    r = random.Random(choices)
    game = Game.new(seed, players)
    while not game.over and len(game.moves) < stop:
        game.play(random_move(game.legal_options(), r))
    text = dumps(game)
    loaded, _ = loads(text)
    assert dumps(loaded) == text
    assert loaded.state.key() == game.state.key()
    assert loaded.log == game.log  # the same events, kinds and data
