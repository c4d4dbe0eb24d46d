"""A game at this computer is a room of the master in this process: its bots are the master's
and wait while the table shows something, its save is the room's store, and its history record
is written once at the end (docs/architecture.md, "Transports")."""

from urland import paths
from urland.bots.registry import make_bot
from urland.engine.save import load_game
from urland.records import history
from urland.table.local import LocalTable
from urland.table.session import Seat, Session


def solo(seed: int, autosave=None) -> Session:
    seats = [Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
    return Session.new(seats, seed, autosave)


ANNA = make_bot("easy", 1)  # decides for Anna, from her own view


def to_a_bots_decision(session: Session) -> int:
    """Play Anna's decisions until a bot decides; its seat."""
    while session.seats[session.decision().seat].human:
        session.play(ANNA.choose(session.view(0)))
    return session.decision().seat


def test_a_held_table_keeps_the_bots_from_playing_and_each_bot_move_waits_for_the_table():
    session = solo(5)
    to_a_bots_decision(session)
    door = LocalTable(session)
    try:
        door.hold(True)  # the table shows a move (or a lesson page is open)
        played = len(session.game.moves)
        for _ in range(20):
            door.room.step()
        door.room.run_bots()  # the bots are held: nothing to wait for
        assert len(session.game.moves) == played and door.arrived() == []
        door.hold(False)
        door.room.run_bots()
        assert len(session.game.moves) == played + 1  # one bot move...
        events = door.arrived()
        assert events and all(e.visible_to is None or e.visible(0) for e in events)
        if session.seats[session.decision().seat].human:
            return  # (Anna decides next: nothing more to hold)
        door.room.run_bots()  # ... and the next waits until the table lets the bots go on
        assert len(session.game.moves) == played + 1
    finally:
        door.close()


def test_a_solo_game_through_its_room_is_saved_after_every_move_and_kept_in_the_history_once(
        tmp_path):
    save = tmp_path / "autosave.yaml"
    session = solo(3, save)
    door = LocalTable(session)
    try:
        while not door.now().over:
            door.room.run_bots()
            door.arrived()
            if not door.now().over and door.now().decision.seat in door.now().here:
                door.play(ANNA.choose(door.view(0)))
                game, meta = load_game(save)  # the room's store wrote the move at once
                assert game.moves == session.game.moves and meta["seats"][0]["kind"] == "human"
            door.hold(False)
    finally:
        door.close()
    game, meta = load_game(save)
    assert game.over and meta["recorded"] is True
    records, _problems = history.list_records(paths.history_dir())
    assert len(records) == 1
    again = LocalTable(Session.load(save))  # Continue on the finished game: no second record
    again.close()
    assert len(history.list_records(paths.history_dir())[0]) == 1


def test_undo_is_the_rooms_and_the_save_holds_the_position_after_it(tmp_path):
    save = tmp_path / "autosave.yaml"
    session = solo(5, save)
    door = LocalTable(session)
    try:
        for _ in range(200):
            door.room.run_bots()
            door.arrived()
            door.hold(False)
            if door.now().decision.seat in door.now().here and door.now().decision.kind == "action":
                break
            if door.now().decision.seat in door.now().here:
                door.play(ANNA.choose(door.view(0)))
        before = list(session.game.moves)
        door.play(next(o.move for o in door.now().decision.options if o.move.kind != "end"))
        assert door.now().can_undo
        undone = door.undo()
        assert undone is not None and session.game.moves == before
        assert load_game(save)[0].moves == before
    finally:
        door.close()
