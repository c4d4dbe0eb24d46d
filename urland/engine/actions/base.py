"""What every action kind is made of, and the checks the kinds share.

An action is one class (see `Action`): its options, its check and its play side by side. The
options of a turn are gathered in sweeps, so that the list keeps one fixed order whatever
genes a seat holds: first over the oceans (`ocean_options`), then once for the whole turn
(`turn_options`), then over every area the seat occupies (`area_options`).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from urland.engine.errors import IllegalMoveError, Named, Refusal
from urland.engine.events import SeatOnly
from urland.engine.genes import gene_name, genes_in
from urland.engine.moves import Field, Move, Option
from urland.engine.state import GameState

Sweep = Literal["ocean", "turn", "area", "spent"]


class Turn:
    """The acting seat's situation, worked out once per call of `action_options`."""

    __slots__ = ("areas", "board", "genes", "left", "n", "own", "p", "regions", "reserve",
                 "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.p = p = state.actor
        self.n = n = state.n
        self.board = state.board
        self.regions = state.board.n_regions
        self.own = state.counts[p::n]  # this seat's Ichtos per area
        self.genes = state.genes[p]
        self.left = state.actions_left
        self.reserve = state.reserve[p]
        self.areas: list[int] | tuple[int, ...] = ()  # live regions then oceans (area sweep)


class Action:
    """One kind of action (rules 4.2 and 7).

    `kind` is the move kind; `fields` the move's fields it uses, also in the save notation
    (engine/moves.py: "src", "dst", "count", "target" once per opponent named ...); `gene` the
    bit of the gene it needs (0: any Ichto player);
    `event` the schema of the event its play says (engine/events.py; `Moved` when it carries
    the actor's Ichtos from `src` to `dst`, which the words, the animation and the sound
    understand without being told); `sweep` when its options are gathered (see the module's
    docstring); `drag` whose Ichtos a drag makes it (`"own"`, `"rival"` or None); `menu` its
    place in an area's menu (what happens here first, then moves away); `undoable` whether a
    player may take it back within the turn (it reveals nothing and draws nothing);
    `once_per_turn` whether a seat may take it only once in its turn (the state keeps the kinds
    used, `used_this_turn`; the options leave a used kind out and `check` refuses it with
    `repeat_refusal`).
    """

    kind: ClassVar[str]
    fields: ClassVar[tuple[Field, ...]] = ()
    gene: ClassVar[int] = 0
    event: ClassVar[type | None] = SeatOnly
    menu: ClassVar[int] = 99
    sweep: ClassVar[Sweep] = "area"
    drag: ClassVar[Literal["own", "rival"] | None] = None
    land_only: ClassVar[bool] = False  # area sweep: only in land regions
    undoable: ClassVar[bool] = True
    once_per_turn: ClassVar[bool] = False

    # --- options -------------------------------------------------------------------------

    def ocean_options(self, turn: Turn, ocean: int, own: int, out: list[Option]) -> None:
        """Append the options in `ocean`, where the seat has `own` Ichtos (at least 1)."""

    def turn_options(self, turn: Turn, out: list[Option]) -> None:
        """Append the options that belong to the whole turn."""

    def area_options(self, turn: Turn, area: int, own: int, others: list[tuple[int, int]],
                     out: list[Option]) -> None:
        """Append the options in `area`, where the seat has `own` Ichtos and the opponents
        `others` ((seat, Ichtos) for each opponent there)."""

    # --- rules ---------------------------------------------------------------------------

    def cost(self, state: GameState, move: Move) -> int:
        """Actions the move spends."""
        return 1

    def carried(self, move: Move, src: int) -> int:
        """How many Ichtos a drag from `src` carries when it makes `move`."""
        return move.count

    def check(self, state: GameState, move: Move) -> None:
        """Raise IllegalMoveError saying why `move` is refused; the state is untouched."""
        if self.gene and not state.genes[state.actor] & self.gene:
            key = genes_in(self.gene)[0]
            raise refuse("That action needs the gene {gene}.",
                         gene=Named("gene", key, gene_name(key)))
        self.check_unused(state)
        if state.actions_left <= 0:
            raise refuse("You have no actions left.")
        self.check_fields(state, move)

    def check_unused(self, state: GameState) -> None:
        """Refuse a once-per-turn action already taken this turn."""
        if self.once_per_turn and self.kind in state.used_this_turn:
            raise self.repeat_refusal()

    def repeat_refusal(self) -> IllegalMoveError:
        """The refusal of a second use in one turn (a kind may say it in its own words)."""
        return refuse("You may take that action only once per turn.")

    def check_fields(self, state: GameState, move: Move) -> None:
        """The kind's own conditions, once the gene and an action are there."""

    def play(self, state: GameState, move: Move) -> None:
        """Play the checked move (its cost is already spent)."""
        raise NotImplementedError


# --- checks the kinds share ---------------------------------------------------------------

def refuse(template: str, **values: object) -> IllegalMoveError:
    """The error refusing a move; its message is a Refusal (the English, and how it was made)."""
    return IllegalMoveError(Refusal(template, **values))


def area_named(state: GameState, area: int) -> Named:
    board = state.board
    return Named("area", area, board.area_label(area), board.area_name(area),
                 "ocean" if board.is_ocean(area) else "region")


def seat_named(state: GameState, seat: int) -> Named:
    return Named("seat", seat, state.colour_name(seat))


def need_area(state: GameState, area: int, what: str) -> None:
    board = state.board
    if not 0 <= area < board.n_areas:
        raise _no_such_area(what)
    if area < board.n_regions and state.parent[area] != area:
        root = state.root(area)
        raise refuse("Region {region} is now part of region {root}: use that number.",
                      region=board.region_numbers[area], root=board.region_numbers[root])


def _no_such_area(what: str) -> Exception:
    """The refusal for an area number off the board, one sentence per kind of area (so that
    each language can give the word its own gender)."""
    if what == "region":
        return refuse("There is no region with that number.")
    if what == "ocean":
        return refuse("There is no ocean with that number.")
    return refuse("There is no area with that number.")


def need_ocean(state: GameState, area: int) -> None:
    need_area(state, area, "ocean")
    if not state.board.is_ocean(area):
        raise refuse("Region {region} is land, not an ocean.",
                      region=state.board.region_numbers[area])


def need_region(state: GameState, area: int) -> None:
    need_area(state, area, "region")
    if state.board.is_ocean(area):
        raise refuse("{area_label} is an ocean, not a land region.", area=area_named(state, area))


def need_own(state: GameState, area: int, k: int) -> None:
    have = state.count(area, state.actor)
    if have < k:
        if have == 0:
            raise refuse("You have no Ichtos in "
                         "{area_kind, select, region {region {area}} other {{area_label}}}.",
                         area=area_named(state, area))
        raise refuse("You have only {count, plural, one {# Ichto} other {# Ichtos}} in "
                     "{area_kind, select, region {region {area}} other {{area_label}}}.",
                     count=have,
                     area=area_named(state, area))


def need_opponents(state: GameState, target: tuple[int, ...], k: int) -> int:
    """Check `target` names `k` opponents; return the first."""
    if len(target) != k:
        raise (refuse("Name 1 opponent.") if k == 1
               else refuse("Name {count} opponents.", count=k))
    for s in target:
        if not 0 <= s < state.n or s == state.actor:
            raise refuse("The target must be an opponent at this table.")
    return target[0]


def need_rival_there(state: GameState, area: int, seat: int) -> None:
    if not state.count(area, seat):
        raise refuse("{seat} has no Ichtos in "
                     "{area_kind, select, region {region {area}} other {{area_label}}}.",
                     seat=seat_named(state, seat),
                     area=area_named(state, area))


# Options are immutable, so the common ones are built once and shared between calls.
_OPTIONS: dict[tuple, tuple[Option, ...]] = {}


def shared_options(kind: str, src: int, targets: tuple[int, ...], top: int
                   ) -> tuple[Option, ...]:
    """The options to move 1..top Ichtos from `src` to each of `targets` but `src` itself (a
    complete move when top is 1)."""
    key = (kind, src, targets, top)
    options = _OPTIONS.get(key)
    if options is None:
        options = _OPTIONS[key] = tuple(
            Option(Move(kind, src, dst, 1)) if top == 1
            else Option(Move(kind, src, dst), counts=(1, top)) for dst in targets if dst != src)
    return options


_ONE: dict[tuple, Option] = {}


def one_option(kind: str, src: int = -1, dst: int = -1, target: tuple[int, ...] = (),
               top: int = 0) -> Option:
    """The option of one complete move (or of 1..top Ichtos when top > 1), built once."""
    key = (kind, src, dst, target, top)
    option = _ONE.get(key)
    if option is None:
        option = _ONE[key] = (Option(Move(kind, src, dst), counts=(1, top)) if top > 1
                              else Option(Move(kind, src, dst, top, target=target)))
    return option
