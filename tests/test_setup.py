"""Set-up, rules section 3: all eight steps for 3, 4 and 5 players."""

import pytest

from urland.engine import Game, new_game
from urland.engine.state import CHIP, PANIC


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_each_colour_has_28_ichtos_in_the_rulebook_places(players, seed):
    s = new_game(seed, players)
    per_chip = 3 if players == 3 else 2
    received = 2
    for seat in range(players):
        oceans = sum(s.count(o, seat) for o in s.board.ocean_areas)
        assert oceans == 15
        assert s.on_land(seat) == per_chip + received
        assert s.reserve[seat] == (7 if players == 3 else 8)
        assert oceans + s.on_land(seat) + s.reserve[seat] + 1 == 28  # 1: the score marker


@pytest.mark.parametrize("players", [3, 4, 5])
def test_double_turn_chips(players):
    assert new_game(1, players).double_chips == [1 if players == 3 else 2] * players


@pytest.mark.parametrize("seed", range(8))
def test_one_volcano_erupts_at_set_up_and_its_chip_leaves(seed):
    s = new_game(seed, 4)
    assert s.volcanoes == 1
    assert len(s.out_chips) == 1
    gone = s.chip_area(s.out_chips[0])
    assert s.root(gone) == s.root(s.board.volcano_bridge[gone]) != gone


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(5))
def test_markers_start_player_on_1_then_counter_clockwise(players, seed):
    s = new_game(seed, players)
    start = s.env
    for k in range(players):
        assert s.track[(start - k) % players] == k + 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_start_player_holds_three_chips_and_pile_has_panic(players):
    s = new_game(3, players)
    assert s.phase == CHIP and s.actor == s.env
    assert len(s.hand) == 3
    assert PANIC in s.pile and len(s.pile) == 9  # 11 region chips - 3 drawn + Panic
    assert all(s.seen[c] == 1 << s.env for c in s.hand)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_start_player_was_dealt_the_highest_chip_and_each_neighbour_got_one(players, seed):
    g = Game.new(seed, players)
    dealt = {e.data["seat"]: e.data["chips"] for e in g.log if e.kind == "setup_deal"}
    passes = {e.data["seat"]: e.data for e in g.log if e.kind == "setup_pass"}
    assert g.state.env == max(dealt, key=lambda seat: max(dealt[seat]))
    for seat, chips in dealt.items():
        given = {passes[seat]["left"], passes[seat]["right"]}
        assert given <= set(chips) and len(given) == 2


def test_three_players_play_without_stinkglands_and_muscles():
    for seed in range(10):
        s = new_game(seed, 3)
        genes = set(s.display) | set(s.deck)
        assert not genes & {"stinkglands", "muscles"}
        assert len(s.display) == 3 and len(genes) == 9


def test_four_genes_on_display_with_four_or_five_players():
    assert len(new_game(0, 4).display) == 4
    assert len(new_game(0, 5).display) == 4
    assert len(new_game(0, 5).deck) == 7


def test_same_seed_same_game_other_seed_other_game():
    assert new_game(42, 4).key() == new_game(42, 4).key()
    assert new_game(42, 4).key() != new_game(43, 4).key()


def test_bad_player_count_is_refused():
    with pytest.raises(ValueError, match="3, 4 or 5"):
        new_game(1, 6)
