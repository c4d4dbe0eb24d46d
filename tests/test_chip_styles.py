"""Reading how each environment player chooses its chip: by the board, or by the turn played
out; each revealed chip bears one style out more than the other. (How much better the expert
reads the chip at a table of hard bots is measured by benchmarks/chip_reading.py.)"""

import pytest

from urland.bots.beliefs import ChipMemory, chosen_chip_belief
from urland.bots.chip_styles import STYLE_FLOOR, Styles, hand_choice_belief
from urland.bots.greedy import GreedyBot
from urland.bots.ismcts import HardBot
from urland.engine import ACTION, UNKNOWN, Game, PlayerView


def test_from_each_hand_the_environment_player_lays_its_best_chip():
    worth = {1: 0.0, 2: 1.0, 3: 2.0, 4: 3.0}
    sharp = hand_choice_belief(worth, frozenset(), temperature=1e-6)
    # hands of three from four chips: 4 is best in the three hands holding it, 3 in the last
    assert sharp == pytest.approx({4: 0.75, 3: 0.25})
    # a seat that passed 1 and 2 on knows the hand held them: the third chip was laid
    assert hand_choice_belief(worth, frozenset({1, 2}), 1e-6) == pytest.approx({3: 0.5, 4: 0.5})


def first_laid_chip(seed: int) -> tuple[Game, int]:
    """A game of medium bots at the first Ichto action of its first turn, and an Ichto seat."""
    game = Game.new(seed, 4)
    bots = [GreedyBot(s) for s in range(4)]
    while game.state.phase != ACTION:
        game.play(bots[game.state.actor].choose(game.view(game.state.actor)))
    return game, game.state.actor


def test_a_revealed_chip_shifts_trust_to_the_style_that_foretold_it():
    game, seat = first_laid_chip(3)
    seen = game.view(seat)
    env = game.state.env
    board, played = Styles(1).beliefs(seen, frozenset())
    assert sum(board.values()) == pytest.approx(1) and sum(played.values()) == pytest.approx(1)
    chips = set(board) | set(played)
    by_played = max(chips, key=lambda c: played.get(c, 0) - board.get(c, 0))
    by_board = max(chips, key=lambda c: board.get(c, 0) - played.get(c, 0))
    assert played.get(by_played, 0) > board.get(by_played, 0)

    styles = Styles(1)
    assert styles.trust(env) == (0.5, 0.5)
    styles.revealed(seen, frozenset(), by_played)
    assert styles.trust(env)[1] > 0.5
    mixed = styles.belief(seen, frozenset())
    assert mixed[by_played] > (board.get(by_played, 0) + played[by_played]) / 2

    styles = Styles(1)
    for _ in range(10):  # however often a style is borne out, the other keeps a little trust
        styles.revealed(seen, frozenset(), by_board)
    assert styles.trust(env)[0] == pytest.approx(1 - STYLE_FLOOR)
    assert styles.trust(seat) == (0.5, 0.5)  # other seats are read on their own chips


class Telling(Styles):
    """Styles that note every chip they are told was revealed, and for which seat."""

    def __init__(self) -> None:
        super().__init__(0)
        self.told: list[tuple[tuple[int, int], int, int]] = []  # (epoch, turn), env, chip

    def revealed(self, seen_then: PlayerView, known_in_hand: frozenset[int], chip: int) -> None:
        state = seen_then.state
        self.told.append(((state.epoch, state.turn), state.env, chip))
        super().revealed(seen_then, known_in_hand, chip)


def watched_game(seed: int, players: int
                 ) -> tuple[dict[int, list[tuple[tuple[int, int], int, int]]],
                            dict[tuple[int, int], tuple[int, int]]]:
    """A game of medium bots, every seat's memory watching the table after every move: what
    each seat's styles were told ({seat: [((epoch, turn), env, chip)]}) and the chips truly laid
    ({(epoch, turn): (env, chip)})."""
    game = Game.new(seed, players)
    bots = [GreedyBot(s) for s in range(players)]
    readers = {s: ChipMemory(Telling()) for s in range(players)}
    laid: dict[tuple[int, int], tuple[int, int]] = {}
    while not game.state.over:
        state = game.state
        if state.phase == ACTION:
            laid[(state.epoch, state.turn)] = (state.env, state.chosen)
        who = state.actor
        move = bots[who].choose(game.view(who))
        readers[who].note(game.view(who), move)
        game.play(move)
        for seat, memory in readers.items():
            memory.watch(game.view(seat))
    told = {}
    for seat, memory in readers.items():
        assert isinstance(memory.styles, Telling)
        told[seat] = memory.styles.told
    return told, laid


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_seats_styles_are_told_the_chips_that_seat_laid_and_no_others(players):
    told_to, laid = watched_game(20 + players, players)
    for seat, told in told_to.items():
        assert all(laid[turn] == (env, chip) and env != seat for turn, env, chip in told)
        others = sum(1 for env, _ in laid.values() if env != seat)
        # every one (only a chip scored as the game ends, beside the last hand's chip, could
        # not be told apart)
        assert len(told) >= others - 1


def test_a_chip_scored_just_before_an_epoch_ends_is_still_seen_revealed_by_every_other_seat():
    """The pile runs out at the next turn's draw: the board's chips, this one among them, go
    back into a new pile before anybody decides, and the next environment player, who knew the
    hand, may even draw it again."""
    epoch_ends = 0
    for seed in range(40, 43):
        told_to, laid = watched_game(seed, 3)
        last_of_epoch = [turn for turn in laid if (turn[0] + 1, turn[1] + 1) in laid]
        epoch_ends += len(last_of_epoch)
        for turn in last_of_epoch:
            env, chip = laid[turn]
            for seat, told in told_to.items():
                if seat != env:
                    assert (turn, env, chip) in told
    assert epoch_ends >= 3


def test_a_seat_that_first_looks_mid_turn_does_not_take_that_board_for_the_chip_laid_on():
    game, seat = first_laid_chip(5)
    watching = ChipMemory(Styles(0))
    watching.watch(game.view(seat))
    first_board = game.view(seat)
    actor = game.state.actor
    move = GreedyBot(actor).choose(game.view(actor))
    assert move.kind != "end"
    game.play(move)  # one Ichto action is played; the same player acts on
    assert game.state.actor == actor
    late = ChipMemory(Styles(0))  # a game loaded here, or a seat taken over here
    seen = game.view(seat)
    watching.watch(seen)
    late.watch(seen)
    assert game.state.phase == ACTION and seen.state.chosen == UNKNOWN
    assert watching.view_chip_laid_on(seen) == first_board
    assert late.view_chip_laid_on(seen) is None
    # so it reads the chip by the board before it, and waits for a turn it sees from the start
    assert late.belief(seen) == chosen_chip_belief(seen)


def test_the_hard_bot_still_reads_every_chip_as_laid_by_the_board():
    game = Game.new(8, 4)
    bots = [GreedyBot(s) for s in range(4)]
    hard = HardBot(0)
    compared = 0
    while not game.state.over:
        seen = game.view(1)
        if game.state.phase == ACTION and seen.state.chosen == UNKNOWN:
            memory = hard.memory
            assert memory.belief(seen) == chosen_chip_belief(
                seen, memory.passed_into(seen), laid_on=memory.board_chip_laid_on(seen))
            compared += 1
        who = game.state.actor
        game.play(bots[who].choose(game.view(who)))
        hard.watch(game.view(1))
    assert compared > 20
