"""Saves: (seed, options, moves) in versioned YAML, sealed while the game goes on, written
atomically and flushed, read with clear errors; version 1 files still load."""

import random
from pathlib import Path

import pytest
import yaml

from urland.bots.random_bot import random_move
from urland.engine import Game, NewerSaveError, SaveError
from urland.engine.save import dumps, load_game, loads, save_game, seal, unseal

SAVES = Path(__file__).parent / "saves"


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


def test_a_finished_game_is_saved_as_plain_readable_yaml():
    g = played(seed=8, players=5, moves=10_000)
    doc = yaml.safe_load(dumps(g))
    assert doc["format"] == "urland-save" and doc["version"] == 4
    assert doc["seed"] == 8 and doc["players"] == 5 and doc["colours"] == [0, 1, 2, 3, 4]
    assert doc["moves"] == g.notation() and doc["moves"][0].startswith("chip ")
    assert doc["end"] == len(g.moves) and "sealed" not in doc
    assert dumps(g).rstrip().endswith(f"end: {len(g.moves)}")


def test_an_unfinished_game_seals_its_seed_and_moves():
    g = played(seed=3, moves=40)
    text = dumps(g)
    doc = yaml.safe_load(text)
    assert "seed" not in doc and "moves" not in doc and doc["end"] == 40
    assert unseal(doc["sealed"], "x") == (3, g.notation())
    assert "chip " not in text and "bid " not in text


def test_a_version_1_save_still_loads(tmp_path):
    """tests/saves/version1.yaml was written by format 1 during an auction (bids in plain)."""
    game, meta = load_game(SAVES / "version1.yaml")
    doc = yaml.safe_load((SAVES / "version1.yaml").read_text())
    # format 1 comes from before turns waited for "end" after the last action: the ends the
    # rules now ask for are played where the old turn ended by itself
    ends = [i for i, m in enumerate(game.notation()) if m == "end"]
    assert [m for m in game.notation() if m != "end"] == [m for m in doc["moves"] if m != "end"]
    assert len(game.moves) == 40 + len(ends) - doc["moves"].count("end")
    assert game.seed == 2001 and game.state.phase == "bid"
    assert game.options.resolved_colours() == (4, 0, 3, 1)
    assert [s["name"] for s in meta["seats"]] == ["Anna", "Ben", "Cleo", "Dan"]
    resaved = dumps(game, meta)
    assert "version: 4" in resaved and "bid " not in resaved
    assert loads(resaved)[0].state.key() == game.state.key()


def test_corrupt_save_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("format: urland-save\nversion: 1\nseed: [unclosed\n")
    with pytest.raises(SaveError, match=r"bad\.yaml: damaged"):
        load_game(path)


def test_truncated_save_is_a_clear_error(tmp_path):
    text = dumps(played())
    path = tmp_path / "cut.yaml"
    path.write_text(text[: text.index("sealed:")])
    with pytest.raises(SaveError, match="truncated"):
        load_game(path)


@pytest.mark.parametrize("over", [False, True])
def test_a_save_cut_at_any_line_boundary_is_refused_never_loaded_as_an_earlier_position(over):
    g = played(seed=4, players=3, moves=10_000 if over else 60)
    lines = dumps(g).splitlines(keepends=True)
    for n in range(1, len(lines)):
        with pytest.raises(SaveError, match=r"damaged|truncated|not an Urland save"):
            loads("".join(lines[:n]), "cut.yaml")


def test_a_closing_line_that_disagrees_with_the_moves_is_refused():
    text = dumps(played(moves=30)).replace("end: 30", "end: 29")
    with pytest.raises(SaveError, match=r"truncated .*30 moves"):
        loads(text)


def test_a_version_1_save_cut_inside_a_move_names_the_move():
    text = (SAVES / "version1.yaml").read_text()
    cut = text[: text.rindex("- ") + 4]  # the last move loses its tail
    with pytest.raises(SaveError, match=r"move \d+"):
        loads(cut)


def test_future_version_is_refused_with_an_explanation():
    text = dumps(played(moves=3)).replace("version: 4", "version: 7")
    with pytest.raises(NewerSaveError, match="newer version of Urland"):
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
    g = played(moves=3)
    doc = yaml.safe_load(dumps(g))
    seed, moves = unseal(doc["sealed"], "x")
    moves.insert(1, "bid 99")
    doc["sealed"], doc["end"] = seal(seed, moves), len(moves)
    # a sealed save names only the move's number: the move could show a bid or a chip
    with pytest.raises(SaveError) as refused:
        loads(yaml.safe_dump(doc))
    assert str(refused.value) == "save: damaged (move 2 cannot be replayed)."
    v1 = (SAVES / "version1.yaml").read_text().replace("- chip 7", "- chip 77")
    with pytest.raises(SaveError, match="move 1 \\('chip 77'\\)"):
        loads(v1)


def test_a_damaged_sealed_record_is_a_clear_error():
    text = dumps(played(moves=20))
    line = text.split("sealed:\n")[1].splitlines()[0]  # the first line of the record
    broken = text.replace(line, "- " + line[2:][::-1])
    with pytest.raises(SaveError, match="sealed record cannot be read"):
        loads(broken)


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


def test_the_folder_is_flushed_after_the_rename(tmp_path, monkeypatch):
    import os
    import stat

    steps = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        steps.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(a, b):
        steps.append("rename")
        real_replace(a, b)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    save_game(played(moves=5), tmp_path / "game.yaml")
    assert steps == ["fsync file", "rename", "fsync folder"]
