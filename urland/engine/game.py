"""A game with its history: seed, options (with the edition), the moves played and their events.

`Game` is what front ends and saves use. It plays each move on a copy of the state and keeps
the copy only when the move succeeded, so nothing — not even an unexpected error — can leave a
game half-changed. A game is fully described by (seed, options, moves): `Game.replay` rebuilds
the identical state, dealt from the options' edition (the cards, the board, the rules version;
see `edition.py`), whatever the data files say now. Undo is a stack: the state before each
move is kept (states are never changed once played on), and each action says whether it may be
taken back (`Action.undoable`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from urland.engine.actions import UNDOABLE_KINDS
from urland.engine.board import Board
from urland.engine.decision import Decision
from urland.engine.edition import Edition, current_edition
from urland.engine.events import Event
from urland.engine.moves import Move, Option, format_move, parse_move
from urland.engine.rules import apply_move, legal_options
from urland.engine.setup import new_game
from urland.engine.state import ACTION, GameState
from urland.engine.view import PlayerView, view


@dataclass(frozen=True)
class GameOptions:
    players: int = 4
    colours: tuple[int, ...] | None = None
    # The cards, board and rules the game is dealt and played with; a game made by `Game.new`
    # always has one (None there means the data files' edition as they are now).
    edition: Edition | None = None

    def resolved_colours(self) -> tuple[int, ...]:
        return tuple(range(self.players)) if self.colours is None else tuple(self.colours)


@dataclass
class Game:
    seed: int
    options: GameOptions
    state: GameState
    moves: list[Move] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    # index into `log` where the events of each move begin (for undo and replay displays)
    move_log_start: list[int] = field(default_factory=list)
    # The position the game began from when it did not begin at a set-up (a lesson, a puzzle):
    # undo replays the moves from it instead of from the seed.
    start: GameState | None = None
    # The state before each move, and whether that move may be taken back within its turn.
    # (None: a state `settle` forgot, one no undo can reach any more)
    before: list[GameState | None] = field(default_factory=list, repr=False)
    undoable: list[bool] = field(default_factory=list, repr=False)
    settled: int = field(default=0, repr=False, compare=False)  # before[:settled] forgotten

    @classmethod
    def new(cls, seed: int, players: int = 4, colours: Sequence[int] | None = None,
            board: Board | None = None, edition: Edition | None = None) -> Game:
        """A new game dealt from the seed with `edition`'s cards (default: today's data)."""
        edition = edition or current_edition(board)
        options = GameOptions(players, tuple(colours) if colours is not None else None, edition)
        state = new_game(seed, players, options.colours, board, events=True, edition=edition)
        game = cls(seed, options, state)
        game.log = list(state.events or [])
        state.events = []
        return game

    @classmethod
    def from_position(cls, state: GameState, seed: int = 0) -> Game:
        """A game that begins at a written position (see `position_from_text`)."""
        options = GameOptions(state.n, tuple(state.colours), current_edition(state.board))
        start = state.clone(events=True)
        start.events = []
        return cls(seed, options, start.clone(events=True), start=start)

    @classmethod
    def replay(cls, seed: int, options: GameOptions, moves: Iterable[Move],
               board: Board | None = None) -> Game:
        game = cls.new(seed, options.players, options.colours, board, options.edition)
        for move in moves:
            game.play(move)
        return game

    def again(self) -> Game:
        """The same game back at its set-up: same seed, options and edition, no move played."""
        return Game.new(self.seed, self.options.players, self.options.colours, self.board,
                        self.options.edition)

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def over(self) -> bool:
        return self.state.over

    def legal_options(self) -> list[Option]:
        return legal_options(self.state)

    def play(self, move: Move) -> list[Event]:
        """Play a move; raises IllegalMoveError (game unchanged) when it is not allowed."""
        trial = self.state.clone(events=True)
        apply_move(trial, move)
        events = trial.events or []
        trial.events = []
        self.before.append(self.state)
        self.undoable.append(self.state.phase == ACTION and move.kind in UNDOABLE_KINDS)
        self.state = trial
        self.moves.append(move)
        self.move_log_start.append(len(self.log))
        self.log.extend(events)
        return events

    def play_text(self, text: str) -> list[Event]:
        return self.play(parse_move(text, self.board))

    def view(self, seat: int | None) -> PlayerView:
        return view(self.state, seat)

    def decision(self) -> Decision:
        """The pending decision, seen from the deciding seat's own view."""
        if self.state.over:
            return Decision.of(self.state)
        return Decision.of(view(self.state, self.state.actor).state)

    def log_for(self, seat: int | None) -> list[Event]:
        return [e for e in self.log if e.visible(seat)]

    def notation(self) -> list[str]:
        return [format_move(m, self.board) for m in self.moves]

    # --- undo -----------------------------------------------------------------------------

    def undo_depth(self, seat: int) -> int:
        """How many of `seat`'s own last moves may be taken back now.

        Only actions within the seat's current Ichto turn: they reveal nothing, so taking them
        back changes no secret. Never across a draw, a reveal or another's decision.
        """
        if self.state.phase != ACTION or self.state.actor != seat:
            return 0
        return self._undoable_run()

    def _undoable_run(self) -> int:
        """How many of the last moves, in a row, may each be taken back."""
        run = 0
        for undoable in reversed(self.undoable):
            if not undoable:
                break
            run += 1
        return run

    def undo(self, seat: int) -> Move:
        if not self.undo_depth(seat):
            raise ValueError("Nothing to undo.")
        return self.take_back()

    def settle(self) -> None:
        """Forget the states before moves that no undo can reach any more: all but those of
        the last run of moves that may be taken back, and the last move's (for `take_back`).
        A server keeps hundreds of games for hours; their every state, kept, is millions of
        objects that each full pass of Python's garbage collector walks (hundreds of ms, every
        player waiting). Undo and taking back the last move work as before."""
        keep_from = len(self.before) - max(1, self._undoable_run())
        for i in range(self.settled, keep_from):
            self.before[i] = None
        self.settled = max(self.settled, keep_from)

    def take_back(self) -> Move:
        """Take back the last move whatever it was, with its events: not a player's undo (that
        is `undo`), but for a move that must not stand, such as one a server could not keep on
        disk before anyone was told. ValueError when no move was played."""
        state = self.before[-1] if self.before else None
        if not self.moves or state is None:
            raise ValueError("No move to take back.")
        taken = self.moves.pop()
        self.undoable.pop()
        self.before.pop()
        self.state = state
        self.settled = min(self.settled, len(self.before))
        del self.log[self.move_log_start.pop():]
        return taken
