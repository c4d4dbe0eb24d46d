"""The bots: every decision answered legally, from the seat's own view only."""

import random

import pytest

from urland.bots.greedy import EasyBot, GreedyBot
from urland.bots.ismcts import HardBot
from urland.bots.random_bot import RandomBot
from urland.bots.registry import make_bot
from urland.engine import Game, check_move, view
from urland.engine.rules import legal_options


def bots(seed=1):
    return {"random": RandomBot(seed), "easy": EasyBot(seed), "medium": GreedyBot(seed),
            "hard": HardBot(seed, max_iterations=40)}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_bot_answers_every_decision_legally_through_whole_games(players):
    names = ["easy", "medium", "hard", "random", "medium"][:players]
    game = Game.new(players * 17, players)
    seated = [bots(seat)[name] for seat, name in enumerate(names)]
    kinds = set()
    while not game.over:
        seat = game.state.actor
        move = seated[seat].choose(game.view(seat))
        check_move(game.state, move)  # raises if a bot ever picks an illegal move
        kinds.add(game.state.phase)
        game.play(move)
    assert {"choose_chip", "action"} <= kinds


def _position_with_secrets(seed=3):
    """An Ichto player's decision, with secrets it cannot see: the face-down chip, the hands
    of others, the pile order and the gene deck."""
    game = Game.new(seed, 4)
    r = random.Random(seed)
    medium = GreedyBot(seed)
    while True:
        state = game.state
        if state.phase == "action" and state.chosen > 0 and len(game.moves) > 20:
            return game
        move = medium.choose(game.view(state.actor)) if r.random() < 0.9 else \
            RandomBot(r.randrange(99)).choose(game.view(state.actor))
        game.play(move)


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_a_bot_decides_the_same_whatever_it_cannot_see(name):
    game = _position_with_secrets()
    state = game.state
    seat = state.actor
    other = state.clone()
    # Change everything hidden from the seat: swap the face-down chip with a pile chip,
    # reverse the pile and the gene deck, and reseed the game's random generator.
    region_chips = [i for i, c in enumerate(other.pile) if c != 0]
    i = region_chips[0]
    other.chosen, other.pile[i] = other.pile[i], other.chosen
    other.pile.reverse()
    other.deck.reverse()
    other.rng ^= 0xDEADBEEF
    assert other.key() != state.key()
    assert view(other, seat) == view(state, seat)

    def decide(s):
        bot = HardBot(5, max_iterations=200) if name == "hard" else make_bot(name, 5)
        return bot.choose(view(s, seat))

    assert decide(state) == decide(other)


def test_hard_bot_search_leaves_the_game_untouched():
    game = _position_with_secrets()
    before = game.state.key()
    HardBot(1, max_iterations=100).choose(game.view(game.state.actor))
    assert game.state.key() == before


def test_medium_bot_does_not_waste_its_actions():
    # Grey to act with 2 actions and 3 Ichtos in O2: landing on a region still to score, or
    # breeding, beats ending the turn or retreating.
    from positions import GREY, table

    s = table("ichtos=O2:0.0.3.0")
    move = GreedyBot(0).choose(view(s, GREY))
    assert move.kind in ("land", "proliferate")
    assert any(o.move == move or o.move == move._replace(count=0) for o in legal_options(s))


def test_bots_use_only_the_engines_public_entry_point():
    import ast
    from pathlib import Path

    import urland.bots

    for path in Path(urland.bots.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                if name.startswith("urland.engine"):
                    assert name == "urland.engine", f"{path.name} imports {name}"


@pytest.mark.parametrize("name", ["random", "easy", "medium", "hard"])
def test_a_bot_leaves_the_view_it_is_given_unchanged(name):
    game = _position_with_secrets()
    seen = game.view(game.state.actor)
    before = seen.state.key()
    bots(2)[name].choose(seen)
    assert seen.state.key() == before
