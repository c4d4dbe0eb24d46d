"""No invisible game: when SDL can open no real window, say why and stop.

Without a desktop display, or on a system that lacks the display libraries (libX11, libGL,
...), SDL falls back on its `offscreen` driver (or `dummy`): the game would then run on without
a window and without a word. Those drivers are kept for whoever asks for them by name
(`SDL_VIDEODRIVER=dummy`, as the tests and the autoplay checks do).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping

import pygame

from urland.texts.i18n import _

INVISIBLE_DRIVERS = frozenset({"offscreen", "dummy"})
EXIT_CODE = 1
DIALOGS = (
    ("zenity", "--error", "--title=Urland", "--no-wrap", "--text={}"),
    ("kdialog", "--title", "Urland", "--error", "{}"),
    ("xmessage", "-center", "-title", "Urland", "{}"),
)


def shows_nothing(driver: str, environ: Mapping[str, str]) -> bool:
    """Did SDL end up on a driver that shows no window, without the player asking for it?"""
    return driver in INVISIBLE_DRIVERS and not environ.get("SDL_VIDEODRIVER")


def has_display(environ: Mapping[str, str]) -> bool:
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def no_window_sentence(environ: Mapping[str, str]) -> str:
    """What is missing, in the player's language."""
    if sys.platform.startswith("linux") and not has_display(environ):
        return _("Urland cannot open its window: this session has no desktop display "
                 "(neither DISPLAY nor WAYLAND_DISPLAY is set). Start Urland from your desktop.")
    return _("Urland cannot open its window: the system's display libraries (such as libX11 "
             "and libGL) are missing. Install your desktop's X11 or Wayland libraries, then "
             "start Urland again.")


def _show_dialog(sentence: str, environ: Mapping[str, str]) -> None:
    """The sentence in a window, where a dialog program can show one (a nicety: stderr has it)."""
    if sys.platform == "win32":
        import ctypes

        ctypes.windll.user32.MessageBoxW(None, sentence, "Urland", 0x10)  # type: ignore[attr-defined]
        return
    if not has_display(environ):
        return
    for program, *arguments in DIALOGS:
        if shutil.which(program):
            try:
                subprocess.run([program, *(a.format(sentence) for a in arguments)],
                               check=False, timeout=600)
            except (OSError, subprocess.SubprocessError):
                continue
            return


def refuse_invisible_window(environ: Mapping[str, str] | None = None) -> None:
    """After SDL's display has started: stop with the sentence (on stderr and in a dialog) and
    exit code 1 when no window could be seen."""
    environ = os.environ if environ is None else environ
    if not shows_nothing(pygame.display.get_driver(), environ):
        return
    sentence = no_window_sentence(environ)
    print(sentence, file=sys.stderr)
    pygame.quit()
    _show_dialog(sentence, environ)
    raise SystemExit(EXIT_CODE)
