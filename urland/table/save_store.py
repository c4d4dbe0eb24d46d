"""Where the master keeps a game at this computer: the game's own save (its `Session`).

The master's `Store` for a local room. Every change is written into the game's save as it
always was (the save format with the seats' names and kinds, `urland.engine.save`); a save the
disk refuses never stops the game (the table shows why, and the next change tries again). At
the end the finished game goes into the history once, and its save says so; a finished game
the disk refused is held and retried (`urland.table.unsaved`).
"""

from __future__ import annotations

from urland.master.keeper import Store
from urland.master.room import Change, Room
from urland.table import unsaved
from urland.table.session import Session


class SaveStore(Store):
    """The local room's store: the session's autosave and history record."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.problems: list[str] = []

    def restore(self) -> dict[str, Room]:
        return {}  # the room is made from the save the player opened

    async def keep(self, room: Room, change: Change) -> None:
        self.session.save()  # a refusal sets `save_problem`: the game goes on

    def finished(self, room: Room) -> None:
        self.session.keep_in_history()
        unsaved.hold(self.session)  # kept in memory and retried while the disk refuses it

    def replaced(self, old: Room | None, new: Room) -> None:
        """A game at this computer is never replaced under its code."""

    def close(self, rooms: list[Room]) -> None:
        """Every change is in the save already."""
