"""The command line: simulate, and clear messages for bad options."""

import json

import pytest

from urland.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    return code, capsys.readouterr()


def test_simulate_json_reports_games_and_no_invariant_violations(capsys):
    code, out = run(capsys, "simulate", "--players", "3", "--games", "4", "--seed", "11",
                    "--json")
    assert code == 0
    summary = json.loads(out.out.strip().splitlines()[-1])
    assert summary["games"] == 4 and summary["players"] == 3
    assert summary["invariant_violations"] == 0
    assert sum(summary["wins_by_seat"]) == 4
    for key in ("seconds", "games_per_second", "mean_turns"):
        assert key in summary


def test_simulate_same_seed_same_games(capsys):
    _, first = run(capsys, "simulate", "--games", "3", "--seed", "5", "--json")
    _, second = run(capsys, "simulate", "--games", "3", "--seed", "5", "--json")
    a, b = (json.loads(x.out.strip().splitlines()[-1]) for x in (first, second))
    assert a["results"] == b["results"]


def test_simulate_prints_a_line_per_game(capsys):
    code, out = run(capsys, "simulate", "--games", "2", "--seed", "1")
    lines = out.out.splitlines()
    assert code == 0 and lines[0].startswith("game   1: winner seat")
    assert "turns" in lines[0] and "epochs" in lines[0] and "panics" in lines[0]


@pytest.mark.parametrize("argv,message", [
    (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["simulate", "--players", "6"], "invalid choice: 6"),
    (["simulate", "--bots", "genius"], "unknown bot 'genius'"),
    (["simulate", "--players", "3", "--bots", "random,random"], "names 2 bots for 3 players"),
])
def test_bad_options_get_a_clear_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_version_says_the_games_version_and_opens_no_window(capsys, monkeypatch):
    import urland.app

    def no_window(*args, **kwargs):
        raise AssertionError("--version opened the window")

    monkeypatch.setattr(urland.app.App, "__init__", no_window)
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Urland 0.1.0"
