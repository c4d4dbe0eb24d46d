"""The table's gestures on the board: pick up, carry, drop, click — each a question to the
engine's pending decision, never a rule of its own.

* pressing on a stack picks Ichtos up only where the decision says some move can take them;
* the wheel or +/- changes how many are carried, up to what a legal move can carry;
* a drop asks `Decision.find_moves`: one move is played, two (walk or fly) become a menu, none
  shows the engine's reason;
* a click asks `Decision.click` (Panic and Ears choices); on an area it lifts the player's
  Ichtos there (the destinations glow, the wheel or +/- sets the count, a click on the board
  puts them down), and lists only the other moves that start there (`Decision.moves_from`),
  never one row per count and destination.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from urland.engine import TRAY, Decision, Move
from urland.scenes.table.carry import PUT_BACK, Drag, GestureHost, Lift
from urland.texts.area_sentences import move_from, nothing_to_do
from urland.texts.i18n import _, fmt
from urland.texts.refusals import refusal_text
from urland.ui.table.table_overlays import AreaMenu, draw_carried_stack
from urland.ui.widgets import MINUS_KEYS, PLUS_KEYS

if TYPE_CHECKING:
    pass

DRAG_THRESHOLD = 6  # pixels the mouse must travel before a press becomes a drag


class BoardGestures:
    def __init__(self, host: GestureHost) -> None:
        self.host = host
        self.drag: Drag | None = None
        self.menu: AreaMenu | None = None

    @property
    def decision(self) -> Decision:
        return self.host.decision

    def cancel(self) -> None:
        self.drag = None
        self.menu = None

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.menu is not None:
            return self._menu_event(event)
        if self.decision.clickable:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                return self._click_choice(event.pos)
            return False
        if not self.decision.allows("end"):  # not an Ichto player's turn
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and not (self.drag and self.drag.lifted)):
            return self._press(event.pos)
        if self.drag is None:
            return False
        if self.drag.lifted:
            return self._lifted_event(self.drag, event)
        return self._drag_event(self.drag, event)

    def _lifted_event(self, drag: Drag, event: pygame.event.Event) -> bool:
        """Ichtos lifted by a click: the mouse carries them, the wheel or +/- sets how many,
        a click puts them down where they may go (elsewhere: back where they were), and
        Escape or the right button puts them back."""
        if event.type == pygame.MOUSEMOTION:
            drag.pos = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self._carry(event.y)
        elif event.type == pygame.KEYDOWN and event.key in PLUS_KEYS + MINUS_KEYS:
            self._carry(1 if event.key in PLUS_KEYS else -1)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.drag = None
            self.host.say(_(PUT_BACK))
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.drag = None
            if event.button == 1 and self._target_at(event.pos, drag.owner) not in (None,
                                                                                   drag.src):
                self._drop(drag, event.pos)
        elif event.type != pygame.MOUSEBUTTONUP:
            return False
        return True

    def lift(self, area: int, pos: tuple[int, int]) -> None:
        """Lift one of the acting player's Ichtos at `area` with a click."""
        self.drag = Drag(area, self.decision.seat, 1, pos, pos, moved=True, lifted=True)

    def _menu_event(self, event: pygame.event.Event) -> bool:
        """An area's menu is open: it takes every event."""
        assert self.menu is not None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            return event.type == pygame.MOUSEBUTTONDOWN
        closed, move = self.menu.handle(event)
        if closed:
            self.menu = None
        if isinstance(move, Lift):
            self.menu = None
            self.lift(move.area, move.pos)
        elif move is not None:
            self.host.submit(move)
        return True

    def _drag_event(self, drag: Drag, event: pygame.event.Event) -> bool:
        """A press is held: it moves, carries more or fewer, or lets go."""
        if event.type == pygame.MOUSEMOTION:
            drag.pos = event.pos
            dx, dy = event.pos[0] - drag.start[0], event.pos[1] - drag.start[1]
            if abs(dx) + abs(dy) > DRAG_THRESHOLD and not drag.moved:
                drag.moved = True
                if drag.src >= 0:
                    self.host.app.sound.play("pickup")
            return True
        if event.type == pygame.MOUSEWHEEL and drag.src >= 0:
            self._carry(event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in PLUS_KEYS + MINUS_KEYS:
            self._carry(1 if event.key in PLUS_KEYS else -1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
            self._release(drag, event.pos)
            return True
        return False

    def _release(self, drag: Drag, pos: tuple[int, int]) -> None:
        if not drag.moved:
            area = self.host.board_view.area_at(pos, self.host.shown.state)
            if area is not None:
                self.click_area(area, pos)
        elif drag.src >= 0:
            self._drop(drag, pos)
        elif drag.refused >= 0:
            self.host.say(self.explain(self.decision.refusal(drag.refused, TRAY, 1, drag.owner)))

    def _press(self, pos: tuple[int, int]) -> bool:
        host = self.host
        hit = host.board_view.stack_at(pos, host.shown.state)
        if hit is not None:
            area, owner = hit
            most = self.decision.carry_limit(area, owner)
            if most == 0:  # nothing can move these: a click on the area, or a refused drag
                self.drag = Drag(-1, owner, 0, pos, pos, refused=area)
                return True
            everything = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            self.drag = Drag(area, owner, most if everything else 1, pos, pos)
            return True
        if host.board_view.rect.collidepoint(pos):
            self.drag = Drag(-1, -1, 0, pos, pos)
            return True
        return False

    def _carry(self, delta: int) -> None:
        drag = self.drag
        assert drag is not None
        most = self.decision.carry_limit(drag.src, drag.owner)
        drag.count = max(1, min(most, drag.count + delta))

    def _target_at(self, pos: tuple[int, int], owner: int) -> int | None:
        host = self.host
        if host.panel.row_at(pos) == owner:
            return TRAY
        return host.board_view.area_at(pos, host.shown.state)

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        target = self._target_at(pos, drag.owner)
        if target is None and self.host.panel.row_at(pos) is not None:
            self.host.say(fmt("That is another player's row: drop on {name}'s own row to send "
                              "Ichtos back to the reserve.", name=self.host.now.names[drag.owner]))
            return
        if target is not None and target != drag.src:
            self.drop_on(drag, target, pos)

    def drop_on(self, drag: Drag, target: int, pos: tuple[int, int]) -> None:
        """Put what `drag` carries down on `target` (an area, or TRAY): the move, a menu of
        the moves (walk or fly), or the engine's reason why not."""
        moves = self.decision.find_moves(drag.src, target, drag.count, drag.owner)
        if not moves:
            self.host.say(self.explain(self.decision.refusal(drag.src, target, drag.count,
                                                              drag.owner)))
        elif len(moves) == 1:
            self.host.app.sound.play("drop")
            self.host.submit(moves[0], dropped_at=pos)
        else:
            self.menu = AreaMenu([(self.host.now.describe(m), m) for m in moves], pos,
                                 self.host.board_view.rect,
                                 self.host.board_view.stacks_rect(target, self.host.shown.state)
                                 if target != TRAY else None)

    def explain(self, refusal: str) -> str:
        """The engine's refusal in the player's language, with the players' names."""
        now = self.host.now
        return refusal_text(refusal, now.names, now.board)

    def click_area(self, area: int, pos: tuple[int, int]) -> None:
        """A click (or Enter) on an area: its one move, its Ichtos lifted, or its menu."""
        host = self.host
        only = self.decision.only_move_at(area)
        if only is not None:
            host.submit(only)
            return
        moves = self.decision.moves_from(area)
        if not moves:  # an ocean says why it does not breed; elsewhere, what one can do
            idle = self.decision.idle_click(area)
            host.say(self.explain(idle) if idle else nothing_to_do(host.shown.state.board, area))
            return
        carried = self.carried_moves(area)
        if all(m.kind == "retreat" for m in carried):  # nowhere on the board to carry them:
            carried = set()  # each Retreat is a row of its own, not "choose where on the board"
        others = [m for m in moves if m not in carried]
        if carried and not others:
            self.lift(area, pos)
            return
        rows: list[tuple[str, Any]] = [(host.now.describe(m), m) for m in others]
        if carried:
            rows.insert(0, (move_from(host.shown.state.board, area), Lift(area, pos)))
        self.menu = AreaMenu(rows, pos, host.board_view.rect,
                             host.board_view.stacks_rect(area, host.shown.state))

    def carried_moves(self, area: int) -> set[Move]:
        """The moves that carry the acting player's Ichtos away from `area` (chosen on the
        board by lifting them, not from a list)."""
        seat = self.decision.seat
        return {m for k in range(1, self.decision.carry_limit(area, seat) + 1)
                for ms in self.decision.drops(area, seat, k).values() for m in ms}

    def _click_choice(self, pos: tuple[int, int]) -> bool:
        area = self.host.board_view.area_at(pos, self.host.shown.state)
        if area is not None:
            self.choose(area)
        return area is not None

    def choose(self, area: int) -> None:
        """A click (or Enter) on an area when the decision is a choice of area (Panic)."""
        host = self.host
        move = self.decision.click(area)
        if move is None:
            host.say(self.explain(self.decision.click_refusal(area)))
        else:
            host.submit(move)

    # --- what the board lights up -------------------------------------------------------------

    def targets(self) -> tuple[set[int], int | None]:
        """Areas that glow, and the seat whose row lights up as the reserve tray."""
        if clickable := self.host.now.clickable:
            return set(clickable), None
        drag = self.drag
        if drag is None or not drag.carrying:
            return set(), None
        drops = self.host.now.drops(drag.src, drag.owner, drag.count)  # asked every frame
        return {t for t in drops if t != TRAY}, (drag.owner if TRAY in drops else None)

    def carried(self) -> dict[tuple[int, int], int]:
        """Ichtos lifted off the board by the drag (for BoardView.draw's `hidden`)."""
        drag = self.drag
        if drag is None or not drag.carrying:
            return {}
        return {(drag.src, drag.owner): drag.count}

    def with_carried(self, hidden: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]:
        """`hidden` (BoardView.draw's) with the Ichtos the mouse carries lifted off too."""
        for key, k in self.carried().items():
            hidden[key] = hidden.get(key, 0) + k
        return hidden

    def draw_menu(self, surface: pygame.Surface, hover: tuple[int, int]) -> None:
        if self.menu is not None:
            self.menu.draw(surface, self.host.theme, hover)

    def draw_carried(self, surface: pygame.Surface) -> None:
        drag = self.drag
        if drag is None or not drag.carrying:
            return
        tips = [_("wheel or +/- : carry more or fewer")] if self.host.now.carry_limit(
            drag.src, drag.owner) > 1 else []
        if drag.lifted:
            tips.append(_("click where they go · Esc puts them back"))
        draw_carried_stack(surface, self.host.theme, self.host.board_view,
                           self.host.shown.state.colours[drag.owner], drag.count, drag.pos, tips)
