"""The table's one door, without pygame: what a table scene may ask of a game and who acts next.

* `door.TableDoor` — THE contract between the table's scenes and a game, local or remote;
* `local.LocalTable` — a game played on this computer (a `Session`), behind that door;
* `flow.TurnFlow` — what happens next at the table: the dialog a seat played here answers, the
  hand-over curtain before a secret, a private look, a bid reveal, a bot's move, the end.
"""

import importlib
from typing import Any

# Each name and the module that defines it, imported when first asked for: the title screen
# needs the saved games (library, session), not the table's flow, its bots or their threads.
_HOME = {"TableDoor": "door", "LocalTable": "local", "Ask": "flow", "BotMove": "flow",
         "HandOver": "flow", "Look": "flow", "Moved": "flow", "Over": "flow",
         "Reveal": "flow", "Step": "flow", "TurnFlow": "flow", "Wait": "flow"}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'urland.table' has no attribute {name!r}")
    return getattr(importlib.import_module(f"urland.table.{_HOME[name]}"), name)
