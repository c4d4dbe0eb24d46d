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
