"""Saves: (seed, options, moves) in versioned YAML, written atomically, read with clear errors."""

import random

import pytest
import yaml

from urland.bots.random_bot import random_move
from urland.engine import Game, SaveError
from urland.engine.save import dumps, load_game, loads, save_game


def played(seed=3, players=4, moves=80):
    g = Game.new(seed, players)
    r = random.Random(seed)
    while not g.over and len(g.moves) < moves:
        g.play(random_move(g.legal_options(), r))
    return g


def test_save_and_load_give_the_identical_game(tmp_path):
    g = played()
    path = tmp_path / "game.yaml"
    save_game(g, path, meta={"names": ["Anna", "Ben", "Cleo", "Dan"]})
    loaded, meta = load_game(path)
    assert loaded.state.key() == g.state.key()
    assert loaded.notation() == g.notation()
    assert meta == {"names": ["Anna", "Ben", "Cleo", "Dan"]}
    assert dumps(loaded, meta) == path.read_text()


def test_a_whole_game_replays_to_the_same_final_position():
    g = played(seed=8, players=5, moves=10_000)
    assert g.over
    again, _ = loads(dumps(g))
    assert again.state.key() == g.state.key() and again.state.winner == g.state.winner


def test_the_save_format_is_readable_yaml():
    g = played(moves=5)
    doc = yaml.safe_load(dumps(g))
    assert doc["format"] == "urland-save" and doc["version"] == 1
    assert doc["seed"] == 3 and doc["players"] == 4 and doc["colours"] == [0, 1, 2, 3]
    assert doc["moves"][0].startswith("chip ")


def test_corrupt_save_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("format: urland-save\nversion: 1\nseed: [unclosed\n")
    with pytest.raises(SaveError, match=r"bad\.yaml: damaged"):
        load_game(path)


def test_truncated_save_is_a_clear_error(tmp_path):
    text = dumps(played())
    path = tmp_path / "cut.yaml"
    path.write_text(text[: text.index("moves:")])
    with pytest.raises(SaveError, match="truncated"):
        load_game(path)


def test_a_save_cut_inside_a_move_names_the_move():
    text = dumps(played())
    cut = text[: text.rindex("- ") + 4]  # the last move loses its tail
    with pytest.raises(SaveError, match=r"move \d+"):
        loads(cut)


def test_future_version_is_refused_with_an_explanation():
    text = dumps(played(moves=3)).replace("version: 1", "version: 7")
    with pytest.raises(SaveError, match="newer version of Urland"):
        loads(text)


def test_not_a_save_and_missing_file_are_clear_errors(tmp_path):
    with pytest.raises(SaveError, match="not an Urland save"):
        loads("hello: world\n")
    with pytest.raises(SaveError, match="no such save"):
        load_game(tmp_path / "missing.yaml")
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError):
        load_game(path)


def test_an_illegal_move_in_a_save_is_refused_with_its_number():
    text = dumps(played(moves=3))
    doc = yaml.safe_load(text)
    doc["moves"].insert(1, "bid 99")
    with pytest.raises(SaveError, match="move 2 \\('bid 99'\\)"):
        loads(yaml.safe_dump(doc))


def test_saving_replaces_the_file_atomically_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "game.yaml"
    save_game(played(moves=5), path)
    save_game(played(moves=9), path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]
    assert len(load_game(path)[0].moves) == 9


def test_a_failed_write_keeps_the_old_save(tmp_path, monkeypatch):
    import os

    path = tmp_path / "game.yaml"
    save_game(played(moves=5), path)
    before = path.read_text()

    def broken(*_a, **_k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        save_game(played(moves=9), path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]
