"""Settings: window size or full screen, animation speed, AI pace, sound; saved for next time."""

from __future__ import annotations

import pygame

from urland.scenes.base import Dialog
from urland.settings import AI_PAUSES, ANIMATION_SPEEDS, VOLUMES, WINDOW_SIZES
from urland.ui import theme as th
from urland.ui.text import blit_text
from urland.ui.widgets import Button, Choice


class SettingsScene(Dialog):
    name = "settings"
    width, height = 620, 610
    ROW = 58  # row pitch

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        sizes = [f"{w} x {h}" for w, h in WINDOW_SIZES]
        current = (s.window_width, s.window_height)
        size_index = WINDOW_SIZES.index(current) if current in WINDOW_SIZES else 0
        self.size = Choice(sizes, size_index, self._size)
        self.full = Choice(["no", "yes"], int(app.fullscreen), self._full,
                           labels=["Windowed", "Full screen"])
        speeds = list(ANIMATION_SPEEDS)
        self.speed = Choice(speeds, speeds.index(s.animation_speed), self._speed,
                            labels=[v.capitalize() for v in speeds])
        pauses = list(AI_PAUSES)
        self.pause = Choice(pauses, pauses.index(s.ai_pause), self._pause,
                            labels=["No pause", "Short pause", "Long pause"])
        volumes = [str(v) for v in VOLUMES]
        labels = ["Off" if v == 0 else f"{v} %" for v in VOLUMES]
        self.effects = Choice(volumes, _nearest(s.effects_volume), self._effects, labels=labels)
        self.ambience = Choice(volumes, _nearest(s.ambience_volume), self._ambience,
                               labels=labels)
        self.mute = Choice(["on", "muted"], int(s.muted), self._mute,
                           labels=["On", "Muted"])
        self.rows = [("Window size", self.size), ("Display", self.full),
                     ("Animations", self.speed), ("AI moves", self.pause),
                     ("Sound effects", self.effects), ("Sea sounds", self.ambience),
                     ("Sound", self.mute)]
        self.done = Button("Done", self.close, "primary", key=pygame.K_ESCAPE)
        self.buttons = [c for _, c in self.rows] + [self.done]

    def _size(self, i: int) -> None:
        w, h = WINDOW_SIZES[i]
        self.app.settings.window_width, self.app.settings.window_height = w, h
        if not self.app.fullscreen:
            self.app.resize((w, h))

    def _full(self, i: int) -> None:
        self.app.settings.fullscreen = bool(i)
        if bool(i) != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def _speed(self, i: int) -> None:
        self.app.settings.animation_speed = self.speed.value

    def _pause(self, i: int) -> None:
        self.app.settings.ai_pause = self.pause.value

    def _effects(self, i: int) -> None:
        self.app.settings.effects_volume = VOLUMES[i]
        self.app.sound.play("score")  # hear the new level

    def _ambience(self, i: int) -> None:
        self.app.settings.ambience_volume = VOLUMES[i]
        self.app.sound.apply_settings()

    def _mute(self, i: int) -> None:
        if bool(i) != self.app.settings.muted:
            self.app.sound.toggle_mute()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.mute.index = int(self.app.settings.muted)  # M may have been pressed meanwhile
        self.mute.label = self.mute.labels[self.mute.index]

    def close(self) -> None:
        self.app.save_settings()
        self.app.pop()

    def layout(self) -> None:
        t = self.theme
        box = self.box()
        for i, (_, control) in enumerate(self.rows):
            top = box.top + t.px(78) + i * t.px(self.ROW)
            control.rect = pygame.Rect(box.left + t.px(300), top, t.px(270), t.px(46))
        self.done.rect = pygame.Rect(0, 0, t.px(180), t.px(50))
        self.done.rect.midbottom = (box.centerx, box.bottom - t.px(24))

    def draw(self, surface: pygame.Surface) -> None:
        box = self.draw_box(surface, "Settings")
        t = self.theme
        for label, control in self.rows:
            blit_text(surface, label, (box.left + t.px(50), control.rect.centery), t.px(28),
                      th.INK, anchor="midleft")
        blit_text(surface, "Saved for next time. Anywhere: F11 full screen, M sound on or off.",
                  (box.centerx, box.bottom - t.px(92)), t.px(20), (110, 100, 90),
                  anchor="center")
        super().draw(surface)

    def autoplay_step(self) -> None:
        if self.age > 0.5:
            self.app.pop()


def _nearest(volume: int) -> int:
    """The index of the offered volume step closest to a saved volume."""
    return min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - volume))
