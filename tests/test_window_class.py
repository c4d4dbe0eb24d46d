"""The window's class (WM_CLASS), which task bars group windows by and match to the desktop
entry: Urland's own, never the name of the script that started Python."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SHOW_WINDOW = """
import time, pygame
from urland.ui.sdl_start import start_pygame
start_pygame()
pygame.display.set_caption("Urland")
pygame.display.set_mode((120, 80))
pygame.display.flip()
print("shown", flush=True)
time.sleep(30)
"""


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xwininfo")),
                    reason="needs Xvfb and xwininfo")
def test_the_window_is_of_class_urland_as_the_desktop_entry_says():
    entry = (ROOT / "packaging" / "urland.desktop").read_text()
    assert "StartupWMClass=Urland" in entry.splitlines()
    with tempfile.TemporaryDirectory() as folder:
        display = _free_display()
        xvfb = subprocess.Popen(["Xvfb", display, "-nolisten", "tcp", "-screen", "0",
                                 "320x240x24"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
               "SDL_AUDIODRIVER": "dummy", "HOME": folder, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        env.pop("SDL_VIDEO_X11_WMCLASS", None)
        window = None
        try:
            _wait_for(lambda: Path(f"/tmp/.X11-unix/X{display[1:]}").exists(), xvfb)
            window = subprocess.Popen([sys.executable, "-c", SHOW_WINDOW], env=env, cwd=ROOT,
                                      stdout=subprocess.PIPE, text=True)
            assert window.stdout is not None
            assert window.stdout.readline().strip() == "shown"
            said = subprocess.run(["xwininfo", "-display", display, "-root", "-tree"],
                                  capture_output=True, text=True, timeout=20)
        finally:
            for process in (window, xvfb):
                if process is not None:
                    process.kill()
                    process.wait()
    # The window's line: its id, "its title": ("instance" "class"), its size.
    assert '"Urland": ("Urland" "Urland")' in said.stdout, said.stdout


def _free_display() -> str:
    number = 70 + os.getpid() % 200
    while Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
        number += 1
    return f":{number}"


def _wait_for(ready, process: subprocess.Popen, seconds: float = 20.0) -> None:
    """Until `ready()` (the X server's socket is there), as long as the process runs."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert process.poll() is None and time.monotonic() < deadline, "Xvfb did not start"
        time.sleep(0.05)
