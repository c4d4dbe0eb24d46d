"""One running game per user folder.

Two copies of Urland writing the same autosave would each overwrite the other's game. The first
copy to start holds an operating-system lock on `urland.lock` in the user's data folder for as
long as it runs; the system drops the lock when the process ends, however it ends, so a crashed
copy never leaves the folder locked. A second copy finds the lock held: it starts, says so on its
title screen, and neither starts nor resumes a game (nor tidies the folder) until the first
copy has quit. It may still join an online game (one hosted in the first window, say): its online
things (identity, join form, seat tokens) go to a sub-folder of its own (`online_folder`), so the
two windows are two players to a server. The file itself only holds the process id of the copy
that has it, for people.
"""

from __future__ import annotations

import os
from pathlib import Path

from urland import paths

LOCK_FILE = "urland.lock"
SECOND_WINDOW = "second window"  # the online sub-folder of a copy that found the folder held

_held: int | None = None  # the open lock file's descriptor, while this process holds it
_refused = False  # the lock was asked for and another copy had it


def lock_path() -> Path:
    return paths.data_dir() / LOCK_FILE


def _try_lock(fd: int) -> bool:
    """Lock the open file without waiting; False when another process holds it."""
    if os.name == "nt":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks: nothing to coordinate with
        return True
    return True


def claim() -> bool:
    """Hold the folder for this copy of the game. False only when another running copy holds
    it; a folder where no lock file can be made is used as before (nothing is saved there)."""
    global _held, _refused
    if _held is not None:
        return True
    path = lock_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        _refused = False
        return True
    if not _try_lock(fd):
        os.close(fd)
        _refused = True
        return False
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    except OSError:
        pass
    _held, _refused = fd, False
    return True


def in_use_elsewhere() -> bool:
    """Another copy of the game had the folder when this one asked for it."""
    return _refused


def release() -> None:
    """Let the folder go (the operating system does the same when the process ends)."""
    global _held
    if _held is None:
        return
    try:
        os.close(_held)  # closing the file drops the lock
    finally:
        _held = None


def online_folder(folder: Path) -> Path:
    """Where this copy keeps its online things of `folder`: the folder itself, or its own
    sub-folder while another copy holds the user folder."""
    return folder / SECOND_WINDOW if _refused else folder
