"""Settings: the screen (window size, full screen, text size), the pace of play, sound and the
language; saved for next time.

Laid out in three groups with room between rows; the window size shown is always the real
one (after the window was dragged larger, or in full screen), and the text size changes every
text and widget at once.
"""

from __future__ import annotations

import pygame

from urland.scenes.base import Dialog
from urland.scenes.rules import KEYS_PAGE
from urland.texts import i18n
from urland.texts.i18n import L_, LANGUAGES, Text, _, fmt
from urland.texts.thinking import thinking_labels
from urland.ui import theme as th
from urland.ui.key_map import key_map
from urland.ui.screen import screen_size
from urland.ui.text import blit_text
from urland.ui.widgets import Button, Choice, panel
from urland.userfiles.settings import (
    AI_PAUSES,
    ANIMATION_SPEEDS,
    TEXT_SIZES,
    THINKING_TIMES,
    VOLUMES,
    WINDOW_SIZES,
)

# The dialog in design units (1280x720 at 100 %): two columns of groups.
WIDTH, HEIGHT = 1000, 670
ROW = 64  # row pitch
CONTROL_W, CONTROL_H = 230, 46
NOTE = (L_("Saved for next time."), L_("Anywhere: F11 full screen, M sound on or off."))
SPEED_LABELS = {"slow": L_("Slow"), "normal": L_("Normal"), "fast": L_("Fast"),
                "instant": L_("Instant")}




def size_label(size: tuple[int, int]) -> str:
    return fmt("{width} x {height}", width=size[0], height=size[1])


class SettingsScene(Dialog):
    name = "settings"
    width, height = WIDTH, HEIGHT

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.size = self._size_choice()
        self.full = Choice(["no", "yes"], int(app.fullscreen), self._full,
                           labels=[L_("Windowed"), L_("Full screen")])
        self.text = Choice([str(v) for v in TEXT_SIZES], TEXT_SIZES.index(s.text_size),
                           self._text, labels=[fmt("{value} %", value=v) for v in TEXT_SIZES])
        speeds = list(ANIMATION_SPEEDS)
        self.speed = Choice(speeds, speeds.index(s.animation_speed), self._speed,
                            labels=[SPEED_LABELS.get(v, v) for v in speeds])
        pauses = list(AI_PAUSES)
        self.pause = Choice(pauses, pauses.index(s.ai_pause), self._pause,
                            labels=[L_("No pause"), L_("Short pause"), L_("Long pause")])
        times = list(THINKING_TIMES)
        self.thinking = Choice(times, times.index(s.expert_thinking), self._thinking,
                               labels=thinking_labels(THINKING_TIMES))
        volumes = [str(v) for v in VOLUMES]
        labels = [L_("Off") if v == 0 else fmt("{value} %", value=v) for v in VOLUMES]
        self.effects = Choice(volumes, _nearest(s.effects_volume), self._effects, labels=labels)
        self.ambience = Choice(volumes, _nearest(s.ambience_volume), self._ambience,
                               labels=labels)
        self.mute = Choice(["on", "muted"], int(s.muted), self._mute,
                           labels=[L_("On"), L_("Muted")])
        codes = ["", *LANGUAGES]  # "": follow the system's language
        self.language = Choice(codes, codes.index(s.language) if s.language in codes else 0,
                               self._language,
                               labels=[L_("Follow the system"), *LANGUAGES.values()])
        self.groups: list[tuple[Text, list[tuple[Text, Choice]]]] = [
            (L_("Screen"), [(L_("Window size"), self.size), (L_("Display"), self.full),
                            (L_("Text size"), self.text)]),
            (L_("Playing"), [(L_("Animations"), self.speed), (L_("AI moves"), self.pause),
                             (L_("AI expert thinks"), self.thinking)]),
            (L_("Sound"), [(L_("Sound effects"), self.effects), (L_("Sea sounds"), self.ambience),
                           (L_("Sound"), self.mute)]),
            (L_("Language"), [(L_("Language"), self.language)]),
        ]
        self.rows = [row for _, rows in self.groups for row in rows]
        self.done = Button(L_("Done"), self.close, "primary", key=pygame.K_ESCAPE)
        self.keys = Button(L_("Keyboard keys"), lambda: app.open("rules", page=KEYS_PAGE,
                                                                 keys=key_map(self)))
        self.buttons = [c for _, c in self.rows] + [self.keys, self.done]
        self.unit = 1.0  # pixels per design unit, set by layout()
        self.headings: list[tuple[str, pygame.Rect]] = []

    # --- the window size always shows the real window -------------------------------------

    def _real_size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def _size_choice(self) -> Choice:
        """The offered sizes, with the real one among them (a dragged window's own size)."""
        real = self._real_size()
        screen = screen_size() or (10**5, 10**5)
        fitting = {v for v in WINDOW_SIZES if v[0] <= screen[0] and v[1] <= screen[1]}
        sizes = sorted(fitting | {real})  # only sizes the screen can show
        choice = Choice([size_label(v) for v in sizes], sizes.index(real), self._size)
        choice.sizes = sizes  # type: ignore[attr-defined]
        return choice

    def _size(self, i: int) -> None:
        w, h = self.size.sizes[i]  # type: ignore[attr-defined]
        self.app.settings.window_width, self.app.settings.window_height = w, h
        if not self.app.fullscreen:
            self.app.resize((w, h), centre=True)

    def _sync_size(self) -> None:
        """After a resize or full screen: show the size the window really has."""
        real = self._real_size()
        if self.size.sizes[self.size.index] != real:  # type: ignore[attr-defined]
            fresh = self._size_choice()
            self.size.values, self.size.labels = fresh.values, fresh.labels
            self.size.sizes = fresh.sizes  # type: ignore[attr-defined]
            self.size.index = fresh.index
            self.size.label = fresh.label

    # --- the other choices ----------------------------------------------------------------

    def _full(self, i: int) -> None:
        if bool(i) != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.app.settings.fullscreen = bool(i)

    def _text(self, i: int) -> None:
        self.app.set_text_size(TEXT_SIZES[i])

    def _speed(self, i: int) -> None:
        self.app.settings.animation_speed = self.speed.value

    def _pause(self, i: int) -> None:
        self.app.settings.ai_pause = self.pause.value

    def _thinking(self, i: int) -> None:
        self.app.settings.expert_thinking = self.thinking.value

    def _effects(self, i: int) -> None:
        self.app.settings.effects_volume = VOLUMES[i]
        self.app.sound.play("score")  # hear the new level

    def _ambience(self, i: int) -> None:
        self.app.settings.ambience_volume = VOLUMES[i]
        self.app.sound.apply_settings()

    def _language(self, i: int) -> None:
        self.app.set_language(self.language.value)

    def _mute(self, i: int) -> None:
        if bool(i) != self.app.settings.muted:
            self.app.sound.toggle_mute()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.mute.index = int(self.app.settings.muted)  # M may have been pressed meanwhile
        self.mute.label = self.mute.labels[self.mute.index]
        self.full.index = int(self.app.fullscreen)  # and F11
        self.full.label = self.full.labels[self.full.index]
        self._sync_size()

    def close(self) -> None:
        self.app.save_settings()
        self.app.pop()

    # --- layout ---------------------------------------------------------------------------

    def px(self, value: float) -> int:
        return max(1, round(value * self.unit))

    def box(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.px(WIDTH), self.px(HEIGHT))
        r.center = (self.theme.size[0] // 2, self.theme.size[1] // 2)
        return r

    def layout(self) -> None:
        t = self.theme
        # as large as the text size asks, but always whole on screen
        self.unit = min(t.scale, t.size[0] * 0.96 / WIDTH, t.size[1] * 0.94 / HEIGHT)
        px = self.px
        box = self.box()
        columns = [(self.groups[0], self.groups[1]), (self.groups[2], self.groups[3])]
        self.headings = []
        for c, groups in enumerate(columns):
            left = box.left + px(40) + c * px(WIDTH // 2)
            top = box.top + px(86)
            for title, rows in groups:
                self.headings.append((title, pygame.Rect(left, top, px(WIDTH // 2 - 60),
                                                         px(30))))
                top += px(40)
                for _label, control in rows:
                    control.rect = pygame.Rect(left + px(200), top, px(CONTROL_W),
                                               px(CONTROL_H))
                    top += px(ROW)
                top += px(18)
        self.done.rect = pygame.Rect(0, 0, px(180), px(50))
        self.done.rect.bottomright = (box.right - px(60), box.bottom - px(34))
        self.keys.rect = pygame.Rect(0, 0, px(240), px(50))
        self.keys.rect.bottomleft = (box.left + px(40), box.bottom - px(34))
        self._sync_size()

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        box = self.box()
        surface.blit(self._shade(surface), (0, 0))
        panel(surface, box, th.PAPER, radius=px(14), shadow=px(8), border=th.ACCENT_DARK)
        blit_text(surface, _("Settings"), (box.centerx, box.top + px(22)), px(40), th.INK, True,
                  anchor="midtop")
        for title, rect in self.headings:
            blit_text(surface, str(title).upper(), rect.bottomleft, px(20), th.ACCENT_DARK, True,
                      anchor="bottomleft", width=rect.width)
            pygame.draw.line(surface, th.PAPER_DARK, (rect.left, rect.bottom + px(3)),
                             (rect.right, rect.bottom + px(3)), max(1, px(2)))
        for label, control in self.rows:
            blit_text(surface, label, (control.rect.left - px(200), control.rect.centery),
                      px(26), th.INK, anchor="midleft", width=px(192))
        broken = i18n.broken_catalogue()
        if broken:  # the chosen language's file is damaged: said under its row
            blit_text(surface, fmt("The language file for {language} cannot be read, so Urland "
                                   "speaks English.", language=LANGUAGES.get(broken, broken)),
                      (self.language.rect.left - px(200), self.language.rect.bottom + px(4)),
                      px(16), th.INK, anchor="topleft", width=px(WIDTH // 2 - 80))
        if self.app.fullscreen:
            blit_text(surface, _("the window's size when not in full screen"),
                      (self.size.rect.centerx, self.size.rect.bottom + px(2)), px(16),
                      (110, 100, 90), anchor="midtop")
        for i, line in enumerate(NOTE):
            blit_text(surface, line, (self.done.rect.right, self.done.rect.top - px(16)
                                      - (len(NOTE) - 1 - i) * px(24)), px(20), (110, 100, 90),
                      anchor="bottomright")
        for button in self.buttons:
            button.draw(surface, self.theme_for_widgets())

    def theme_for_widgets(self) -> th.Theme:
        """The theme the buttons draw with: scaled like the dialog, so they fit it."""
        t = th.Theme(self.theme.size)
        t.scale = self.unit
        return t

    def _shade(self, surface: pygame.Surface) -> pygame.Surface:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 14, 20, 150))
        return shade

    def autoplay_step(self) -> None:
        if self.age > 0.5:
            self.app.pop()

    def help_topic(self) -> str | None:
        return KEYS_PAGE  # F1 here: every key of the game


def _nearest(volume: int) -> int:
    """The index of the offered volume step closest to a saved volume."""
    return min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - volume))
