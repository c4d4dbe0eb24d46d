"""A crash never just vanishes: the traceback goes to a log in the user's data folder and the
player sees a short message."""

from __future__ import annotations

import datetime
import os
import sys
import textwrap
import traceback
from collections.abc import Callable, Sequence

from urland import paths
from urland.texts.i18n import _, fmt
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


def show_message(lines: list[str]) -> None:
    """A small window with the message, closed by any key or click. Silent without a screen."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        import pygame

        pygame.quit()
        pygame.init()
        screen = pygame.display.set_mode((760, 40 + 30 * len(lines)))
        pygame.display.set_caption("Urland has stopped")
        font = pygame.font.Font(None, 26)
        screen.fill((30, 38, 48))
        for i, line in enumerate(lines):
            screen.blit(font.render(line, True, (236, 232, 222)), (24, 28 + i * 30))
        pygame.display.flip()
        while True:
            event = pygame.event.wait()
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                break
        pygame.quit()
    except Exception:
        pass


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
        lines = [*textwrap.wrap(shown, 70)[:2], *(part for line in saved
                                                  for part in textwrap.wrap(line, 70)),
                 _("A report was saved to:"), where[-70:], "", _("Press any key to close.")]
        show_message(lines)
        return 1
