"""Files written by Urland 0.1.0 (seed + moves, no edition) open where they stood, replay and
play on to the end: an autosave in the middle of a game, a game put aside in saves/, a finished
history record, a hosted game (its room, journal and the host's memory), a served room with its
journal, and the finished game's record as the server sent it. How they were made:
tests/fixtures/v0_1_0/README.md."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from kept_rooms import kept_rooms
from netplay import run, seated, serving

from urland import paths
from urland.bots.random_bot import random_move
from urland.engine import Game, position_to_text, view
from urland.engine.save import load_game, save_game
from urland.master.keeper import RoomKeeper
from urland.master.room import normal_code
from urland.net.hosted_memory import hosted_game
from urland.net.server import ServerOptions
from urland.net.wire import record_from_wire
from urland.records.history import list_records, load_record
from urland.table.session import Session

OLD = Path(__file__).parent / "fixtures" / "v0_1_0"
AUTOSAVE = OLD / "autosave.yaml"
ASIDE = OLD / "saves" / "game-2026-11-30T20-10-00.yaml"
HISTORY = OLD / "history"
HOSTED_CODE = "HOST-ROOM-0001"
SERVED_CODE = "SERV-ROOM-0002"


def played_to_the_end(game: Game, seed: int = 0) -> Game:
    """The game played on by the random bot until it is over (every move checked by the rules)."""
    r = random.Random(seed)
    while not game.over:
        game.play(random_move(game.legal_options(), r))
    return game


def reopened(game: Game, folder: Path) -> Game:
    """The game saved by today's code and opened again."""
    save_game(game, folder / "again.yaml")
    return load_game(folder / "again.yaml")[0]


@pytest.fixture
def old_files(tmp_path: Path) -> Path:
    """A copy of the old files (the tests may write beside them)."""
    return Path(shutil.copytree(OLD, tmp_path / "old"))


def test_an_autosave_of_0_1_0_opens_mid_game_and_plays_on(old_files, tmp_path):
    game, meta = load_game(old_files / AUTOSAVE.name)
    assert (game.options.players, game.options.resolved_colours()) == (4, (2, 0, 4, 1))
    assert len(game.moves) == 80 and not game.over
    assert [s["kind"] for s in meta["seats"]] == ["human", "medium", "human", "hard"]
    again = reopened(game, tmp_path)
    assert again.notation() == game.notation() and again.state.key() == game.state.key()
    played_to_the_end(again)
    assert again.over and again.state.winner in range(4)


def test_a_game_put_aside_by_0_1_0_opens_and_plays_on_to_the_end(old_files, tmp_path):
    game, meta = load_game(old_files / "saves" / ASIDE.name)
    assert game.options.players == 5 and len(game.moves) == 100 and not game.over
    assert meta["order"] == 5
    finished = played_to_the_end(reopened(game, tmp_path), seed=5)
    assert reopened(finished, tmp_path).state.winner == finished.state.winner


def test_a_history_record_of_0_1_0_is_listed_and_replays_to_its_result(old_files):
    summaries, problems = list_records(old_files / "history")
    assert problems == [] and len(summaries) == 1
    summary = summaries[0]
    assert (summary.seed, summary.names, summary.kinds) == (
        303, ("Anna", "Ben", "Cleo"), ("human", "medium", "easy"))
    game, meta = load_record(summary.path)
    assert game.over and game.state.winner == summary.winner == meta["result"]["winner"]
    assert list(game.state.track) == meta["result"]["scores"] == list(summary.scores)


def test_a_game_hosted_by_0_1_0_is_carried_on_where_its_journal_ends(old_files):
    home = paths.data_dir()
    home.mkdir(parents=True, exist_ok=True)
    shutil.copytree(old_files / "hosted", home / "hosted")
    shutil.copy(old_files / "hosted.yaml", home / "hosted.yaml")
    record = hosted_game()
    assert record is not None
    assert (record.code, record.port, record.tokens) == (HOSTED_CODE, 8765, {0: "token-of-seat-1"})
    assert len(record.game.moves) == 40 + 6 and record.names == ("Anna", "Ben", "Cleo")
    played_to_the_end(record.game, seed=7)
    assert record.game.over


def test_a_room_served_by_0_1_0_is_restored_with_its_journal_and_plays_on(old_files):
    keeper = RoomKeeper(old_files / "server")
    rooms = keeper.restore()
    try:
        assert keeper.problems == [] and list(rooms) == [normal_code(SERVED_CODE)]
        room = rooms[normal_code(SERVED_CODE)]
        assert len(room.game.moves) == 60 + 9 and room.seq == 9
        assert room.seat_for_token("token-of-seat-1") == 0
        assert room.seat_for_token("token-of-seat-3") == 2
        r = random.Random(9)
        while not room.game.over:
            room.play_move(random_move(room.game.legal_options(), r))
        room.save()
        kept = kept_rooms(old_files / "server")[normal_code(SERVED_CODE)]
        assert kept.game.state.key() == room.game.state.key()
    finally:
        keeper.close(list(rooms.values()))


def test_the_network_record_of_0_1_0_replays_to_a_finished_game():
    data = json.loads((OLD / "network-record.json").read_text(encoding="utf-8"))
    game, seats = record_from_wire(data)
    assert game.over and game.seed == 41
    assert [s["name"] for s in seats] == ["Anna", "Ben", "Cleo", "Dan"]
    assert game.notation() == data["moves"]


def test_continue_resumes_an_autosave_of_0_1_0_and_saves_it_in_todays_format():
    paths.data_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(AUTOSAVE, paths.autosave_path())
    session = Session.load()
    assert len(session.game.moves) == 80
    assert [s.kind for s in session.seats] == ["human", "medium", "human", "hard"]
    assert session.save()
    text = paths.autosave_path().read_text(encoding="utf-8")
    assert "version: 4" in text and "edition:" in text and "seed:" not in text
    assert load_game(paths.autosave_path())[0].state.key() == session.game.state.key()


def test_a_server_started_on_rooms_of_0_1_0_gives_a_seat_back_by_its_token(old_files, tmp_path):
    expected = RoomKeeper(Path(shutil.copytree(old_files / "server", tmp_path / "copy")))
    room = expected.restore()[normal_code(SERVED_CODE)]
    expected.close([room])
    options = ServerOptions(rooms_dir=old_files / "server", hello_seconds=5.0)

    async def scenario() -> None:
        async with serving(options) as (_server, address):
            client = await seated(address, SERVED_CODE, token="token-of-seat-3")
            try:
                mirror = client.mirror
                assert (mirror.seat, mirror.at, mirror.names) == (2, 69, ["Anna", "Ben", "Cleo",
                                                                          "Dan"])
                assert mirror.view is not None
                assert position_to_text(mirror.view.state) == position_to_text(
                    view(room.game.state, 2).state)
            finally:
                await client.close()

    run(scenario())
