"""The App calls each scene's lifecycle: enter, leave (threads let go) and language_changed (the
board's still picture, with the ocean names painted in, is painted again in the new language)."""

import pygame
import pytest

from urland.table.session import Seat, Session
from urland.texts import i18n


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def frames(app, n=3):
    for _ in range(n):
        app.step(1 / 60)


def picture(surface):
    return pygame.image.tobytes(surface, "RGB")


def test_a_language_switch_in_learn_to_play_repaints_the_tutorial_board(app):
    tutorial = app.show("tutorial")
    frames(app)
    board = tutorial.table.board_view
    english = picture(board.static)
    app.set_language("de")
    frames(app, 1)
    assert board.static is not None and picture(board.static) != english
    app.set_language("en")
    frames(app, 1)
    assert picture(board.static) == english


def test_a_language_switch_repaints_the_board_of_a_table_under_the_settings(app):
    table = app.show("table", session=Session.new([Seat("A", 0), Seat("B", 1), Seat("C", 2)], 4))
    frames(app)
    english = picture(table.board_view.static)
    app.open("settings")
    app.set_language("nl")
    app.pop()
    frames(app, 1)
    assert picture(table.board_view.static) != english


def test_leaving_the_table_stops_its_thinking_threads(app):
    table = app.show("table", session=Session.new([Seat("A", 0), Seat("B", 1), Seat("C", 2)], 4))
    frames(app)
    app.show("title")
    assert table.flow.thinker._pool._shutdown


def test_leaving_learn_to_play_stops_the_threads_of_its_table(app):
    tutorial = app.show("tutorial")
    frames(app)
    app.show("title")
    assert tutorial.table.flow.thinker._pool._shutdown


def test_save_and_leave_from_the_menu_leaves_the_table_once(app):
    table = app.show("table", session=Session.new([Seat("A", 0), Seat("B", 1), Seat("C", 2)], 4))
    frames(app)
    left = []
    table.to_title = lambda: left.append(1) or app.show("title")
    app.open("pause", leave=table.to_title)
    app.scene.save_and_leave()
    assert left == [1] and app.scene.name == "title"


def test_entering_and_leaving_are_called_in_order(app):
    calls = []
    title = app.show("title")
    title.leave = lambda: calls.append("title left")
    rules = app.open("rules")
    rules.leave = lambda: calls.append("rules left")
    app.pop()
    assert calls == ["rules left"]
    app.show("new_game")
    assert calls == ["rules left", "title left"]
