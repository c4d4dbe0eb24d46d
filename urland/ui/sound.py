"""Sound: short effects for what happens at the table, and a quiet sea behind it all.

The effects are WAV files in assets/sounds/ (written by packaging/make_sounds.py). They are loaded
the first time they are played. Volumes and mute come from Settings. Without an audio device,
or without the files, the game is silent and carries on: sound never stops a game.

The table calls `SoundBoard.play_events(events)` with each batch of engine events;
`sounds_for(events)` says which effects such a batch makes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from urland.engine import EVENT_DATA, event_data
from urland.resources import asset_path

if TYPE_CHECKING:
    from urland.userfiles.settings import Settings


class _HasKind(Protocol):
    kind: str


EFFECTS = ("pickup", "drop", "land", "splash", "proliferate", "score", "hop", "panic",
           "eruption", "reveal", "gene", "game_end")
AMBIENCE = "sea"

# Engine event kinds (urland/engine/events.py and the engine's say() calls) -> effect names.
# Ichtos carried onto the land make the "land" sound unless listed (the engine's Moved events).
EVENT_SOUNDS: dict[str, str] = {
    kind: "land" for kind, schema in EVENT_DATA.items() if schema is event_data.Moved} | {
    "land": "land", "walk": "land", "fly": "land", "egg": "land",
    "swim": "splash", "retreat": "splash", "ears_dive": "splash",
    "proliferate": "proliferate",
    "score": "score", "final_land": "score",
    "track": "hop",
    "panic": "panic", "panic_drawn": "panic", "panic_move": "panic",
    "eruption": "eruption", "setup_volcano": "eruption",
    "bids_revealed": "reveal", "reveal": "reveal",
    "buy": "gene",
    "game_ends": "game_end", "winner": "game_end",
}

# When one batch makes several sounds, the weightiest are heard; at most this many at once.
PRIORITY = ("game_end", "eruption", "panic", "gene", "reveal", "score", "proliferate", "land",
            "splash", "hop")
MAX_PER_BATCH = 2


def sounds_for(events: Iterable[_HasKind]) -> list[str]:
    """The effects a batch of events makes, weightiest first, each once, at most two."""
    names = {EVENT_SOUNDS[e.kind] for e in events if e.kind in EVENT_SOUNDS}
    return [n for n in PRIORITY if n in names][:MAX_PER_BATCH]


class SoundBoard:
    """Plays effects by name and keeps the ambient sea going, at the Settings' volumes."""

    def __init__(self, settings: Settings, folder: Path | None = None) -> None:
        self.settings = settings
        self.folder = folder or asset_path("sounds")
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._ready: bool | None = None  # None: the mixer not tried yet
        self._ambience: pygame.mixer.Channel | None = None
        self.played: list[str] = []  # what was asked for and heard (tests read it)

    # --- the device -------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """True when there is a mixer to play on (opened on first use)."""
        if self._ready is None:
            self._ready = self._open()
        return self._ready

    def _open(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            pygame.mixer.set_reserved(1)  # channel 0 belongs to the sea
            return True
        except (pygame.error, NotImplementedError):  # no device, or SDL without audio
            return False

    def close(self) -> None:
        """Forget the sounds (pygame.quit() ends the mixer); they load again on next use."""
        self._sounds.clear()
        self._ambience = None
        self._ready = None

    # --- effects ------------------------------------------------------------------------------

    @property
    def effects_volume(self) -> float:
        if self.settings.muted:
            return 0.0
        return max(0, min(100, self.settings.effects_volume)) / 100

    @property
    def ambience_volume(self) -> float:
        if self.settings.muted:
            return 0.0
        return max(0, min(100, self.settings.ambience_volume)) / 100

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            sound = None
            path = self.folder / f"{name}.wav"
            if path.is_file():
                with contextlib.suppress(pygame.error, OSError):
                    sound = pygame.mixer.Sound(str(path))
            self._sounds[name] = sound
        return self._sounds[name]

    def play(self, name: str) -> bool:
        """Play an effect; False when it is silent (muted, volume 0, no device, no file)."""
        volume = self.effects_volume
        if volume <= 0 or not self.available:
            return False
        sound = self._load(name)
        if sound is None:
            return False
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            return False
        self.played.append(name)
        return True

    def play_events(self, events: Iterable[_HasKind]) -> list[str]:
        """Play what a batch of engine events sounds like; returns the effects played."""
        return [name for name in sounds_for(events) if self.play(name)]

    # --- the sea ------------------------------------------------------------------------------

    def start_ambience(self) -> None:
        """Keep the sea looping quietly (or stop it, when its volume is 0 or sound is muted)."""
        volume = self.ambience_volume
        if volume <= 0:
            self.stop_ambience()
            return
        if not self.available:
            return
        sound = self._load(AMBIENCE)
        if sound is None:
            return
        try:
            if self._ambience is None or not self._ambience.get_busy():
                self._ambience = pygame.mixer.Channel(0)
                self._ambience.play(sound, loops=-1, fade_ms=1500)
            self._ambience.set_volume(volume)
        except pygame.error:
            self._ambience = None

    def stop_ambience(self) -> None:
        if self._ambience is not None:
            with contextlib.suppress(pygame.error):
                self._ambience.fadeout(400)
            self._ambience = None

    def apply_settings(self) -> None:
        """Volumes or mute changed: the sea follows at once; effects at their next play."""
        if self._ready is None and self.ambience_volume <= 0:
            return  # nothing to change, and no reason to open the device
        self.start_ambience()

    def toggle_mute(self) -> bool:
        """Mute or unmute everything; returns True when now muted."""
        self.settings.muted = not self.settings.muted
        self.apply_settings()
        return self.settings.muted
