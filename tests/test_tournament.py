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


def test_think_sets_the_experts_time_and_is_reported(capsys, monkeypatch):
    # How much the expert compares in 0.02 s depends on the machine; what --think decides is
    # the budget each expert is made with, and the report naming it.
    from urland.bots import registry

    budgets = []
    made = registry.make_bot

    def spy(name, seed, seconds=None):
        bot = made(name, seed, seconds)
        budgets.append((name, getattr(bot, "seconds", None)))
        return bot

    monkeypatch.setattr("urland.tools.tournament.make_bot", spy)
    code, out = run(capsys, "tournament", "--bots", "expert,random,random", "--games", "1",
                    "--seed", "2", "--think", "0.02", "--json")
    summary = json.loads(out.out.strip().splitlines()[-1])
    assert code == 0 and summary["think"] == 0.02
    assert ("expert", 0.02) in budgets
    assert summary["by_players"]["3"]["per_bot"]["expert"]["decisions"] > 0


def _game(seed, subject_seat, seats, track):
    return {"players": len(seats), "seed": seed, "subject_seat": subject_seat, "seats": seats,
            "winner": track.index(max(track)), "track": track}


def test_paired_report_compares_the_first_seat_on_the_same_deals_only():
    from urland.tools.paired import compare

    a = [_game(11, 0, ["expert", "hard", "hard"], [30, 20, 25]),   # margin +5, a win
         _game(12, 1, ["hard", "expert", "hard"], [18, 22, 30]),   # margin -8
         _game(13, 2, ["hard", "hard", "expert"], [20, 20, 21])]   # not dealt in b
    b = [_game(11, 0, ["hard", "hard", "hard"], [24, 20, 25]),     # margin -1
         _game(12, 1, ["hard", "hard", "hard"], [18, 16, 30])]     # margin -14
    three = compare(a, b)["3"]
    assert three["pairs"] == 2 and three["bot_a"] == "expert" and three["bot_b"] == "hard"
    assert three["wins_a"] == 1 and three["wins_b"] == 0
    assert three["margin_a"] == -1.5 and three["margin_b"] == -7.5
    assert three["difference"] == 6.0 and three["standard_error"] == 0.0


def test_tournament_logs_each_game_and_pairs_two_runs(capsys, tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run(capsys, "tournament", "--bots", "medium,random", "--players", "3", "--games", "3",
        "--seed", "8", "--log", str(a))
    run(capsys, "tournament", "--bots", "random", "--players", "3", "--games", "3",
        "--seed", "8", "--log", str(b))
    games = [json.loads(line) for line in a.read_text().splitlines()]
    assert [g["subject_seat"] for g in games] == [0, 1, 2]
    assert all(g["seats"][g["subject_seat"]] == "medium" for g in games)
    assert all(len(g["seat_times"]) == 3 and all(g["seat_times"]) for g in games)
    code, out = run(capsys, "tournament", "--report", str(a), str(b), "--json")
    report = json.loads(out.out)["paired"]
    assert code == 0 and report["3"]["pairs"] == 3
    assert report["3"]["bot_a"] == "medium" and report["3"]["bot_b"] == "random"


def test_paired_report_of_a_damaged_log_says_which_line(capsys, tmp_path):
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_text(json.dumps(_game(1, 0, ["a", "b", "c"], [3, 2, 1])) + "\n")
    bad.write_text(json.dumps(_game(1, 0, ["a", "b", "c"], [3, 2, 1])) + "\n{not json\n")
    with pytest.raises(SystemExit):
        main(["tournament", "--report", str(good), str(bad)])
    assert "bad.jsonl, line 2: not a game of a tournament log" in capsys.readouterr().err


def test_paired_report_refuses_a_log_holding_a_game_twice(capsys, tmp_path):
    twice = tmp_path / "twice.jsonl"
    line = json.dumps(_game(1, 0, ["a", "b", "c"], [3, 2, 1]))
    twice.write_text(line + "\n" + line + "\n")
    with pytest.raises(SystemExit):
        main(["tournament", "--report", str(twice), str(twice)])
    assert "twice.jsonl, line 2: the game of line 1 again" in capsys.readouterr().err


def test_a_paired_run_plays_each_deal_with_either_bot_in_the_seat_under_test(capsys, tmp_path):
    log = tmp_path / "pairs.jsonl"
    code, out = run(capsys, "tournament", "--paired", "medium", "random", "--bots", "easy",
                    "--players", "3", "--games", "4", "--seed", "6", "--log", str(log), "--json")
    games = [json.loads(line) for line in log.read_text().splitlines()]
    a = [g for g in games if g["side"] == "A"]
    b = [g for g in games if g["side"] == "B"]
    assert code == 0 and len(a) == len(b) == 4
    # The same deals, the seat under test rotated 0, 1, 2, 0, the others easy bots on both sides
    assert [g["seed"] for g in a] == [g["seed"] for g in b]
    assert [g["subject_seat"] for g in a] == [g["subject_seat"] for g in b] == [0, 1, 2, 0]
    for x, y in zip(a, b, strict=True):
        seat = x["subject_seat"]
        assert x["seats"][seat] == "medium" and y["seats"][seat] == "random"
        assert [s for i, s in enumerate(x["seats"]) if i != seat] == ["easy", "easy"]
        assert [s for i, s in enumerate(y["seats"]) if i != seat] == ["easy", "easy"]
    summary = json.loads(out.out.strip().splitlines()[-1])
    three = summary["by_players"]["3"]
    assert summary["paired"] == ["medium", "random"] and summary["seed_set"] == "tuning"
    assert three["pairs"] == 4
    assert three["wins_a"] == sum(g["winner"] == g["subject_seat"] for g in a)
    # read back, the log gives the same comparison
    code, back = run(capsys, "tournament", "--report", str(log), "--json")
    assert json.loads(back.out)["paired"] == summary["by_players"]


def test_the_same_bot_on_both_sides_plays_the_same_games(capsys, tmp_path):
    # The other seats keep their seeds from one side to the other: with the same bot in the
    # seat under test, every game is played move for move alike and nothing differs.
    log = tmp_path / "same.jsonl"
    run(capsys, "tournament", "--paired", "easy", "easy", "--bots", "random", "--players", "4",
        "--games", "4", "--seed", "3", "--log", str(log))
    games = [json.loads(line) for line in log.read_text().splitlines()]
    a = [g["track"] for g in games if g["side"] == "A"]
    b = [g["track"] for g in games if g["side"] == "B"]
    assert a == b and len(a) == 4


def _logged(seed, subject_seat, seats, track, side, times, run_seed=1_000_007):
    line = _game(seed, subject_seat, seats, track)
    line.update(side=side, seat_times=times, run_seed=run_seed,
                seed_set="fresh" if run_seed >= 1_000_000 else "tuning")
    return json.dumps(line)


def test_the_report_of_a_written_log_does_the_arithmetic(capsys, tmp_path):
    log = tmp_path / "written.jsonl"
    quick, slow = [0.1] * 19 + [2.0], [0.5]
    log.write_text("\n".join([
        _logged(1, 0, ["expert", "hard", "hard"], [30, 20, 25], "A", [quick, slow, slow]),
        _logged(2, 1, ["hard", "expert", "hard"], [18, 22, 30], "A", [slow, quick, slow]),
        _logged(1, 0, ["hard", "hard", "hard"], [24, 20, 25], "B", [slow, slow, slow]),
        _logged(2, 1, ["hard", "hard", "hard"], [18, 16, 30], "B", [slow, slow, slow]),
    ]) + "\n")
    code, out = run(capsys, "tournament", "--report", str(log), "--json")
    found = json.loads(out.out)
    assert code == 0 and found["seeds"] == "seeds: fresh (--seed 1000007)"
    expert = found["tables"]["3 A"]["per_bot"]["expert"]
    assert expert["wins"] == 1 and expert["win_rate"] == 0.5
    assert expert["ci95"] == [pytest.approx(0.0945, abs=1e-4), pytest.approx(0.9055, abs=1e-4)]
    assert expert["mean_score"] == 26.0
    assert expert["decisions"] == 40 and expert["p95_decision_seconds"] == 0.1
    assert expert["max_decision_seconds"] == 2.0
    three = found["paired"]["3"]
    # scores 30 and 22 against 24 and 16: +6 both times; margins +5, -8 against -1, -14
    assert three["score_difference"] == {"mean": 6.0, "standard_error": 0.0, "ci95": [6.0, 6.0]}
    assert three["margin_difference"]["mean"] == 6.0
    # wins: 1 and 0 against 0 and 0: +0.5 +- 0.5, the interval kept within [-1, 1]
    assert three["win_difference"] == {"mean": 0.5, "standard_error": 0.5, "ci95": [-0.48, 1.0]}
    text = run(capsys, "tournament", "--report", str(log))[1].out
    assert "seeds: fresh" in text and "win share +50.0% +- 50.0%" in text


def test_a_tuning_seed_is_never_called_fresh(capsys, tmp_path):
    with pytest.raises(SystemExit):
        main(["tournament", "--bots", "easy,random,random", "--games", "1", "--seed", "9",
              "--seed-set", "fresh"])
    assert "seed 9 is kept for tuning: fresh seeds are 1,000,000 and above" in \
        capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["tournament", "--bots", "easy,random,random", "--games", "1",
              "--seed", "1000001", "--seed-set", "tuning"])
    assert "seed 1000001 is a fresh seed" in capsys.readouterr().err
    claimed = tmp_path / "claimed.jsonl"  # a log edited to call a tuning seed's games fresh
    line = json.loads(_logged(1, 0, ["a", "b", "c"], [3, 2, 1], "A", [[], [], []], run_seed=9))
    line["seed_set"] = "fresh"
    claimed.write_text(json.dumps(line) + "\n")
    with pytest.raises(SystemExit):
        main(["tournament", "--report", str(claimed)])
    assert "calls its games fresh, but seed 9 is kept for tuning" in capsys.readouterr().err
