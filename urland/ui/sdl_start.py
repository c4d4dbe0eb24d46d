"""Starting SDL for Urland: only the parts the game uses.

`pygame.init()` starts every SDL subsystem, the joystick one too. Urland reads no controller, and
that subsystem runs threads of its own (XInput, Windows.Gaming.Input and HIDAPI on Windows, udev
on Linux); under Wine one of them outlived its DLL at exit and crashed about one close in thirty.
So the game starts the display (with its events and timers) and the fonts; the mixer opens on the
first sound (`urland/ui/sound.py`).
"""

from __future__ import annotations

import os
import sys

import pygame

# Even if some later call asked SDL for the joystick subsystem, it would find no device backends.
NO_CONTROLLER_HINTS = {
    "SDL_JOYSTICK_HIDAPI": "0",
    "SDL_JOYSTICK_RAWINPUT": "0",
    "SDL_JOYSTICK_WGI": "0",
    "SDL_XINPUT_ENABLED": "0",
}
# The window's class, which task bars and docks group windows by and match to the desktop
# entry (packaging/urland.desktop: StartupWMClass; on Wayland the app id is the entry's name);
# pygame sets SDL_VIDEO_X11_WMCLASS when it is imported, to the name of the script that started
# Python ("__main__.py"): that value is replaced, a player's own is kept.
WINDOW_CLASS_HINTS = {
    "SDL_VIDEO_X11_WMCLASS": "Urland",
    "SDL_VIDEO_WAYLAND_WMCLASS": "urland",
    "SDL_APP_NAME": "Urland",
}


def start_pygame() -> None:
    """Start the display and the fonts (never the joystick subsystem); safe to call again."""
    for name, value in {**NO_CONTROLLER_HINTS, **WINDOW_CLASS_HINTS}.items():
        os.environ.setdefault(name, value)
    if os.environ["SDL_VIDEO_X11_WMCLASS"] == os.path.basename(sys.argv[0]):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS_HINTS["SDL_VIDEO_X11_WMCLASS"]
    pygame.display.init()
    pygame.font.init()
