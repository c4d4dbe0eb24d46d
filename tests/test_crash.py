"""A crash writes a readable log to the user's data folder and ends with a message, exit 1."""

from urland.ui.crash import crash_message, run_guarded
from urland.ui.crash_window import ROWS, WRAP, scrolled, wrapped


def test_a_crash_is_logged_and_reported(user_home, capsys):
    def broken(argv):
        raise RuntimeError("the sea boiled over")

    assert run_guarded(broken) == 1
    log = (user_home / "crash.log").read_text()
    assert "RuntimeError: the sea boiled over" in log and "Traceback" in log
    err = capsys.readouterr().err
    assert "Urland has stopped because of an error: the sea boiled over" in err
    assert "crash.log" in err


def test_a_normal_exit_code_passes_through():
    assert run_guarded(lambda argv: 0) == 0


def test_the_crash_window_shows_a_long_error_and_path_whole():
    error = "Urland has stopped because of an error: " + " ".join(
        f"word{i}" for i in range(120))
    where = "C:\\Users\\Jörg Müller\\AppData\\Local\\Urland\\" + "deep\\" * 30 + "crash.log"
    lines = wrapped(crash_message(error, ["Your game was saved."], where))
    assert all(len(line) <= WRAP for line in lines)
    shown = " ".join(lines)
    assert all(f"word{i}" in shown.split() for i in range(120))
    assert "".join(lines).count("deep\\") == 30 and "crash.log" in "".join(lines)
    assert len(lines) > ROWS  # taller than the window: it scrolls


def test_scrolling_the_crash_window_stays_inside_the_text():
    assert scrolled(0, -1, total=40) == 0
    assert scrolled(0, 1, total=40) == 1
    assert scrolled(20, 10**6, total=40) == 40 - ROWS
    assert scrolled(5, 1, total=ROWS - 2) == 0  # it all fits: nothing to scroll


def test_a_crash_during_an_online_game_says_where_that_game_is_kept(
        user_home, capsys, monkeypatch):
    """An online game is not autosaved here, yet it was played: the crash message says what
    became of it (kept on this computer when hosted here, kept by its host when joined, saved
    once it is over), and says that no game was played only when none was."""
    import asyncio

    from urland.bots.registry import make_bot
    from urland.net import hosting
    from urland.net.client import NetClient
    from urland.net.link import NetLink
    from urland.net.seat_runner import run_seat
    from urland.table.remote import RemoteTable
    from urland.userfiles import save_status

    def said() -> str:
        def broken(argv):
            raise RuntimeError("the sea boiled over")

        assert run_guarded(broken) == 1
        return capsys.readouterr().err

    monkeypatch.setattr(save_status, "STATUS", save_status.SaveStatus())
    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    assert "No game was played since Urland started" in said()
    game = hosting.HostedGame(["human", "random", "random"], ["Anna", "Ben", "Cleo"],
                              [0, 1, 2], 0, seed=4, host="127.0.0.1", port=0)
    try:
        link = NetLink.open(NetClient(game.local_address, game.code, "", game.token), None)
        try:
            RemoteTable(link, hosting=True)
            err = said()
            assert ("Your online game is kept on this computer: Continue carries it on, and "
                    "your friends' windows come back to it.") in err
            assert "No game was played" not in err
            RemoteTable(link)  # the same seat, as a friend who joined it would hold it
            assert ("Your online game goes on: join it again with the same room code to take "
                    "your seat back.") in said()
        finally:
            link.close()

        async def play_to_the_end() -> int:
            played = NetClient(game.local_address, game.code, "", game.token)
            await played.connect()
            return await run_seat(played, make_bot("random", 1))

        assert asyncio.run(asyncio.wait_for(play_to_the_end(), 120)) == 0
        link = NetLink.open(NetClient(game.local_address, game.code, "", game.token), None)
        try:
            with link.changed:  # the record follows the welcome and the view
                assert link.changed.wait_for(lambda: link.mirror.over, 30)
            assert RemoteTable(link, hosting=True).now().over
            assert "Your finished game was saved." in said()
        finally:
            link.close()
    finally:
        game.close()
