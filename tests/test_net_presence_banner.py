"""The banner of a table whose player elsewhere lost the connection: it waits for them, and
goes as soon as they are back (the newcomer's report: it stayed up)."""

from __future__ import annotations

from hosting_steps import hosted_with_ben_and_cleo, loopback_only, until  # noqa: F401 (loopback_only is a fixture)
from test_scenes import frames

from urland.net.client import NetClient
from urland.net.link import NetLink
from urland.table.remote import RemoteTable


def test_the_banner_waiting_for_a_player_goes_once_they_are_back(app):
    game, links, ben, cleo = hosted_with_ben_and_cleo()
    try:
        game.start()
        table = app.show("online_table", door=RemoteTable(cleo))
        until(lambda: table.banner_text().startswith("Ben is deciding online"), app)
        token = ben.client.token
        ben.close()
        until(lambda: table.banner_text().startswith("Waiting for Ben to reconnect."), app)
        ben = NetLink.open(NetClient(game.local_address, game.code, "Ben", token), None)
        until(lambda: table.now.status(1) == "online", app)
        frames(app, 2)
        assert table.banner_text().startswith("Ben is deciding online")
        assert table.now.save_problem is None
        assert [s.note for s in table.panel.seats] == ["online", "online", "you"]
    finally:
        for link in (ben, cleo, *links):
            link.close()
        game.close()
