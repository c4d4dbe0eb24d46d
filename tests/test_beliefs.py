"""Beliefs about the face-down chip: from the hands the environment player could hold, and from
the chips a seat itself passed into that hand."""

import pytest

from urland.bots.beliefs import ChipMemory, chosen_chip_belief
from urland.bots.greedy import GreedyBot
from urland.engine import ACTION, CHIP, PANIC, Game


def to_next_turns_actions(game: Game, memory: ChipMemory, seat: int) -> list[int]:
    """Play with medium bots until `seat` has laid a chip and the next turn's chip is face
    down; return the chips `seat` passed on."""
    bots = [GreedyBot(s) for s in range(game.state.n)]
    passed: list[int] = []
    while True:
        state = game.state
        who = state.actor
        move = bots[who].choose(game.view(who))
        if state.phase == CHIP and who == seat:
            memory.note(game.view(who), move)
            passed = [c for c in state.hand if c != move.count]
        game.play(move)
        if passed and game.state.phase == ACTION and game.state.env != seat:
            return passed


def test_belief_is_a_distribution_over_unseen_region_chips():
    game = Game.new(4, 4)
    game.play(game.legal_options()[0].move)
    seat = game.state.actor
    seen = game.view(seat)
    belief = chosen_chip_belief(seen)
    assert sum(belief.values()) == pytest.approx(1.0)
    assert set(belief) <= set(seen.unseen_chips) and PANIC not in belief
    # the environment player itself knows its chip: no belief needed
    assert chosen_chip_belief(game.view(game.state.env)) == {}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_seat_remembers_the_chips_it_passed_into_the_next_hand(players):
    game = Game.new(11, players)
    memory = ChipMemory()
    seat = game.state.env
    passed = to_next_turns_actions(game, memory, seat)
    seen = game.view(seat)
    assert set(passed) <= set(seen.unseen_chips)  # the view has forgotten where they are
    assert memory.passed_into(seen) == frozenset(passed)
    belief = chosen_chip_belief(seen, memory.passed_into(seen))
    # the hand was those two chips and one drawn chip: the two carry most of the belief
    assert sum(belief[c] for c in passed) > 0.5
    assert game.state.chosen in belief
    forgetful = chosen_chip_belief(seen)
    assert sum(forgetful[c] for c in passed) < sum(belief[c] for c in passed)


def test_memory_is_only_used_for_the_very_next_turn():
    game = Game.new(11, 4)
    memory = ChipMemory()
    seat = game.state.env
    to_next_turns_actions(game, memory, seat)
    bots = [GreedyBot(s) for s in range(4)]
    turn = game.state.turn
    while game.state.turn == turn or game.state.phase != ACTION:
        who = game.state.actor
        game.play(bots[who].choose(game.view(who)))
    assert memory.passed_into(game.view(seat)) == frozenset()
