"""A player with no mouse: every decision made through posted key events, through the real
scenes, as a keyboard-only player would (the focus ring, Enter, + and -, the dialogs' keys).

What to play is drawn with a seeded random choice among what the screen offers (the ring's
targets, an area menu's rows, a dialog's range), never played straight into the engine; the
player only looks at the screen's state to know where the focus is, as a player's eyes would.
"""

from __future__ import annotations

import random

import pygame

Key = int


def post(key: Key, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))


def press(app, key: Key, mod: int = 0, times: int = 1) -> None:
    """A key (pressed `times` times, as fast typing does), then one frame: the screen
    answers every press in order."""
    for _ in range(times):
        post(key, mod)
    app.step(0.016)


class KeyboardPlayer:
    """Makes the decision on screen now, by keys. `made` counts the kinds of moves it made."""

    def __init__(self, app, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.doubles = 0

    # --- one decision ---------------------------------------------------------------------

    def act(self) -> None:
        scene = self.app.scene
        handler = getattr(self, f"on_{scene.name}", None)
        if handler is not None:
            handler(scene)
        else:
            self.app.step(0.016)

    def on_table(self, table) -> None:
        if not table.human_turn():
            self.app.step(0.016)
            return
        decision = table.decision
        if decision.clickable:  # a Panic: the region or the ocean
            self.focus_on(table, ("area", self.rng.choice(sorted(decision.clickable))))
            press(self.app, pygame.K_RETURN)
        elif not decision.allows("end"):
            self.app.step(0.016)
        elif decision.allows("double") and self.doubles < 2:
            self.doubles += 1
            self.focus_on(table, table.controls.double_button)
            press(self.app, pygame.K_RETURN)
        elif decision.actions_left == 0 or self.rng.random() < 0.04:
            press(self.app, pygame.K_e)  # with actions left: a question, answered by Enter
        else:
            self.board_action(table)

    def board_action(self, table) -> None:
        areas = [t.key for t in table.keys.board_targets()]
        self.focus_on(table, self.rng.choice(areas))
        press(self.app, pygame.K_RETURN)
        gestures = table.gestures
        if gestures.menu is not None:
            self.choose_row(gestures.menu)
        drag = gestures.drag
        if drag is not None and drag.lifted:
            most = table.decision.carry_limit(drag.src, drag.owner)
            press(self.app, pygame.K_PLUS, times=self.rng.randrange(most))
            spots = [t.key for t in table.keys.board_targets() if t.key != ("area", drag.src)]
            self.focus_on(table, self.rng.choice(spots))
            press(self.app, pygame.K_RETURN)
            if gestures.menu is not None:  # walk or fly
                self.choose_row(gestures.menu)

    def enter_move(self, table, move) -> None:
        """Type one given move of the pending decision by keys (a lesson's step)."""
        decision = table.decision
        if move.kind in ("end", "double"):
            press(self.app, pygame.K_e if move.kind == "end" else pygame.K_d)
            return
        if decision.clickable:
            area = move.src if move.kind == "panic_region" else move.dst
            self.focus_on(table, ("area", area))
            press(self.app, pygame.K_RETURN)
            return
        area = next(t.key[1] for t in table.keys.board_targets()
                    if move in decision.moves_from(t.key[1]))
        self.focus_on(table, ("area", area))
        press(self.app, pygame.K_RETURN)
        gestures = table.gestures
        if gestures.menu is not None:
            self.pick_row(gestures.menu, move)
        drag = gestures.drag
        if drag is None or not drag.lifted:
            return
        count, target = next((k, t) for k in range(1, decision.carry_limit(area, drag.owner) + 1)
                             for t, moves in decision.drops(area, drag.owner, k).items()
                             if move in moves)
        press(self.app, pygame.K_PLUS, times=count - drag.count)
        self.focus_on(table, ("area", target))
        press(self.app, pygame.K_RETURN)
        if gestures.menu is not None:
            self.pick_row(gestures.menu, move)

    def pick_row(self, menu, move) -> None:
        """Down to the menu's row that makes `move` (or lifts the Ichtos that make it)."""
        values = [value for _label, value in menu.items]
        index = values.index(move) if move in values else next(
            i for i, v in enumerate(values) if not hasattr(v, "kind"))
        press(self.app, pygame.K_DOWN, times=index)
        press(self.app, pygame.K_RETURN)

    def choose_row(self, menu) -> None:
        press(self.app, pygame.K_DOWN, times=self.rng.randrange(len(menu.items)))
        press(self.app, pygame.K_RETURN)

    def focus_on(self, scene, key) -> None:
        """Tab until the focus is on the target with `key` (the first Tab shows the ring): as
        many Tabs as the ring's order needs, typed at once, then a look at the screen."""
        for _ in range(3):
            targets = scene.focus_targets()
            keys = [t.key for t in targets]
            ringed = scene.focus.focused(targets)  # the ring as drawn (perhaps a stand-in)
            if ringed is not None and ringed.key == key:
                return
            if ringed is None:
                press(self.app, pygame.K_TAB)
                continue
            press(self.app, pygame.K_TAB, times=(keys.index(key) - keys.index(ringed.key))
                  % len(keys))
        raise AssertionError(f"Tab never reached {key}")

    # --- the dialogs ------------------------------------------------------------------------

    def on_handover(self, _scene) -> None:
        press(self.app, pygame.K_RETURN)

    on_peek = on_auction_reveal = on_confirm = on_ears = on_handover

    def on_choose_chip(self, _scene) -> None:
        press(self.app, pygame.K_RIGHT, times=1 + self.rng.randrange(3))  # none preselected
        press(self.app, pygame.K_RETURN)

    def on_auction(self, _scene) -> None:
        press(self.app, pygame.K_PLUS, times=self.rng.choice((0, 1, 1, 2, 3)))
        press(self.app, pygame.K_RETURN)

    def on_auction_buy(self, scene) -> None:
        if scene.pass_button.enabled and self.rng.random() < 0.2:
            self.focus_on(scene, scene.pass_button)
        else:
            press(self.app, pygame.K_RIGHT, times=self.rng.randrange(3))
        press(self.app, pygame.K_RETURN)

    def on_pick_ichtos(self, scene) -> None:
        """The suggested payment; when it is short, + on each area in turn until it is not."""
        for area in scene.areas:
            if scene.ok.enabled:
                break
            self.focus_on(scene, scene.steppers[area])
            while not scene.ok.enabled and scene.steppers[area].value < scene.steppers[
                    area].high:
                press(self.app, pygame.K_PLUS)
        press(self.app, pygame.K_RETURN)


def moves_made(session) -> dict[str, int]:
    """How many moves of each kind the game holds (bids counted only when above 0)."""
    out: dict[str, int] = {}
    for move in session.game.moves:
        if move.kind == "bid" and move.count == 0:
            continue
        out[move.kind] = out.get(move.kind, 0) + 1
    return out
