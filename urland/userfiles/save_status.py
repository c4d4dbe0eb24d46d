"""What the last autosave of this run did (or the online game played last, which this computer
does not autosave), so a crash message can tell the truth about it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from urland.texts.i18n import _, fmt


class GameNow(Protocol):
    """What a crash message reads of the table's snapshot (`urland.table.now.TableNow`)."""

    @property
    def over(self) -> bool: ...


class OnlineGame(Protocol):
    """The table of an online game played here (`urland.table.remote.RemoteTable`)."""

    def now(self) -> GameNow: ...

    hosting: bool  # hosted here (kept in this computer's rooms), or joined on another's


@dataclass
class SaveStatus:
    path: Path | None = None  # the file the last save went to (or tried to)
    moves: int = 0  # moves in the game at the last successful save
    saved_at: datetime.datetime | None = None  # when a save last succeeded
    problem: str | None = None  # why the last attempt failed; None when it succeeded
    over: bool = False  # the game saved last had ended
    online: OnlineGame | None = None  # the online game played last, when it came last


STATUS = SaveStatus()


def record_success(path: Path, moves: int, over: bool = False) -> None:
    STATUS.path, STATUS.moves, STATUS.problem, STATUS.over = path, moves, None, over
    STATUS.saved_at = datetime.datetime.now()
    STATUS.online = None


def record_failure(path: Path, problem: str) -> None:
    STATUS.path, STATUS.problem = path, problem
    STATUS.online = None


def record_online(game: OnlineGame) -> None:
    """An online game's table opened: from now on the crash message speaks of it."""
    STATUS.online = game


def forget_online() -> None:
    """The online game was called off before it started: nothing of it is kept."""
    STATUS.online = None


def _online_sentence(game: OnlineGame) -> str:
    try:
        over = game.now().over
    except Exception:  # the crash came from the table's snapshot itself: say what holds
        over = False
    if over:
        return _("Your finished game was saved.")
    if game.hosting:
        return _("Your online game is kept on this computer: Continue carries it on, and your "
                 "friends' windows come back to it.")
    return _("Your online game goes on: join it again with the same room code to take your "
             "seat back.")


def crash_sentences() -> list[str]:
    """One or two lines for the crash window about the game in play, true to what happened."""
    if STATUS.online is not None:
        return [_online_sentence(STATUS.online)]
    if STATUS.path is None:
        return [_("No game was played since Urland started; your saved games are unchanged.")]
    if STATUS.problem is None and STATUS.over:
        return [_("Your finished game was saved.")]
    if STATUS.problem is None and STATUS.saved_at is not None:
        return [fmt("Your game was autosaved after the last decision ({time}); Continue "
                    "resumes it.", time=f"{STATUS.saved_at:%H:%M}")]
    if STATUS.saved_at is None:
        return [_("Your game could NOT be saved since Urland started:"), STATUS.problem or ""]
    return [fmt("The last autosave failed; Continue resumes the game as it was at {time}.",
                time=f"{STATUS.saved_at:%H:%M}"), STATUS.problem or ""]
