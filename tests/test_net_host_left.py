"""Issue 50: the host loaded another saved game (which stops hosting this one). The friend's
window said "Trying again..." for an hour; now it says the host closed the game, and offers the
way back to the title."""

from __future__ import annotations

from hosting_steps import hosted_with_ben_and_cleo, loopback_only, until  # noqa: F401 (loopback_only is a fixture)
from test_scenes import click

from urland.table.remote import RemoteTable


def test_a_friend_is_told_the_host_closed_the_game_and_can_leave_to_the_title(app):
    game, links, ben, cleo = hosted_with_ben_and_cleo()
    try:
        game.start()
        table = app.show("online_table", door=RemoteTable(cleo))
        until(lambda: table.now.settled, app)
        game.close()  # the host leaves the game to host or play another
        until(lambda: app.scene.name == "confirm", app)
        notice = app.scene
        assert notice.title == "The host closed this game"
        assert notice.text == ("Anna, the host, closed this game. Your seat is kept: should "
                               "they host it again, you are back in it.")
        assert table.now.save_problem == notice.text  # and not "Trying again..."
        assert table.banner_text() == notice.text
        assert str(notice.confirm_button.label) == "Leave to the title"
        click(app, notice.confirm_button.rect.center)
        assert app.scene.name == "title"
    finally:
        for link in (ben, cleo, *links):
            link.close()
        game.close()
