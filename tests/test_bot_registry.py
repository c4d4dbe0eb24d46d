"""One catalogue of bots (bots/registry.py): every list of seat kinds and every bot label reads it,
so the command line, New game, the table, saved games, the statistics and the tournament agree."""

import pytest

from urland import cli
from urland.bots.registry import BOTS, DEFAULT_BOT, OFFERED_KINDS, ONLINE, SEAT_KINDS, make_bot
from urland.records import history, stats
from urland.records.history import RecordSummary
from urland.scenes.seat_row import KIND_LABELS, KIND_LINES
from urland.table.session import Seat, Session
from urland.userfiles import setup_memory


def test_every_bot_is_a_seat_kind_everywhere_and_new_game_offers_the_offered_ones():
    assert set(SEAT_KINDS) == {"human", *BOTS}
    assert set(history.SEAT_KINDS) == set(SEAT_KINDS)
    assert set(cli.SEAT_KINDS) == {"ai", *SEAT_KINDS, ONLINE}
    assert list(KIND_LABELS) == list(OFFERED_KINDS) == list(setup_memory.KINDS)
    assert set(KIND_LINES) >= set(OFFERED_KINDS)
    assert DEFAULT_BOT in BOTS and all(make_bot(k, 1).choose for k in BOTS)


@pytest.mark.parametrize("kind", list(BOTS))
def test_a_continued_game_keeps_every_kind_of_bot(kind):
    seats = [Seat("Anna", 0), Seat("", 1, kind), Seat("", 2, "medium")]
    meta = {"seats": Session.new(seats, 3, None).seat_meta()}
    _names, kinds = history.seats_from_meta(meta, [0, 1, 2])
    assert kinds[1] == kind


def test_statistics_name_each_bot_by_its_one_label():
    record = RecordSummary(None, None, ("Anna", "", ""), ("human", "hard", "random"), (0, 1, 2),
                           (30, 20, 10), 0, 3)
    _people, bots = stats.statistics([record])
    assert {line.label for line in bots} == {"AI hard", "AI random"}


def test_seats_random_on_the_command_line_are_played_by_the_random_bot(user_home):
    from urland.app import App, AutoplayOptions
    from urland.userfiles.settings import Settings

    app = App(Settings(), AutoplayOptions(["random", "easy", "ai"], 4, None, True),
              size=(1280, 720))
    app.show("new_game")
    for _ in range(120):
        app.step(1 / 60)
        if app.scene.name == "table":
            break
    assert app.scene.name == "table"
    seats = sorted(app.scene.now.seats, key=lambda seat: seat.colour)
    assert [seat.kind for seat in seats] == ["random", "easy", DEFAULT_BOT]
    from urland.table.room import CODE

    room_bots = app.scene.door.room.master.bots[CODE]  # the game's room plays them
    assert type(room_bots[0]).__name__ == "RandomBot" and sorted(room_bots) == [0, 1, 2]
