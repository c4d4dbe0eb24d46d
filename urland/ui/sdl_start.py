"""Starting SDL for Urland: only the parts the game uses.

`pygame.init()` starts every SDL subsystem, the joystick one too. Urland reads no controller, and
that subsystem runs threads of its own (XInput, Windows.Gaming.Input and HIDAPI on Windows, udev
on Linux); under Wine one of them outlived its DLL at exit and crashed about one close in thirty.
So the game starts the display (with its events and timers) and the fonts; the mixer opens on the
first sound (`urland/ui/sound.py`).
"""

from __future__ import annotations

import os

import pygame

# Even if some later call asked SDL for the joystick subsystem, it would find no device backends.
NO_CONTROLLER_HINTS = {
    "SDL_JOYSTICK_HIDAPI": "0",
    "SDL_JOYSTICK_RAWINPUT": "0",
    "SDL_JOYSTICK_WGI": "0",
    "SDL_XINPUT_ENABLED": "0",
}


def start_pygame() -> None:
    """Start the display and the fonts (never the joystick subsystem); safe to call again."""
    for name, value in NO_CONTROLLER_HINTS.items():
        os.environ.setdefault(name, value)
    pygame.display.init()
    pygame.font.init()
