"""A crash writes a readable log to the user's data folder and ends with a message, exit 1."""

from urland.userfiles.crash import run_guarded


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
