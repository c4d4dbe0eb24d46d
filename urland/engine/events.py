"""Events: everything a player should be told, as a kind and plain data; never a sentence.

`visible_to` is None for public events, or a bit mask of the seats that may see the event (a
drawn chip, the chip chosen in secret, one's own bid). Events are recorded only when the state
records them, so playouts inside a search pay nothing for them. The words players read are
made from the kind and the data outside the engine (`urland.texts.events`), in their language.

Each kind's data has a schema, a TypedDict (areas are area indices, seats are 0-based; dicts
keyed by seat): the actions name theirs (`Action.event`), the other kinds are listed in
`FLOW_EVENT_DATA`; `urland.engine.EVENT_DATA` holds both. Consumers read named fields:
`cast(Moved, event.data)["dst"]`. A test plays games and checks every event against its schema.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

if TYPE_CHECKING:
    from urland.engine.state import GameState


# --- the data of each kind of event -----------------------------------------------------------

class Empty(TypedDict):
    pass


class SeatOnly(TypedDict):
    seat: int


class Moved(TypedDict):
    """An actor's Ichtos carried from one area to another (land, swim, walk, fly)."""
    seat: int
    src: int
    dst: int
    count: int


class Proliferated(TypedDict):
    seat: int
    ocean: int
    gains: dict[int, int]


class Retreated(TypedDict):
    seat: int
    picks: tuple[tuple[int, int], ...]


class Assimilated(TypedDict):
    seat: int
    area: int
    targets: tuple[int, ...]


class Laid(TypedDict):
    seat: int
    dst: int


class Stunk(TypedDict):
    seat: int
    target: int
    src: int
    dst: int
    count: int


class Bitten(TypedDict):
    seat: int
    target: int
    area: int


class SetupVolcano(TypedDict):
    region: int


class Erupted(TypedDict):
    region: int
    root: int
    bridge: int
    joined: bool


class SetupDeal(TypedDict):
    seat: int
    chips: list[int]


class SetupPass(TypedDict):
    seat: int
    left: int
    right: int
    to_left: int
    to_right: int


class SetupDone(TypedDict):
    start: int
    display: list[str]


class ChipOnly(TypedDict):
    chip: int


class TurnBegins(TypedDict):
    env: int
    dead: int
    turn: int


class ChipChosen(TypedDict):
    env: int
    dead: int


class ChipSecret(TypedDict):
    chip: int
    passed: list[int]
    dead: int


class ChipsReceived(TypedDict):
    passed: list[int]
    env: int


class IchtoTurn(TypedDict):
    seat: int
    actions: int


class Revealed(TypedDict):
    chip: int
    seat: int


class Scored(TypedDict):
    chip: int
    region: int
    outcome: str
    points: dict[int, int]
    removed: dict[int, int]
    counts: list[int]


class TrackMoved(TypedDict):
    seat: int
    start: int
    end: int
    jumped: int  # occupied spaces passed over, which the points do not pay for


class PanicCalled(TypedDict, total=False):
    """Empty when no land region holds an Ichto (nothing happens)."""
    candidates: list[int]
    most: int
    chooser: int  # only when several regions tie


class PanicMoved(TypedDict):
    region: int
    ocean: int
    seats: list[int]
    fled: dict[int, int]


class BidPlaced(TypedDict):
    seat: int
    amount: int


class BidsRevealed(TypedDict):
    bids: list[int]
    ranking: list[int]


class CannotPay(TypedDict):
    seat: int
    price: int


class AuctionClosed(TypedDict):
    seats: list[int]  # the ranked bidders never asked to buy
    reason: str  # "sold_out": this mutation's genes are sold; "display_empty": none left
    sold: int


class Bought(TypedDict):
    seat: int
    gene: str
    paid: int
    picks: tuple[tuple[int, int], ...]


class Refilled(TypedDict):
    genes: list[str]


class EpochEnds(TypedDict):
    scored: int
    other: int
    last: bool
    epoch: int


class NewEpoch(TypedDict):
    epoch: int
    chips: int


class EarsStayed(TypedDict):
    seat: int
    stay: int
    region: int
    ocean: int
    fled: int


class EarsDived(TypedDict):
    seat: int
    region: int
    ocean: int
    count: int


class GameEnds(TypedDict):
    threshold: int
    skipped: bool


class _FinalCounts(TypedDict):
    counts: dict[int, int]
    points: dict[int, int]
    winners: list[int]  # the seats with the most (sharing the prize, when it is not 0)
    best: int  # the most any of them has


class FinalStep(_FinalCounts, total=False):
    excluded: int | None  # the final land scoring: a seat left out, if any


class Won(TypedDict):
    winner: int
    track: list[int]


class VolcanoLoss(TypedDict):
    seat: int
    region: int
    count: int


FLOW_EVENT_DATA: dict[str, type] = {  # the events of the automatic steps and other decisions
    "setup_volcano": SetupVolcano, "setup_deal": SetupDeal, "setup_pass": SetupPass,
    "setup": SetupDone, "eruption": Erupted, "draw_secret": ChipOnly, "draw": SeatOnly,
    "turn": TurnBegins, "chip_chosen": ChipChosen, "chip_secret": ChipSecret,
    "chips_received": ChipsReceived, "ichto_turn": IchtoTurn, "reveal": Revealed,
    "score": Scored, "track": TrackMoved,
    "panic_drawn": SeatOnly, "panic": PanicCalled, "panic_move": PanicMoved,
    "ears_stay": EarsStayed, "ears_dive": EarsDived, "volcano_loss": VolcanoLoss,
    "mutation": Empty, "bid_placed": BidPlaced, "bid_hidden": SeatOnly,
    "bids_revealed": BidsRevealed, "cannot_pay": CannotPay, "auction_closed": AuctionClosed,
    "buy": Bought, "pass": SeatOnly,
    "refill": Refilled, "no_sale": Empty,
    "epoch_end": EpochEnds, "new_epoch": NewEpoch, "game_ends": GameEnds,
    "final_total": FinalStep, "final_land": FinalStep, "winner": Won,
}


class Event(NamedTuple):
    kind: str
    data: dict[str, Any]  # plain: numbers, truth values, keys (a gene, an outcome), lists, dicts
    visible_to: int | None = None

    def visible(self, seat: int | None) -> bool:
        """`seat=None` asks for the spectator's view: public events only."""
        if self.visible_to is None:
            return True
        return seat is not None and bool(self.visible_to >> seat & 1)


def say(state: GameState, kind: str, visible_to: int | None = None, **data: Any) -> None:
    """Record an event of `kind` with `data` (its schema: `EVENT_DATA[kind]`)."""
    if state.events is not None:
        state.events.append(Event(kind, data, visible_to))
