"""A restart of the server, as the other seats' logs tell it: not each seat's disconnect and
return, but one line once everyone is back."""

from __future__ import annotations

from hosting_steps import hosted_with_ben_and_cleo, loopback_only, until  # noqa: F401 (loopback_only is a fixture)

from urland.net.client import NetClient
from urland.net.hosted_memory import hosted_game
from urland.net.hosting import HostedGame, join_here
from urland.net.link import NetLink
from urland.table.presence import ComingsAndGoings
from urland.table.remote import RemoteTable


def test_after_a_restart_of_the_server_the_log_says_everyone_is_back_in_one_line():
    game, links, ben, cleo = hosted_with_ben_and_cleo()
    resumed = None
    try:
        game.start()
        door = RemoteTable(ben)
        log = ComingsAndGoings()
        lines: list[str] = []

        def ben_sees(condition) -> bool:  # the table's log, frame by frame
            lines.extend(log.news(door.now()))
            return condition()
        until(lambda: ben_sees(lambda: door.now().status(0) == door.now().status(2) == "online"))
        assert lines == []
        # The host's program stops and carries the game on (a restart of its server).
        game.close()
        for link in links:
            link.close()
        until(lambda: ben_sees(lambda: not ben.online))
        resumed = HostedGame.resume(hosted_game())
        links = join_here(resumed, None)
        until(lambda: ben_sees(lambda: ben.online and door.now().server_restarts == 1
                               and door.now().status(0) == door.now().status(2) == "online"))
        ben_sees(lambda: True)
        # The game was hosted from Anna's window: she is named as the host, once as her
        # computer goes out of reach (the others' drops are not news) and once as she hosts
        # the game again and everyone is back.
        assert lines == ["Anna, the host, is out of reach: the game waits until they are back.",
                         "Anna hosts the game again; everyone is back."]
    finally:
        for link in (ben, cleo, *links):
            link.close()
        (resumed or game).close()


def test_a_player_who_drops_alone_is_still_said_to_have_gone_and_come_back():
    game, links, ben, cleo = hosted_with_ben_and_cleo()
    try:
        game.start()
        door = RemoteTable(ben)
        log = ComingsAndGoings()
        lines: list[str] = []

        def ben_sees(condition) -> bool:
            lines.extend(log.news(door.now()))
            return condition()
        until(lambda: ben_sees(lambda: door.now().status(2) == "online"))
        token = cleo.client.token
        cleo.close()
        until(lambda: ben_sees(lambda: door.now().status(2) == "away"))
        cleo = NetLink.open(NetClient(game.local_address, game.code, "Cleo", token), None)
        until(lambda: ben_sees(lambda: door.now().status(2) == "online"))
        assert lines == ["Cleo has lost the connection.", "Cleo is back."]
    finally:
        for link in (ben, cleo, *links):
            link.close()
        game.close()
