"""The board's art: painted once per size and reused, alive without redrawing the map, and the
sprite files are exactly what their script draws."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from urland.engine import standard_board
from urland.table.session import Seat, Session
from urland.ui import art
from urland.ui.board import terrain, ticker
from urland.ui.board.board_view import BoardView
from urland.ui.caches import clear_caches
from urland.ui.theme import PLAYER_COLOURS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def screen():
    pygame.init()
    clear_caches()  # fonts and sprites of an earlier window died with it
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()


def a_game_state(seed=11):
    seats = [Seat("Anna", 4, "medium"), Seat("Ben", 0, "medium"), Seat("Cleo", 3, "medium")]
    return Session.new(seats, seed, None).game.state


def test_the_map_is_painted_once_per_size_and_shared(screen, monkeypatch):
    painted = []
    real = terrain._paint
    monkeypatch.setattr(terrain, "_paint", lambda geo, size: painted.append(size) or real(
        geo, size))
    terrain.clear_cache()
    board = standard_board()
    first, second = BoardView(board), BoardView(board)
    first.layout(pygame.Rect(0, 0, 900, 700))
    second.layout(pygame.Rect(40, 10, 900, 700))  # same size elsewhere: the same painting
    first.layout(pygame.Rect(0, 0, 900, 700))
    assert len(painted) == 1
    first.layout(pygame.Rect(0, 0, 600, 500))  # a new window size paints once more
    assert len(painted) == 2
    assert painted[0] != painted[1]


def test_a_quiet_board_redraws_only_the_moving_sea_over_cached_layers(screen):
    state = a_game_state()
    view = BoardView(state.board)
    view.layout(screen.get_rect().inflate(-300, -40))
    view.draw(screen, state)
    static, pieces = view.static, view._quiet[1]
    before = pygame.image.tobytes(screen.subsurface(view.rect), "RGB")
    for _ in range(30):
        ticker.advance(1 / 30)
        view.draw(screen, state)
    assert view.static is static and view._quiet[1] is pieces  # nothing was redrawn
    assert pygame.image.tobytes(screen.subsurface(view.rect), "RGB") != before  # waves moved
    view.animate = False  # a still picture: two frames at different times are identical
    view.draw(screen, state)
    still = pygame.image.tobytes(screen.subsurface(view.rect), "RGB")
    ticker.advance(1.0)
    view.draw(screen, state)
    assert pygame.image.tobytes(screen.subsurface(view.rect), "RGB") == still


def test_a_new_eruption_throws_up_ash_then_settles(screen):
    state = a_game_state()
    view = BoardView(state.board)
    view.layout(screen.get_rect())
    view.draw(screen, state)
    assert view.volcanoes.bursts == {}  # what had erupted before the board was shown: no show
    after = state.clone()
    region = next(r for r in range(state.board.n_regions)
                  if state.board.region_numbers[r] not in state.out_chips)
    after.out_chips = [*after.out_chips, state.board.region_numbers[region]]
    view.draw(screen, after)
    assert set(view.volcanoes.bursts) == {region}
    ticker.advance(5.0)
    view.draw(screen, after)
    assert view.volcanoes.bursts == {}


def test_ichto_patterns_tell_the_colours_apart_without_colour(screen, monkeypatch):
    """Painted all in the same grey with the same ink, the five Ichtos still differ: each
    colour has its own pattern."""
    monkeypatch.setattr(art, "PLAYER_COLOURS", (PLAYER_COLOURS[2],) * 5)
    monkeypatch.setattr(art, "PLAYER_INK", ((40, 40, 40),) * 5)
    art.ichto.cache_clear()
    try:
        images = {pygame.image.tobytes(art.ichto(colour, 64), "RGBA") for colour in range(5)}
    finally:
        art.ichto.cache_clear()
    assert len(images) == 5


def test_the_sprite_script_draws_exactly_the_files_in_the_repository(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "make_sprites.py"), "--out",
                           str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    assert made == sorted(p.name for p in (ROOT / "assets" / "sprites").glob("*.png"))
    pygame.init()
    try:
        for name in made:
            ours = pygame.image.load(str(tmp_path / name))
            kept = pygame.image.load(str(ROOT / "assets" / "sprites" / name))
            assert ours.get_size() == kept.get_size()
            assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(kept, "RGBA"), name
    finally:
        pygame.quit()
