"""The table's one door, without pygame: what a table scene may ask of a game and who acts next.

* `door.TableDoor` — THE contract between the table's scenes and a game, local or remote;
* `now.TableNow` — the snapshot of one position that door builds, what a table frame reads;
* `local.LocalTable` — a game played on this computer (a room of the master, `room`), behind
  that door;
* `flow.TurnFlow` — what happens next at the table: the dialog a seat played here answers, the
  hand-over curtain before a secret, a private look, a bid reveal, a move to show, the end.
"""

from typing import Any

# The flow's names, given when first asked for like the door's and LocalTable: the title
# screen needs the saved games (library, session), not the table's flow, its bots or their
# threads. (The imports are written out, so a bundler finds the modules.)
_FLOW = ("Ask", "HandOver", "Look", "Moved", "Over", "Reveal", "Step", "TurnFlow", "Wait")

__all__ = sorted(("LocalTable", "TableDoor", "TableNow", *_FLOW))


def __getattr__(name: str) -> Any:
    if name == "TableDoor":
        from urland.table.door import TableDoor

        return TableDoor
    if name == "TableNow":
        from urland.table.now import TableNow

        return TableNow
    if name == "LocalTable":
        from urland.table.local import LocalTable

        return LocalTable
    if name in _FLOW:
        from urland.table import flow

        return getattr(flow, name)
    raise AttributeError(f"module 'urland.table' has no attribute {name!r}")
