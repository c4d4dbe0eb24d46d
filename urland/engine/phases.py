"""One table of the decisions the game waits for: `PHASES[state.phase]`.

Each `Phase` says which move kinds it accepts, whether its decision shows the deciding seat
something private (a hand-over must come first), which move a click on the board makes, its
prompt (in words a turn banner can use, and as data for a front end), and the three answers the
rules give: its options, why a move is refused, and how a move is played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from urland.engine import auction, panic, volcano
from urland.engine.actions import ACTIONS, action_options, check_action, do_action
from urland.engine.actions.base import need_own, refuse
from urland.engine.errors import Named, Refusal
from urland.engine.flow import choose_chip
from urland.engine.genes import GENE_NAMES
from urland.engine.moves import Move, Option, PickSpec
from urland.engine.state import (
    ACTION,
    BID,
    BUY,
    CHIP,
    PANIC_EARS,
    PANIC_OCEAN,
    PANIC_REGION,
    VOLCANO_EARS,
    GameState,
)

PromptData = tuple[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Phase:
    key: str
    kinds: tuple[str, ...]  # the move kinds it accepts
    prompt: str  # what it asks, in English words for a banner: "Now White must <prompt>."
    options: Callable[[GameState], list[Option]]
    check: Callable[[GameState, Move], None]  # the kind is already one of `kinds`
    play: Callable[[GameState, Move], None]
    private: bool = False  # shows the deciding seat something private (its chips, its bid)
    click: str = ""  # the move kind a click on one area of the board makes, if any
    ask: Callable[[GameState, frozenset[str]], PromptData] | None = None  # the prompt as data
    # Why a move of another kind is refused ("Now White must ..."), given the deciding seat;
    # None in the action phase, whose check names the action that is wanted.
    wrong_kind: Callable[[Named], Refusal] | None = None

    def prompt_data(self, state: GameState, kinds: frozenset[str]) -> PromptData:
        """The prompt as a key and values (never a finished sentence); `kinds` are the move
        kinds offered."""
        if self.ask is not None:
            return self.ask(state, kinds)
        return self.key, {"seat": state.actor}


# --- choosing the scoring chip (rules 4.1) -----------------------------------------------------

_CHIPS: dict[int, Option] = {}  # the option of each chip number, made once


def _chip_options(state: GameState) -> list[Option]:
    return [_CHIPS.get(c) or _CHIPS.setdefault(c, Option(Move("chip", count=c)))
            for c in sorted(state.hand)]


def _chip_check(state: GameState, move: Move) -> None:
    if move.count not in state.hand:
        raise refuse("Chip {chip} is not among your chips.", chip=move.count)


# --- the Ichto players' actions (rules 4.2, 7) -----------------------------------------------

def _action_ask(state: GameState, kinds: frozenset[str]) -> PromptData:
    seat = state.actor
    if state.actions_left > 0:
        return "actions", {"seat": seat, "left": state.actions_left}
    if "double" in kinds:
        return "double_or_end", {"seat": seat}
    return "end_turn", {"seat": seat}


# --- the auction (rules 6.1) -------------------------------------------------------------------

def _bid_options(state: GameState) -> list[Option]:
    top = state.reserve[state.actor]
    return [Option(Move("bid"), counts=(0, top))] if top else [Option(Move("bid", count=0))]


def _bid_check(state: GameState, move: Move) -> None:
    top = state.reserve[state.actor]
    if not 0 <= move.count <= top:
        raise refuse("Bid from 0 to {top} (the Ichtos in your reserve).", top=top)


def _bid_ask(state: GameState, kinds: frozenset[str]) -> PromptData:
    seat = state.actor
    return "bid", {"seat": seat, "reserve": state.reserve[seat],
                   "owned": state.genes[seat].bit_count()}


def _board_limits(state: GameState, seat: int) -> tuple[tuple[int, int], ...]:
    n = state.n
    counts = state.counts
    return tuple((a, c) for a in range(state.board.n_areas) if (c := counts[a * n + seat]))


def _buy_options(state: GameState) -> list[Option]:
    seat = state.actor
    cost = auction.gene_price(state, seat)
    limits = _board_limits(state, seat)
    opts = [Option(Move("buy", gene=g), picks=PickSpec(limits, cost, cost)) if cost
            else Option(Move("buy", gene=g)) for g in state.display]
    if not state.must_buy:
        opts.append(Option(Move("pass")))
    return opts


def _buy_check(state: GameState, move: Move) -> None:
    if move.kind == "pass":
        if state.must_buy:
            raise refuse("The highest bidder must buy a gene.")
        return
    if move.gene not in state.display:
        raise refuse("The gene {gene} is not on display.", gene=Named(
            "gene", move.gene, GENE_NAMES.get(move.gene, move.gene)))
    cost = auction.gene_price(state, state.actor)
    paid = 0
    seen = set()
    for area, k in move.picks:
        if not 0 <= area < state.board.n_areas or area in seen or k < 1:
            raise refuse("Name each area of the board once, with at least 1 Ichto.")
        seen.add(area)
        need_own(state, area, k)
        paid += k
    if paid != cost:
        raise refuse("The price is {cost, plural, one {# Ichto} other {# Ichtos}} from the board "
                     "(your bid plus the genes you own); you picked {paid}.", cost=cost,
                     paid=paid)


def _buy_play(state: GameState, move: Move) -> None:
    state.phase = None
    if move.kind == "pass":
        auction.pass_purchase(state, state.actor)
    else:
        auction.buy(state, state.actor, move.gene, move.picks)


def _buy_ask(state: GameState, kinds: frozenset[str]) -> PromptData:
    seat = state.actor
    return "buy", {"seat": seat, "price": auction.gene_price(state, seat),
                   "must": "pass" not in kinds}


# --- Panic (rules 5) and the volcano's Ears (R6) ---------------------------------------------

def _choose_one(state: GameState, chosen: int) -> None:
    if chosen not in state.choices:
        raise refuse("Choose one of: {areas}.", areas=", ".join(
            state.board.area_name(a) for a in state.choices))


def _panic_region_play(state: GameState, move: Move) -> None:
    state.phase = None
    panic.choose_panic_region(state, move.src)


def _panic_ocean_play(state: GameState, move: Move) -> None:
    state.phase = None
    panic.choose_panic_ocean(state, move.dst)


def _ears_stay_check(state: GameState, move: Move) -> None:
    most = state.queue[0][2]
    if not 0 <= move.count <= most:
        raise refuse("Keep from 0 to {most} Ichtos on land.", most=most)


def _ears_stay_play(state: GameState, move: Move) -> None:
    state.phase = None
    panic.ears_stay(state, state.actor, move.count)


def _ears_stay_ask(state: GameState, kinds: frozenset[str]) -> PromptData:
    return "panic_ears", {"seat": state.actor, "most": state.queue[0][2]}


def _ears_dive_play(state: GameState, move: Move) -> None:
    seat = state.actor
    state.phase = None
    _, root, excess = state.queue.pop(0)
    volcano.dive(state, seat, root, move.dst, excess)
    volcano.next_volcano_ears(state)


PHASES: dict[str, Phase] = {p.key: p for p in (
    Phase(CHIP, ("chip",), "choose the scoring chip", _chip_options, _chip_check,
          lambda state, move: choose_chip(state, move.count), private=True,
          wrong_kind=lambda seat: Refusal(
              "Now {seat} must choose the scoring chip.", seat=seat)),
    # the turn ends when the player says so ("end", an action too)
    Phase(ACTION, tuple(ACTIONS), "take actions", action_options, check_action, do_action,
          ask=_action_ask),
    Phase(PANIC_REGION, ("panic_region",), "choose which tied region panics",
          lambda state: [Option(Move("panic_region", src=r)) for r in state.choices],
          lambda state, move: _choose_one(state, move.src), _panic_region_play,
          click="panic_region",
          wrong_kind=lambda seat: Refusal(
              "Now {seat} must choose which tied region panics.", seat=seat)),
    Phase(PANIC_OCEAN, ("panic_ocean",), "choose the ocean the panicking Ichtos flee to",
          lambda state: [Option(Move("panic_ocean", dst=o)) for o in state.choices],
          lambda state, move: _choose_one(state, move.dst), _panic_ocean_play,
          click="panic_ocean",
          wrong_kind=lambda seat: Refusal(
              "Now {seat} must choose the ocean the panicking Ichtos flee to.", seat=seat)),
    Phase(PANIC_EARS, ("ears_stay",), "choose how many of your Ichtos stay on land (Ears)",
          lambda state: [Option(Move("ears_stay"), counts=(0, state.queue[0][2]))],
          _ears_stay_check, _ears_stay_play, ask=_ears_stay_ask,
          wrong_kind=lambda seat: Refusal(
              "Now {seat} must choose how many of their Ichtos stay on land (Ears).", seat=seat)),
    Phase(VOLCANO_EARS, ("ears_dive",), "choose the ocean your excess Ichtos dive into (Ears)",
          lambda state: [Option(Move("ears_dive", dst=o)) for o in state.choices],
          lambda state, move: _choose_one(state, move.dst), _ears_dive_play, click="ears_dive",
          wrong_kind=lambda seat: Refusal(
              "Now {seat} must choose the ocean their excess Ichtos dive into (Ears).", seat=seat)),
    Phase(BID, ("bid",), "place a secret bid", _bid_options, _bid_check,
          lambda state, move: auction.place_bid(state, state.actor, move.count), private=True,
          ask=_bid_ask, wrong_kind=lambda seat: Refusal(
              "Now {seat} must place a secret bid.", seat=seat)),
    Phase(BUY, ("buy", "pass"), "buy a gene or pass", _buy_options, _buy_check, _buy_play,
          ask=_buy_ask, wrong_kind=lambda seat: Refusal(
              "Now {seat} must buy a gene or pass.", seat=seat)),
)}
