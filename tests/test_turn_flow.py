"""The table's turn flow without a window: who acts next, hand-overs before secrets, private
looks, bid reveals and bots, all through the table's door (no pygame, no scene)."""

import subprocess
import sys
from dataclasses import dataclass

import pytest
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from one_seat_table import FarSide, OneSeatTable

from urland.bots.registry import make_bot
from urland.engine import IllegalMoveError, Move
from urland.table import (
    Ask,
    HandOver,
    LocalTable,
    Look,
    Moved,
    Over,
    Reveal,
    TurnFlow,
    Wait,
)
from urland.table.session import Seat, Session


@dataclass(frozen=True)
class BotPlayed:
    """A step that brought a move of the game's own bots (a `Moved`), with the seat that made it."""

    seat: int
    step: Moved


def play_through(seats, seed, limit=5000):
    """Play a whole game through the flow: every Ask is answered by a bot deciding from that
    seat's own view, every curtain is lifted, every look taken; the bots are the game's room's.
    Returns the steps in order, each bot's move as the `BotPlayed` step that brought it."""
    session = Session.new(seats, seed, None)
    door = LocalTable(session, block=0.05)
    flow = TurnFlow(door)
    players = {seat: make_bot("easy", 100 + seat) for seat in door.now().here}
    steps = []
    try:
        for _ in range(limit):
            deciding = door.now().decision.seat
            step = flow.next()
            if isinstance(step, Moved):
                steps.append((BotPlayed(deciding, step), door.now().decision.kind))
            elif not isinstance(step, Wait):
                steps.append((step, door.now().decision.kind))
            match step:
                case Over():
                    return session, door, steps
                case HandOver(seat):
                    flow.handed_over(seat)
                case Look(seat, _dialog, _what, curtain):
                    if curtain:
                        flow.handed_over(seat)
                    flow.looked()
                case Ask(seat):
                    flow.play(players[seat].choose(door.view(seat)))
    finally:
        flow.shutdown()
        door.close()
    raise AssertionError("the game did not end")


def test_a_whole_hot_seat_game_plays_through_the_flow_with_a_curtain_before_every_secret():
    seats = [Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3, "easy")]
    session, door, steps = play_through(seats, 7)
    assert session.game.over and isinstance(steps[-1][0], Over)
    assert session.game.moves  # the flow played the game: every move went through it
    asks = [(s, kind) for s, kind in steps if isinstance(s, Ask)]
    bots = [s for s, _ in steps if isinstance(s, BotPlayed)]
    assert {s.seat for s, _ in asks} == {0, 1} and {s.seat for s in bots} == {2}
    assert len(asks) + len(bots) == len(session.game.moves)  # one step per decision
    # every secret decision of a human (the chips, the bid) comes right after its curtain
    for i, (step, kind) in enumerate(steps):
        if isinstance(step, Ask) and kind in ("choose_chip", "bid"):
            before = steps[i - 1][0]
            assert isinstance(before, HandOver) and before.seat == step.seat, (i, kind)
    assert any(isinstance(s, HandOver) and "bid" in s.what for s, _ in steps)
    # the dead player's look at the two chips is offered, behind a curtain, to a human only
    looks = [s for s, _ in steps if isinstance(s, Look)]
    assert looks and all(s.curtain and s.dialog == "peek" and s.seat in (0, 1) for s in looks)
    # every auction's sealed bids are revealed once, with the track that breaks ties
    reveals = [s for s, _ in steps if isinstance(s, Reveal)]
    auctions = [e for e in session.game.log if e.kind == "bids_revealed"]
    assert len(reveals) == len(auctions) and all(len(r.bids) == 3 for r in reveals)
    # the finished game, secrets open, is what the table hands the game-over screen
    assert door.finished() is session


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), kinds=st.lists(st.sampled_from(["human", "easy"]),
                                                   min_size=3, max_size=5))
def test_any_table_plays_to_its_end_and_no_secret_shows_without_its_curtain(seed, kinds):
    colours = [4, 0, 3, 1, 2]
    seats = [Seat(f"P{i}", colours[i], kind) for i, kind in enumerate(kinds)]
    session, _door, steps = play_through(seats, seed)
    assert session.game.over
    humans = [i for i, kind in enumerate(kinds) if kind == "human"]
    unlocked = None
    for step, kind in steps:
        if isinstance(step, HandOver):
            unlocked = step.seat
        elif isinstance(step, Look):
            assert step.seat in humans and step.curtain == (len(humans) > 1)
            unlocked = None  # looked at, and hidden again
        elif isinstance(step, Ask):
            assert step.seat in humans
            secret = kind in ("choose_chip", "bid")
            assert not (secret and len(humans) > 1) or unlocked == step.seat, (step, kind)
            unlocked = None  # decided: the curtain comes down
        elif isinstance(step, BotPlayed):
            assert step.seat not in humans


def test_a_solo_game_never_shows_a_curtain_and_the_table_shows_the_humans_view():
    seats = [Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
    session, door, steps = play_through(seats, 3)
    assert session.game.over
    assert not any(isinstance(s, HandOver) for s, _ in steps)
    assert all(not s.curtain for s, _ in steps if isinstance(s, Look))
    assert door.now().viewer == 0 and door.now().here == (0,)


def test_a_decision_is_asked_once_and_again_only_when_the_table_says_so():
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 5, None)
    door = LocalTable(session)
    flow = TurnFlow(door)
    env = session.game.state.env
    assert flow.next() == HandOver(env, "{name}'s three chips")
    assert flow.next() == Wait()  # the curtain is up: nothing else happens meanwhile
    flow.handed_over(env)
    assert flow.next() == Ask(env, "choose_chip", "choose_chip")
    assert flow.next() == Wait()  # asked once: the dialog is open
    flow.ask_again()  # a move the dialog made was turned away (the tutorial's nudge)
    assert flow.next() == Ask(env, "choose_chip", "choose_chip")
    # a refused move changes nothing: the secret stays unlocked for the same decision
    with pytest.raises(IllegalMoveError):
        flow.play(Move("chip", count=99))
    assert flow.unlocked == env and len(session.game.moves) == 0
    flow.play(door.now().decision.options[0].move)
    assert flow.unlocked is None  # the decision is made: the curtain comes down again
    step = flow.next()
    assert isinstance(step, Look) and step.seat == session.game.state.dead and step.curtain


def test_a_busy_or_guided_table_waits_and_a_finished_game_is_over():
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")],
                          5, None)
    flow = TurnFlow(LocalTable(session))
    assert flow.next(busy=True) == Wait() and flow.next(held=True) == Wait()
    with pytest.raises(ValueError):
        LocalTable(session).finished()  # no secrets are opened before the end
    flow.shutdown()


def test_the_door_and_the_flow_load_without_pygame():
    code = ("import sys, urland.table, urland.table.flow, urland.table.local; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_table_filled_only_from_its_seats_view_plays_a_whole_game_through_the_flow():
    """The door holds for a game held elsewhere: seat 0's table knows only its own view, log
    and events; the other seats decide at the far side."""
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 11, None)
    far = FarSide(session)
    door = OneSeatTable(far, 0, list(session.seats))
    flow = TurnFlow(door)
    me, others = make_bot("easy", 1), {1: make_bot("easy", 2), 2: make_bot("easy", 3)}
    moved, asked, revealed = [], 0, 0
    for _ in range(20000):
        step = flow.next()
        match step:
            case Over():
                break
            case Moved(events):
                moved.append(events)
            case Ask(0):
                asked += 1
                flow.play(me.choose(door.view(0)))
            case Look(0, "peek", _what, curtain):
                assert not curtain
                flow.looked()
            case Reveal():
                revealed += 1
            case Wait() if door.now().decision.seat != 0:
                seat = door.now().decision.seat
                far.play(seat, others[seat].choose(session.game.view(seat)))
            case _:
                raise AssertionError(step)
    assert session.game.over and asked and moved
    assert all(e.visible(0) for events in moved for e in events)  # nothing secret arrives
    assert revealed == sum(e.kind == "bids_revealed" for e in session.game.log)
    assert door.log(0) == session.game.log_for(0)  # the same story, from seat 0's side
    assert door.finished().game.moves == session.game.moves
    flow.shutdown()


def test_a_game_on_this_computer_fills_the_whole_door():
    from urland.table import TableDoor

    contract = {name for name in vars(TableDoor) if not name.startswith("_")}
    assert contract and contract <= set(dir(LocalTable))
    assert contract <= set(dir(OneSeatTable))  # and so does a table fed from one seat's view
    from urland.table.remote import RemoteTable

    assert contract <= set(dir(RemoteTable))  # and a table of a game held on a server


def test_a_look_at_the_passed_chips_is_never_offered_once_its_turn_is_over():
    """A friend's window that was still showing other moves when the turn ended does not offer
    the dead player's look at 'the two chips passed' afterwards, when that hand holds three."""
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 11, None)
    far = FarSide(session)
    door = OneSeatTable(far, 0, list(session.seats))
    flow = TurnFlow(door)
    me, others = make_bot("easy", 1), {1: make_bot("easy", 2), 2: make_bot("easy", 3)}
    stale = 0
    for _ in range(20000):
        step = flow.next()
        match step:
            case Over():
                break
            case Ask(0):
                flow.play(me.choose(door.view(0)))
            case Look(0):
                since_turn = []
                for event in reversed(door.log(0)):
                    if event.kind == "turn":
                        break
                    since_turn.append(event.kind)
                stale += "chips_received" not in since_turn
                flow.looked()
            case Wait() if door.now().decision.seat != 0:
                # everything up to seat 0's next decision arrives at once, as while a show plays
                while not session.game.over and session.decision().seat != 0:
                    seat = session.decision().seat
                    far.play(seat, others[seat].choose(session.game.view(seat)))
    assert session.game.over
    assert any(e.kind == "chips_received" for e in door.log(0))  # seat 0 was the dead player
    assert stale == 0
    flow.shutdown()


def test_once_the_game_is_over_no_look_at_chips_passed_on_is_offered(tmp_path):
    """Chips passed to a seat in the batch of moves that ends the game (a table catching up
    with a server) lead to the game's end, not to a look at chips that no longer matter."""
    from pathlib import Path

    from urland.engine.save import load_game

    game, _ = load_game(Path(__file__).parent / "games" / "medium-3-players.yaml")
    session = Session(game, [Seat("Anna", 0), Seat("Ben", 1), Seat("Cleo", 2)])
    door = LocalTable(session)
    flow = TurnFlow(door)
    try:
        assert door.now().over
        flow.looks = [(0, "chips_received")]  # owed from the last turn's events
        assert isinstance(flow.next(), Over)
    finally:
        flow.shutdown()
