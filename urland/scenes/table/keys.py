"""The table by keyboard: the focus ring (`urland.ui.focus`) over the board's areas where the
pending decision offers something, the places lifted Ichtos may go, and the table's buttons.

Enter on an area asks the decision exactly what a click there asks (`BoardGestures`): its one
move, its Ichtos lifted, or its menu; with Ichtos lifted the ring goes only over the places
`Decision.drops` names, + / - carry more or fewer, Enter puts them down, Esc puts them back.
Nothing here knows a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from urland.engine import TRAY
from urland.scenes.table.carry import PUT_BACK, GestureHost
from urland.texts.i18n import N_, Lazy, Text, _, fmt
from urland.ui.focus import Target, button_targets, draw_ring
from urland.ui.key_map import OwnKey
from urland.ui.table import table_overlays as overlays

if TYPE_CHECKING:
    from urland.scenes.table.controls import TableControls
    from urland.scenes.table.gestures import BoardGestures
    from urland.ui.focus import FocusRing
    from urland.ui.widgets import Button

RING_RADIUS = 24  # board units: the ring around an area's anchor
# The table's own keys besides its buttons' (TableScene.handle answers them).
SKIP = OwnKey(pygame.K_SPACE, N_("skip what is being shown"))
UNDO = OwnKey(pygame.K_z, N_("undo"), ctrl=True)
# + and - while Ichtos are lifted (BoardGestures answers them).
CARRY = (OwnKey(pygame.K_PLUS, N_("with Ichtos lifted: carry one more")),
         OwnKey(pygame.K_MINUS, N_("with Ichtos lifted: carry one fewer")))


class KeysHost(GestureHost, Protocol):
    """What the keys need of the table besides what the gestures need: its gestures (Enter
    asks what a click asks), its buttons, its focus ring, and whether a person here decides."""

    buttons: list[Button]
    gestures: BoardGestures
    focus: FocusRing

    def human_turn(self) -> bool: ...


class BoardKeys:
    """The focus targets of the table and what Enter does on the board."""

    def __init__(self, table: KeysHost) -> None:
        self.table = table

    def targets(self) -> list[Target]:
        """The board's targets first (in area order), then the buttons shown."""
        table = self.table
        controls = button_targets(table.buttons)
        if table.gestures.menu is not None:
            return []  # the area's menu has the keys (and its own focus)
        if not table.human_turn():
            return controls
        return [*self.board_targets(), *controls]

    def board_targets(self) -> list[Target]:
        table = self.table
        gestures, decision = table.gestures, table.decision
        drag = gestures.drag
        if drag is not None and drag.lifted:
            drops = decision.drops(drag.src, drag.owner, drag.count)
            spots = [self._area(drag.src, _("Enter: put them back"))]
            here = fmt("Enter: put {count, plural, one {the Ichto} other {these # Ichtos}} "
                       "here", count=drag.count)
            spots += [self._area(a, here) for a in sorted(drops) if a not in (TRAY, drag.src)]
            if TRAY in drops and drag.owner < len(table.panel.rows):
                row = table.panel.rows[drag.owner]
                spots.append(Target(("area", TRAY), row, lambda: self.put_down(TRAY),
                                    label=_("Your reserve: Enter puts them back there")))
            return spots
        if decision.clickable:
            return [self._area(a, _("Enter: choose this one")) for a in sorted(decision.clickable)]
        if not decision.allows("end"):
            return []
        state = table.shown.state
        return [self._area(a, _("Enter: what can be done here")) for a in range(state.board.n_areas)
                if (a >= state.board.n_regions or state.root(a) == a) and decision.moves_from(a)]

    def _area(self, area: int, label: str) -> Target:
        view = self.table.board_view
        rect = pygame.Rect(0, 0, 2 * view.px(RING_RADIUS), 2 * view.px(RING_RADIUS))
        rect.center = self.point(area)
        return Target(("area", area), rect, lambda: self.enter(area), round=True, label=label)

    def point(self, area: int) -> tuple[int, int]:
        view = self.table.board_view
        return view.to_screen(view.anchor(area))

    # --- Enter --------------------------------------------------------------------------------

    def enter(self, area: int) -> None:
        """Enter on an area: what a click there does, or with Ichtos lifted, put them down."""
        gestures = self.table.gestures
        if gestures.drag is not None and gestures.drag.lifted:
            self.put_down(area)
        elif self.table.decision.clickable:
            gestures.choose(area)
        else:
            gestures.click_area(area, self.point(area))
            if gestures.menu is not None:
                gestures.menu.keyed = True  # opened by a key: its first row has the focus

    def put_down(self, target: int) -> None:
        gestures = self.table.gestures
        drag = gestures.drag
        assert drag is not None
        gestures.drag = None
        if target == drag.src:  # put back where they were: said, as nothing else shows it
            self.table.say(_(PUT_BACK))
            return
        pos = self.point(target) if target != TRAY else self.table.panel.rows[drag.owner].center
        gestures.drop_on(drag, target, pos)
        if gestures.menu is not None:
            gestures.menu.keyed = True
        self.table.focus.current = ("area", target)  # the focus stays where they went

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The ring; on an area, who is there (the area's tooltip) beside it; Ichtos lifted
        by keys are drawn over the place the ring is on. Nothing is drawn, and no target is
        built, until a key has shown the ring: a player with a mouse (and the autoplay) does
        not pay for asking every area what it offers in every frame."""
        table = self.table
        if not table.focus.shown:
            return
        targets = self.targets()
        at = table.focus.focused(targets)
        drag = table.gestures.drag
        if at is not None and drag is not None and drag.lifted:
            drag.pos = (at.rect.left, at.rect.bottom)  # beside the ring, clear of its tooltip
            table.gestures.draw_carried(surface)
        key = at.key if at is not None else None
        if at is None or not isinstance(key, tuple) or key[1] == TRAY:
            table.focus.draw(surface, table.theme, targets)
            return
        draw_ring(surface, table.theme, at.rect, round_=True)
        title, text = overlays.area_tooltip(table.shown.state, key[1], table.now.names)
        overlays.draw_tooltip(surface, table.theme, title, f"{text}\n{at.label}",
                              at.rect.topright)  # who is there, and what Enter does


def _msgid(label: Text) -> str:
    """The English of a button's words (an OwnKey translates what it does when printed)."""
    return label.message if isinstance(label, Lazy) else label


class KeyedTable:
    """The table's part of the focus model: its targets and its ring (the board's own)."""

    keys: BoardKeys
    controls: TableControls

    @property
    def own_keys(self) -> tuple[OwnKey, ...]:
        """The table's whole key table, whether or not each key acts this moment: the keys
        its buttons show (E, D, H, R: the bar is hidden in another's turn, not gone), carrying,
        skipping and undoing. F1 is where a player looks them up before they are needed."""
        shown = tuple(OwnKey(b.key, _msgid(b.label)) for b in self.controls.buttons
                      if b.key is not None and b.show_key)
        return (*shown, *CARRY, SKIP, UNDO)

    def focus_targets(self) -> list[Target]:
        return self.keys.targets()

    def draw_focus(self, surface: pygame.Surface) -> None:
        self.keys.draw(surface)


class KeysOfItsTable:
    """A screen that hosts a table and passes the keys on to it (a lesson): its focus targets,
    buttons and key table are the table's, so F1 shows the table's key map."""

    table: KeyedTable

    def focus_targets(self) -> list[Target]:
        return self.table.focus_targets()

    def key_buttons(self) -> list[Button]:
        return self.table.controls.buttons

    @property
    def own_keys(self) -> tuple[OwnKey, ...]:
        return self.table.own_keys

    def pointed_button(self, which: str | None) -> Button | None:
        """The bar button a lesson's step points at with a ring ("end", "double"), if any."""
        controls = self.table.controls
        return {"end": controls.end_button, "double": controls.double_button}.get(which or "")

    def point_focus(self, which: str | None) -> None:
        """A step pointing at a button gives it the keyboard's focus: one ring, on what the
        step points at (shown at the first key, as anywhere)."""
        button = self.pointed_button(which)
        if button is not None:
            self.table.focus.current = button
