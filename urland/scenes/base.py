"""The scene protocol: every screen of the game is a Scene on the App's stack.

The App calls a scene's lifecycle hooks: `enter()` when it comes on the stack, `leave()` when
it goes (switched away, closed, or the program ends: release threads and the like there), and
`language_changed()` after a switch of language (drop pictures with words painted in). A scene
reaches the App only through `Host`, so the scenes never import the App.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from urland.scenes.autoplay import AutoplayOptions
from urland.texts.i18n import L_, _
from urland.ui import theme as th
from urland.ui.focus import ENTER_KEYS, FocusRing, Target, button_targets, draw_ring, field_target
from urland.ui.text import blit_text
from urland.ui.widgets import Button, TextField, panel

if TYPE_CHECKING:
    from urland.ui.sound import SoundBoard
    from urland.userfiles.settings import Settings


class Scene:
    name = "scene"  # the scene type, used for screenshot file names
    modal = False  # drawn over the scene below it
    # The game itself or its end (a table, the game-over screen): a joined seat's autoplay
    # plays on through it; any other screen shown in its place is the player's again.
    of_the_game = False

    def __init__(self, app: Host) -> None:
        self.app = app
        self.buttons: list[Button] = []
        self.age = 0.0  # seconds since the scene appeared
        self.focus = FocusRing()  # the keyboard's focus on this screen

    # The room the scene's layout needs at text size 100 %, in 1280x720 units: a larger text
    # size is drawn only as large as still fits the window (None: the scene arranges itself
    # for any text size, as the table does).
    fit: tuple[int, int] | None = None

    @property
    def theme(self) -> th.Theme:
        t = self.app.theme
        if self.fit is None:
            return t
        room = min(t.size[0] / self.fit[0], t.size[1] / self.fit[1]) / t.window_scale
        return t if t.ui_scale <= room else _theme_of(t.size, max(room, 0.5))

    @property
    def picture_ready(self) -> bool:
        """Whether the scene shows what its picture (autoplay's --screenshots) is of: by
        default once it has been up a moment; a scene that unfolds says when it has."""
        return self.age >= 0.35

    # --- lifecycle (called by the App) ---------------------------------------------------

    def enter(self) -> None:
        """The scene came on the App's stack."""

    def leave(self) -> None:
        """The scene left the App's stack for good: let go of what it holds (threads ...)."""

    def language_changed(self) -> None:
        """The language changed: drop anything painted with words (the App lays out again)."""

    @property
    def takes_text(self) -> bool:
        """A text field has the keys (so a letter like M is typed, not a shortcut)."""
        return any(isinstance(v, TextField) and v.focus for v in self.text_fields())

    @property
    def typing_now(self) -> bool:
        """In the middle of a line of text: a dialog opening over it leaves the keys to it."""
        return self.takes_text

    def text_fields(self) -> list[TextField]:
        """The scene's text fields (scenes with any say so)."""
        return []

    def ask_before_closing(self) -> Scene | None:
        """The window's close button was pressed: a scene that must ask first (a hosted game
        with friends connected) opens its question and returns it; None lets the window go."""
        return None

    def layout(self) -> None:
        """Place widgets for the current window size."""

    def handle(self, event: pygame.event.Event) -> bool:
        if self.focus.handle(event, self.focus_targets(), self.focus_default()):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                for field in self.text_fields():  # Tab out of a field: its typing ends
                    field.focus = field.focus and self.focus.current is field
            return True
        return any(b.handle(event) for b in self.buttons)

    # --- the keyboard's focus -----------------------------------------------------------------

    def focus_targets(self) -> list[Target]:
        """What Tab and the arrows reach here, in Tab's order: the buttons and the text
        fields (a scene with more, a stepper or a board, lists those too)."""
        return [*button_targets(self.buttons), *(field_target(f) for f in self.text_fields())]

    def focus_default(self) -> object | None:
        """Where the focus appears first: the button Enter presses (the screen's main one)."""
        return next((b for b in self.buttons if b.key in ENTER_KEYS and b.visible
                     and b.enabled), None)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The focus ring, over everything the scene drew (the App calls it on the top
        scene); a text field being typed in is ringed too."""
        targets = self.focus_targets()
        typing = next((f for f in self.text_fields() if f.focus), None)
        if typing is not None and self.focus.focused(targets) is None:
            draw_ring(surface, self.theme, typing.rect)
            return
        self.focus.draw(surface, self.theme, targets)

    def update(self, dt: float) -> None:
        self.age += dt

    def goes_on(self, dt: float) -> None:
        """Each frame while another scene lies over this one (a menu, the rules, a
        question): what carries on meanwhile (at an online table, what friends say)."""

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, self.theme)

    def draw_over(self, surface: pygame.Surface, top: Scene) -> None:
        """After `top`, the scene lying over this one, is drawn: what this one still shows
        above it (at an online table, the newest line said)."""

    def autoplay_step(self) -> None:
        """What an autoplaying App does on this scene (click the obvious button)."""

    def help_topic(self) -> str | None:
        """The rules page F1 opens here (urland.texts.rules_pages keys or a decision's kind)."""
        return None


PEEK_LEFT, PEEK_WIDTH = 14, 160  # "See the board", in the bottom left corner of a dialog


@lru_cache(maxsize=8)
def _theme_of(size: tuple[int, int], ui_scale: float) -> th.Theme:
    return th.Theme(size, ui_scale)


class Dialog(Scene):
    """A modal panel in the middle of the screen, over a dimmed scene.

    A `peekable` dialog (a decision about the board, where nothing secret lies under it) has a
    "See the board" button (Tab): the dialog steps aside until a click or a key brings it back.
    """

    modal = True
    width, height = 640, 420
    peekable = False

    @property
    def fit(self) -> tuple[int, int]:  # type: ignore[override]
        return (self.width + 40, self.height + 40)

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.peeking = False
        # B (the board): Tab moves the keyboard's focus, as on every screen.
        self.peek_button = Button(L_("See the board"), self.start_peek, key=pygame.K_b)
        # Opened while the player was typing elsewhere (the chat): their keys are not its
        # answer, so it hears none until the player turns to it (`typed_over`).
        self.keys_wait = False

    def typed_over(self, event: pygame.event.Event) -> bool:
        """Is `event` a key typed for something else as this dialog opened (to be ignored)?
        The player turns to the dialog with a click or with Tab, which brings the keyboard's
        focus onto it; however long they pause, an Enter meant for the chat never chooses a
        secret chip or a bid."""
        if not self.keys_wait:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN
                                                    and event.key == pygame.K_TAB):
            self.keys_wait = False  # the player has turned to the dialog
            return False
        return event.type == pygame.KEYDOWN

    def start_peek(self) -> None:
        self.peeking = True

    def focus_targets(self) -> list[Target]:
        extra = [self.peek_button] if self.peekable else []
        return [*super().focus_targets(), *button_targets(extra)]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.peekable and self.peek_button.handle(event):
            return True
        return super().handle(event)

    def handle_peek(self, event: pygame.event.Event) -> None:
        """An event while the dialog has stepped aside (the App sends it here, not to
        `handle`, so that nothing hidden reacts): a click or a key brings it back."""
        if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.peeking = False

    def draw_peek(self, surface: pygame.Surface) -> None:
        """While peeking: only a bar saying how to come back."""
        t = self.theme
        bar = pygame.Rect(0, 0, t.px(620), t.px(44))
        bar.midbottom = (t.size[0] // 2, t.size[1] - t.px(14))
        panel(surface, bar, th.PAPER, radius=t.px(10), shadow=t.px(5), border=th.ACCENT_DARK)
        blit_text(surface, _("Looking at the board: click or press any key to go back"),
                  bar.center, t.px(21), th.INK, True, anchor="center",
                  width=bar.width - t.px(20))

    def box(self) -> pygame.Rect:
        t = self.theme
        r = pygame.Rect(0, 0, t.px(self.width), t.px(self.height))
        r.center = (t.size[0] // 2, t.size[1] // 2)
        return r

    def place_pair(self, first: Button, second: Button, widths: tuple[int, int] = (220, 180),
                   height: int = 54) -> None:
        """Two buttons side by side at the bottom of the box: the main one on the left, moved
        right if need be to keep clear of "See the board"."""
        t = self.theme
        box = self.box()
        first.rect = pygame.Rect(0, 0, t.px(widths[0]), t.px(height))
        first.rect.bottomright = (box.centerx - t.px(10), box.bottom - t.px(24))
        second.rect = pygame.Rect(0, 0, t.px(widths[1]), t.px(height))
        second.rect.bottomleft = (box.centerx + t.px(10), box.bottom - t.px(24))
        if self.peekable:
            clear = box.left + t.px(PEEK_LEFT + PEEK_WIDTH + 24) - first.rect.left
            if clear > 0:
                first.rect.move_ip(clear, 0)
                second.rect.move_ip(clear, 0)

    def draw_box(self, surface: pygame.Surface, title: str) -> pygame.Rect:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 12, 18, 150))
        surface.blit(shade, (0, 0))
        box = self.box()
        t = self.theme
        panel(surface, box, th.PAPER, radius=t.px(14), shadow=t.px(8), border=th.ACCENT_DARK)
        blit_text(surface, title, (box.centerx, box.top + t.px(34)), t.px(36), th.INK, True,
                  anchor="center", width=box.width - t.px(60))
        if self.peekable:
            self.peek_button.rect = pygame.Rect(0, 0, t.px(PEEK_WIDTH), t.px(36))
            self.peek_button.rect.bottomleft = (box.left + t.px(PEEK_LEFT),
                                                box.bottom - t.px(14))
            self.peek_button.draw(surface, t)
        return box


class Host(Protocol):
    """What a scene may ask of the App that hosts it."""

    settings: Settings
    theme: th.Theme
    sound: SoundBoard
    screen: pygame.Surface
    scenes: list[Scene]
    autoplay: AutoplayOptions | None
    fullscreen: bool
    headless: bool
    notices: list[str]
    shot_types: set[str]
    visited: set[str]

    @property
    def scene(self) -> Scene: ...

    def show(self, name: str, **kwargs: Any) -> Scene: ...

    def open(self, name: str, **kwargs: Any) -> Scene: ...

    def pop(self) -> None: ...

    def remove(self, scene: Scene) -> None: ...

    def quit(self, code: int = 0) -> None: ...

    def set_language(self, code: str) -> None: ...

    def set_text_size(self, percent: int) -> None: ...

    def resize(self, size: tuple[int, int], centre: bool = False) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def save_settings(self) -> None: ...

    def request_screenshot(self, name: str) -> None: ...

    def screenshot(self, path: Path) -> None: ...
