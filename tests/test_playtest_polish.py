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
from urland.ui.table import table_overlays
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


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=lambda s: "x".join(map(str, s)))
def test_the_italian_chat_hint_is_read_whole_at_130_percent_text(size, monkeypatch):
    """Defect 18: an online table in Italian with text at 130 %: the chat's hint is drawn
    whole ("Scrivi qualcosa, Invio per inviare", not "Scrivi qualcosa, Invio pe"), in its
    field, and nothing of the chat overflows."""
    from hosting_steps import until

    from urland.net import hosting
    from urland.net.hosting import HostedGame, join_here
    from urland.table.remote import RemoteTable
    from urland.texts import i18n
    from urland.ui import text as text_ui

    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")
    i18n.set_language("it")
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    door = RemoteTable(join_here(game, None))
    app = App(Settings(animation_speed="instant", ai_pause="none", text_size=130), size=size)
    try:
        table = app.show("online_table", door=door)
        def drawn_alone():  # a dialog the host answers first (the chip choice) closed
            for scene in app.scenes[1:]:
                app.remove(scene)
            return app.scene is table and table.chat.field.rect.width > 0

        until(drawn_alone, app)
        watch = text_ui.start_watching()
        frames(app, 3)
        hint = "Scrivi qualcosa, Invio per inviare"
        assert hint in watch.seen
        drawn = [d for d in watch.frame if d.what == hint]
        text_ui.end_frame()
        assert drawn and table.chat.field.rect.contains(drawn[0].rect)
        assert hint not in watch.overflows and not [o for o in watch.overflows if "Invio" in o]
    finally:
        text_ui.stop_watching()
        i18n.set_language("en")
        door.leave()
        game.close()
        pygame.quit()


def drawn_heights(size, text_size, names):
    """The height of each of `names` as drawn in the player rows, and of a log line, at a
    four-player table of `size` with text at `text_size` %."""
    from urland.ui import text as text_ui

    app = App(Settings(animation_speed="instant", ai_pause="none", text_size=text_size),
              size=size)
    seats = [Seat(n, c, k) for n, c, k in zip(names, (4, 0, 3, 1),
                                              ("human", "easy", "easy", "easy"), strict=True)]
    table = app.show("table", session=Session.new(seats, 5, None))
    frames(app, 3)
    watch = text_ui.start_watching()
    try:
        table.panel._cache = None
        app.draw()
        rows = {d.what: d.rect.height for d in watch.frame if d.what in names}
        text_ui.end_frame()
    finally:
        text_ui.stop_watching()
    log_px = table.log._wrap[1]
    pygame.quit()
    return rows, log_px


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=lambda s: "x".join(map(str, s)))
def test_a_larger_text_size_shows_in_the_log(size):
    """Defect 18: four players, text at 130 % instead of 100 %: the log's lines are drawn at
    least 15 % larger, on the smallest window too (not left at the smallest type)."""
    names = ("Anna", "Ben", "Cleo", "Dan")
    _rows, log = drawn_heights(size, 100, names)
    _larger_rows, larger_log = drawn_heights(size, 130, names)
    assert larger_log >= 1.15 * log


def test_a_hot_seat_scoring_plays_on_the_open_table_before_the_next_curtain(slow_app):
    """Defect 21: hot-seat, three players at this screen; Anna ends the turn and a region
    is scored. Every beat of that show (the chip revealed, the region's caption, the
    markers) plays on the table for all to see; the curtain for the next secret comes only
    once the show is over."""
    session = Session.new([Seat("Anna", 4, "human"), Seat("Ben", 0, "human"),
                           Seat("Cleo", 3, "human")], 5, None)
    game, pick = session.game, random.Random(1)
    while True:
        move = random_move(game.legal_options(), pick)
        if any(e.kind == "score" for e in copy.deepcopy(game).play(move)):
            break
        game.play(move)
    table = slow_app.show("table", session=session)
    table.flow.looks, table.flow.unlocked = [], game.state.actor
    frames(slow_app, 2)
    slow_app.scenes = [table]
    table.submit(move)
    captions = []
    while table.show.busy:
        assert slow_app.scene is table, slow_app.scene.name  # nothing covers the show
        if table.show.callout and table.show.callout not in captions:
            captions.append(table.show.callout)
        slow_app.step(0.05)
    assert any("scored" in c for c in captions)
    frames(slow_app, 3)
    assert slow_app.scene.name == "handover"
