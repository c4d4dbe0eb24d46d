"""The tournament report: win rates with intervals, scores, decision times and search effort, per
bot and per player count, ending with one JSON object."""

import json
from types import SimpleNamespace

import pytest

from urland.cli import main
from urland.tools.tournament import lineup_for
from urland.tools.tournament_report import summarise, table_lines, wilson


def run(capsys, *argv):
    code = main(list(argv))
    return code, capsys.readouterr()


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(20, 40)
    assert (lo, hi) == (pytest.approx(0.3520, abs=1e-4), pytest.approx(0.6480, abs=1e-4))


def test_lineups_are_resized_keeping_the_first_bot_and_cycling_the_rest():
    assert lineup_for(["hard", "medium", "medium", "medium"], 3) == ["hard", "medium", "medium"]
    assert lineup_for(["hard", "medium"], 5) == ["hard"] + ["medium"] * 4
    assert lineup_for(["medium", "easy", "random"], 5) == [
        "medium", "easy", "random", "easy", "random"]
    assert lineup_for(["easy"], 3) == ["easy"] * 3


def test_summary_pools_seats_of_a_bot_and_reports_search_iterations():
    records = [
        SimpleNamespace(seats=["hard", "medium", "medium"], winner=0, track=[31, 20, 12],
                        times={"hard": [0.5, 0.7], "medium": [0.01] * 4},
                        iterations={"hard": [400, 600], "medium": []}),
        SimpleNamespace(seats=["medium", "hard", "medium"], winner=2, track=[15, 22, 30],
                        times={"hard": [0.9], "medium": [0.02] * 3},
                        iterations={"hard": [500], "medium": []}),
    ]
    run = summarise(records, ["hard", "medium", "medium"], seconds=3.0)
    hard, medium = run["per_bot"]["hard"], run["per_bot"]["medium"]
    assert run["players"] == 3 and run["games"] == 2
    assert hard["wins"] == 1 and medium["wins"] == 1 and hard["win_rate"] == 0.5
    assert hard["even_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert medium["even_share"] == pytest.approx(2 / 3, abs=1e-4)
    assert hard["mean_score"] == 26.5 and medium["mean_score"] == pytest.approx(19.25)
    assert hard["decisions"] == 3 and hard["max_decision_seconds"] == 0.9
    assert hard["mean_search_iterations"] == 500.0 and hard["searched_decisions"] == 3
    assert medium["searched_decisions"] == 0
    text = "\n".join(table_lines(run))
    assert "hard" in text and "[" in text and "500" in text


def test_json_ends_with_one_object_per_player_count(capsys):
    code, out = run(capsys, "tournament", "--bots", "easy,random", "--players", "3,4",
                    "--games", "2", "--seed", "3", "--json")
    assert code == 0
    lines = out.out.strip().splitlines()
    assert len(lines) == 1
    summary = json.loads(lines[-1])
    assert set(summary["by_players"]) == {"3", "4"}
    four = summary["by_players"]["4"]
    assert four["bots"] == ["easy", "random", "random", "random"]
    assert sum(b["wins"] for b in four["per_bot"].values()) == 2
    for b in four["per_bot"].values():
        lo, hi = b["ci95"]
        assert 0 <= lo <= b["win_rate"] <= hi <= 1
        assert b["decisions"] > 0 and b["mean_decision_seconds"] >= 0


def test_same_seed_same_games(capsys):
    first = run(capsys, "tournament", "--bots", "easy,random,random", "--games", "2",
                "--seed", "4", "--json")[1]
    second = run(capsys, "tournament", "--bots", "easy,random,random", "--games", "2",
                 "--seed", "4", "--json")[1]
    a, b = (json.loads(x.out.strip().splitlines()[-1]) for x in (first, second))
    assert a["by_players"]["3"]["per_bot"]["easy"]["mean_score"] == \
        b["by_players"]["3"]["per_bot"]["easy"]["mean_score"]


@pytest.mark.parametrize("argv", [
    ["--bots", "easy,random", "--games", "2"],  # two bots and no --players
    ["--bots", "easy", "--players", "6", "--games", "2"],
    ["--bots", "easy", "--players", "four", "--games", "2"],
    ["--bots", "easy,nobody,random", "--games", "2"],
    ["--bots", "expert,random,random", "--games", "2", "--think", "0"],
])
def test_bad_options_get_a_clear_message(capsys, argv):
    with pytest.raises(SystemExit):
        main(["tournament", *argv])
    assert "error" in capsys.readouterr().err


def test_think_sets_the_experts_time_and_is_reported(capsys):
    code, out = run(capsys, "tournament", "--bots", "expert,random,random", "--games", "1",
                    "--seed", "2", "--think", "0.25", "--json")
    summary = json.loads(out.out.strip().splitlines()[-1])
    assert code == 0 and summary["think"] == 0.25
    expert = summary["by_players"]["3"]["per_bot"]["expert"]
    assert expert["searched_decisions"] > 0
