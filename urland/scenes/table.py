"""The table: the board, the players, the genes, the log, and every decision of the game.

Humans act with the mouse (drag an Ichto, click an area, answer a dialog); AI seats think in a
background thread so the window stays responsive. Each decision is played through the Session
(which autosaves), then shown: Ichtos glide, markers step along the track, and the important
events are explained one after another. Clicks or Space skip the show.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass

import pygame

from urland.bots.registry import make_bot
from urland.describe import describe
from urland.engine.errors import IllegalMoveError
from urland.engine.events import Event
from urland.engine.moves import Move, Option
from urland.engine.rules import PHASE_PROMPTS, check_move, legal_options
from urland.engine.state import (
    ACTION,
    BID,
    BUY,
    CHIP,
    COLOUR_NAMES,
    PANIC_EARS,
    PANIC_OCEAN,
    PANIC_REGION,
    VOLCANO_EARS,
)
from urland.engine.view import PlayerView, view
from urland.scenes import decisions
from urland.scenes.base import Scene
from urland.scenes.rules import gene_texts
from urland.session import Session
from urland.ui import art
from urland.ui import theme as th
from urland.ui.animation import MoveAnimation
from urland.ui.board_view import BoardView
from urland.ui.text import blit_text, blit_wrapped, render, wrap
from urland.ui.widgets import Button, panel

CALLOUT_KINDS = {"score", "panic", "panic_move", "eruption", "volcano_loss", "epoch_end",
                 "mutation", "bids_revealed", "buy", "cannot_pay", "no_sale", "game_ends",
                 "final_total", "final_land", "winner", "setup_volcano", "ears_dive",
                 "ears_stay", "new_epoch"}
CALLOUT_SECONDS = 1.7
ROLE_TAGS = {"env": "ENVIRONMENT", "dead": "DEAD", "ichto": "ICHTO PLAYER"}


@dataclass
class Drag:
    src: int
    seat: int
    count: int
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


class TableScene(Scene):
    name = "table"

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.board_view = BoardView(session.game.board)
        self.executor = ThreadPoolExecutor(max_workers=1)
        self.bots = {i: make_bot(s.kind, session.game.seed * 31 + i)
                     for i, s in enumerate(session.seats) if not s.human}
        self.thinking: Future | None = None
        self.thinking_key: tuple | None = None
        self.think_started = 0.0
        self.hint: Future | None = None
        self.hint_text = ""
        self.anim: MoveAnimation | None = None
        self.callouts: list[str] = []
        self.callout_age = 0.0
        self.message = ""
        self.message_age = 0.0
        self.drag: Drag | None = None
        self.menu: list[tuple[str, Move]] = []
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.menu_rows: list[tuple[pygame.Rect, Move]] = []
        self.hover_pos = (0, 0)
        self.asked: tuple | None = None
        self.reveal_pending: Event | None = None
        self.rows: list[pygame.Rect] = []
        self.gene_cards: list[tuple[str, pygame.Rect]] = []
        self.end_button = Button("End turn", self.end_turn, "primary", key=pygame.K_e)
        self.double_button = Button("Double turn +2", lambda: self.submit(Move("double")),
                                    key=pygame.K_d)
        self.undo_button = Button("Undo", self.undo)
        self.hint_button = Button("Hint", self.ask_hint, key=pygame.K_h)
        self.retreat_button = Button("Retreat...", self.retreat_dialog)
        self.menu_button = Button("Menu", self.to_title, key=pygame.K_ESCAPE)
        self.buttons = [self.end_button, self.double_button, self.undo_button, self.hint_button,
                        self.retreat_button, self.menu_button]
        self.log_lines: list[str] = self.logged(self.session.game.log_for(self.viewer))
        self._side: tuple | None = None
        self._options: tuple | None = None
        self.shown: PlayerView = self.session.view()

    # --- basics -------------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        return self.session.table_viewer()

    @property
    def state(self):
        return self.session.game.state

    def human_turn(self) -> bool:
        return self.session.actor_is_human() and self.anim is None and not self.callouts

    def layout(self) -> None:
        t = self.theme
        w, h = t.size
        self.banner = pygame.Rect(0, 0, w, t.px(50))
        side_w = t.px(440)
        self.side = pygame.Rect(w - side_w - t.px(8), self.banner.bottom + t.px(8), side_w,
                                h - self.banner.bottom - t.px(16))
        self.board_area = pygame.Rect(t.px(8), self.banner.bottom + t.px(6),
                                      self.side.left - t.px(16), h - self.banner.bottom - t.px(12))
        self.board_view.layout(self.board_area)
        n = self.state.n
        row_h = t.px(64)
        self.rows = [pygame.Rect(self.side.left, self.side.top + i * (row_h + t.px(4)),
                                 self.side.width, row_h) for i in range(n)]
        y = self.rows[-1].bottom + t.px(10)
        self.genes_rect = pygame.Rect(self.side.left, y, self.side.width, t.px(84))
        bh = t.px(44)
        self.bar = pygame.Rect(self.side.left, self.side.bottom - 2 * bh - t.px(8),
                               self.side.width, 2 * bh + t.px(8))
        self.log_rect = pygame.Rect(self.side.left, self.genes_rect.bottom + t.px(10),
                                    self.side.width, self.bar.top - self.genes_rect.bottom
                                    - t.px(20))
        half = (self.side.width - t.px(8)) // 2
        third = (self.side.width - t.px(16)) // 3
        self.end_button.rect = pygame.Rect(self.bar.left, self.bar.top, half, bh)
        self.double_button.rect = pygame.Rect(self.bar.left + half + t.px(8), self.bar.top, half,
                                              bh)
        y2 = self.bar.top + bh + t.px(8)
        self.undo_button.rect = pygame.Rect(self.bar.left, y2, third, bh)
        self.hint_button.rect = pygame.Rect(self.bar.left + third + t.px(8), y2, third, bh)
        self.retreat_button.rect = pygame.Rect(self.bar.left + 2 * (third + t.px(8)), y2, third,
                                               bh)
        self.menu_button.rect = pygame.Rect(w - t.px(120), t.px(7), t.px(110), t.px(36))

    # --- playing moves ----------------------------------------------------------------------

    def submit(self, move: Move) -> None:
        """Play a decision, then show what it did."""
        before = view(self.state, self.viewer).state
        try:
            events = self.session.play(move)
        except IllegalMoveError as exc:
            self.say(str(exc))
            return
        self.hint_text = ""
        self.menu = []
        self.after_move(before, events)
        if move.kind == "chip":
            self.let_dead_player_look()

    def let_dead_player_look(self) -> None:
        """The dead player may look at the two chips passed to them (after a hand-over)."""
        dead = self.state.dead
        if not self.session.seats[dead].human:
            return
        peek = decisions.PeekScene(self, dead)
        if self.session.shared_screen:
            self.app.push(decisions.HandOverScene(self, dead, "the two chips passed to you",
                                                  then=lambda: self.app.push(peek)))
        else:
            self.app.push(peek)

    def after_move(self, before, events: list[Event]) -> None:
        self.shown = self.session.view()
        speed = self.app.settings.speed
        visible = [e for e in events if e.visible(self.viewer)]
        self.log_lines = (self.log_lines + self.logged(visible))[-40:]
        if speed > 0:
            self.anim = MoveAnimation(self.board_view, before, self.shown.state, speed,
                                      self.reserve_point)
            self.callouts += self.logged([e for e in visible if e.kind in CALLOUT_KINDS])
            self.callout_age = 0.0
        for e in events:
            if e.kind == "bids_revealed":
                self.reveal_pending = e
        self.asked = None

    def logged(self, events: list[Event]) -> list[str]:
        return [self.session.personalise(e.text) for e in events][-40:]

    def end_turn(self) -> None:
        self.submit(Move("end"))

    def undo(self) -> None:
        seat = self.state.actor
        if self.session.game.undo_depth(seat):
            undone = self.session.undo(seat)
            self.shown = self.session.view()
            self.anim = None
            self.log_lines = self.logged(self.session.game.log_for(self.viewer))
            self.say(f"Undone: {describe(undone, self.state)}.")

    def say(self, text: str) -> None:
        self.message = text
        self.message_age = 0.0

    def to_title(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.app.show("title")

    # --- every frame --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.message_age += dt
        if self.anim:
            self.anim.update(dt)
            if self.anim.done:
                self.anim = None
        elif self.callouts:
            self.callout_age += dt
            if self.callout_age >= CALLOUT_SECONDS / max(self.app.settings.speed, 0.1):
                self.callouts.pop(0)
                self.callout_age = 0.0
        if self.anim or self.callouts:
            return
        if self.reveal_pending is not None:
            e = self.reveal_pending
            self.reveal_pending = None
            self.app.push(decisions.RevealScene(self, e.data["bids"], e.data["ranking"],
                                                self.state.track[:]))
            return
        if self.state.over:
            self.finish()
            return
        if self.session.actor_is_human():
            self.ask_human()
        else:
            self.run_ai()

    def finish(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.app.show("game_over", session=self.session)

    def run_ai(self) -> None:
        state = self.state
        key = (len(self.session.game.moves), state.actor)
        if self.thinking is None or self.thinking_key != key:
            bot = self.bots[state.actor]
            seat_view = view(state, state.actor)
            self.thinking = self.executor.submit(bot.choose, seat_view)
            self.thinking_key = key
            self.think_started = time.perf_counter()
            return
        if not self.thinking.done():
            if self.app.headless:  # no frame to keep smooth: let the bot's thread run
                wait([self.thinking], timeout=0.05)
            return
        if time.perf_counter() - self.think_started < self.app.settings.pause:
            return
        move = self.thinking.result()
        self.thinking = None
        self.submit(move)

    def ask_human(self) -> None:
        state = self.state
        seat = state.actor
        key = (len(self.session.game.moves), state.phase, seat)
        if self.asked == key:
            return
        self.asked = key
        handover = self.session.needs_handover()
        if handover is not None:
            what = ("your three chips" if state.phase == CHIP else "your secret bid")
            self.app.push(decisions.HandOverScene(self, handover, what))
            return
        if state.phase == CHIP:
            self.app.push(decisions.ChipScene(self, seat))
        elif state.phase == BID:
            self.app.push(decisions.BidScene(self, seat))
        elif state.phase == BUY:
            self.app.push(decisions.BuyScene(self, seat))
        elif state.phase == PANIC_EARS:
            self.app.push(decisions.EarsScene(self, seat, state.queue[0][2]))

    # --- mouse and keys -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
        if (self.anim or self.callouts) and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                 and not self.menu_button.rect.collidepoint(event.pos))
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)):
            if self.anim:
                self.anim.skip()
            else:
                self.callouts.clear()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and (
                event.mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if self.menu and self._handle_menu(event):
            return True
        if self.human_turn() and self._handle_board(event):
            return True
        return super().handle(event)

    def _handle_menu(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, move in self.menu_rows:
                if rect.collidepoint(event.pos):
                    self.menu = []
                    self.submit(move)
                    return True
            self.menu = []
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu = []
            return True
        return False

    def _handle_board(self, event: pygame.event.Event) -> bool:
        state = self.state
        phase = state.phase
        if phase in (PANIC_REGION, PANIC_OCEAN, VOLCANO_EARS):
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                area = self.board_view.area_at(event.pos, state)
                if area in state.choices:
                    kind = {PANIC_REGION: "panic_region", PANIC_OCEAN: "panic_ocean",
                            VOLCANO_EARS: "ears_dive"}[phase]
                    self.submit(Move(kind, src=area) if kind == "panic_region"
                                else Move(kind, dst=area))
                    return True
            return False
        if phase != ACTION:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.board_view.stack_at(event.pos, state)
            if hit:
                area, seat = hit
                everything = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                count = state.count(area, seat) if everything and seat == state.actor else 1
                self.drag = Drag(area, seat, count, event.pos, event.pos)
                return True
            if self.board_area.collidepoint(event.pos):
                self.drag = Drag(-1, -1, 0, event.pos, event.pos)
                return True
        elif event.type == pygame.MOUSEMOTION and self.drag:
            self.drag.pos = event.pos
            if abs(event.pos[0] - self.drag.start[0]) + abs(event.pos[1] - self.drag.start[1]) > 6:
                self.drag.moved = True
            return True
        elif event.type == pygame.MOUSEWHEEL and self.drag and self.drag.seat >= 0:
            self._change_count(event.y)
            return True
        elif event.type == pygame.KEYDOWN and self.drag and event.key in (
                pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS,
                pygame.K_KP_MINUS):
            self._change_count(1 if event.key in (pygame.K_PLUS, pygame.K_EQUALS,
                                                  pygame.K_KP_PLUS) else -1)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            drag, self.drag = self.drag, None
            if not drag.moved:
                self.click_area(event.pos)
            elif drag.seat >= 0:
                self.drop(drag, event.pos)
            return True
        return False

    def _change_count(self, delta: int) -> None:
        assert self.drag is not None
        most = self.state.count(self.drag.src, self.drag.seat)
        if self.drag.seat != self.state.actor:
            most = 1
        self.drag.count = max(1, min(most, self.drag.count + delta))

    def click_area(self, pos: tuple[int, int]) -> None:
        state = self.state
        area = self.board_view.area_at(pos, state)
        if area is None:
            return
        options = [o for o in self.current_options() if o.move.kind not in ("end", "double")]
        # what starts here (the egg is laid here); moves into here start elsewhere
        here = [o for o in options if o.move.src == area
                or (o.move.kind == "egg" and o.move.dst == area)]
        if len(here) == 1 and here[0].move.kind == "proliferate":
            self.submit(here[0].move)
            return
        items = []
        for o in here:
            move = _default(o, area)
            if move is not None:
                items.append((describe(move, state), move))
        if not items:
            self.say(f"Nothing to do in {state.board.area_label(area)}: drag an Ichto from an "
                     "ocean, or click an ocean to proliferate.")
            return
        order = ("proliferate", "egg", "assimilate", "bite", "stink", "land", "walk", "fly",
                 "swim")
        items.sort(key=lambda item: (order.index(item[1].kind) if item[1].kind in order
                                     else len(order), item[1].dst, item[1].target, item[0]))
        self.menu = items[:14]
        self.menu_anchor = pos

    def drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        move = self.move_for_drop(drag, pos)
        if move is None:
            self.say("Drop it on a highlighted place.")
            return
        try:
            check_move(self.state, move)
        except IllegalMoveError as exc:
            self.say(str(exc))
            return
        self.submit(move)

    def move_for_drop(self, drag: Drag, pos: tuple[int, int]) -> Move | None:
        state = self.state
        board = state.board
        own = drag.seat == state.actor
        if any(r.collidepoint(pos) for r in self.rows):
            if own:
                return Move("retreat", picks=((drag.src, drag.count),))
            return Move("bite", drag.src, target=(drag.seat,))
        target = self.board_view.area_at(pos, state)
        if target is None or target == drag.src:
            return None
        src_ocean, dst_ocean = board.is_ocean(drag.src), board.is_ocean(target)
        if not own:
            return Move("stink", drag.src, target, target=(drag.seat,)) if dst_ocean else None
        if src_ocean:
            return Move("swim" if dst_ocean else "land", drag.src, target, drag.count)
        if (not dst_ocean and target in state.region_straits[drag.src] and drag.count == 1
                and "walk" in self.current_kinds()):
            return Move("walk", drag.src, target)
        return Move("fly", drag.src, target, drag.count)

    def drag_targets(self) -> tuple[set[int], bool]:
        """Areas where the dragged Ichtos may go, and whether the reserve tray takes them."""
        drag = self.drag
        if drag is None or drag.seat < 0:
            return set(), False
        state = self.state
        areas: set[int] = set()
        tray = False
        own = drag.seat == state.actor
        for o in self.current_options():
            m = o.move
            if m.src != drag.src and not (m.kind == "retreat" and o.picks):
                continue
            if own and m.kind in ("land", "swim", "fly", "walk") and _count_ok(o, drag.count):
                areas.add(m.dst)
            elif own and m.kind == "retreat" and o.picks and any(
                    a == drag.src and k >= drag.count for a, k in o.picks.limits):
                tray = True
            elif not own and m.target == (drag.seat,) and m.src == drag.src:
                if m.kind == "stink":
                    areas.add(m.dst)
                elif m.kind == "bite":
                    tray = True
        return areas, tray

    def ask_hint(self) -> None:
        if not self.human_turn() or self.hint is not None:
            return
        from urland.bots.ismcts import HardBot

        bot = HardBot(seed=len(self.session.game.moves), time_limit=0.8)
        self.hint = self.executor.submit(bot.choose, view(self.state, self.state.actor))
        self.hint_text = "Thinking about a hint..."

    def retreat_dialog(self) -> None:
        state = self.state
        option = next((o for o in self.current_options() if o.move.kind == "retreat"), None)
        if option is None or option.picks is None:
            self.say("Nothing to retreat.")
            return
        self.app.push(decisions.PickScene(self, state.actor, "Retreat to your reserve",
                                          option.move, 1, option.picks.hi, {}))

    def reserve_point(self, seat: int) -> tuple[int, int]:
        if not self.rows:
            return (0, 0)
        r = self.rows[seat]
        return (r.left + self.theme.px(34), r.centery)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.fill(th.TABLE, (0, 0, t.size[0], self.side.top))
        surface.fill(th.TABLE, (0, 0, self.side.left, t.size[1]))
        shown = self.shown.state
        targets, tray = self.drag_targets() if self.drag and self.drag.moved else (set(), False)
        highlight = set(targets)
        if self.human_turn() and self.state.phase in (PANIC_REGION, PANIC_OCEAN, VOLCANO_EARS):
            highlight |= set(self.state.choices)
        hidden = dict(self.anim.hidden()) if self.anim else {}
        if self.drag and self.drag.moved and self.drag.seat >= 0:
            key = (self.drag.src, self.drag.seat)
            hidden[key] = hidden.get(key, 0) + self.drag.count
        self.board_view.draw(surface, shown, hidden=hidden, highlight=highlight,
                             markers=self.anim.markers() if self.anim else None)
        if self.anim:
            self.anim.draw(surface)
        self.draw_banner(surface)
        self.draw_side(surface, tray)
        self.update_buttons()
        super().draw(surface)
        if self.callouts and self.anim is None:
            self.draw_callout(surface)
        if self.drag and self.drag.moved and self.drag.seat >= 0:
            colour = shown.colours[self.drag.seat]
            shadow = pygame.Rect(0, 0, self.board_view.px(40), self.board_view.px(14))
            shadow.center = (self.drag.pos[0] + t.px(6), self.drag.pos[1] + t.px(26))
            pygame.draw.ellipse(surface, (10, 20, 30), shadow)
            BoardView.draw_stack(surface, colour, self.drag.count, self.drag.pos,
                                 self.board_view.px(50), t.px(22), glow=True)
            if self.drag.seat == self.state.actor and self.state.count(self.drag.src,
                                                                       self.drag.seat) > 1:
                blit_text(surface, "wheel or +/- : carry more", (self.drag.pos[0],
                          self.drag.pos[1] + t.px(34)), t.px(18), th.TEXT, anchor="center")
        elif (not self.menu and not self.drag and not self.callouts and self.anim is None
              and self.app.scene is self):
            self.draw_hover(surface)
        if self.menu:
            self.draw_menu(surface)

    def draw_side(self, surface: pygame.Surface, tray: bool) -> None:
        """Players, genes and log: drawn when something in them changed, else blitted."""
        tray_seat = self.drag.seat if tray and self.drag else None  # seat 0 is a seat too
        key = (id(self.shown), self.state.actor, self.state.over, tray_seat,
               len(self.log_lines), self.log_lines[-1:], self.theme.size)
        if self._side is not None and self._side[0] == key:
            surface.blit(self._side[1], self.side)
            return
        surface.fill(th.TABLE, self.side)
        self.draw_players(surface, tray)
        self.draw_genes(surface)
        self.draw_log(surface)
        self._side = (key, surface.subsurface(self.side).copy())

    def current_options(self) -> list[Option]:
        """The acting seat's legal options, computed once per position (not once per frame
        while an Ichto is dragged). Undo changes the position too, so the key is the move
        list itself, not its length."""
        moves = self.session.game.moves
        key = (len(moves), moves[-1] if moves else None, self.state.phase, self.state.actor)
        if self._options is None or self._options[0] != key:
            options = legal_options(self.state)
            self._options = (key, options, {o.move.kind for o in options})
        return self._options[1]

    def current_kinds(self) -> set[str]:
        self.current_options()
        assert self._options is not None
        return self._options[2]

    def update_buttons(self) -> None:
        human = self.human_turn() and self.state.phase == ACTION
        state = self.state
        kinds = self.current_kinds() if human else set()
        self.end_button.visible = human
        self.double_button.visible = human and "double" in kinds
        self.undo_button.visible = human
        self.undo_button.enabled = human and self.session.game.undo_depth(state.actor) > 0
        self.hint_button.visible = human
        self.retreat_button.visible = human
        self.retreat_button.enabled = "retreat" in kinds
        if self.hint is not None and self.hint.done():
            move = self.hint.result()
            self.hint = None
            self.hint_text = f"Hint: {describe(move, state)}."

    def prompt(self) -> str:
        state = self.state
        if state.over:
            return "The game is over."
        seat = state.actor
        name = self.session.seats[seat].name
        if not self.session.seats[seat].human:
            return f"{name} is thinking" + "." * (1 + int(self.age * 3) % 3)
        if state.phase == ACTION:
            left = state.actions_left
            if left == 0:
                return f"{name}: hand in a double-turn chip for 2 more actions, or end your turn"
            return (f"{name}: {left} action{'s' if left != 1 else ''} left - drag an Ichto or "
                    "click an area")
        if state.phase in (PANIC_REGION, PANIC_OCEAN):
            return f"Panic! {name}, furthest back, chooses: click a highlighted " + (
                "region" if state.phase == PANIC_REGION else "ocean")
        if state.phase == VOLCANO_EARS:
            return f"{name}: click the ocean your Ichtos dive into"
        return f"{name}: {PHASE_PROMPTS[state.phase]}"

    def draw_banner(self, surface: pygame.Surface) -> None:
        t = self.theme
        pygame.draw.rect(surface, (26, 34, 44), self.banner)
        pygame.draw.line(surface, th.ACCENT_DARK, self.banner.bottomleft, self.banner.bottomright,
                         t.px(2))
        state = self.state
        blit_text(surface, f"Turn {state.turn}  ·  Epoch {state.epoch}",
                  (t.px(16), self.banner.centery), t.px(24), th.TEXT_DIM, anchor="midleft")
        colour = state.colours[state.actor] if state.actor >= 0 else 0
        icon = art.ichto(colour, t.px(38))
        surface.blit(icon, icon.get_rect(center=(t.px(210), self.banner.centery)))
        text = self.prompt()
        blit_text(surface, text, (t.px(236), self.banner.centery), t.px(27), th.TEXT, True,
                  anchor="midleft")
        note = self.message if self.message and self.message_age < 5 else self.hint_text
        if note:
            width = render(note, t.px(22), th.ACCENT).get_width()
            r = pygame.Rect(0, 0, width + t.px(24), t.px(34))
            r.midtop = (self.board_area.centerx, self.banner.bottom + t.px(10))
            panel(surface, r, (60, 30, 26) if note == self.message else (30, 50, 40),
                  radius=t.px(8))
            blit_text(surface, note, r.center, t.px(22), th.ACCENT, anchor="center")

    def roles(self, seat: int) -> str:
        state = self.state
        if state.over:
            return ""
        if seat == state.env:
            return "env"
        if seat == state.dead:
            return "dead"
        return "ichto"

    def draw_players(self, surface: pygame.Surface, tray: bool) -> None:
        t = self.theme
        state = self.shown.state
        live = self.state
        for seat, rect in enumerate(self.rows):
            s = self.session.seats[seat]
            acting = live.actor == seat and not live.over
            fill = (52, 66, 82) if acting else th.PANEL
            if tray and self.drag and seat == self.drag.seat:
                fill = (92, 86, 40)  # the reserve this drag may drop into
            panel(surface, rect, fill, radius=t.px(8), shadow=t.px(3),
                  border=th.ACCENT if acting else None)
            icon = art.ichto(s.colour, t.px(46))
            surface.blit(icon, icon.get_rect(center=(rect.left + t.px(34), rect.centery)))
            blit_text(surface, s.name, (rect.left + t.px(64), rect.top + t.px(8)), t.px(25),
                      th.TEXT, True)
            kind = "" if s.human else f" · AI {s.kind}"
            role = ROLE_TAGS.get(self.roles(seat), "")
            blit_text(surface, f"{COLOUR_NAMES[s.colour]}{kind}",
                      (rect.left + t.px(64), rect.top + t.px(32)), t.px(18), th.TEXT_DIM)
            if role:
                blit_text(surface, role, (rect.left + t.px(64), rect.bottom - t.px(4)),
                          t.px(15), th.ACCENT if role == "ENVIRONMENT" else (150, 190, 220),
                          anchor="bottomleft")
            blit_text(surface, str(state.track[seat]), (rect.right - t.px(14), rect.top +
                      t.px(8)), t.px(34), th.TEXT, True, anchor="topright")
            blit_text(surface, f"reserve {state.reserve[seat]}", (rect.right - t.px(14),
                      rect.bottom - t.px(8)), t.px(18), th.TEXT_DIM, anchor="bottomright")
            for i in range(state.double_chips[seat]):
                pygame.draw.circle(surface, th.ACCENT, (rect.right - t.px(70) - i * t.px(14),
                                   rect.top + t.px(22)), t.px(5))
            owned = [g for i, g in enumerate(gene_texts()) if state.genes[seat] >> i & 1]
            x = rect.left + t.px(64) + t.px(130)
            for g in owned:
                label = gene_texts()[g]["name"]
                image = render(label, t.px(16), th.INK)
                r = image.get_rect(topleft=(x, rect.top + t.px(34))).inflate(t.px(8), t.px(4))
                if r.right > rect.right - t.px(90):
                    break
                pygame.draw.rect(surface, (214, 232, 190), r, border_radius=t.px(4))
                surface.blit(image, image.get_rect(center=r.center))
                x = r.right + t.px(4)

    def draw_genes(self, surface: pygame.Surface) -> None:
        t = self.theme
        state = self.shown.state
        r = self.genes_rect
        panel(surface, r, th.PANEL, radius=t.px(8), shadow=t.px(3))
        blit_text(surface, f"Genes on display · deck {len(state.deck)}", (r.left + t.px(12),
                  r.top + t.px(8)), t.px(19), th.TEXT_DIM)
        chips_text = f"chip pile {len(state.pile)}" + ("" if state.panic_aside else
                                                       " incl. Panic")
        blit_text(surface, chips_text, (r.right - t.px(12), r.top + t.px(8)), t.px(19),
                  th.TEXT_DIM, anchor="topright")
        self.gene_cards = []
        x = r.left + t.px(10)
        y = r.top + t.px(32)
        for g in state.display:
            name = gene_texts()[g]["name"]
            image = render(name, t.px(18), th.INK, True)
            card = pygame.Rect(x, y, image.get_width() + t.px(14), t.px(20))
            if card.right > r.right - t.px(8):
                x = r.left + t.px(10)
                y += t.px(24)
                card.topleft = (x, y)
            pygame.draw.rect(surface, th.PAPER, card, border_radius=t.px(5))
            surface.blit(image, image.get_rect(center=card.center))
            self.gene_cards.append((g, card))
            x = card.right + t.px(6)
        known = self.shown.known_hand()
        if self.viewer is not None and (known or state.chosen >= 0):
            text = "your chips: " + ", ".join(map(str, known))
            if state.chosen >= 0:
                text += f"   scoring: {state.chosen}"
            blit_text(surface, text, (r.left + t.px(12), r.bottom - t.px(6)), t.px(18),
                      th.ACCENT, anchor="bottomleft")

    def draw_log(self, surface: pygame.Surface) -> None:
        t = self.theme
        r = self.log_rect
        if r.height < t.px(40):
            return
        panel(surface, r, (24, 30, 38), radius=t.px(8), shadow=t.px(3))
        px = t.px(18)
        step = t.px(17)
        lines: list[str] = []
        for text in self.log_lines[-14:]:
            lines += wrap(text, px, r.width - t.px(20))
        room = max(1, (r.height - t.px(12)) // step)
        y = r.top + t.px(6)
        for line in lines[-room:]:
            surface.blit(render(line, px, (196, 202, 208)), (r.left + t.px(10), y))
            y += step

    def draw_callout(self, surface: pygame.Surface) -> None:
        t = self.theme
        text = self.callouts[0]
        width = min(self.board_area.width - t.px(80), t.px(640))
        lines = wrap(text, t.px(26), width - t.px(40))
        r = pygame.Rect(0, 0, width, t.px(30) + len(lines) * t.px(24))
        r.center = (self.board_view.rect.centerx, self.board_view.rect.centery)
        panel(surface, r, (250, 244, 226), radius=t.px(12), shadow=t.px(6),
              border=th.ACCENT_DARK)
        blit_wrapped(surface, text, r.inflate(-t.px(40), -t.px(24)), t.px(26), th.INK)
        blit_text(surface, "click or Space to skip", (r.right - t.px(10), r.bottom + t.px(4)),
                  t.px(16), th.TEXT_DIM, anchor="topright")

    def draw_hover(self, surface: pygame.Surface) -> None:
        pos = self.hover_pos
        for gene, rect in self.gene_cards:
            if rect.collidepoint(pos):
                self.tooltip(surface, gene_texts()[gene]["name"], gene_texts()[gene]["text"], pos)
                return
        if not self.board_view.rect.collidepoint(pos):
            return
        state = self.shown.state
        area = self.board_view.area_at(pos, state)
        if area is None:
            return
        board = state.board
        counts = [(self.session.seats[s].name, state.count(area, s)) for s in range(state.n)
                  if state.count(area, s)]
        body = ", ".join(f"{name} {k}" for name, k in counts) or "no Ichtos"
        if area < board.n_regions:
            number = board.region_numbers[area]
            oceans = " ".join(board.area_name(o) for o in state.region_oceans[area])
            if number in state.board_chips:
                status = "scored this epoch"
            elif not state.region_chips(area):
                status = "never scores again"
            else:
                status = "still to score"
            body += f"\nborders {oceans} · {status}"
        self.tooltip(surface, board.area_label(area).capitalize(), body, pos)

    def tooltip(self, surface: pygame.Surface, title: str, body: str,
                pos: tuple[int, int]) -> None:
        t = self.theme
        width = t.px(320)
        lines = wrap(body, t.px(19), width - t.px(20))
        r = pygame.Rect(pos[0] + t.px(18), pos[1] + t.px(18), width,
                        t.px(34) + len(lines) * t.px(17))
        r.clamp_ip(surface.get_rect())
        panel(surface, r, (250, 244, 226), radius=t.px(8), shadow=t.px(4))
        blit_text(surface, title, (r.left + t.px(10), r.top + t.px(6)), t.px(21), th.INK, True)
        y = r.top + t.px(28)
        for line in lines:
            surface.blit(render(line, t.px(19), (70, 60, 50)), (r.left + t.px(10), y))
            y += t.px(17)

    def draw_menu(self, surface: pygame.Surface) -> None:
        t = self.theme
        row_h = t.px(34)
        width = max(render(label, t.px(21), th.INK).get_width() for label, _ in self.menu)
        r = pygame.Rect(self.menu_anchor[0], self.menu_anchor[1], width + t.px(30),
                        row_h * len(self.menu) + t.px(10))
        r.clamp_ip(surface.get_rect())
        panel(surface, r, (250, 244, 226), radius=t.px(8), shadow=t.px(5), border=th.ACCENT_DARK)
        self.menu_rows = []
        for i, (label, move) in enumerate(self.menu):
            row = pygame.Rect(r.left + t.px(5), r.top + t.px(5) + i * row_h, r.width - t.px(10),
                              row_h)
            if row.collidepoint(self.hover_pos):
                pygame.draw.rect(surface, (255, 226, 150), row, border_radius=t.px(5))
            blit_text(surface, label, (row.left + t.px(10), row.centery), t.px(21), th.INK,
                      anchor="midleft")
            self.menu_rows.append((row, move))

    def autoplay_step(self) -> None:
        if self.anim and self.anim.t < self.anim.duration:
            return
        if self.callouts and self.callout_age > 0.4:
            self.callouts.pop(0)
            self.callout_age = 0.0


def _count_ok(option: Option, count: int) -> bool:
    if option.counts is not None:
        return option.counts[0] <= count <= option.counts[1]
    return option.move.count == count or (option.move.kind == "walk" and count == 1)


def _default(option: Option, area: int) -> Move | None:
    """A click's version of an option: one Ichto where a count is free; no picks menus."""
    if option.picks is not None:
        return None
    if option.counts is not None:
        return option.with_count(option.counts[0])
    return option.move
