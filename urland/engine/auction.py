"""Mutation: the gene auction with hidden bids (rules 6.1, R3).

Bids are hidden commits taken one seat at a time (clockwise from the environment player); no
seat's view shows another's bid until all are in. Then the ranking decides who must buy, who may
buy, and the refill follows however many genes were sold.
"""

from __future__ import annotations

from urland.engine.events import say
from urland.engine.genes import BIT
from urland.engine.player_counts import numbers_for
from urland.engine.state import BID, BUY, GameState


def genes_for_sale(state: GameState) -> int:
    return numbers_for(state.n).genes_per_mutation


def gene_price(state: GameState, seat: int, bid: int | None = None) -> int:
    """What `seat` pays for a gene, in Ichtos from the board: its bid (the one placed in this
    mutation unless `bid` is given) plus the genes it already owns (rules 6.1)."""
    return (state.bids[seat] if bid is None else bid) + state.genes[seat].bit_count()


def can_pay(state: GameState, seat: int, bid: int | None = None) -> bool:
    """Does `seat` have the Ichtos on the board to pay for a gene (else it is out of the
    auction when its turn to buy comes, rules 6.1)?"""
    return state.on_board(seat) >= gene_price(state, seat, bid)


def bid_order(state: GameState) -> list[int]:
    return [(state.env + i) % state.n for i in range(state.n)]


def start_mutation(state: GameState) -> None:
    state.mutations += 1
    state.bids = [-1] * state.n
    state.ranking = []
    state.bought = 0
    state.must_buy = True
    say(state, "mutation")
    state.phase = BID
    state.actor = bid_order(state)[0]


def place_bid(state: GameState, seat: int, amount: int) -> None:
    state.bids[seat] = amount
    say(state, "bid_placed", visible_to=1 << seat, seat=seat, amount=amount)
    say(state, "bid_hidden", seat=seat)
    waiting = [s for s in bid_order(state) if state.bids[s] < 0]
    if waiting:
        state.actor = waiting[0]
        return
    track = state.track
    bids = state.bids
    state.ranking = sorted(range(state.n), key=lambda s: (-bids[s], track[s]))
    say(state, "bids_revealed", bids=list(bids), ranking=list(state.ranking))
    next_buyer(state)


def next_buyer(state: GameState) -> None:
    """Offer the purchase to the next ranked player who can pay, or finish with the refill."""
    while state.ranking and state.display and state.bought < genes_for_sale(state):
        seat = state.ranking[0]
        if not can_pay(state, seat):
            cost = gene_price(state, seat)
            state.ranking.pop(0)
            say(state, "cannot_pay", seat=seat, price=cost)
            continue
        state.phase = BUY
        state.actor = seat
        return
    if state.ranking:  # bidders never asked: say why, rather than skip them in silence
        skipped, sold = list(state.ranking), state.bought
        sold_out = sold >= genes_for_sale(state)
        say(state, "auction_closed", seats=skipped,
            reason="sold_out" if sold_out else "display_empty", sold=sold)
    if state.bought == 0:
        say(state, "no_sale")  # R3
    refill(state)
    state.phase = None


def buy(state: GameState, seat: int, gene: str, picks: tuple[tuple[int, int], ...]) -> None:
    n = state.n
    paid = 0
    for area, k in picks:
        state.counts[area * n + seat] -= k
        paid += k
    state.reserve[seat] += paid
    state.genes[seat] |= BIT[gene]
    state.display.remove(gene)
    state.bought += 1
    state.must_buy = False
    state.ranking.pop(0)
    say(state, "buy", seat=seat, gene=gene, paid=paid, picks=picks)
    next_buyer(state)


def pass_purchase(state: GameState, seat: int) -> None:
    state.ranking.pop(0)
    say(state, "pass", seat=seat)
    next_buyer(state)


def refill(state: GameState) -> None:
    new = []
    for _ in range(genes_for_sale(state)):
        if not state.deck:
            break
        new.append(state.deck.pop())
    state.display.extend(new)
    say(state, "refill", genes=new)
