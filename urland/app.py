"""The window, the main loop and the scene stack.

    python -m urland                        # play
    python -m urland --autoplay --seats ai,ai,ai,ai --seed 3 --screenshots DIR --quit-when-over
    python -m urland replay FILE [--autoplay --screenshots DIR]
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any

import pygame

from urland.scenes import create as create_scene
from urland.scenes.base import AutoplayOptions, Dialog, Scene
from urland.table import unsaved
from urland.texts import i18n
from urland.texts.i18n import _
from urland.ui.board import ticker
from urland.ui.key_map import key_map
from urland.ui.screen import centre_window, declare_dpi_awareness, fit_screen, window_display
from urland.ui.sdl_start import start_pygame
from urland.ui.sound import SoundBoard
from urland.ui.text import blit_text, render
from urland.ui.theme import Theme
from urland.ui.video_check import refuse_invisible_window
from urland.ui.widgets import panel
from urland.userfiles.settings import Settings, load_settings, save_settings

__all__ = ["App", "AutoplayOptions"]


class App:
    FPS = 60

    def __init__(self, settings: Settings | None = None,
                 autoplay: AutoplayOptions | None = None,
                 size: tuple[int, int] | None = None, notices: list[str] | None = None) -> None:
        self.settings = settings or load_settings()
        # Sentences from the start-up checks; the first title screen shows them once.
        self.notices = list(notices or [])
        self.autoplay = autoplay
        if autoplay:
            self.settings.animation_speed = "fast"
            self.settings.ai_pause = "none"
        pygame.mixer.pre_init(44100, -16, 2, 512)  # a short buffer: effects land on time
        declare_dpi_awareness()
        start_pygame()
        refuse_invisible_window()  # no window nobody sees, running on in silence
        pygame.display.set_caption("Urland")
        from urland.ui import art
        from urland.ui.caches import clear_caches

        clear_caches()
        pygame.display.set_icon(art.program_icon(64))
        self.window_size = fit_screen(size or self.settings.window_size)
        self.fullscreen = self.settings.fullscreen and not autoplay
        self.screen = self._open_window()
        self.theme = Theme(self.screen.get_size(), self.settings.ui_scale)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.shot_types: set[str] = set()  # scene types already saved as screenshots
        self.visited: set[str] = set()  # scene types shown so far (the autoplay tour)
        self.shot_request: str | None = None  # a picture a scene asked for (autoplay only)
        self.frame_times: list[float] = []
        self.first_frame_at: float | None = None
        # frames run back to back (headless autoplay): waits must block, not spin
        self.headless = False
        self.sound = SoundBoard(self.settings)
        self._notice: tuple[str, float] | None = None  # (text, seconds left), e.g. "Sound off"
        self._unsaved_retry_in = unsaved.RETRY_SECONDS  # a finished game the disk refused
        self.close_question: Scene | None = None  # asked as the window was being closed

    # --- window ---------------------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.screen = self._open_window()
        self.relayout()
        if not self.autoplay:
            self.save_settings()

    def resize(self, size: tuple[int, int], centre: bool = False) -> None:
        """A new window size (chosen in Settings, or the window dragged): the settings follow
        the real size, so they show and remember what is on screen. A size chosen in Settings
        (`centre`) puts the window in the middle of the display it is on."""
        display = window_display()
        self.window_size = fit_screen((max(960, size[0]), max(540, size[1])))
        self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        if centre:
            centre_window(display)
        self.window_size = self.screen.get_size()
        if not self.autoplay:
            self.settings.window_width, self.settings.window_height = self.window_size
        self.relayout()

    def set_text_size(self, percent: int) -> None:
        """Every text and widget larger or smaller, at once."""
        self.settings.text_size = percent
        self.theme.set_ui_scale(self.settings.ui_scale)
        self.relayout()

    def relayout(self) -> None:
        self.theme.resize(self.screen.get_size())
        for scene in self.scenes:
            scene.layout()

    def set_language(self, code: str) -> None:
        """Speak `code` ('' follows the system) from the next frame on, and remember it: every
        scene lays itself out again and the board's still picture is painted anew."""
        self.settings.language = code
        i18n.set_language(code or i18n.system_language())
        for scene in self.scenes:
            scene.language_changed()
        self.relayout()
        self.save_settings()

    def save_settings(self) -> None:
        with contextlib.suppress(OSError):  # settings are a comfort, never a reason to stop
            save_settings(self.settings)

    # --- scenes ---------------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()
        scene.layout()

    def show(self, name: str, **kwargs: Any) -> Scene:
        """Replace every scene with a new one of the named kind (see urland.scenes.SCENES)."""
        scene = create_scene(name, self, **kwargs)
        self.switch(scene)
        return scene

    def open(self, name: str, **kwargs: Any) -> Scene:
        """Lay a new scene of the named kind over the current one."""
        scene = create_scene(name, self, **kwargs)
        self.push(scene)
        return scene

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop().leave()

    def switch(self, scene: Scene) -> None:
        """`scene` replaces the whole stack: every scene on it leaves, top first. A joined
        seat's autoplay ends with its game: the screens after it are the player's."""
        self._leave_all()
        if self.autoplay is not None and self.autoplay.joined and not scene.of_the_game:
            self.autoplay = None
            self.headless = False
        self.scenes = [scene]
        scene.enter()
        scene.layout()

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes and len(self.scenes) > 1:
            self.scenes.remove(scene)
            scene.leave()

    def _leave_all(self) -> None:
        while self.scenes:
            self.scenes.pop().leave()

    # --- loop -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.scene.focus.tips.watch(event, self.theme)
        if event.type == pygame.QUIT:
            self.close_window()
        elif event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            if not self.autoplay:
                self.save_settings()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_F1
              and self.scene.name != "rules"):
            self.open("rules", page=self.scene.help_topic(), keys=key_map(self.scene))
        elif isinstance(self.scene, Dialog) and self.scene.typed_over(event):
            return  # typed for the chat as the dialog opened: neither its answer nor a key
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_m
              and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
              and not self.scene.takes_text):
            self.toggle_mute()
        elif isinstance(self.scene, Dialog) and self.scene.peeking:
            self.scene.handle_peek(event)  # stepped aside: what lies hidden hears nothing
        else:
            self.scene.handle(event)

    def draw(self) -> None:
        top = self.scenes[-1]
        peeking = isinstance(top, Dialog) and top.peeking  # stepped aside to show the board
        end = len(self.scenes) - (1 if peeking else 0)
        start = end - 1
        while start > 0 and self.scenes[start].modal:
            start -= 1
        for scene in self.scenes[start:end]:
            scene.draw(self.screen)
        if not peeking:
            for scene in self.scenes[:-1]:  # what the scenes under it still show over it
                scene.draw_over(self.screen, top)
            top.draw_focus(self.screen)
        if peeking:
            top.draw_peek(self.screen)
        if self._notice:
            self._draw_notice(self._notice[0])

    def _draw_notice(self, text: str) -> None:
        t = self.theme
        width = max(t.px(200), render(text, t.px(22), (0, 0, 0)).get_width() + t.px(24))
        box = pygame.Rect(0, 0, width, t.px(40))
        box.midtop = (t.size[0] // 2, t.px(14))
        panel(self.screen, box, (24, 34, 46), radius=t.px(10), shadow=t.px(4),
              border=(190, 128, 28))
        blit_text(self.screen, text, box.center, t.px(22), (236, 232, 222), anchor="center")

    def toggle_mute(self) -> None:
        """M anywhere: sound off or on, said briefly on screen, remembered for next time."""
        muted = self.sound.toggle_mute()
        self._notice = (_("Sound off  (M)") if muted else _("Sound on  (M)"), 1.6)
        self.save_settings()

    def step(self, dt: float) -> None:
        """One frame: events, update, draw. Tests call this directly."""
        for event in pygame.event.get():
            self.handle(event)
        if not self.running:
            return
        ticker.advance(dt)
        if self._notice:
            left = self._notice[1] - dt
            self._notice = (self._notice[0], left) if left > 0 else None
        self.scene.update(dt)
        for scene in self.scenes[:-1]:  # under a menu or a question, the game goes on
            scene.goes_on(dt)
        self._retry_unsaved(dt)
        if self.autoplay:
            self.scene.autoplay_step()
        began = time.perf_counter()
        self.draw()
        self.frame_times.append(time.perf_counter() - began)
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("URLAND_TIMING"):  # for benchmarks/ui_bench.py
                print("FIRST-FRAME", flush=True)
        self._maybe_screenshot()

    def _retry_unsaved(self, dt: float) -> None:
        """Every few seconds of play, try again to write the finished games the disk refused."""
        if not unsaved.waiting():
            return
        self._unsaved_retry_in -= dt
        if self._unsaved_retry_in <= 0:
            self._unsaved_retry_in = unsaved.RETRY_SECONDS
            unsaved.retry()

    def run(self, first: str = "title", **kwargs: Any) -> int:
        self.show(first, **kwargs)
        # Autoplay with no real screen has nobody to wait for: frames run back to back, each
        # counted as 1/60 s, so animations look the same in screenshots, only sooner.
        self.headless = (self.autoplay is not None
                         and os.environ.get("SDL_VIDEODRIVER") == "dummy")
        sea_waits = True  # opening the sound device and loading the sea: after the first frame
        while self.running:
            if self.headless:
                self.clock.tick()
                dt = 1 / self.FPS
            else:
                dt = self.clock.tick(self.FPS) / 1000.0
            self.step(min(dt, 0.1))
            if sea_waits and self.running:
                sea_waits = False
                self.sound.start_ambience()
        self._leave_all()
        unsaved.retry()  # the last chance before the window closes (then: the next start)
        self.sound.close()
        pygame.quit()
        return self.exit_code

    def close_window(self) -> None:
        """The window's close button (or Alt+F4): quit, unless a scene asks first; pressed
        again while that question is open, it quits."""
        if self.close_question not in self.scenes:
            self.close_question = next(
                (q for q in (s.ask_before_closing() for s in reversed(self.scenes)) if q), None)
            if self.close_question is not None:
                return
        self.running = False

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def request_screenshot(self, name: str) -> None:
        """Save the frame being drawn as NAME-WxH.png (when autoplay saves screenshots)."""
        self.shot_request = name

    def _maybe_screenshot(self) -> None:
        scene = self.scene
        if scene.age >= 0.35:
            self.visited.add(scene.name)
        if not self.autoplay or not self.autoplay.screenshots:
            return
        w, h = self.screen.get_size()
        if self.shot_request:
            self.autoplay.screenshots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(self.autoplay.screenshots
                                               / f"{self.shot_request}-{w}x{h}.png"))
            self.shot_request = None
        if scene.name in self.shot_types or not scene.picture_ready:
            return
        self.shot_types.add(scene.name)
        folder = self.autoplay.screenshots
        folder.mkdir(parents=True, exist_ok=True)
        w, h = self.screen.get_size()
        pygame.image.save(self.screen, str(folder / f"{scene.name}-{w}x{h}.png"))

    def screenshot(self, path: Path) -> None:
        pygame.image.save(self.screen, str(path))

