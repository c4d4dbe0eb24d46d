"""The table's one door, without pygame: what a table scene may ask of a game and who acts next.

* `door.TableDoor` — THE contract between the table's scenes and a game, local or remote;
* `local.LocalTable` — a game played on this computer (a `Session`), behind that door;
* `flow.TurnFlow` — what happens next at the table: the dialog a seat played here answers, the
  hand-over curtain before a secret, a private look, a bid reveal, a bot's move, the end.
"""

from urland.table.door import TableDoor
from urland.table.flow import (
    Ask,
    BotMove,
    HandOver,
    Look,
    Moved,
    Over,
    Reveal,
    Step,
    TurnFlow,
    Wait,
)
from urland.table.local import LocalTable

__all__ = ["Ask", "BotMove", "HandOver", "LocalTable", "Look", "Moved", "Over", "Reveal",
           "Step", "TableDoor", "TurnFlow", "Wait"]
