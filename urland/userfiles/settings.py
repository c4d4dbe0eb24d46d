"""The player's settings: window, text size, animation speed, AI pace, the expert's thinking
time, sound. Saved as YAML in the config dir."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import yaml

from urland import paths
from urland.engine.errors import UserFileError
from urland.engine.files import read_yaml, write_atomic
from urland.texts import i18n

MAX_SETTINGS_BYTES = 64 * 1024

WINDOW_SIZES = ((960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}
AI_PAUSES = {"none": 0.0, "short": 0.7, "long": 1.6}  # seconds before each computer action
# The expert's thinking time a decision, in seconds of its own processor time (bots/budget.py)
THINKING_TIMES = {"quick": 0.25, "normal": 1.0, "deep": 4.0}
VOLUMES = (0, 25, 50, 75, 100)  # percent; the steps the settings screen offers
TEXT_SIZES = (90, 100, 115, 130)  # percent: every text and widget, the board's marks apart


@dataclass
class Settings:
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    animation_speed: str = "normal"
    ai_pause: str = "short"
    expert_thinking: str = "normal"  # a key of THINKING_TIMES
    effects_volume: int = 75  # percent
    ambience_volume: int = 25  # percent
    muted: bool = False
    language: str = ""  # a code of urland.texts.i18n.LANGUAGES; "" follows the system
    text_size: int = 100  # percent, one of TEXT_SIZES
    export_folder: str = ""  # where History last exported a game ("": the documents folder)

    @property
    def ui_scale(self) -> float:
        return self.text_size / 100

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)

    @property
    def speed(self) -> float:
        """Animation speed factor: 0 means no animation."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    @property
    def pause(self) -> float:
        return AI_PAUSES.get(self.ai_pause, 0.5)

    @property
    def expert_seconds(self) -> float:
        """The expert's thinking time a decision."""
        return THINKING_TIMES.get(self.expert_thinking, THINKING_TIMES["normal"])


def read_settings(path: Path | None = None) -> tuple[Settings, UserFileError | None]:
    """The saved settings (defaults for anything missing or out of range), and the problem
    when the file exists but cannot be read at all."""
    path = path or paths.settings_path()
    try:
        data = read_yaml(path, limit=MAX_SETTINGS_BYTES)
    except UserFileError as exc:
        return Settings(), (None if exc.missing else exc)
    return settings_from(data), None


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; defaults for anything missing, unreadable or out of range."""
    return read_settings(path)[0]


def settings_from(data: Any) -> Settings:
    """Settings from a parsed file: each well-typed known value, the default for the rest."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings
    for f in fields(Settings):
        value = data.get(f.name)
        if type(value) is type(getattr(settings, f.name)):
            setattr(settings, f.name, value)
    if settings.animation_speed not in ANIMATION_SPEEDS:
        settings.animation_speed = "normal"
    if settings.language and not i18n.known(settings.language):
        settings.language = ""
    if settings.ai_pause not in AI_PAUSES:
        settings.ai_pause = "short"
    if settings.expert_thinking not in THINKING_TIMES:
        settings.expert_thinking = "normal"
    settings.effects_volume = min(max(settings.effects_volume, 0), 100)
    settings.ambience_volume = min(max(settings.ambience_volume, 0), 100)
    settings.text_size = min(TEXT_SIZES, key=lambda v: abs(v - settings.text_size))
    settings.window_width = min(max(settings.window_width, 960), 7680)
    settings.window_height = min(max(settings.window_height, 540), 4320)
    if len(settings.export_folder) > 400 or "\0" in settings.export_folder:
        settings.export_folder = ""
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings; what the file holds that this version does not know (a newer
    Urland's settings) is kept as it was."""
    path = path or paths.settings_path()
    try:
        kept = read_yaml(path, limit=MAX_SETTINGS_BYTES)
    except UserFileError:
        kept = None
    known = {f.name for f in fields(Settings)}
    data = ({str(k): v for k, v in kept.items() if str(k) not in known}
            if isinstance(kept, dict) else {})
    write_atomic(path, yaml.safe_dump({**asdict(settings), **data}, sort_keys=False,
                                      allow_unicode=True))
