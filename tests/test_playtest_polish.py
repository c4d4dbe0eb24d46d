"""The fourth playtest's remaining polish defects, each in the situation the player met it:
the scoring caption over the region scored (11), the area pop-up over its stack (17), the
Italian chat hint and the text size of the rows and the log (18), the hot-seat curtain over
the scoring (21)."""

from __future__ import annotations

import copy
import random

import pygame
import pytest
from test_scenes import frames

from urland.app import App
from urland.bots.random_bot import random_move
from urland.table.session import Seat, Session
from urland.ui import table_overlays
from urland.userfiles.settings import Settings


@pytest.fixture
def slow_app():
    """The window with animations Slow, as the player had them."""
    window = App(Settings(animation_speed="slow", ai_pause="none"), size=(1280, 720))
    yield window
    pygame.quit()


def before_a_scoring_of(regions: set[str], seed: int = 5):
    """A three-player session (random play from `seed`) whose next move ends a turn that
    scores one of `regions` (board numbers) and has a marker jump another; the session, the move and
    the area scored."""
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], seed, None)
    game, pick = session.game, random.Random(1)
    board = game.board
    for _ in range(2000):
        move = random_move(game.legal_options(), pick)
        events = copy.deepcopy(game).play(move)
        scored = [e.data["region"] for e in events if e.kind == "score"
                  and str(board.region_numbers[e.data["region"]]) in regions]
        if scored and any(e.kind == "track" and e.data.get("jumped", 0) > 0
                          for e in events):
            return session, move, scored[0]
        game.play(move)
        if game.over:
            break
    raise AssertionError("no such scoring in this game")


@pytest.mark.parametrize("seed", [5, 13])
def test_the_scoring_caption_never_covers_a_west_region_while_it_is_scored(slow_app,
                                                                           monkeypatch, seed):
    """Defect 11: region 2, in the west, is scored and a marker jumps another: while its
    caption and the markers' hops play, the caption's box lies over no part of that region
    (its outline and its centre as drawn)."""
    session, move, region = before_a_scoring_of({"2"}, seed)
    table = slow_app.show("table", session=session)
    table.flow.looks = []
    frames(slow_app, 2)
    slow_app.scenes = [table]
    boxes = []
    draw = table_overlays.draw_callout
    monkeypatch.setattr(table_overlays, "draw_callout",
                        lambda *a, **k: boxes.append((a[3], draw(*a, **k))) or boxes[-1][1])
    table.submit(move)
    view = table.board_view
    outline = [view.to_screen(p) for p in view.geo.region_outlines[region]]
    outline.append(view.to_screen(view.anchor(region)))
    about, scoring = 0, False
    while table.show.busy:
        beat = table.show.beats[0]  # the scoring's caption, then the markers' hops
        marked = region in table.show.spots(table.shown.state)
        scoring = marked or (scoring and beat.marker is not None)
        boxes.clear()
        slow_app.draw()
        for text, box in boxes:
            if scoring:
                about += 1
                assert not any(box.collidepoint(p) for p in outline), text
        table.show.update(0.1)
        table.update(0.0)
    assert about > 0  # the scoring's captions were seen


def test_the_area_menu_opens_beside_the_stacks_it_is_about(app):
    """Defect 17: clicking an area with Ichtos in it opens its menu beside them, not over
    them: every stack drawn there stays in view, and the menu is on the board."""
    from test_scenes import area_point, click, solo_table, stack_point

    table, session = solo_table(app)
    state = session.game.state
    for name in ("O5", "O1", "O2", "O3", "O4"):
        area = state.board.parse_area(name)
        seats = [s for s in range(state.n) if state.count(area, s)]
        click(app, area_point(table, name))
        menu = table.gestures.menu
        if menu is None:
            continue
        frames(app, 1)
        for seat in seats:
            assert not menu.rect.collidepoint(stack_point(table, name, seat)), (name, seat)
        assert table.board_view.rect.contains(menu.rect)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        frames(app, 2)
        assert table.gestures.menu is None
