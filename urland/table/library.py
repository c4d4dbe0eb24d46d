"""The saved games in the user's folder: the autosave and the games put aside in `saves/`.

Every file is read through the bounded reader (Session.load). A file that cannot be used is
moved aside beside itself (`NAME.damaged-STAMP.yaml`), never deleted, and the caller gets a
sentence to show the player. A save from a newer Urland is left where it is, for that Urland
(older versions renamed such files `NAME.newer-version-STAMP.yaml`: those are listed again).
No pygame here: the title and the Load game list draw what this module finds.
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass
from pathlib import Path

from urland import paths
from urland.engine import NewerSaveError, SaveError
from urland.engine.files import display_name, move_aside
from urland.table import unsaved
from urland.table.session import Session
from urland.texts.i18n import _, fmt
from urland.texts.problems import problem_text

# Files this module renamed aside: never listed again (nor renamed once more).
_SET_ASIDE = re.compile(r"\.damaged-")

# What scan() found per file, with the file's (mtime, size, inode) then: the title screen
# lists every saved game each time it appears, and replays only those that changed.
_described: dict[Path, tuple[tuple[int, int, int], SavedGame]] = {}


# Unusable saves still in place (a newer Urland's, or one the folder would not let us move):
# told once per run, not each time the title appears.
_told_in_place: dict[Path, tuple[int, int, int]] = {}


@dataclass(frozen=True)
class SavedGame:
    """One saved game as the Load game list shows it."""

    path: Path
    modified: float  # the file's modification time: when the game was last saved
    names: tuple[str, ...]  # seat names, "(AI)" after a computer player's
    turn: int
    to_move: str  # who decides next ("" when the game is over)
    winner: str  # "" while the game goes on
    is_autosave: bool
    order: int = 0  # the save's place in the order of saving (meta.order); 0: unknown

    @property
    def over(self) -> bool:
        return bool(self.winner)

    @property
    def saved_at(self) -> datetime.datetime:
        return local_time(self.modified)

    def players_text(self) -> str:
        return ", ".join(self.names)

    def status_text(self) -> str:
        if self.over:
            return fmt("Finished: {winner} won", winner=self.winner)
        return fmt("Turn {turn}: {seat} to move", turn=self.turn, seat=self.to_move)


# The last second of 9999: Python's dates end there (and so may a file system's clock).
_LAST_SECOND = datetime.datetime(9999, 12, 31, 23, 59, 59)


def local_time(timestamp: float) -> datetime.datetime:
    """A file date as a local time; a date the calendar cannot hold (after 9999, or before
    1970 where the system refuses it) becomes the nearest it can."""
    try:
        return datetime.datetime.fromtimestamp(timestamp)
    except (OverflowError, ValueError, OSError):
        if timestamp > 0:
            return _LAST_SECOND
        return datetime.datetime(1970, 1, 1)


def describe(session: Session, path: Path, modified: float) -> SavedGame:
    state = session.game.state
    names = tuple(s.name if s.human else fmt("{name} (AI)", name=s.name) for s in session.seats)
    over = state.over
    return SavedGame(
        path=path, modified=modified, names=names, turn=state.turn,
        to_move="" if over else session.seats[state.actor].name,
        winner=session.seats[state.winner].name if over else "",
        is_autosave=path == paths.autosave_path(), order=session.order,
    )


def save_files() -> list[Path]:
    """The autosave (when there is one) and every save in `saves/`, set-aside files excluded."""
    files = []
    autosave = paths.autosave_path()
    if autosave.exists() or autosave.is_symlink():
        files.append(autosave)
    try:
        entries = sorted(os.scandir(paths.saves_dir()), key=lambda e: e.name)
    except OSError:
        entries = []
    files += [Path(e.path) for e in entries
              if e.name.endswith(".yaml") and not e.name.startswith(".")
              and not _SET_ASIDE.search(e.name)]
    return files


def open_game(path: Path) -> tuple[Session | None, str]:
    """The saved session, or None and a sentence for the player (a damaged file is moved
    aside; a newer Urland's save stays where it is, for that Urland). A finished game whose
    history record was never written (the disk was full, the game was killed) is recorded
    now, dated with the file's time."""
    try:
        session = Session.load(path)
    except NewerSaveError:
        return None, fmt("{file} was saved by a newer version of Urland: it is left as it is "
                         "for that version.", file=display_name(path))
    except SaveError as exc:
        if exc.missing and not path.is_symlink():  # a dangling symlink is set aside too
            return None, fmt("{file} is no longer there.", file=display_name(path))
        return None, set_aside(path, exc)
    if session.game.over and not session.recorded:
        try:
            ended = local_time(path.stat().st_mtime).astimezone()
        except OSError:
            ended = None
        session.keep_in_history(ended)
    return session, ""


def _key(path: Path) -> tuple[int, int, int] | None:
    """What tells a changed file from the one last read: (mtime, size, inode)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def _file_time(path: Path) -> float:
    """The file's modification time; 0 when it cannot be known."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def set_aside(path: Path, problem: SaveError) -> str:
    """Move an unusable save out of the way; the sentence that tells the player."""
    moved = move_aside(path, "damaged")
    kept = (fmt("The damaged file was kept as {file}.", file=display_name(moved)) if moved
            else _("The damaged file could not be moved aside."))
    return (fmt("A saved game could not be read: {problem}", problem=problem_text(problem))
            + " " + kept)


def scan() -> tuple[list[SavedGame], list[str]]:
    """Every saved game, newest first, and a sentence for each file that had to be set aside."""
    games, notices = [], []
    for path in save_files():
        held = unsaved.held_for(path)
        if held is not None:  # on disk one move short: the finished game kept in memory
            games.append(describe(held, path, _file_time(path)))
            continue
        key = _key(path)
        known = _described.get(path)
        if key is not None and known is not None and known[0] == key:
            games.append(known[1])  # unchanged since it was last replayed
            continue
        if key is not None and _told_in_place.get(path) == key:
            continue  # told already
        session, problem = open_game(path)
        if session is None:
            notices.append(problem)
            if key is not None and path.exists():
                _told_in_place[path] = key
            continue
        key = _key(path)  # recording a finished game notes it in its file
        game = describe(session, path, _file_time(path))
        if key is not None and (session.recorded or not session.game.over):
            _described[path] = (key, game)  # one not recorded yet is tried again next time
        games.append(game)
    # Saved last first: by the order written in the files, then (older saves) by file date.
    games.sort(key=lambda g: (g.order, g.modified), reverse=True)
    return games, notices


def latest_unfinished(games: list[SavedGame]) -> SavedGame | None:
    """The game Continue resumes: the most recently saved one still in play."""
    return next((g for g in games if not g.over), None)


def continue_resumes_hosted(latest: SavedGame | None, hosted_modified: float | None) -> bool:
    """Whether Continue carries on the game hosted here rather than the latest saved one:
    the one played last wins. The title and the Load game list both ask this, so the list
    marks the very game Continue resumes."""
    if hosted_modified is None:
        return False
    return latest is None or latest.modified <= hosted_modified


def unfinished_autosave() -> SavedGame | None:
    """The autosave, when it holds a game still in play (New game asks before it starts)."""
    path = paths.autosave_path()
    if not path.exists():
        return None
    try:
        session = Session.load(path)
    except SaveError:
        return None
    if session.game.over:
        return None
    return describe(session, path, path.stat().st_mtime)


def _autosave_replaceable() -> bool:
    """No autosave, or one holding a finished game: a new game may write over it."""
    path = paths.autosave_path()
    if not (path.exists() or path.is_symlink()):
        return True
    try:
        return Session.load(path).game.over
    except SaveError as exc:
        return exc.missing


def fresh_save_path(modified: float | None = None) -> Path:
    """A file name in `saves/` that no game uses yet, stamped with the given time (or now)."""
    when = local_time(modified) if modified else datetime.datetime.now()
    stamp = when.strftime("%Y-%m-%dT%H-%M-%S")
    folder = paths.saves_dir()
    for n in range(1, 1000):
        path = folder / (f"game-{stamp}.yaml" if n == 1 else f"game-{stamp}-{n}.yaml")
        if not (path.exists() or path.is_symlink()):
            return path
    raise OSError("no free file name in the saves folder")


def put_aside_autosave() -> Path:
    """Move the autosave into `saves/` so a new game can take its place; OSError if it cannot.
    The game stays loadable from the Load game list."""
    autosave = paths.autosave_path()
    target = fresh_save_path(autosave.lstat().st_mtime)
    target.parent.mkdir(parents=True, exist_ok=True)
    os.rename(autosave, target)
    return target


def new_game_path() -> Path:
    """Where a new game autosaves: the autosave, unless an unfinished game there cannot be
    moved aside, in which case a fresh file in `saves/` (nothing is ever overwritten)."""
    if _autosave_replaceable():
        return paths.autosave_path()
    try:
        put_aside_autosave()
    except OSError:
        return fresh_save_path()
    return paths.autosave_path()


def delete(game: SavedGame) -> str:
    """Delete a saved game's file; '' when done, else a sentence saying why not."""
    try:
        game.path.unlink()
    except FileNotFoundError:
        return ""
    except OSError as exc:
        return fmt("{file} could not be deleted ({why}).", file=display_name(game.path),
                   why=exc.strerror or exc)
    return ""
