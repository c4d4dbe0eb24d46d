"""Properties of saves over random games stopped at random moments: save -> load -> save gives the
identical text, and the text of a mid-game save holds none of the true state's secrets (the
face-down chip, the chips in hand, the pile order, unrevealed bids, the seed behind them)."""

import random
import re

from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from urland.bots.random_bot import random_move
from urland.engine import Game
from urland.engine.save import dumps, loads
from urland.engine.state import ACTION, BID
from urland.table.session import Seat, Session

META = {"seats": [{"name": n, "kind": "human"} for n in ("Anna", "Ben", "Cleo", "Dan", "Eve")]}


def game_at(seed: int, players: int, moves: int, policy: int) -> Game:
    game = Game.new(seed, players)
    r = random.Random(policy)
    while not game.over and len(game.moves) < moves:
        game.play(random_move(game.legal_options(), r))
    return game


def secret_phrases(game: Game) -> list[str]:
    """What a save's text must not show while the game goes on, as it would be written."""
    state = game.state
    chips = [c for c in (state.chosen, *state.hand, *state.pile) if c >= 0]
    phrases = [f"chip {c}" for c in chips]
    if len(state.pile) > 1:
        phrases.append(", ".join(map(str, state.pile)))
    if state.phase == BID:
        phrases += [f"bid {b}" for b in state.bids if b >= 0]
    phrases.append(str(game.seed))
    return phrases


GAMES = dict(seed=st.integers(10**6, 10**9), players=st.integers(3, 5),
             moves=st.integers(0, 400), policy=st.integers(0, 10**6))


@settings(max_examples=examples(40), deadline=None)
@given(**GAMES)
def test_save_load_save_is_identical(seed, players, moves, policy):
    game = game_at(seed, players, moves, policy)
    meta = {"seats": META["seats"][:players]}
    text = dumps(game, meta)
    again, meta_again = loads(text)
    assert again.state.key() == game.state.key()
    assert dumps(again, meta_again) == text


@settings(max_examples=examples(40), deadline=None)
@given(**GAMES)
def test_a_mid_game_save_shows_no_secret(seed, players, moves, policy):
    game = game_at(seed, players, moves, policy)
    if game.over:
        return
    text = dumps(game, {"seats": META["seats"][:players]})
    for phrase in secret_phrases(game):
        assert not re.search(rf"(?<![\w]){re.escape(phrase)}(?![\w])", text), phrase
    assert not re.search(r"\b(chip|bid) \d", text)  # no secret move of any kind, in any form


def test_the_autosave_read_as_text_shows_no_face_down_chip_and_no_unrevealed_bid(user_home):
    """The issue's two examples: during an Ichto turn the last line was `- chip N` (the chip
    face down), during an auction `- bid N` (a bid not yet revealed)."""
    seats = [Seat(n, i) for i, n in enumerate(("Anna", "Ben", "Cleo", "Dan"))]
    session = Session.new(seats, 2001, user_home / "autosave.yaml")
    r = random.Random(1)
    seen_turn = seen_auction = False
    while not (seen_turn and seen_auction):
        state = session.game.state
        text = (user_home / "autosave.yaml").read_text()
        if state.phase == ACTION and state.chosen >= 0:
            assert f"chip {state.chosen}" not in text and "chip" not in text
            seen_turn = True
        if state.phase == BID and any(b >= 0 for b in state.bids):
            assert not any(f"bid {b}" in text for b in state.bids if b >= 0)
            assert "bid" not in text
            seen_auction = True
        session.play(random_move(session.game.legal_options(), r))
    assert not session.game.over
