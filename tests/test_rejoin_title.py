"""Playtest 4, defect 16 (first half) and issue 50: a joined game can be taken up again from
the title. The joiner's title had no Rejoin, its Continue was greyed."""

from __future__ import annotations

from hosting_steps import loopback_only, until  # noqa: F401 (loopback_only is a fixture)
from test_join_form import joined_as_ben
from test_scenes import click, frames

from urland.net.hosted_memory import forget_hosted
from urland.net.hosting import HostedGame
from urland.userfiles.join_memory import forget_room


def test_the_title_continues_a_game_joined_online_and_gives_the_seat_back(app):
    """Ben joined Anna's game from this window and closed it: the title's Continue reads
    "Continue online game" with the room, and one click (or C) seats Ben where he sat."""
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    try:
        seat = joined_as_ben(app, game.local_address, game.code)
        forget_hosted()  # Anna hosts on another computer: nothing of hers is kept here
        app.show("title")
        frames(app)
        title = app.scene
        button = title.continue_button
        assert button.enabled and str(button.label) == "Continue online game"
        assert game.code in str(button.detail)
        click(app, button.rect.center)
        until(lambda: app.scenes[0].name == "table" or (app.scene.name == "join"
                                                         and app.scene.problem), app)
        assert app.scenes[0].name == "table", app.scene.problem
        door = app.scenes[0].door
        assert door.me == seat
        door.leave()
    finally:
        game.close()


def test_a_joined_game_that_ended_is_not_offered_again(app):
    """Once the game joined is over (its room code forgotten), the title offers no rejoin:
    Continue is greyed as for a first start."""
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    try:
        joined_as_ben(app, game.local_address, game.code)
    finally:
        game.close()
    forget_hosted()
    forget_room()  # what the online table does when the game it joined ends
    app.show("title")
    frames(app)
    button = app.scene.continue_button
    assert not button.enabled and str(button.label) == "Continue"

