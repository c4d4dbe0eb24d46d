"""Helpers for the language tests: a whole game played by the autoplay App, headless, and every
other scene opened once, while urland.ui.text watches what is drawn."""

from __future__ import annotations

import pygame

from urland.app import App, AutoplayOptions
from urland.bots.registry import make_bot
from urland.table.session import Seat, Session
from urland.table.tutorial import load_script
from urland.ui import text as text_ui
from urland.userfiles.settings import Settings

SEATS = [Seat("Anna", 4, "human"), Seat("Ben", 0, "human"), Seat("Cleo", 3, "human"),
         Seat("Dan", 1, "human")]


SIZES = [(1280, 720), (960, 540)]  # every screen must fit at both
CHAT_SAID = ("good luck everybody, and may the best fish win!", "thanks")  # the host's lines


def autoplayed_game(seed: int = 2, frames: int = 40000, size: tuple[int, int] = SIZES[0]) -> App:
    """The autoplay tour (title, rules, settings, new game) and a whole game to its story."""
    app = App(Settings(), AutoplayOptions(["ai", "ai", "ai"], seed, None, True), size=size)
    app.headless = True
    app.show("title")
    return run_to_the_end(app, frames, "the autoplayed game did not end")


def autoplayed_tutorial(frames: int = 60000, size: tuple[int, int] = SIZES[0]) -> App:
    """Learn to play, every chapter and step, played by the autoplay App."""
    app = App(Settings(), AutoplayOptions([], 0, None, True), size=size)
    app.headless = True
    app.show("tutorial", chapter=0)
    return run_to_the_end(app, frames, "the tutorial did not end")


def run_to_the_end(app: App, frames: int, failure: str) -> App:
    """Step the app at 60 frames a second until it closes itself (at most `frames` frames)."""
    for _ in range(frames):
        app.step(1 / 60)
        text_ui.end_frame()
        if not app.running:
            break
    assert not app.running, failure
    return app


def rules_pages(app: App) -> int:
    """Every rules page and each of its examples, drawn once; how many were drawn."""
    from urland.texts.rules_pages import pages
    from urland.ui.key_map import key_map

    scene = app.open("rules", keys=key_map(app.scene))  # as F1 opens them: with its keys
    drawn = 0
    for page in pages():
        for example in range(max(1, len(page.diagrams))):
            scene.page, scene.example = page, example
            scene.layout()
            _show(app, 2)
            drawn += 1
    app.pop()
    return drawn


def _advance(session: Session, kinds: set[str], limit: int = 3000) -> bool:
    """Play the game on (each seat by an easy bot) until a decision of one of `kinds`."""
    bots = [make_bot("easy", 7 + i) for i in range(len(session.seats))]
    for _ in range(limit):
        d = session.game.decision()
        if d.kind in kinds:
            return True
        if d.over:
            return False
        session.play(bots[d.seat].choose(session.game.view(d.seat)))
    return False


def _show(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)
        text_ui.end_frame()


def _review(app: App, session: Session) -> None:
    """The review page with a few decisions judged quickly, each marked one selected in turn."""
    from urland.records.review import review_for

    review = review_for(session.finished_game, session.humans)
    review.budget = 0.0  # the least time a decision: a look at the page, not a sound review
    while len(review.judged) < min(16, len(review.steps)):  # kept from another language's tour
        review.judge_next()
    page = app.open("review", session=session)
    page.stop()
    _show(app)
    for index in range(len(page.marked())):
        page.select(index)
        _show(app, 1)
    app.pop()


def every_scene(seed: int = 3, size: tuple[int, int] = SIZES[0]) -> list[str]:
    """Open each scene that the autoplayed game does not show, with a four-player hot-seat game
    to answer its decisions; the names of the scenes drawn."""
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    drawn = []

    def look(name: str, **kwargs) -> None:
        app.open(name, **kwargs)
        _show(app)
        drawn.append(name)
        app.pop()

    app.show("title")
    _show(app)
    for name in ("new_game", "rules", "settings", "load_game", "history"):
        look(name)
    script = load_script()
    look("tutorial_chapters", script=script, reached=script.openings()[-1])
    thinking_choices(app)
    drawn += ["new_game", "settings"]
    drawn += ["rules"] * rules_pages(app)
    history = app.open("history")
    history.show_page("stats")
    _show(app)
    drawn.append("history")
    app.pop()
    session = Session.new([Seat(s.name, s.colour, s.kind) for s in SEATS], seed, None)
    table = app.show("table", session=session)
    _show(app)
    look("pause", leave=table.to_title)
    look("confirm", title="?", text="", confirm="", on_confirm=lambda: None)
    for kind, scene in (("choose_chip", "choose_chip"), ("bid", "auction"),
                        ("buy", "auction_buy")):
        if _advance(session, {kind}):
            table = app.show("table", session=session)
            _show(app)
            seat = session.game.decision().seat
            look("handover", table=table, seat=seat, what="your three chips")
            look(scene, table=table, seat=seat)
    if _advance(session, {"action"}):
        table = app.show("table", session=session)
        _show(app)
        table.controls.retreat_dialog()
        _show(app)
        drawn.append(app.scene.name)
    _advance(session, set(), limit=6000)  # on to the end of the game
    if session.game.over:
        look("game_over", session=session, from_history=True)
        replay = app.open("replay", session=session)
        for step in (replay.replay.last // 2, replay.replay.last):
            replay.replay.seek(step)
            _show(app)
        drawn.append("replay")
        _review(app, session)
        drawn.append("review")
    pygame.quit()
    return drawn


def thinking_choices(app: App) -> None:
    """New game with every seat the expert, its thinking time shown at each choice, then
    Settings at each choice of the expert's thinking time."""
    scene = app.open("new_game")
    for row in scene.rows:
        row.kind.index = row.kind.values.index("expert")
        row.kind.label = row.kind.labels[row.kind.index]
    for _ in range(len(scene.rows[0].thinking.values)):
        scene.rows[0].thinking.step(1)
        _show(app)
    app.pop()
    settings = app.open("settings")
    for _ in range(len(settings.thinking.values)):
        settings.thinking.step(1)
        _show(app)
    app.pop()


def lobby_scene(app: App) -> str:
    """The host's lobby of a game hosted from this window: its invitation and seats with both
    friends' seats free, then one friend joined (Start with AI in the free seats), then both
    (Start); cancelled. The name of the scene drawn."""
    from hosting_steps import until

    from urland.net.client import NetClient
    from urland.net.link import NetLink

    seats = [Seat("Anna", 0, "human"), Seat("Ben", 1, "online"), Seat("Cleo", 2, "online"),
             Seat("Dan", 3, "medium")]
    app.show("host", seats=seats, seed=0)
    until(lambda: app.scene.name == "lobby", app)
    lobby = app.scene
    until(lambda: lobby.fill_button.visible, app)
    _show(app)
    friends = []
    try:
        for seat, name in ((1, "Benjamin"), (2, "Cleo")):  # a long name, then a short one
            friends.append(NetLink.open(NetClient(lobby.addresses[-1], lobby.hosted.code, name),
                                        None))
            until(lambda seat=seat: lobby.seat_lines()[seat][1] is False, app)
            _show(app)
        until(lambda: lobby.start_button.enabled, app)
        _show(app)
    finally:
        for friend in friends:
            friend.close()
        lobby.cancel()
    return lobby.name


def online_scenes(size: tuple[int, int] = SIZES[0]) -> list[str]:
    """The host's lobby, the join form (empty, then filled in), and the table of a game joined
    through it with the chat said by the host, muted and unmuted; real games hosted on
    127.0.0.1. The names of the scenes drawn."""
    from hosting_steps import until

    from urland.net.hosting import HostedGame, join_here
    from urland.table.remote import RemoteTable

    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    drawn = [lobby_scene(app)]
    game = HostedGame(["human", "online", "easy"], ["Anna", "Ben", "Cleo"], [0, 1, 2], 0,
                      seed=3, port=0)
    host = RemoteTable(join_here(game, None))
    try:
        app.show("title")
        form = app.open("join")
        _show(app)  # the fields' placeholders
        form.address.text, form.room.text, form.player.text = (
            game.local_address, game.code, "Ben")
        _show(app)
        drawn.append(form.name)
        form.join()
        until(lambda: app.scenes[0].name == "table" or bool(form.problem), app)
        assert app.scenes[0].name == "table", form.problem
        table = app.scenes[0]
        for text in CHAT_SAID:
            host.chat(text)
        until(lambda: len(table.chat.recent) == 2, app)
        for scene in app.scenes[1:]:  # a dialog over the table: the table itself first
            app.remove(scene)
        _show(app)
        table.chat.toggle_mute()
        _show(app)
        table.chat.toggle_mute()
        _show(app)
        drawn.append(table.name)
        table.door.leave()
    finally:
        host.leave()
        game.close()
        pygame.quit()
    return drawn
