"""A hosted game with several seats played at the host's screen (hot-seat) besides online
seats and AI seats, on 127.0.0.1: the screen passes between the host's seats behind the
hand-over curtain, shows only public information between them, and never an online seat's
secret."""

from __future__ import annotations

import threading
import time

import pytest

from urland.bots.registry import make_bot
from urland.engine import Decision, Game
from urland.net import hosting
from urland.net.client import NetClient
from urland.net.hosting import HostedGame, join_here
from urland.net.link import NetLink
from urland.table import flow as turns
from urland.table.remote import RemoteTable

NAMES = ["Anna", "Ben", "Cleo", "Dan"]


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    monkeypatch.setenv("URLAND_DISCOVERY", "0")
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")


def friend_plays(link: NetLink, stop: threading.Event) -> threading.Thread:
    """A friend's client at a distance, played by the easy bot from its own view."""
    bot = make_bot("easy", 11)

    def run() -> None:
        while not stop.is_set() and not link.mirror.over and not link.gone:
            with link.changed:
                seen = link.mirror.view if link.mirror.my_turn else None
            if seen is None:
                time.sleep(0.005)
                continue
            link.play(bot.choose(seen))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_two_here_seats_an_online_friend_and_an_ai_play_to_the_end_behind_curtains():
    game = HostedGame(["human", "human", "online", "easy"], NAMES, [0, 1, 2, 3], [0, 1],
                      seed=7, port=0)
    true = game.room.game  # the server's game: read only while a seat here must decide
    stop = threading.Event()
    friend = NetLink.open(NetClient(game.local_address, game.code, "Cleo"), None)
    friend_thread = friend_plays(friend, stop)
    door = RemoteTable(join_here(game, None))
    flow = turns.TurnFlow(door)
    players = {0: make_bot("random", 3), 1: make_bot("easy", 4)}  # the people here
    curtains, asked, private_asked = [], 0, 0
    unlocked_for, undone, said = None, False, False
    try:
        assert door.now().here == (0, 1) and door.now().shared_screen and door.now().viewer is None
        # However long a busy machine takes: the suite's timeout (pyproject.toml) bounds a hang.
        while True:
            step = flow.next()
            match step:
                case turns.HandOver(seat):
                    curtains.append(seat)
                    unlocked_for = seat
                    flow.handed_over(seat)
                case turns.Ask(seat, kind, _dialog):
                    asked += 1
                    decision = Decision.of(door.view(seat).state)
                    # Nobody else moves while a seat here decides: the server's game holds.
                    assert door.now().settled and true.state.actor == seat
                    # The board shows public information only ...
                    assert door.view() == true.view(None)
                    # ... and each seat here gets exactly its own view, nothing more.
                    for mine in (0, 1):
                        assert door.view(mine) == true.view(mine)
                    if decision.private:
                        private_asked += 1
                        assert unlocked_for == seat, f"{kind} of seat {seat} without its curtain"
                    if seat == 1 and not said:  # the person at the screen now speaks
                        door.chat("my turn")
                        said = True
                    flow.play(players[seat].choose(door.view(seat)))
                    unlocked_for = flow.unlocked
                    if not undone and door.now().can_undo and door.now().decision.seat == seat:
                        played = len(true.moves)  # an action of this seat, taken back
                        assert door.undo() is not None
                        assert len(true.moves) < played and door.view(seat) == true.view(seat)
                        undone = True
                case turns.Look(seat, _dialog, _what, curtain):
                    assert curtain  # a private look at a shared screen: behind the curtain
                    flow.looked()
                case turns.Moved(events):
                    # A secret that reaches this screen belongs to a seat played here.
                    assert all(e.visible_to is None or e.visible_to & ~0b11 == 0
                               for e in events)
                case turns.Over():
                    break
                case _:
                    time.sleep(0.002)
        assert asked > 20 and private_asked >= 2 and {0, 1} <= set(curtains) and undone
        with friend.changed:  # told at each message the friend receives
            friend.changed.wait_for(lambda: friend.mirror.record is not None or friend.gone)
        assert friend.mirror.record is not None, "the friend was never sent the record"
        assert ("Ben", "my turn") in friend.mirror.chat  # said as Ben, not as the first seat
        finished = door.finished().game
        assert finished.notation() == true.notation() == friend.mirror.record.notation()
    finally:
        stop.set()
        friend_thread.join(5)
        friend.close()
        door.leave()
        game.close()


def test_the_hosts_table_hands_the_screen_over_by_name_and_shows_only_public_news(app):
    """At the host's window: a secret decision of a seat here waits behind the curtain that
    names who takes the screen, and the board behind it is the public view."""
    from test_scenes import click, frames, resting_frame

    seed = next(s for s in range(200) if Game.new(s, 3).state.actor in (0, 1))
    game = HostedGame(["human", "human", "online"], NAMES[:3], [0, 1, 2], [0, 1], seed=seed,
                      port=0)
    door = RemoteTable(join_here(game, None))
    try:
        table = app.show("online_table", door=door)
        deadline = time.monotonic() + 20
        while app.scene.name != "handover":
            assert time.monotonic() < deadline, "no hand-over curtain"
            resting_frame(app)
        curtain = app.scene
        first = game.room.game.state.actor
        assert curtain.seat == first and curtain.ok.label == f"I am {NAMES[first]}"
        assert table.shown.seat is None and table.shown == game.room.game.view(None)
        click(app, curtain.ok.rect.center)
        frames(app, 3)
        assert app.scene.name == "choose_chip"  # now the seat's own chips, for its eyes
        assert sorted(app.scene.chips) == sorted(game.room.game.view(first).known_hand())
    finally:
        door.leave()
        game.close()
