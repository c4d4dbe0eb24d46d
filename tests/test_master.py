"""The master with no transport at all: a room's seats are told through a plain outlet, the
room's bots play in its one bot loop, moves are checked by the engine, and the finished game is
kept in the history before anyone is told."""

from __future__ import annotations

import asyncio

import pytest
from netplay import run

from urland.bots.registry import make_bot
from urland.engine import Move, format_move
from urland.master.master import Master, MasterOptions
from urland.master.news import Finished, Presence, Update
from urland.master.room import MoveRefused, Room
from urland.records.history import load_record


class Outlet:
    """Keeps every piece of news, by seat, as a transport would carry it."""

    def __init__(self) -> None:
        self.told: list[tuple[int, object]] = []

    def send(self, room: Room, seat: int, news: object) -> None:
        if isinstance(news, Update):  # what the seat may know at this very moment
            assert news.view == room.game.view(seat)
        self.told.append((seat, news))

    def of(self, kind: type) -> list[tuple[int, object]]:
        return [(s, n) for s, n in self.told if isinstance(n, kind)]


async def _play_seat(master: Master, room: Room, seat: int, outlet: Outlet, seed: int) -> None:
    """Play `seat` with a random bot from the updates it is told, until the game is over."""
    bot = make_bot("random", seed)
    while not room.game.over:
        updates = [n for s, n in outlet.of(Update) if s == seat]
        latest = updates[-1]
        if latest.view.my_turn and latest.at == len(room.game.moves):
            await master.move(room, seat, _notation(room, bot.choose(latest.view)), latest.at)
        else:
            await asyncio.sleep(0.01)


def _notation(room: Room, move: Move) -> str:
    return format_move(move, room.game.board)


def test_a_room_of_the_master_is_played_to_its_end_with_each_seat_told_only_its_own_view(
        tmp_path):
    async def scenario():
        outlet = Outlet()
        master = Master(outlet, MasterOptions(history_dir=tmp_path))
        room = master.open_room("plain", ["remote", "random", "random"], 5)
        room.seats[0].name, room.seats[0].token_hash = "Anna", "x" * 64
        master.join(room, 0)
        await _play_seat(master, room, 0, outlet, 1)
        await master.close()
        return room, outlet

    room, outlet = run(scenario(), 60)
    assert room.game.over
    assert {seat for seat, _ in outlet.told} == {0}  # only the seat linked is told anything
    events = [e for _, n in outlet.of(Update) for e in n.events]
    assert events == room.game.log_for(0)  # its whole log, once, in order
    ((_, finished),) = outlet.of(Finished)
    assert finished.game is room.game
    (record,) = tmp_path.glob("*.yaml")
    game, meta = load_record(record)
    assert game.notation() == room.game.notation()
    assert [s["kind"] for s in meta["seats"]] == ["human", "random", "random"]


def test_the_master_refuses_a_move_out_of_turn_and_nothing_changes():
    async def scenario():
        outlet = Outlet()
        master = Master(outlet)
        room = master.open_room("turns", ["remote", "remote", "remote"], 12)
        actor = room.game.state.actor
        other = (actor + 1) % 3
        move = make_bot("random", 1).choose(room.game.view(actor))
        with pytest.raises(MoveRefused):
            await master.move(room, other, _notation(room, move), 0)
        assert room.game.moves == []
        await master.move(room, actor, _notation(room, move), 0)
        assert len(room.game.moves) == 1
        await master.close()

    run(scenario(), 30)


def test_a_seat_that_joins_is_told_who_sits_where():
    async def scenario():
        outlet = Outlet()
        master = Master(outlet)
        room = master.open_room("who", ["remote", "remote", "medium"], 3)
        room.seats[1].name, room.seats[1].token_hash = "Ben", "y" * 64
        master.join(room, 1)
        master.presence(room)
        await master.close()
        return outlet

    outlet = run(scenario(), 30)
    ((seat, presence),) = outlet.of(Presence)
    assert seat == 1 and presence.connected == (False, True, False)
    assert presence.joined == (False, True, True) and presence.kinds == ("human", "human",
                                                                         "medium")
