"""Beliefs about the face-down scoring chip, from what the seat has seen.

The environment player held three chips and laid the one that suits it best. So the belief is:
every hand the environment player could have held, each equally likely, and from each hand the
chip chosen as a sensible player would (a soft choice by `chip_score`, the medium bot's own
reasoning, so that other players' styles still have weight).

The choice is judged on the board as it was when the chip was laid, not as it is now: the
Ichto players who acted before the seat have moved since, and the environment player could not
know they would. Everybody at the table saw that board, and `ChipMemory.watch` remembers it.

A seat that was the environment player last turn knows more: it passed two of its chips on, and
those two plus one drawn chip made up this turn's hand. The view forgets which chips those were
(once laid, a passed chip loses its place for everybody else), but the player remembers; so
does `ChipMemory`.

A seat may also read each environment player's style (chip_styles.py): `ChipMemory(styles)`
watches which chips were revealed and weighs the styles by how well they foretold them.
"""

from __future__ import annotations

from urland.bots.chip_styles import (
    BOARD_TEMPERATURE,
    LOSS,
    Styles,
    by_the_board,
    hand_choice_belief,
)
from urland.engine import (
    ACTION,
    CHIP,
    PANIC,
    UNKNOWN,
    GameState,
    Move,
    PlayerView,
    actions_per_turn,
    ichto_players,
)


class ChipMemory:
    """What the seat saw that its view forgets: the chips it passed on as environment player,
    the board on which this turn's scoring chip was laid, and (with `styles`) how each
    environment player has chosen its chips."""

    def __init__(self, styles: Styles | None = None) -> None:
        self.styles = styles
        self._passed: tuple[int, int, frozenset[int]] | None = None  # (epoch, turn, chips)
        # ((epoch, turn), the view of the board the chip was laid on, the chips known in hand)
        self._laid_on: tuple[tuple[int, int], PlayerView, frozenset[int]] | None = None
        self._reveal_pending = False  # the last laid chip's reveal is still to be looked for

    def watch(self, seen: PlayerView) -> None:
        """Look at the table after any move; the first position of a turn's Ichto actions is
        the board the environment player chose its chip on, and the first after them shows
        the chip revealed."""
        state = seen.state
        if state.phase == ACTION and state.chosen == UNKNOWN:
            turn = (state.epoch, state.turn)
            if ((self._laid_on is None or self._laid_on[0] != turn)
                    and is_first_ichto_action(state)):
                self._laid_on = (turn, seen, self.passed_into(seen))
                self._reveal_pending = True
            return
        if not self._reveal_pending or self._laid_on is None:
            return
        self._reveal_pending = False
        _, then, known = self._laid_on
        chip = revealed_chip(then, seen)
        if self.styles is not None and chip is not None:
            self.styles.revealed(then, known, chip)

    def board_chip_laid_on(self, seen: PlayerView) -> GameState:
        """The board this turn's face-down chip was chosen on (the current one if the seat did
        not see the chip laid, for instance in a game it joined late)."""
        laid = self.view_chip_laid_on(seen)
        return laid.state if laid is not None else seen.state

    def view_chip_laid_on(self, seen: PlayerView) -> PlayerView | None:
        """The seat's view of the table when this turn's face-down chip was laid; None if it
        did not see it laid."""
        state = seen.state
        if self._laid_on is not None and self._laid_on[0] == (state.epoch, state.turn):
            return self._laid_on[1]
        return None

    def belief(self, seen: PlayerView) -> dict[int, float]:
        """{chip: probability it is the face-down one} for the seat of `seen` (empty when no
        chip is face down or the seat knows it): by the styles if the seat reads them and saw
        the chip laid, else as a player choosing by the board would have chosen."""
        laid = self.view_chip_laid_on(seen)
        known = self.passed_into(seen)
        if self.styles is None or laid is None or seen.state.chosen != UNKNOWN:
            return chosen_chip_belief(seen, known, laid_on=self.board_chip_laid_on(seen))
        return self.styles.belief(laid, known)

    def note(self, seen: PlayerView, move: Move) -> None:
        state = seen.state
        if state.phase == CHIP and move.kind == "chip":
            passed = frozenset(c for c in state.hand if c != move.count and c != UNKNOWN)
            self._passed = (state.epoch, state.turn, passed)

    def passed_into(self, seen: PlayerView) -> frozenset[int]:
        """The chips known to be in the hand the face-down chip was chosen from."""
        if self._passed is None:
            return frozenset()
        epoch, turn, chips = self._passed
        state = seen.state
        if state.epoch != epoch or state.turn != turn + 1 or state.chosen != UNKNOWN:
            return frozenset()
        return chips & frozenset(seen.unseen_chips)


def is_first_ichto_action(state: GameState) -> bool:
    """Is this the first Ichto action of the turn, the board the chip was laid on? (A seat
    that first looks at the table later in the turn, a game loaded or a seat taken over, did
    not see that board.)"""
    return (state.actor == ichto_players(state)[0] and not state.double_used
            and state.actions_left == actions_per_turn(state, state.actor))


def revealed_chip(then: PlayerView, seen: PlayerView) -> int | None:
    """The chip laid face down on `then`'s board, read from the first position `seen` after
    its scoring; None if it cannot be told apart (it was scored as the game ended, beside the
    last hand's chip)."""
    state = seen.state
    if state.epoch == then.state.epoch:
        scored = [c for c in state.board_chips if c in then.unseen_chips]
    else:
        # The epoch ended at the next turn's draw, so the pile held at most the Panic chip when
        # this one was laid: what the seat could not see then was this chip, the two passed on
        # and the Panic chip. The two passed on have been shown and put out of play since;
        # this chip went back into the new pile (perhaps into the seat's own new hand).
        scored = [c for c in then.unseen_chips if c != PANIC and c not in state.out_chips]
    return scored[0] if len(scored) == 1 else None


def chosen_chip_belief(seen: PlayerView, known_in_hand: frozenset[int] = frozenset(),
                       loss: float = LOSS, laid_on: GameState | None = None
                       ) -> dict[int, float]:
    """{chip: probability it is the face-down one}, the environment player choosing by the
    board; empty when no chip is face down or the seat knows it. `laid_on` is the board the
    chip was chosen on (default: the view's)."""
    state = seen.state
    if state.chosen != UNKNOWN:
        return {}
    candidates = [c for c in seen.unseen_chips if c != PANIC]
    if not candidates:
        return {}
    board = laid_on if laid_on is not None else state
    return hand_choice_belief(by_the_board(board, candidates, loss), known_in_hand,
                              BOARD_TEMPERATURE)


def region_belief(state: GameState, chip_belief: dict[int, float]) -> dict[int, float]:
    """The belief by region root (regions merged by a volcano add their chips up)."""
    out: dict[int, float] = {}
    for chip, p in chip_belief.items():
        root = state.root(state.chip_area(chip))
        out[root] = out.get(root, 0.0) + p
    return out
