"""Finished games the disk refused: kept in memory until their save and their history record
are written, retried every few seconds while the window is open and once more as it closes.

When the final move itself cannot be saved (a full disk, a folder turned read-only) the game
on disk is one move short. So that closing Urland before the disk allows loses nothing, a copy
of the finished game is also written to the first place that takes it (`spare_places`: the
settings folder, else a private folder in the system's temporary folder), with the file it
belongs to (`meta.kept_for`). At the next start `recover()` writes it there and into the
history, then deletes the copy. A finished game holds no secret, so the copy may be plain.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import os
import tempfile
from pathlib import Path

from urland import paths
from urland.engine import SaveError
from urland.engine.files import remove_leftover_temp_files, write_atomic
from urland.engine.save import dumps, load_game
from urland.table.session import Session
from urland.texts.i18n import _

SPARE_SUFFIX = ".finished.yaml"
RETRY_SECONDS = 5.0  # how often the window tries again while a finished game waits

# Each waiting game, and where its spare copy went (None: nowhere took it).
_waiting: dict[Session, Path | None] = {}


def waiting() -> list[Session]:
    """The finished games not yet both saved and in the history."""
    return list(_waiting)


def held_for(path: Path) -> Session | None:
    """The waiting finished game whose save `path` is (still one move short on disk)."""
    return next((s for s in _waiting if s.autosave == path), None)


def done(session: Session) -> bool:
    """Its save and its history record are both written (or it is kept nowhere)."""
    return session.save_problem is None and (session.recorded or session.history_dir is None)


def hold(session: Session) -> None:
    """Keep a finished game whose save or record failed, and write its spare copy (only when
    the save itself failed: a save that says `recorded: false` is recorded at the next start
    already, see urland.table.library.open_game)."""
    if session in _waiting or done(session):
        return
    _waiting[session] = write_spare(session) if session.save_problem else None
    _tell(session)


def retry() -> None:
    """Try once more to save every waiting game and to keep it in the history."""
    for session, spare in list(_waiting.items()):
        if session.save():
            session.keep_in_history()
        if done(session):
            del _waiting[session]
            if spare is not None:
                with contextlib.suppress(OSError):
                    spare.unlink(missing_ok=True)
        else:
            _tell(session)


def _tell(session: Session) -> None:
    """The save's sentence says too when no spare copy could be written for the next start."""
    if session.save_problem and _waiting.get(session) is None:
        session.save_problem += " " + _("Nothing could be written for the next start either: "
                                        "keep this window open until there is room again.")


def spare_places() -> list[Path]:
    """Where a spare copy may go, first choice first: not the folder that refused the save."""
    data = paths.data_dir()
    places = [] if paths.config_dir() == data else [paths.config_dir() / "unsaved"]
    # One private folder per user folder, so two user folders never share their copies.
    tag = hashlib.sha256(os.fsencode(str(data))).hexdigest()[:12]
    uid = os.getuid() if hasattr(os, "getuid") else 0
    places.append(Path(tempfile.gettempdir()) / f"urland-{uid}-{tag}")
    return places


def write_spare(session: Session) -> Path | None:
    """The finished game, in the first spare place that takes it; None when none does."""
    assert session.autosave is not None
    meta = {"seats": session.seat_meta(), "kept_for": str(session.autosave)}
    name = f"{session.autosave.stem}-seed{session.seed}{SPARE_SUFFIX}"
    for place in spare_places():
        try:
            place.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not _ours(place):
                continue
            write_atomic(place / name, dumps(session.game, meta))
        except (OSError, UnicodeError):
            continue
        return place / name
    return None


def _ours(place: Path) -> bool:
    """A folder this user owns and nobody else may write to (the temporary folder is shared)."""
    if not hasattr(os, "getuid"):
        return True
    info = place.stat()
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def recover() -> list[Path]:
    """At start: write each spare copy to the save it belongs to and into the history, then
    delete it (kept for the next start while the disk still refuses), and delete what an
    interrupted write left beside them. The saves written."""
    written = []
    for place in spare_places():
        try:
            if not place.is_dir() or not _ours(place):
                continue
            remove_leftover_temp_files(place)
            spares = sorted(place.glob(f"*{SPARE_SUFFIX}"))
        except OSError:
            continue
        for spare in spares:
            target = _recover_one(spare)
            if target is not None:
                written.append(target)
    return written


def _recover_one(spare: Path) -> Path | None:
    try:
        target = load_game(spare)[1].get("kept_for")
        session = Session.load(spare)
        ended = datetime.datetime.fromtimestamp(spare.stat().st_mtime).astimezone()
    except (SaveError, OSError, ValueError, OverflowError):
        return None  # damaged or gone: left where it is, never read into a save
    if not session.game.over or not isinstance(target, str) or not target:
        return None
    session.autosave, session.recorded = Path(target), False
    if not _may_replace(session.autosave, session):
        session.autosave = None  # the save moved on to another game: the history only
    if session.save():
        session.keep_in_history(ended)
    if not done(session):  # the disk still refuses: retried in this run and the next
        _waiting[session] = spare
        return None
    with contextlib.suppress(OSError):
        spare.unlink()
    return session.autosave or spare


def _may_replace(target: Path, finished: Session) -> bool:
    """The save holds this very game short of its end (or is gone): the copy may replace it."""
    try:
        there = Session.load(target).game
    except SaveError:
        return not target.exists()
    game = finished.game
    return there.seed == game.seed and game.moves[:len(there.moves)] == there.moves
