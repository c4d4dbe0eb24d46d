"""Issue 50: a friend away from the window while the dead player's look at the two chips passed
to her was open. The host played on into the next turn, where she chooses among those chips and a
third: the stale look gives way, and the top bar and the dialog are both of the turn played."""

from __future__ import annotations

from hosting_steps import hosted_with_ben_and_cleo, loopback_only, until  # noqa: F401 (loopback_only is a fixture)
from test_scenes import frames

from urland.table.remote import RemoteTable
from urland.texts.prompts import turn_heading


def play_first_option(door: RemoteTable, seat: int) -> None:
    """The seat played by `door` makes its first legal move, and the door sees it answered."""
    before = door.now().position
    door.play(door.view(seat).legal_options()[0].move)
    until(lambda: door.now().position != before)


def test_the_look_at_last_turns_chips_gives_way_to_this_turns_chip_choice(app):
    game, links, ben, cleo = hosted_with_ben_and_cleo()
    try:
        game.start()
        anna_door, ben_door = RemoteTable(links), RemoteTable(ben)
        table = app.show("online_table", door=RemoteTable(cleo))
        until(lambda: table.now.settled and table.now.decision.seat == 1, app)
        assert table.now.view.state.dead == 2  # turn 1: Ben lays the chip, Cleo is dead
        play_first_option(ben_door, 1)  # two chips are passed to Cleo
        until(lambda: app.scene.name == "peek", app)
        look = app.scene
        while anna_door.now().view.state.turn == 1:  # Anna acts while Cleo is away
            play_first_option(anna_door, 0)
        until(lambda: "peek" not in [s.name for s in app.scenes], app)
        until(lambda: app.scene.name == "choose_chip", app)
        frames(app, 2)
        assert look not in app.scenes
        assert turn_heading(table.drawn.state.turn, table.drawn.state.epoch) == turn_heading(2, 1)
        assert table.banner_text().startswith("Cleo")
        assert "choose the scoring chip" in table.banner_text()
    finally:
        for link in (ben, cleo, *links):
            link.close()
        game.close()
