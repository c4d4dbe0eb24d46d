"""The board as data: assets/board.yaml and the checks made when it is loaded."""

import pytest
import yaml

from urland.engine import BoardError, load_board, standard_board
from urland.resources import asset_path


def test_standard_board_matches_rules_section_2():
    b = standard_board()
    assert b.n_regions == 12 and b.n_oceans == 5
    continents = {}
    for number, cont in zip(b.region_numbers, b.region_continents, strict=True):
        continents.setdefault(cont, []).append(number)
    assert sorted(len(v) for v in continents.values()) == [3, 4, 5]
    assert b.volcano_bridge[b.parse_area("11")] == b.parse_area("10")
    assert [b.area_name(o) for o in b.region_oceans[b.parse_area("1")]] == ["O1", "O2"]
    o5 = b.parse_area("O5") - b.n_regions
    assert sorted(b.area_name(o) for o in b.ocean_neighbours[o5]) == ["O1", "O2", "O3", "O4"]
    assert b.mutation_spaces == (12, 16, 21) and b.end_threshold == 30


def _write(tmp_path, mutate):
    data = yaml.safe_load(asset_path("board.yaml").read_text())
    mutate(data)
    path = tmp_path / "myboard.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_unknown_ocean_names_file_and_region(tmp_path):
    path = _write(tmp_path, lambda d: d["regions"][4].update(oceans=["O2", "O9"]))
    with pytest.raises(BoardError, match=r"myboard\.yaml: region 5: unknown ocean 'O9'"):
        load_board(path)


def test_one_sided_strait_names_both_regions(tmp_path):
    path = _write(tmp_path, lambda d: d["regions"][0].update(straits=[2, 3]))
    with pytest.raises(BoardError,
                       match=r"myboard\.yaml: region 1: strait to region 3 is one-sided"):
        load_board(path)


def test_one_sided_ocean_neighbour(tmp_path):
    path = _write(tmp_path, lambda d: d["oceans"][0].update(neighbours=["O2", "O3", "O4", "O5"]))
    with pytest.raises(BoardError, match="ocean O1: neighbour O3 is one-sided"):
        load_board(path)


def test_missing_field_is_named(tmp_path):
    path = _write(tmp_path, lambda d: d["regions"][6].pop("volcano_bridge"))
    with pytest.raises(BoardError, match="region 7: missing field 'volcano_bridge'"):
        load_board(path)


def test_volcano_bridge_must_cross_a_strait(tmp_path):
    path = _write(tmp_path, lambda d: d["regions"][6].update(volcano_bridge=4))
    with pytest.raises(BoardError, match="region 7: volcano_bridge 4 is not one of its strait"):
        load_board(path)


def test_not_yaml_and_missing_file(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("regions: [unclosed\n")
    with pytest.raises(BoardError, match=r"broken\.yaml: damaged \(not valid YAML"):
        load_board(path)
    with pytest.raises(BoardError, match=r"nothere\.yaml: no such file"):
        load_board(tmp_path / "nothere.yaml")


def test_yaml_tags_are_not_executed(tmp_path):
    path = tmp_path / "evil.yaml"
    path.write_text("!!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(BoardError, match="not valid YAML"):
        load_board(path)
