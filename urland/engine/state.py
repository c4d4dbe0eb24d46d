"""The complete game state: plain integers and flat lists, so that a clone costs microseconds.

Ichto counts are one flat list indexed `area * n_players + seat`. Regions merged by volcanoes
(rule R1) are a union-find over region indices: only a root holds Ichtos, and the per-root
adjacency (`region_oceans`, `region_straits`, `ocean_regions`) is recomputed on each merge.

`phase` names the decision the engine waits for (None while it runs automatic steps), `actor`
the seat that must make it. `agenda` is a stack of automatic steps still to run; see flow.py.
"""

from __future__ import annotations

from urland.engine import rng
from urland.engine.board import Board

PANIC = 0  # chip id of the Panic chip; region chips are the region numbers

CHIP = "choose_chip"
ACTION = "action"
PANIC_REGION = "panic_region"
PANIC_OCEAN = "panic_ocean"
PANIC_EARS = "panic_ears"
VOLCANO_EARS = "volcano_ears"
BID = "bid"
BUY = "buy"
OVER = "game_over"

PHASES = (CHIP, ACTION, PANIC_REGION, PANIC_OCEAN, PANIC_EARS, VOLCANO_EARS, BID, BUY, OVER)

COLOUR_NAMES = ("White", "Black", "Grey", "Purple", "Green")

_LIST_FIELDS = (
    "counts", "reserve", "track", "genes", "double_chips", "parent", "region_oceans",
    "region_straits", "ocean_regions", "pile", "hand", "board_chips", "out_chips", "seen",
    "display", "deck", "agenda", "bids", "ranking", "choices", "queue",
)
_SCALAR_FIELDS = (
    "board", "n", "colours", "chosen", "panic_aside", "env", "phase", "actor", "actions_left",
    "double_used", "must_buy", "bought", "rng", "mutations_done", "volcanoes", "epoch", "turn",
    "panics", "mutations", "ending", "winner", "focus", "focus_ocean", "events",
)

_KEY_FIELDS = tuple(f for f in _LIST_FIELDS + _SCALAR_FIELDS if f not in ("board", "events"))


class GameState:
    __slots__ = _LIST_FIELDS + _SCALAR_FIELDS

    board: Board
    n: int
    colours: tuple[int, ...]
    counts: list[int]
    reserve: list[int]
    track: list[int]
    genes: list[int]
    double_chips: list[int]
    parent: list[int]
    region_oceans: list[tuple[int, ...]]
    region_straits: list[tuple[int, ...]]
    ocean_regions: list[tuple[int, ...]]
    pile: list[int]
    hand: list[int]
    board_chips: list[int]
    out_chips: list[int]
    seen: list[int]
    display: list[str]
    deck: list[str]
    agenda: list[tuple]
    bids: list[int]
    ranking: list[int]
    choices: list[int]
    queue: list[tuple]
    chosen: int
    panic_aside: bool
    env: int
    phase: str | None
    actor: int
    actions_left: int
    double_used: bool
    must_buy: bool
    bought: int
    rng: int
    mutations_done: int
    volcanoes: int
    epoch: int
    turn: int
    panics: int
    mutations: int
    ending: bool
    winner: int
    focus: int
    focus_ocean: int
    events: list | None

    def clone(self, events: bool = False) -> GameState:
        """An independent copy. Events are not copied; pass events=True to record new ones."""
        c = GameState.__new__(GameState)
        c.board = self.board
        c.n = self.n
        c.colours = self.colours
        c.counts = self.counts[:]
        c.reserve = self.reserve[:]
        c.track = self.track[:]
        c.genes = self.genes[:]
        c.double_chips = self.double_chips[:]
        c.parent = self.parent[:]
        c.region_oceans = self.region_oceans[:]
        c.region_straits = self.region_straits[:]
        c.ocean_regions = self.ocean_regions[:]
        c.pile = self.pile[:]
        c.hand = self.hand[:]
        c.board_chips = self.board_chips[:]
        c.out_chips = self.out_chips[:]
        c.seen = self.seen[:]
        c.display = self.display[:]
        c.deck = self.deck[:]
        c.agenda = self.agenda[:]
        c.bids = self.bids[:]
        c.ranking = self.ranking[:]
        c.choices = self.choices[:]
        c.queue = self.queue[:]
        c.chosen = self.chosen
        c.panic_aside = self.panic_aside
        c.env = self.env
        c.phase = self.phase
        c.actor = self.actor
        c.actions_left = self.actions_left
        c.double_used = self.double_used
        c.must_buy = self.must_buy
        c.bought = self.bought
        c.rng = self.rng
        c.mutations_done = self.mutations_done
        c.volcanoes = self.volcanoes
        c.epoch = self.epoch
        c.turn = self.turn
        c.panics = self.panics
        c.mutations = self.mutations
        c.ending = self.ending
        c.winner = self.winner
        c.focus = self.focus
        c.focus_ocean = self.focus_ocean
        c.events = [] if events else None
        return c

    def key(self) -> tuple:
        """Everything that decides the future of the game, as one comparable value."""
        return tuple(
            tuple(v) if isinstance(v, list) else v for v in (getattr(self, f) for f in _KEY_FIELDS)
        )

    # --- small helpers used all over the rules -------------------------------------------

    def count(self, area: int, seat: int) -> int:
        return self.counts[area * self.n + seat]

    def area_counts(self, area: int) -> list[int]:
        base = area * self.n
        return self.counts[base:base + self.n]

    def area_total(self, area: int) -> int:
        base = area * self.n
        return sum(self.counts[base:base + self.n])

    def on_board(self, seat: int) -> int:
        n = self.n
        return sum(self.counts[seat::n])

    def on_land(self, seat: int) -> int:
        n = self.n
        return sum(self.counts[seat:self.board.n_regions * n:n])

    def has(self, seat: int, gene_bit: int) -> bool:
        return bool(self.genes[seat] & gene_bit)

    def root(self, region: int) -> int:
        parent = self.parent
        while parent[region] != region:
            region = parent[region]
        return region

    def live_regions(self) -> list[int]:
        """Roots: the land regions on the board now (merged regions count once)."""
        return [r for r, p in enumerate(self.parent) if p == r]

    def region_chips(self, root: int) -> list[int]:
        """The chips still in the game whose region now belongs to `root`."""
        gone = set(self.out_chips)
        return [self.board.region_numbers[r] for r in range(len(self.parent))
                if self.root(r) == root and self.board.region_numbers[r] not in gone]

    def rearmost(self) -> int:
        """The seat furthest back on the score track (ties cannot happen: one marker a space)."""
        track = self.track
        return min(range(self.n), key=track.__getitem__)

    def colour_name(self, seat: int) -> str:
        return COLOUR_NAMES[self.colours[seat]]

    def rand_below(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        return value

    def shuffle(self, items: list) -> None:
        self.rng = rng.shuffle(self.rng, items)

    @property
    def dead(self) -> int:
        return (self.env + 1) % self.n

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def chip_area(self, chip: int) -> int:
        """The region index of a region chip."""
        return self.board.region_numbers.index(chip)
