"""A crash never just vanishes: the traceback goes to a log in the user's data folder and the
player sees a short message."""

from __future__ import annotations

import datetime
import sys
import traceback
from collections.abc import Callable, Sequence

from urland import paths
from urland.texts.i18n import _, fmt
from urland.ui.crash_window import show_message
from urland.userfiles.save_status import crash_sentences


def write_crash_log(exc: BaseException) -> str:
    """Append the crash to crash.log; returns where it went (or why it could not be written)."""
    path = paths.crash_log_path()
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    stamp = datetime.datetime.now().isoformat(timespec="seconds")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {stamp} ---\n{text}\n")
    except OSError as err:
        return f"(the log could not be written: {err})"
    return str(path)


def crash_message(error: str, saved: list[str], where: str) -> list[str]:
    """The crash window's lines, whole: the error, what became of the game, where the log is."""
    return [error, *saved, _("A report was saved to:"), where, "", _("Press any key to close.")]


def run_guarded(main: Callable[[Sequence[str] | None], int],
                argv: Sequence[str] | None = None) -> int:
    """Run `main`; on an unexpected error log it, tell the player, and exit with 1."""
    try:
        return main(argv)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:
        where = write_crash_log(exc)
        message = f"Urland has stopped because of an error: {exc}"
        print(message, file=sys.stderr)
        print(f"A report was saved to {where}", file=sys.stderr)
        saved = crash_sentences()
        for line in saved:
            print(line, file=sys.stderr)
        shown = fmt("Urland has stopped because of an error: {error}", error=exc)
        show_message(crash_message(shown, saved, where))
        return 1
