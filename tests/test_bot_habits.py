"""Every level plays sensibly: no silly habits on positions where an earlier bot slipped.

The positions (tests/fixtures/habit_positions.yaml) are recorded games stopped where a bot once
swam back and forth, handed in a double-turn chip for nothing, let its board wither with a full
reserve, or bid more than it could pay. Each level now plays that seat's decision there (a whole
Ichto turn, or a bid), and the habit checker of urland/bots/habits.py must find nothing.
"""

from pathlib import Path

import pytest
import yaml

from urland.bots.expert import ExpertBot
from urland.bots.greedy import EasyBot, GreedyBot
from urland.bots.habits import bid_slip, turn_slips, watch
from urland.bots.ismcts import HardBot
from urland.engine import ACTION, BID, FIRST_EDITION, Game, Move, parse_move

FIXTURE = Path(__file__).parent / "fixtures" / "habit_positions.yaml"
POSITIONS = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))


def bot_of(level: str, seed: int):
    if level == "hard":
        return HardBot(seed, max_iterations=40)
    if level == "expert":
        return ExpertBot(seed, seconds=600.0, hard_iterations=40)
    return {"easy": EasyBot, "medium": GreedyBot}[level](seed)


def replay(position: dict) -> Game:
    """The recorded game (dealt by Urland 0.1.0: the first edition's eleven cards)."""
    game = Game.new(position["seed"], position["players"], edition=FIRST_EDITION)
    for text in position["moves"].split(";"):
        game.play(parse_move(text.strip(), game.board))
    return game


def test_the_recorded_positions_are_the_decisions_they_claim():
    assert {p["habit"] for p in POSITIONS} == {
        "back_and_forth", "double_unused", "double_for_nothing", "withering", "hopeless_bid"}
    for position in POSITIONS:
        state = replay(position).state
        assert state.actor == position["seat"]
        assert state.phase == (BID if position["habit"] == "hopeless_bid" else ACTION)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p['habit']}-{p['seed']}")
def test_no_silly_habit_where_an_earlier_bot_slipped(level, position):
    for seed in range(3 if level == "easy" else 1):  # easy chooses at random: several tries
        game = replay(position)
        seat = position["seat"]
        bot = bot_of(level, seed)
        state = game.state
        if state.phase == BID:
            move = bot.choose(game.view(seat))
            assert bid_slip(state, move) is None, move
            continue
        states, moves = [], []
        while game.state.phase == ACTION and game.state.actor == seat:
            states.append(game.state.clone())
            moves.append(bot.choose(game.view(seat)))
            game.play(moves[-1])
        assert turn_slips(states, moves) == [], [m for m in moves]


def test_the_checker_catches_each_habit():
    """The checker itself, on turns made up to show each habit."""
    game = replay(next(p for p in POSITIONS if p["habit"] == "back_and_forth"))
    state = game.state
    seat = state.actor
    ocean = next(o for o in state.board.ocean_areas if state.count(o, seat))
    other = state.board.ocean_neighbours[ocean - state.board.n_regions][0]
    there, back = Move("swim", ocean, other, 1), Move("swim", other, ocean, 1)
    assert [s.habit for s in turn_slips([state, state], [there, back])] == ["back_and_forth"]
    assert [s.habit for s in turn_slips([state] * 2, [Move("double"), Move("end")])] == [
        "double_unused"]
    retreat = Move("retreat", picks=((ocean, 1),))
    assert [s.habit for s in turn_slips([state] * 3, [Move("double"), retreat, Move("end")])
            ] == ["double_for_nothing"]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_whole_games_show_no_silly_habit(level):
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        bots = [bot_of(level, 10 * seed + s) for s in range(players)]
        assert watch(seed, players, lambda s, seen, b=bots: b[s].choose(seen)) == []
