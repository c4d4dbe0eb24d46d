"""Set-up (rules section 3), all eight steps, every shuffle from the state's one generator."""

from __future__ import annotations

from collections.abc import Sequence

from urland.engine import rng
from urland.engine.board import Board, standard_board
from urland.engine.edition import Edition
from urland.engine.events import say
from urland.engine.genes import genes_for_players
from urland.engine.player_counts import (
    HAND_SIZE,
    ICHTOS_PER_COLOUR,
    START_PER_OCEAN,
    numbers_for,
)
from urland.engine.state import CHIP, PANIC, GameState
from urland.engine.volcano import erupt, recompute_adjacency


def new_game(seed: int, players: int = 4, colours: Sequence[int] | None = None,
             board: Board | None = None, events: bool = True,
             edition: Edition | None = None) -> GameState:
    """A game ready for its first decision: the start player choosing a scoring chip.
    The gene cards are the edition's (default: those of the gene file as it is now)."""
    numbers = numbers_for(players)  # ValueError unless 3, 4 or 5
    colours = tuple(range(players)) if colours is None else tuple(colours)
    if len(colours) != players or len(set(colours)) != players or not all(
            0 <= c < 5 for c in colours):
        raise ValueError("Give each player a different colour (0-4).")
    board = board or standard_board()
    s = GameState.blank(board, players)  # every field's start value (engine/state.py)
    n = players
    s.colours = colours
    s.events = [] if events else None
    s.rng = rng.seed_state(seed)

    # 1. 3 Ichtos of each colour in each ocean.
    for o in board.ocean_areas:
        for p in range(n):
            s.counts[o * n + p] = START_PER_OCEAN
    s.reserve = [ICHTOS_PER_COLOUR - START_PER_OCEAN * board.n_oceans - 1] * n  # 1 = marker
    # 2. Double-turn chips.
    s.double_chips = [numbers.double_turn_chips] * n
    recompute_adjacency(s)

    # 3. One region erupts at once; its chip leaves the game.
    chips = list(board.region_numbers)
    s.shuffle(chips)
    first = chips.pop()
    say(s, "setup_volcano", region=first)  # the region's number (its chip)
    erupt(s, s.chip_area(first))
    s.out_chips.append(first)

    # 4. Deal 2 chips each (3 with 3 players); 1 Ichto on each dealt region.
    per = numbers.chips_dealt
    dealt = [[chips.pop() for _ in range(per)] for _ in range(n)]
    for p, hand in enumerate(dealt):
        for chip in hand:
            _place(s, p, chip)
        say(s, "setup_deal", seat=p, chips=sorted(hand))

    # 5. Highest chip starts; markers 1, 2, 3 ... counter-clockwise from the start player.
    start = max(range(n), key=lambda p: max(dealt[p]))
    for k in range(n):
        s.track[(start - k) % n] = k + 1
    s.env = start

    # 6. Each passes one chip at random to each neighbour (with 3 players one is kept).
    passed_left, passed_right = [0] * n, [0] * n
    for p, hand in enumerate(dealt):
        s.shuffle(hand)
        passed_left[p], passed_right[p] = hand[0], hand[1]
    for p in range(n):
        _place(s, (p + 1) % n, passed_left[p])
        _place(s, (p - 1) % n, passed_right[p])
        say(s, "setup_pass", seat=p, left=passed_left[p], right=passed_right[p],
            to_left=(p + 1) % n, to_right=(p - 1) % n)

    # 7. Genes: 4 on display (3 with 3 players), the rest the deck.
    genes = genes_for_players(n) if edition is None else edition.genes_for(n)
    s.shuffle(genes)
    shown = numbers.genes_on_display
    s.display = [genes.pop() for _ in range(shown)]
    s.deck = genes

    # 8. All region chips still in the game are shuffled; the start player draws 3; Panic joins
    #    the rest to make the draw pile.
    pool = [c for c in board.region_numbers if c != first]
    s.shuffle(pool)
    s.hand = [pool.pop() for _ in range(HAND_SIZE)]
    for c in s.hand:
        s.seen[c] = 1 << start
    pool.append(PANIC)
    s.shuffle(pool)
    s.pile = pool

    say(s, "setup", start=start, display=list(s.display))
    for chip in s.hand:
        say(s, "draw_secret", visible_to=1 << start, chip=chip)
    s.phase = CHIP
    s.actor = start
    say(s, "turn", env=start, dead=s.dead, turn=1)
    return s


def _place(s: GameState, seat: int, chip: int) -> None:
    region = s.root(s.chip_area(chip))
    s.counts[region * s.n + seat] += 1
    s.reserve[seat] -= 1
