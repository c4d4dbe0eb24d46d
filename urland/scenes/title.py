"""The title screen: a column of New game, Continue (the latest unfinished game) and Load game,
a row of History, Rules, Settings and Quit, each with its key shown; and, once, what went wrong
with a file at start."""

from __future__ import annotations

import pygame

from urland.engine import UserFileError
from urland.net.hosted_memory import hosted_game
from urland.net.joining import resumable_join
from urland.scenes.base import Scene
from urland.table import library
from urland.table.tutorial import load_script
from urland.texts.assets import reinstall
from urland.texts.i18n import L_, LP_, _, fmt
from urland.ui import art
from urland.ui import theme as th
from urland.ui.board.backdrop import backdrop, plain
from urland.ui.text import blit_text, text_width, wrap
from urland.ui.widgets import Button, panel
from urland.userfiles import folder_lock
from urland.userfiles.startup import board_problem
from urland.userfiles.tutorial_progress import saved_chapter


def row_widths(buttons: list[Button], room: int, theme: th.Theme) -> list[int]:
    """The widths of a row of buttons sharing `room` pixels: equal while every label fits its
    share at full size, else each as wide as its label needs plus an equal part of what is
    left (the Dutch "Instellingen" beside "Regels"), so that none is drawn smaller."""
    share = room // len(buttons)
    needs = [label_needs(b, theme) for b in buttons]
    if max(needs) <= share or sum(needs) > room:
        return [share] * len(buttons)
    spare = (room - sum(needs)) // len(buttons)
    return [need + spare for need in needs]


def label_needs(button: Button, theme: th.Theme) -> int:
    """How wide `button` must be to show its label at full size beside its key."""
    cap = max(theme.px(26), 20) + theme.px(10) if button.show_key else 0
    return text_width(str(button.label), theme.px(24), bold=True) + cap + theme.px(24)


class TitleScene(Scene):
    name = "title"
    fit = (680, 680)  # the card, the column and the row (CARD, PRIMARY, ROW, GAPS below)

    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        # Another copy of the game has the user folder: it alone plays and saves games there.
        self.shared = folder_lock.in_use_elsewhere()
        self.lock_wait = 0.0
        # Saved games are read (and unusable ones set aside) each time the title appears.
        self.games, set_aside = ([], []) if self.shared else library.scan()
        self.latest = library.latest_unfinished(self.games)
        # A game hosted here that stopped (quit or crash): Continue carries on the newer one.
        self.hosted = None if self.shared else hosted_game()
        if self.hosted is not None and not library.continue_resumes_hosted(
                self.latest, self.hosted.modified):
            self.hosted = None
        # Nothing here to continue, but a game joined online can be taken up again.
        self.rejoin = None if self.shared or self.latest or self.hosted else resumable_join()
        # Start-up notices are told once: the first title screen takes them.
        self.notices = [n for n in (*app.notices, *set_aside, message) if n]
        app.notices = []
        if self.shared:
            self.notices.insert(0, _("Urland is already open in another window on this "
                                     "computer. This window can join an online game, as a "
                                     "player of its own, but starts or continues no game here "
                                     "until the other one is closed."))
        playable = not board_problem() and not self.shared
        self.new_button = Button(L_("New game"), self.new_game, "primary", enabled=playable,
                                 key=pygame.K_n, show_key=True)
        self.continue_button = Button(
            L_("Continue online game") if self.rejoin else LP_("title screen", "Continue"),
            self.resume, enabled=playable and bool(self.latest or self.hosted or self.rejoin),
            key=pygame.K_c, show_key=True)
        self.continue_button.detail = self.continue_detail()
        self.load_button = Button(L_("Load game"), self.load_game,
                                  enabled=playable and bool(self.games), key=pygame.K_l,
                                  show_key=True)
        self.learn_button = Button(L_("Learn to play"), self.learn,
                                   enabled=playable, key=pygame.K_t, show_key=True)
        self.learn_button.detail = L_("a guided first game, about 15 min")
        # A second window may join (even a game hosted in the first): it plays online only.
        self.join_button = Button(L_("Join online game"), lambda: self.app.open("join"),
                                  enabled=not board_problem(), key=pygame.K_j, show_key=True)
        self.join_button.detail = L_("a game hosted on another computer")
        # The main column: what starts or resumes a game.
        self.primary = [self.new_button, self.continue_button, self.load_button,
                        self.join_button, self.learn_button]
        # One row under it: everything else.
        self.secondary = [
            Button(L_("History"), lambda: self.app.show("history"), key=pygame.K_h, show_key=True),
            Button(L_("Rules"), self.rules, key=pygame.K_r, show_key=True),
            Button(L_("Settings"), self.settings, key=pygame.K_s, show_key=True),
            Button(L_("Quit"), self.app.quit, "danger", key=pygame.K_q, show_key=True),
        ]
        self.buttons = [*self.primary, *self.secondary]
        self.card = pygame.Rect(0, 0, 0, 0)  # the title card
        self.fish: list[pygame.Rect] = []  # where each Ichto on the card is drawn
        self.notice_box = pygame.Rect(0, 0, 0, 0)
        self.notice_lines: list[str] = []

    def language_changed(self) -> None:
        self.continue_button.detail = self.continue_detail()

    def continue_detail(self) -> str:
        """The line under Continue: which game it carries on, in the language of the moment."""
        if not self.continue_button.enabled:
            return ""
        if self.rejoin is not None:
            address, room, _name = self.rejoin
            return fmt("Room {room} at {address}", room=room, address=address)
        if self.hosted is not None:
            state = self.hosted.game.state
            return fmt("Hosted game, turn {turn}: {seat} to move", turn=state.turn,
                       seat=self.hosted.names[state.actor])
        return self.latest.status_text() if self.latest is not None else ""

    @property
    def message(self) -> str:
        return " ".join(self.notices)

    # Heights in 1280x720 units, top to bottom: the card, a gap, the column, a gap, the row.
    CARD = (640, 240)
    PRIMARY = (360, 56, 8)  # width, height, gap
    ROW = (48, 12)  # height, gap
    GAPS = (22, 24)

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        free_top = t.px(16)
        self.notice_lines = []
        if self.notices:
            width = min(w - t.px(40), t.px(1100))
            self.notice_lines = [line for notice in self.notices
                                 for line in wrap(notice, t.px(20), width - t.px(40))][:4]
            self.notice_box = pygame.Rect(0, 0, width,
                                          t.px(18) + len(self.notice_lines) * t.px(22))
            self.notice_box.midtop = (w // 2, t.px(8))
            free_top = self.notice_box.bottom + t.px(14)
        pw, ph, pgap = (t.px(v) for v in self.PRIMARY)
        rh, rgap = (t.px(v) for v in self.ROW)
        gap1, gap2 = (t.px(v) for v in self.GAPS)
        column = len(self.primary) * ph + (len(self.primary) - 1) * pgap
        total = t.px(self.CARD[1]) + gap1 + column + gap2 + rh
        top = max(free_top, free_top + (h - t.px(16) - free_top - total) // 2)
        cx = w // 2
        self.card = pygame.Rect(0, top, t.px(self.CARD[0]), t.px(self.CARD[1]))
        self.card.centerx = cx
        y = self.card.bottom + gap1
        for b in self.primary:
            b.rect = pygame.Rect(cx - pw // 2, y, pw, ph)
            y += ph + pgap
        y += gap2 - pgap
        x = self.card.left
        room = self.card.width - (len(self.secondary) - 1) * rgap
        for b, bw in zip(self.secondary, row_widths(self.secondary, room, t), strict=True):
            b.rect = pygame.Rect(x, y, bw, rh)
            x += bw + rgap
        size = t.px(52)
        self.fish = []
        for i in range(5):
            r = pygame.Rect(0, 0, size, size)
            r.center = (cx + (i - 2) * t.px(66), self.card.top + t.px(134))
            self.fish.append(r)

    def new_game(self) -> None:
        self.app.open("new_game")

    def resume(self) -> None:
        if self.rejoin is not None:
            self.app.open("join", rejoin=True)
        elif self.hosted is not None:
            self.app.show("host", seats=[], seed=0, resume=self.hosted)
        elif self.latest is not None:
            self.open_saved(self.latest.path)

    def open_saved(self, path) -> None:
        session, problem = library.open_game(path)
        if session is None:
            self.app.show("title", message=problem)
        elif session.over:
            self.app.show("game_over", session=session)
        else:
            self.app.show("table", session=session)

    def load_game(self) -> None:
        self.app.open("load_game")

    def learn(self) -> None:
        try:
            load_script()
        except UserFileError as exc:
            self.app.show("title", message=fmt("Learn to play cannot start: {problem}",
                                               problem=exc) + " " + reinstall())
            return
        script = load_script()
        reached = script.start_of(saved_chapter())
        if reached:  # come back to: go on, start over, or pick a chapter
            self.app.open("tutorial_chapters", script=script, reached=reached)
        else:
            self.app.show("tutorial", chapter=0)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.shared:
            return
        self.lock_wait += dt
        if self.lock_wait >= 1.0:  # the other copy may have closed: then this one takes over
            self.lock_wait = 0.0
            if folder_lock.claim():
                self.app.show("title")

    def rules(self) -> None:
        self.app.open("rules")

    def settings(self) -> None:
        self.app.open("settings")

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        # The window's first frame shows the card at once; the painted board from the next.
        first = self.app.first_frame_at is None
        surface.blit(plain(t.size) if first else backdrop(t.size), (0, 0))
        card = self.card
        panel(surface, card, (24, 34, 46), radius=t.px(18), shadow=t.px(8),
              border=th.ACCENT_DARK)
        cx = card.centerx
        blit_text(surface, _("URLAND"), (cx, card.top + t.px(64)), t.px(118), th.ACCENT, True,
                  anchor="center")
        for colour, r in enumerate(self.fish):
            surface.blit(art.ichto(colour, r.width), r)
        blit_text(surface, _("Ichtos crawl out of the sea. Who will rule the land?"),
                  (cx, card.top + t.px(184)), t.px(26), th.TEXT, anchor="center",
                  width=card.width - t.px(40))
        blit_text(surface, _("after the board game by Doris & Frank (2001)"),
                  (cx, card.top + t.px(214)), t.px(20), th.TEXT_DIM, anchor="center",
                  width=card.width - t.px(40))
        super().draw(surface)
        if self.notice_lines:
            self.draw_notices(surface)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """What went wrong with a file, at the top of the screen, until the title is left."""
        t = self.theme
        box = self.notice_box
        panel(surface, box, (120, 46, 40), radius=t.px(8), border=th.BAD)
        for i, line in enumerate(self.notice_lines):
            blit_text(surface, line, (box.left + t.px(20), box.top + t.px(9) + i * t.px(22)),
                      t.px(20), th.TEXT)

    def autoplay_step(self) -> None:
        """The autoplay tour: every menu scene once, then a new game."""
        auto = self.app.autoplay
        if auto is None or not auto.tours or self.age < 0.5:
            return
        self.age = 0.0
        shots = self.app.visited
        if "rules" not in shots:
            self.rules()
        elif "settings" not in shots:
            self.settings()
        else:
            self.new_game()
