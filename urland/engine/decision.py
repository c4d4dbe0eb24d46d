"""The pending decision, asked of the engine: who must decide what now, and what a gesture means.

In the spirit of python-chess's `Board.find_move(from, to)` and OpenSpiel's
`legal_actions(player)`, a `Decision` is computed from the deciding seat's own view and answers
the questions a front end asks, so that no front end ever re-derives a rule:

    d = game.decision()
    d.seat, d.kind, d.private, d.prompt          # who, what, whether a hand-over must come first
    d.drops(src, owner, carrying=3)              # where a drag may go; the move each drop makes
    d.find_moves(src, dst, count, owner)         # the legal move(s) for one gesture
    d.moves_from(area)                           # every legal move that starts at an area
    d.click(area)                                # the move a click makes (Panic, Ears choices)
    d.refusal(src, dst, count, owner)            # why a gesture is not allowed, in words

Drops onto a player's reserve (Retreat, or Teeth biting an opponent's Ichto) use the target
`TRAY`. A gesture that could mean two moves (walk or fly across a strait) answers both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from urland.engine.actions import ACTIONS
from urland.engine.auction import can_pay, gene_price
from urland.engine.errors import IllegalMoveError, Refusal
from urland.engine.moves import Move, Option
from urland.engine.phases import PHASES
from urland.engine.rules import check_move, legal_options
from urland.engine.state import (
    ACTION,
    OVER,
    PANIC_EARS,
    PANIC_OCEAN,
    PANIC_REGION,
    VOLCANO_EARS,
    GameState,
)

TRAY = -1  # the drop target "the dragged Ichtos' owner's reserve" (Retreat, or a bite)

# Moves a drag of one's own Ichtos can make, and moves a drag of an opponent's Ichto can make.
_OWN_DRAG_KINDS = tuple(kind for kind, a in ACTIONS.items() if a.drag == "own")
_RIVAL_DRAG_KINDS = tuple(kind for kind, a in ACTIONS.items() if a.drag == "rival")
# The order moves are listed in an area's menu: what happens here first, then moves away.
_MENU_ORDER = tuple(sorted(ACTIONS, key=lambda kind: ACTIONS[kind].menu))


class Prompt(NamedTuple):
    """What the decision asks, as data: a key and its values (never a finished sentence)."""

    key: str
    values: Mapping[str, Any]


@dataclass(frozen=True)
class Decision:
    state: GameState  # the deciding seat's view (or the finished game's state)
    options: tuple[Option, ...] = field(default=())

    @classmethod
    def of(cls, seen: GameState) -> Decision:
        """The decision pending in `seen`, which should be the deciding seat's view."""
        return cls(seen, tuple(legal_options(seen)) if not seen.over else ())

    # --- who decides what --------------------------------------------------------------------

    @property
    def seat(self) -> int:
        return -1 if self.state.over else self.state.actor

    @property
    def kind(self) -> str:
        return OVER if self.state.over else self.state.phase or OVER

    @property
    def over(self) -> bool:
        return self.kind == OVER

    @property
    def private(self) -> bool:
        """The decision shows the deciding seat private information (its chips, its bid)."""
        phase = PHASES.get(self.kind)
        return phase is not None and phase.private

    @cached_property
    def kinds(self) -> frozenset[str]:
        return frozenset(o.move.kind for o in self.options)

    def allows(self, kind: str) -> bool:
        return kind in self.kinds

    @property
    def actions_left(self) -> int:
        return self.state.actions_left if self.kind == ACTION else 0

    @property
    def count_range(self) -> tuple[int, int] | None:
        """For a decision of one number (a bid, Ichtos staying with Ears): its range."""
        for o in self.options:
            if o.counts is not None and o.move.kind in ("bid", "ears_stay"):
                return o.counts
            if o.move.kind in ("bid", "ears_stay"):
                return (o.move.count, o.move.count)
        return None

    @property
    def prompt(self) -> Prompt:
        if self.kind == OVER:
            return Prompt("over", {"winner": self.state.winner})
        key, values = PHASES[self.kind].prompt_data(self.state, self.kinds)
        return Prompt(key, values)

    # --- prices ------------------------------------------------------------------------------

    def price(self, seat: int, bid: int | None = None) -> int:
        """What a gene costs `seat` in Ichtos from the board: its bid plus the genes it owns
        (rules 6.1). `bid` asks "what if I bid this much" before bids are in."""
        return gene_price(self.state, seat, bid)

    def can_pay(self, seat: int, bid: int | None = None) -> bool:
        """Has `seat` the Ichtos on the board to pay that price (else it drops out when its
        turn to buy comes)?"""
        return can_pay(self.state, seat, bid)

    # --- clicks ------------------------------------------------------------------------------

    @property
    def _click_kind(self) -> str:
        phase = PHASES.get(self.kind)
        return phase.click if phase is not None else ""

    @property
    def clickable(self) -> tuple[int, ...]:
        """Areas a click decides (a Panic region or ocean, the ocean Ears dive into)."""
        kind = self._click_kind
        if not kind:
            return ()
        return tuple(o.move.src if kind == "panic_region" else o.move.dst
                     for o in self.options if o.move.kind == kind)

    @property
    def concerns(self) -> tuple[int, ...]:
        """The land a click decision is about, marked for the decider beside the glowing
        choices: the panicking region while its Ichtos flee or stay (Ears), the erupted
        region whose excess Ichtos dive."""
        state = self.state
        if self.kind == PANIC_OCEAN and state.focus >= 0:
            return (state.focus,)
        if self.kind in (PANIC_EARS, VOLCANO_EARS) and state.queue:
            return (state.queue[0][1],)
        return ()

    def click(self, area: int) -> Move | None:
        """The move a click on `area` makes in a click decision, or None."""
        kind = self._click_kind
        if not kind or area not in self.clickable:
            return None
        return Move(kind, src=area) if kind == "panic_region" else Move(kind, dst=area)

    def click_refusal(self, area: int) -> Refusal:
        names = ", ".join(self.state.board.area_name(a) for a in self.clickable)
        if self.kind == PANIC_REGION:
            return Refusal("Not that one: choose a glowing region ({names}).", names=names)
        return Refusal("Not that one: choose a glowing ocean ({names}).", names=names)

    # --- drags -------------------------------------------------------------------------------

    def _drag_options(self, src: int, owner: int) -> list[Option]:
        if self.kind != ACTION:
            return []
        if owner == self.seat:
            return [o for o in self.options if o.move.kind in _OWN_DRAG_KINDS
                    and (o.move.src == src or o.move.kind == "retreat")]
        return [o for o in self.options if o.move.kind in _RIVAL_DRAG_KINDS
                and o.move.src == src and o.move.target == (owner,)]

    def carry_limit(self, src: int, owner: int) -> int:
        """The most Ichtos one drag from `src` may carry in any legal move (0: none)."""
        best = 0
        for o in self._drag_options(src, owner):
            for move in _with_count_range(o, src):
                best = max(best, _carried(move, src))
        return best

    def can_pick_up(self, src: int, owner: int) -> bool:
        return self.carry_limit(src, owner) > 0

    def drops(self, src: int, owner: int, carrying: int = 1) -> dict[int, tuple[Move, ...]]:
        """Where a drag of `carrying` of `owner`'s Ichtos from `src` may be dropped, with the
        move each drop makes (two moves where one drop is ambiguous, e.g. walk or fly)."""
        out: dict[int, list[Move]] = {}
        for o in self._drag_options(src, owner):
            move = _move_carrying(o, src, carrying)
            if move is None:
                continue
            target = TRAY if move.kind in ("retreat", "bite") else move.dst
            out.setdefault(target, []).append(move)
        return {t: tuple(sorted(ms, key=_menu_key)) for t, ms in out.items()}

    def find_moves(self, src: int, dst: int, count: int = 1,
                   owner: int | None = None) -> tuple[Move, ...]:
        """The legal move(s) of dragging `count` of `owner`'s Ichtos from `src` to `dst`
        (`TRAY`: onto their reserve). Empty when no legal move matches the gesture."""
        return self.drops(src, self.seat if owner is None else owner, count).get(dst, ())

    def refusal(self, src: int, dst: int, count: int = 1,
                owner: int | None = None) -> Refusal | str:
        """Why that gesture is not a legal move, in words a player understands (a Refusal, which
        a front end may say in another language)."""
        owner = self.seat if owner is None else owner
        if self.kind != ACTION:
            return Refusal("It is not the time to move Ichtos.")
        if owner != self.seat:
            return Refusal("Those are another player's Ichtos: only a gene (Teeth, Stinkglands) "
                           "lets you move them.")
        if count > 1 and self.find_moves(src, dst, 1, owner):
            most = max(k for k in range(1, count) if self.find_moves(src, dst, k, owner))
            return Refusal("At most {most} of your Ichtos can go there in one action: carry "
                           "fewer (mouse wheel or -).", most=most)
        for move in _gesture_guesses(self.state, src, dst, count):
            try:
                check_move(self.state, move)
            except IllegalMoveError as exc:
                return exc.args[0] if isinstance(exc.args[0], Refusal) else str(exc)
        return Refusal("Drop it on a glowing place.")

    def idle_click(self, area: int) -> Refusal | str | None:
        """Why a click on an ocean where nothing can be done does not proliferate there (the
        rule it misses, e.g. too few Ichtos); None off the oceans or out of the Ichto turn."""
        if self.kind != ACTION or not self.state.board.is_ocean(area):
            return None
        try:
            check_move(self.state, Move("proliferate", area))
        except IllegalMoveError as exc:
            return exc.args[0] if isinstance(exc.args[0], Refusal) else str(exc)
        return None

    # --- menus -------------------------------------------------------------------------------

    def moves_from(self, area: int) -> list[Move]:
        """Every legal move that starts at `area` (all counts, every gene action, Retreat),
        in the order a menu lists them."""
        if self.kind != ACTION:
            return []
        moves: list[Move] = []
        for o in self.options:
            m = o.move
            if m.kind in ("end", "double"):
                continue
            if m.kind == "retreat":
                if o.picks is not None:
                    top = dict(o.picks.limits).get(area, 0)
                    moves.extend(o.with_picks(((area, k),)) for k in range(1, top + 1))
                continue
            starts_here = m.src == area or (m.kind == "egg" and m.dst == area)
            if not starts_here:
                continue
            if o.counts is not None:
                lo, hi = o.counts
                moves.extend(o.with_count(k) for k in range(lo, hi + 1))
            else:
                moves.append(m)
        return sorted(moves, key=_menu_key)

    def only_move_at(self, area: int) -> Move | None:
        """The move a plain click on an area makes when it can mean only that (proliferating
        in an ocean where nothing else starts)."""
        moves = self.moves_from(area)
        if len(moves) == 1 and moves[0].kind == "proliferate":
            return moves[0]
        return None


def _menu_key(move: Move) -> tuple:
    order = _MENU_ORDER.index(move.kind) if move.kind in _MENU_ORDER else len(_MENU_ORDER)
    return (order, move.dst, move.target, move.count, move.picks)


def _carried(move: Move, src: int) -> int:
    return ACTIONS[move.kind].carried(move, src)


def _with_count_range(option: Option, src: int) -> list[Move]:
    """The option's moves at its smallest and largest count (enough to know the carry limit)."""
    if option.counts is not None:
        return [option.with_count(option.counts[1])]
    if option.picks is not None:
        top = dict(option.picks.limits).get(src, 0)
        return [option.with_picks(((src, top),))] if top else []
    return [option.move]


def _move_carrying(option: Option, src: int, carrying: int) -> Move | None:
    """The option's move that carries exactly `carrying` Ichtos from `src`, if there is one."""
    if option.counts is not None:
        lo, hi = option.counts
        return option.with_count(carrying) if lo <= carrying <= hi else None
    if option.picks is not None:
        top = dict(option.picks.limits).get(src, 0)
        return option.with_picks(((src, carrying),)) if 1 <= carrying <= top else None
    return option.move if _carried(option.move, src) == carrying else None


def _gesture_guesses(state: GameState, src: int, dst: int, count: int) -> list[Move]:
    """Moves a drag from `src` to `dst` could have meant, only to ask the rules why each is
    refused (the first refusal is the most natural explanation)."""
    board = state.board
    if dst == TRAY:
        return [Move("retreat", picks=((src, count),))]
    if not (0 <= src < board.n_areas and 0 <= dst < board.n_areas):
        return []
    if board.is_ocean(src):
        return [Move("swim" if board.is_ocean(dst) else "land", src, dst, count)]
    return [Move("fly", src, dst, count)]
