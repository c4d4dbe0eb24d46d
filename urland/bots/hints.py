"""A hint for the seat to move: the move a bot would play, and one plain sentence of why.

    hint(view)            -> Hint(move, key, values, text)   # asks the hard bot by default
    judged_hint(view, s)  -> the move the game review's judge rates best, and why
    explain(view, move)   -> the same, for a move chosen elsewhere

The reason names what the move aims at: the region and the scoring it expects there, the ocean
where Ichtos can breed, the gene it prepares for. `key` and `values` are the sentence as data
(for a front end that renders its own words); `text` is the English sentence. Everything comes
from the seat's own view, so a hint never tells a secret the seat does not know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from urland.bots.evaluate import (
    chips_in_play,
    pending_distribution,
    points_of,
    region_of_chip,
)
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.ismcts import HardBot
from urland.bots.registry import Bot
from urland.engine import (
    ACTIONS,
    CARE_OF_YOUNG,
    GameState,
    Move,
    PlayerView,
    apply_move,
    event_data,
    gene_price,
    muscles,
    proliferation_gain,
)
from urland.texts.genes import gene_name
from urland.texts.i18n import N_, _, fmt
from urland.texts.words import area_label

# What each gene does for its owner: a sentence that follows "Buys Wings." in a hint (a gene
# without one gets none).
GENE_PURPOSE = {
    "warm_blood": N_("That gives you one more action every turn."),
    "legs": N_("Then you can land two Ichtos at a time and walk across straits."),
    "wings": N_("Then you can fly Ichtos to any region."),
    "turbo": N_("Then you can land two at a time and swim to any ocean."),
    "egg": N_("Then you can add Ichtos where you already are."),
    "teeth": N_("Then you can bite rival Ichtos and send them back to their reserve."),
    "assimilation": N_("Then you can turn two rival Ichtos into one of yours."),
    "care_of_young": N_("Then your Ichtos proliferate faster."),
    "muscles": N_("Then you win ties in scorings."),
    "ears": N_("Then your Ichtos can stay on land in a Panic and are safe from Teeth."),
    "stinkglands": N_("Then you can drive a rival out of a region."),
}

SENTENCES = {
    "region_now": N_("Aims at region {region}, which may be scored this turn: you would get "
                  "{after} there instead of {before}."),
    "region_later": N_("Builds up region {region}, which is still to be scored this epoch: you "
                    "would get {after} there instead of {before}."),
    "region_hold": N_("Strengthens your hold on region {region} before it is scored."),
    "region_scored": N_("Strengthens your hold on region {region}, which was scored this "
                        "epoch: that counts for the next one."),
    "breed_gather": N_("Gathers {count} Ichtos in {ocean} so they can breed there."),
    "swim_near": N_("Brings Ichtos into {ocean}, next to region {region}, ready to land."),
    "swim": N_("Moves Ichtos into {ocean}."),
    "breed": N_("Your reserve adds {gain} to the board."),
    "retreat_save": N_("Brings {ichtos} home before the scoring of region {region} drives them "
                       "away."),
    "retreat": N_("Takes {ichtos} back to your reserve."),
    "double": N_("Two more actions gain more now than keeping the double-turn chip for later."),
    "end_keep": N_("Ends the turn and keeps the double-turn chip for a turn where it counts more."),
    "end": N_("Ends the turn: no action left improves your position."),
    "end_done": N_("Ends the turn: every action is used."),
    "chip": N_("Chooses region {region} for this turn's scoring: you would get {points} there "
               "as things stand."),
    "bid": N_("Bids {count} to buy {gene} early. {purpose}"),
    "bid_none": N_("Bids nothing: no gene on display is worth your Ichtos on the board now."),
    "buy": N_("Buys {gene}. {purpose}"),
    "pass": N_("Passes: no gene left is worth {price} of your Ichtos on the board."),
    "panic_region": N_("Lets region {region} panic: it costs you least."),
    "panic_ocean": N_("Sends the panicking Ichtos into {ocean}, where they hurt you least."),
    "ears_stay": N_("Keeps {count} of your Ichtos on land."),
    "ears_dive": N_("Your Ichtos dive into {ocean}, the best place left for them."),
    "rival": N_("Thins out a rival in {ocean}."),
}


@dataclass(frozen=True)
class Hint:
    move: Move
    key: str  # which sentence (see SENTENCES)
    values: dict = field(default_factory=dict)  # the sentence's blanks

    @property
    def text(self) -> str:
        """The sentence in the current language (its values were worded when it was made)."""
        values = {k: _(v) if k == "purpose" and v else v for k, v in self.values.items()}
        return fmt(SENTENCES[self.key], **values).strip()  # a gene may have no purpose line


def hint(seen: PlayerView, bot: Bot | None = None) -> Hint:
    """What `bot` (the hard bot by default) would play for the seat, and why."""
    if bot is None:
        bot = HardBot(seed=seen.state.turn)
    return explain(seen, bot.choose(seen))


def judged_hint(seen: PlayerView, seconds: float, seed: int) -> Hint:
    """The move the game review's judge (appraise.py: the expert's turn search for an Ichto
    action) rates best for the seat, and why: a player who follows the hints is not told
    afterwards, by the review, that those were costly moves."""
    from urland.bots.appraise import appraise  # the review's judge, loaded when first asked

    judged = appraise(seen, seconds, seed)
    return explain(seen, judged[0][0]) if judged else hint(seen)


def explain(seen: PlayerView, move: Move) -> Hint:
    """One plain reason for `move`, the seat's decision in `seen`."""
    reason = _REASONS.get(move.kind)
    if reason is None and move.kind in ACTIONS:  # an action: where it aims (a new gene's too)
        reason = _aimed
    if reason is None:
        raise ValueError(f"no reason known for a {move.kind!r} move")
    return reason(seen, move)


def _proliferate(seen: PlayerView, move: Move) -> Hint:
    state = seen.state
    gain = _after(state, move).on_board(state.actor) - state.on_board(state.actor)
    return Hint(move, "breed", {"gain": _ichtos(gain)})  # the move names the ocean


def _end(seen: PlayerView, move: Move) -> Hint:
    state = seen.state
    if state.double_chips[state.actor] > 0 and not state.double_used:
        return Hint(move, "end_keep")
    return Hint(move, "end_done" if state.actions_left == 0 else "end")


def _chip(seen: PlayerView, move: Move) -> Hint:
    state = seen.state
    root = region_of_chip(state, move.count)
    points = points_of(state.area_counts(root), muscles(state), 0.0)[state.actor]
    return Hint(move, "chip", {"region": state.board.area_name(root), "points": _pts(points)})


def _bid(seen: PlayerView, move: Move) -> Hint:
    state = seen.state
    if move.count == 0 or not state.display:
        return Hint(move, "bid_none")
    gene = max(state.display, key=measured_gene_worth(state.n).__getitem__)
    return Hint(move, "bid", {"count": move.count, "gene": gene_name(gene),
                              "purpose": GENE_PURPOSE.get(gene, "")})


def _ocean_choice(seen: PlayerView, move: Move) -> Hint:
    return Hint(move, move.kind, {"ocean": area_label(seen.state.board, move.dst)})


_REASONS: dict[str, Callable[[PlayerView, Move], Hint]] = {
    "swim": lambda seen, move: _swim(seen, move),
    "proliferate": _proliferate,
    "retreat": lambda seen, move: _retreat(seen, move),
    "double": lambda seen, move: Hint(move, "double"),
    "end": _end,
    "chip": _chip,
    "bid": _bid,
    "buy": lambda seen, move: Hint(move, "buy", {"gene": gene_name(move.gene),
                                                 "purpose": GENE_PURPOSE.get(move.gene, "")}),
    "pass": lambda seen, move: Hint(move, "pass", {"price": gene_price(seen.state,
                                                                       seen.state.actor)}),
    "panic_region": lambda seen, move: Hint(move, "panic_region",
                                            {"region": seen.state.board.area_name(move.src)}),
    "panic_ocean": _ocean_choice,
    "ears_dive": _ocean_choice,
    "ears_stay": lambda seen, move: Hint(move, "ears_stay", {"count": move.count}),
}


def _after(state: GameState, move: Move) -> GameState:
    trial = state.clone()
    apply_move(trial, move, advance=False)
    return trial


def _ichtos(count: int) -> str:
    return fmt("{count, plural, one {# Ichto} other {# Ichtos}}", count=count)


def _pts(value: float) -> str:
    points = round(value)
    if points >= 0:
        return fmt("{points, plural, one {# point} other {# points}}", points=points)
    return fmt("a loss of {ichtos}", ichtos=_ichtos(-points))


def _aimed(seen: PlayerView, move: Move) -> Hint:
    state = seen.state
    board = state.board
    carries = ACTIONS[move.kind].event is event_data.Moved  # own Ichtos from src to dst
    area = move.dst if carries or move.kind == "egg" else move.src
    if area >= board.n_regions:
        if carries:
            return _swim(seen, move)
        return Hint(move, "rival", {"ocean": area_label(board, area)})
    root = state.root(area)
    flexed = muscles(state)
    seat = state.actor
    before = points_of(state.area_counts(root), flexed, 1.0)[seat]
    after = points_of(_after(state, move).area_counts(root), flexed, 1.0)[seat]
    values = {"region": board.area_name(root), "before": _pts(before), "after": _pts(after)}
    scores_again = any(region_of_chip(state, c) == root for c in chips_in_play(state))
    if not scores_again and any(region_of_chip(state, c) == root for c in state.board_chips):
        return Hint(move, "region_scored", {"region": board.area_name(root)})  # this epoch
    if round(after) <= round(before):  # no better now ("you would get less" would jar)
        return Hint(move, "region_hold", {"region": board.area_name(root)})
    if pending_distribution(seen).get(root, 0.0) >= 0.15:
        return Hint(move, "region_now", values)
    if any(region_of_chip(state, c) == root for c in chips_in_play(state)):
        return Hint(move, "region_later", values)
    return Hint(move, "region_hold", {"region": board.area_name(root)})


def _swim(seen: PlayerView, move: Move) -> Hint:
    state = seen.state
    board = state.board
    seat = state.actor
    ocean = move.dst
    had, has = state.count(ocean, seat), _after(state, move).count(ocean, seat)
    label = area_label(board, ocean)
    coy = bool(state.genes[seat] & CARE_OF_YOUNG)
    if not proliferation_gain(had, coy) and proliferation_gain(has, coy):  # now they can breed
        return Hint(move, "breed_gather", {"count": has, "ocean": label})
    pending = pending_distribution(seen)
    near = [r for r in state.ocean_regions[ocean - board.n_regions] if pending.get(r, 0.0) > 0]
    if near:
        best = max(near, key=lambda r: pending[r])
        return Hint(move, "swim_near", {"ocean": label, "region": board.area_name(best)})
    return Hint(move, "swim", {"ocean": label})


def _retreat(seen: PlayerView, move: Move) -> Hint:
    state = seen.state
    seat = state.actor
    count = sum(k for _, k in move.picks)
    pending = pending_distribution(seen)
    flexed = muscles(state)
    for area, _count in move.picks:
        if area < state.board.n_regions and pending.get(area, 0.0) >= 0.15:
            lost = points_of(state.area_counts(area), flexed, 1.0)[seat] < 0
            if lost:
                return Hint(move, "retreat_save", {"ichtos": _ichtos(count),
                                                   "region": state.board.area_name(area)})
    return Hint(move, "retreat", {"ichtos": _ichtos(count)})
