"""Build board positions for rules tests: state the position, act, check the exact result."""

from __future__ import annotations

from urland.engine.board import Board
from urland.engine.genes import BIT
from urland.engine.moves import Move
from urland.engine.rules import apply_move
from urland.engine.setup import new_game
from urland.engine.state import ACTION, PANIC, GameState
from urland.engine.volcano import recompute_adjacency

WHITE, BLACK, GREY, PURPLE, GREEN = range(5)


def table(players: int = 4, *, ichtos: dict[str, list[int]] | None = None,
          track: list[int] | None = None, genes: dict[int, list[str]] | None = None,
          env: int = 0, actor: int | None = None, actions: int | None = None,
          chosen: int = 12, reserve: list[int] | None = None,
          board: Board | None = None) -> GameState:
    """A turn in progress: `env` chose chip `chosen`, the first Ichto player is to act.

    The board holds exactly `ichtos` ({area name: [count per seat]}); every other Ichto of a
    colour is in its reserve (or `reserve` overrides). No volcano has erupted.
    """
    s = new_game(0, players, board=board)
    board = s.board
    n = players
    s.counts = [0] * len(s.counts)
    for name, per_seat in (ichtos or {}).items():
        area = board.parse_area(name)
        for seat, k in enumerate(per_seat):
            s.counts[area * n + seat] = k
    s.reserve = reserve[:] if reserve else [27 - s.on_board(p) for p in range(n)]
    s.parent = list(range(board.n_regions))
    recompute_adjacency(s)
    s.volcanoes = 0
    s.out_chips, s.board_chips = [], []
    others = [c for c in board.region_numbers if c != chosen]
    s.hand = others[:2]
    s.pile = [PANIC, *others[2:]]
    s.chosen = chosen
    s.panic_aside = False
    s.seen = [0] * (board.n_regions + 1)
    s.seen[chosen] = 1 << env
    s.track = track[:] if track else list(range(1, n + 1))
    # mutation spaces already passed by the markers have had their mutation
    s.mutations_done = sum(1 << i for i, space in enumerate(board.mutation_spaces)
                           if max(s.track) >= space)
    s.genes = [0] * n
    for seat, names in (genes or {}).items():
        for g in names:
            s.genes[seat] |= BIT[g]
    s.env = env
    s.phase = ACTION
    s.actor = (env + 2) % n if actor is None else actor
    s.actions_left = (3 if n == 3 else 2) if actions is None else actions
    s.double_used = False
    s.agenda = [("end_turn",), ("score_chosen",)]
    s.events = []
    return s


def area(s: GameState, name: str) -> int:
    return s.board.parse_area(name)


def at(s: GameState, name: str) -> list[int]:
    """Ichtos per seat in an area, by its printed name ('5', 'O2')."""
    return s.area_counts(s.root(area(s, name)) if name.isdigit() else area(s, name))


def play(s: GameState, kind: str, **fields) -> GameState:
    """Apply a move given by kind and fields; area fields may be printed names."""
    for key in ("src", "dst"):
        if isinstance(fields.get(key), str):
            fields[key] = area(s, fields[key])
    if "picks" in fields:
        fields["picks"] = tuple(sorted((area(s, a) if isinstance(a, str) else a, k)
                                       for a, k in fields["picks"]))
    apply_move(s, Move(kind, **fields))
    return s


def texts(s: GameState) -> list[str]:
    return [e.text for e in s.events or []]
