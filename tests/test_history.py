"""The history of finished games: records, listing, delete, export, statistics, replays."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from urland import paths
from urland.engine import Game
from urland.engine.errors import SaveError
from urland.engine.save import load_game, loads
from urland.records.history import export_record, list_records, load_record, write_record
from urland.records.replay import Replay, secrets
from urland.records.stats import statistics
from urland.table.session import Seat, Session
from urland.texts.events import colour_names, event_sentence

GAMES = Path(__file__).parent / "games"
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Ben", "kind": "medium"},
         {"name": "Cleo", "kind": "easy"}]


def finished(name="medium-3-players"):
    game, _ = load_game(GAMES / f"{name}.yaml")
    return game


def test_a_record_is_a_plain_save_of_the_finished_game_with_seats_date_and_result(tmp_path):
    game = finished()
    when = datetime(2026, 5, 1, 18, 30, tzinfo=UTC)
    path = write_record(game, SEATS, tmp_path, when)
    text = path.read_text()
    again, meta = loads(text)
    assert again.notation() == game.notation() and again.over
    assert meta["seats"] == SEATS
    assert meta["date"] == "2026-05-01T18:30:00+00:00"
    assert meta["result"] == {"scores": game.state.track, "winner": game.state.winner}


def test_records_never_overwrite_each_other(tmp_path):
    game = finished()
    when = datetime(2026, 5, 1, 18, 30, tzinfo=UTC)
    first = write_record(game, SEATS, tmp_path, when)
    second = write_record(game, SEATS, tmp_path, when)
    assert first != second and first.exists() and second.exists()


def test_an_unfinished_game_is_not_a_record(tmp_path):
    with pytest.raises(ValueError, match="finished"):
        write_record(Game.new(1, 3), SEATS, tmp_path)


def test_the_list_shows_date_players_winner_and_scores_newest_first(tmp_path):
    old = write_record(finished(), SEATS, tmp_path, datetime(2026, 1, 1, tzinfo=UTC))
    new = write_record(finished("medium-4-players"), [*SEATS, {"name": "Dan", "kind": "hard"}],
                       tmp_path, datetime(2026, 2, 1, tzinfo=UTC))
    records, problems = list_records(tmp_path)
    assert problems == []
    assert [r.path for r in records] == [new, old]
    four = records[0]
    game = finished("medium-4-players")
    assert four.names == ("Anna", "Ben", "Cleo", "Dan")
    assert four.scores == tuple(game.state.track)
    assert four.winner_name == four.names[game.state.winner]


def test_a_damaged_record_is_named_and_the_others_still_listed(tmp_path):
    write_record(finished(), SEATS, tmp_path)
    (tmp_path / "broken.yaml").write_text("format: urland-save\nplayers: [oops\n")
    (tmp_path / "other.yaml").write_text("just: a file\n")
    records, problems = list_records(tmp_path)
    assert len(records) == 1
    assert any("broken.yaml" in p for p in problems)
    assert any("other.yaml: not an Urland save" in p for p in problems)


def test_a_record_without_a_result_is_replayed_for_its_summary(tmp_path):
    source = GAMES / "medium-5-players.yaml"
    (tmp_path / "old.yaml").write_text(source.read_text())
    records, _ = list_records(tmp_path)
    assert records[0].scores == tuple(finished("medium-5-players").state.track)
    assert records[0].date is None and records[0].local_date() == "date unknown"


def test_history_and_load_game_write_a_date_alike_with_the_year_only_when_it_is_not_this_one(
        tmp_path):
    import datetime

    from urland.texts.dates import day_and_time
    from urland.texts.i18n import set_language

    at = datetime.datetime(2026, 11, 24, 19, 3)
    assert day_and_time(at, today=datetime.date(2026, 12, 1)) == "Tue 24 Nov, 19:03"
    assert day_and_time(at, today=datetime.date(2027, 1, 2)) == "Tue 24 Nov 2026, 19:03"
    set_language("de")
    try:
        assert day_and_time(at, today=datetime.date(2027, 1, 2)) == "Di 24. Nov 2026, 19:03"
    finally:
        set_language("en")
    path = write_record(finished(), SEATS, tmp_path / "history")
    [record], _ = list_records(path.parent)
    assert record.date is not None
    assert record.local_date() == day_and_time(record.date.astimezone())  # as Load game says


def test_export_copies_the_record_and_refuses_a_missing_folder(tmp_path):
    path = write_record(finished(), SEATS, tmp_path / "history")
    out = tmp_path / "out"
    out.mkdir()
    copy = export_record(path, str(out))
    assert copy.read_text() == path.read_text()
    with pytest.raises(ValueError, match="There is no folder"):
        export_record(path, str(tmp_path / "nowhere"))
    with pytest.raises(ValueError, match="Type the folder"):
        export_record(path, "  ")


def test_an_unfinished_save_cannot_be_opened_as_a_record(tmp_path):
    session = Session.new([Seat("A", 0, "easy"), Seat("B", 1), Seat("C", 2)], 4,
                          tmp_path / "autosave.yaml")
    with pytest.raises(SaveError, match="not finished"):
        load_record(session.autosave)


def play_to_the_end(session):
    from urland.bots.registry import make_bot

    bots = [make_bot("medium", 10 + i) for i in range(len(session.seats))]
    while not session.game.over:
        seat = session.game.state.actor
        session.play(bots[seat].choose(session.game.view(seat)))


def test_a_session_keeps_its_finished_game_in_the_history_once():
    seats = [Seat("Anna", 4, "human"), Seat("Ben", 0, "medium"), Seat("Cleo", 3, "easy")]
    session = Session.new(seats, 8, paths.autosave_path())
    play_to_the_end(session)
    assert session.record is not None and session.record.parent == paths.history_dir()
    assert session.record.parent.parent == paths.autosave_path().parent
    session.keep_in_history()
    records, _ = list_records(paths.history_dir())
    assert len(records) == 1
    assert records[0].names == ("Anna", "Ben", "Cleo")
    assert records[0].kinds == ("human", "medium", "easy")
    opened = Session.from_record(records[0].path)
    assert opened.game.notation() == session.game.notation()
    assert opened.autosave is None and opened.history_dir is None


def test_a_session_without_autosave_keeps_no_history():
    session = Session.new([Seat("A", 0, "easy"), Seat("B", 1, "easy"), Seat("C", 2, "easy")],
                          8, None)
    play_to_the_end(session)
    assert session.record is None and not paths.history_dir().exists()


def test_statistics_per_named_player_and_per_bot_level(tmp_path):
    game3 = finished()  # seats 0, 1, 2
    w = game3.state.winner
    write_record(game3, SEATS, tmp_path)
    write_record(game3, [{"name": "Anna", "kind": "human"}, {"name": "Dan", "kind": "human"},
                         {"name": "Bot", "kind": "medium"}], tmp_path)
    records, _ = list_records(tmp_path)
    people, bots = statistics(records)
    anna = next(line for line in people if line.label == "Anna")
    assert anna.games == 2 and anna.wins == (2 if w == 0 else 0)
    assert anna.average == game3.state.track[0]
    medium = next(line for line in bots if line.label == "AI medium")
    assert medium.games == 2
    assert medium.points == game3.state.track[1] + game3.state.track[2]
    assert medium.wins == (w == 1) + (w == 2)
    assert {line.label for line in people} == {"Anna", "Dan"}


@pytest.mark.parametrize("name", ["medium-3-players", "medium-5-players"])
def test_every_replay_position_is_the_game_replayed_to_that_move(name):
    game = finished(name)
    replay = Replay(game)
    assert replay.last == len(game.moves)
    for step in range(0, replay.last + 1, 7):
        again = Game.replay(game.seed, game.options, game.moves[:step])
        assert replay.seek(step) == step
        assert replay.state.key() == again.state.key()
    assert replay.seek(replay.last) and replay.state.key() == game.state.key()


def test_replay_steps_forwards_backwards_and_by_turns():
    replay = Replay(finished())
    assert replay.back() == 0
    assert replay.forward(3) == 3 and replay.back() == 2
    assert replay.seek(10**6) == replay.last
    assert replay.seek_turn(2) == replay.turn_starts[1]
    assert replay.turn_of(replay.step) == 2
    assert replay.previous_turn() == replay.turn_starts[0]
    assert replay.next_turn() == replay.turn_starts[1]


def test_the_replay_log_tells_the_secrets_in_the_open():
    game = finished()
    replay = Replay(game)
    secret = [line.text for line in replay.lines if line.secret]
    assert any("face-down chip is" in t for t in secret)
    assert any(" draws chip " in t for t in secret)
    assert any(" bids " in t for t in secret)
    assert not any(t.startswith("You ") for t in (line.text for line in replay.lines))
    # the first move's lines are those of the events it caused
    first = replay.lines_of(1)
    assert first and first[0].kind == "chip_chosen"


def test_the_set_ups_eruption_is_told_once_in_the_replay_and_at_the_table():
    from urland.texts.log import log_entries

    game = finished()
    told = [line.text for line in Replay(game).lines_of(0)]
    names = ["A", "B", "C", "D"]
    at_table = [e.text for e in log_entries(game.log, lambda e: event_sentence(e, names), names)]
    for lines in (told, at_table):
        assert sum("erupt" in t for t in lines[:3]) == 1
        assert lines[0].startswith("Set-up: chip ") and " joins region " in lines[0]


def test_a_bidders_log_says_their_bid_once_and_the_others_bids_as_placed():
    from urland.texts.log import log_entries

    game = finished()
    seen = [e for e in game.log if e.visible(0)]  # the log at White's seat
    colours = colour_names(game.state.colours)
    lines = [e.text for e in log_entries(seen, lambda e: event_sentence(e, colours), colours)]
    mine = sum(t.startswith("You bid ") for t in lines)
    assert mine >= 1
    assert not any(t.startswith("White has placed a bid") for t in lines)
    assert any(t.endswith(" has placed a bid.") for t in lines)  # the others' bids, unseen


def test_the_secrets_of_each_moment_are_named_with_their_holder():
    replay = Replay(finished("medium-4-players"))
    for state in replay.states:
        said = " / ".join(secrets(state))
        env, dead = state.colour_name(state.env), state.colour_name(state.dead)
        hand = ", ".join(map(str, sorted(state.hand)))
        if state.over:
            assert said == ""
        elif state.phase == "choose_chip":  # the environment player looks at 3 chips
            assert f"Chips in {env}'s hand: {hand}" in said and "Face-down" not in said
        elif state.phase == "action":  # one chip face down, two with the dead player
            assert f"Face-down scoring chip: {state.chosen}" in said
            assert f"Chips in {dead}'s hand: {hand}" in said
        elif state.phase == "bid":
            placed = [s for s, b in enumerate(state.bids) if b >= 0]
            assert ("Bids so far" in said) == bool(placed)
            for s in placed:
                assert f"{state.colour_name(s)} {state.bids[s]}" in said


def test_a_history_that_cannot_be_written_is_reported_and_the_game_still_ends(tmp_path):
    blocked = tmp_path / "history"
    blocked.write_text("a file where the folder should be")
    seats = [Seat("A", 0, "easy"), Seat("B", 1, "easy"), Seat("C", 2, "easy")]
    session = Session.new(seats, 8, tmp_path / "autosave.yaml")
    session.history_dir = blocked
    play_to_the_end(session)
    assert session.game.over and session.record is None
    assert session.record_error.startswith("The game could not be kept in the history")
