"""What the table does for each step of the turn flow: open a dialog by name, lift a curtain,
show a move made elsewhere (a bot's, or another person's), or go to the game's end."""

from __future__ import annotations

from typing import Any, Protocol

from urland.engine import Event
from urland.table import TableDoor, TurnFlow
from urland.table import flow as turns


class StepsHost(Protocol):
    """What answering a step needs of the table."""

    app: Any
    door: TableDoor
    flow: TurnFlow

    def show_events(self, events: list[Event], dropped_at: None = None,
                    follow: bool = False) -> None: ...


def answer_step(table: StepsHost, step: turns.Step) -> None:
    """Do what the turn flow says happens next."""
    app = table.app
    match step:
        case turns.Reveal(bids, ranking, track):
            app.open("auction_reveal", table=table, bids=list(bids), ranking=list(ranking),
                     track=list(track))
        case turns.Look(seat, dialog, what, curtain) if curtain:
            app.open("handover", table=table, seat=seat, what=what,
                     then=lambda: app.open(dialog, table=table, seat=seat))
        case turns.Look(seat, dialog):
            app.open(dialog, table=table, seat=seat)
        case turns.HandOver(seat, what):
            app.open("handover", table=table, seat=seat, what=what)
        case turns.Ask(seat, _kind, dialog) if dialog is not None:
            app.open(dialog, table=table, seat=seat)
        case turns.Moved(events):
            table.show_events(list(events), follow=True)
        case turns.Over():
            app.show("game_over", session=table.door.finished())
