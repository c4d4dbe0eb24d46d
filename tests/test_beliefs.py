"""Beliefs about the face-down chip: from the hands the environment player could hold, and from
the chips a seat itself passed into that hand."""

import pytest

from urland.bots.beliefs import ChipMemory, chosen_chip_belief
from urland.bots.greedy import GreedyBot
from urland.bots.ismcts import HardBot
from urland.bots.loop import StateTable, play_out
from urland.engine import ACTION, CHIP, PANIC, UNKNOWN, Game


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
    # the hand was those two chips and one drawn chip: remembering them moves the belief onto them
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


def test_the_chip_is_judged_on_the_board_it_was_laid_on():
    """A seat acting late in a turn has seen earlier players move since the chip was laid; its
    belief reasons from the board the environment player saw."""
    game = Game.new(11, 5)
    bots = [GreedyBot(s) for s in range(5)]
    memory = ChipMemory()
    while game.state.phase != CHIP:
        game.play(bots[game.state.actor].choose(game.view(game.state.actor)))
    last = (game.state.env + 4) % 5  # the third and last Ichto player this turn
    game.play(bots[game.state.env].choose(game.view(game.state.env)))
    laid_on = game.state.counts[:]
    memory.watch(game.view(last))
    while game.state.actor != last:
        game.play(bots[game.state.actor].choose(game.view(game.state.actor)))
        memory.watch(game.view(last))
    seen = game.view(last)
    assert seen.state.counts != laid_on  # the first two Ichto players have moved
    assert memory.board_chip_laid_on(seen).counts == laid_on
    belief = chosen_chip_belief(seen, laid_on=memory.board_chip_laid_on(seen))
    assert sum(belief.values()) == pytest.approx(1.0)
    assert game.state.chosen in belief


def test_the_hard_bot_watches_the_table_between_its_decisions():
    """Through the game loop the hard bot sees every move, so at each of its actions it knows
    the board its turn's chip was laid on."""
    laid: dict[tuple[int, int], list[int]] = {}
    compared: list[tuple[list[int], list[int]]] = []

    class Checking(HardBot):
        def choose(self, seen):
            state = seen.state
            if state.phase == ACTION and state.chosen == UNKNOWN:
                compared.append((self.memory.board_chip_laid_on(seen).counts,
                                 laid[(state.epoch, state.turn)]))
            return super().choose(seen)

    game = Game.new(3, 4)
    table = StateTable(game.state)

    def after(seat, move, seconds):
        if move.kind == "chip":
            laid[(table.state.epoch, table.state.turn)] = table.state.counts[:]

    bots = {s: GreedyBot(s) for s in range(4)} | {2: Checking(1, max_iterations=10)}
    play_out(table, bots, after)
    assert table.state.over and compared
    assert all(remembered == expected for remembered, expected in compared)
