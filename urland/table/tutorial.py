"""The guided first game as data: chapters of steps read from assets/texts/tutorial.yaml, the
game each chapter starts from, and how far the player got (no pygame here).

A chapter begins at a written position (docs/position-notation.md) or a set-up from a fixed
seed, and is played on the real engine. After the chapter before it, a chapter that `follows`
goes on in the very game the player's own moves made; one that jumps to its position takes along
what its lesson does not depend on (`carry`: the genes the player bought, ...), so the card that
opens it lists only what really changed (urland.texts.chapter_card). Each step says what it
waits for (Next, one move, or an event of the game) and what the table points at;
`Step.nudge_for` tells a move the step does not want from one it does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from urland.engine import (
    Board,
    Game,
    GameState,
    Move,
    PlayerView,
    UserFileError,
    format_move,
    genes_in,
    position_from_text,
)
from urland.engine.files import read_yaml
from urland.resources import asset_path
from urland.table.session import Seat, Session
from urland.texts.i18n import _, fmt, pgettext
from urland.texts.words import colour_word


@dataclass(frozen=True)
class Label:
    at: str  # an area's name ("O5", "7")
    text: str


@dataclass(frozen=True)
class Step:
    id: str
    text: str
    next: bool = False  # the player reads and presses Next; the table waits meanwhile
    expect: str = ""  # the start of the notation of the only move allowed now
    until: str = ""  # the event kind that completes the step
    nudge: str = ""
    arrow: tuple[str, str] | None = None  # from, to (area names or "tray")
    glow: tuple[str, ...] = ()
    button: str = ""  # "end" or "double": the table button to point at
    label: Label | None = None
    tell: str = ""  # an event kind: the card repeats the latest such event's sentence
    watch: str = ""  # the card once the step's event came, while the table still shows it
    dialogs: tuple[tuple[str, str], ...] = ()  # (dialog, the card while it is open)
    own_region: bool = False  # a region chip only where the player has Ichtos (its advice)

    def dialog_text(self, dialog: str) -> str:
        """What the card says while this dialog of the step is open ("" : the step's text)."""
        return next((text for name, text in self.dialogs if name == dialog), "")

    def nudge_for(self, move: Move, board: Board, view: PlayerView | None = None,
                  seat: int = 0) -> str | None:
        """None when the step accepts the move, else the friendly sentence to show (`view`:
        the position the player of `seat` sees, for a step whose advice depends on it)."""
        if not self.expect:
            return None
        if not _matches(format_move(move, board), self.expect):
            return (pgettext("tutorial", self.nudge) if self.nudge
                    else _("Not now: follow the arrow."))
        if self.own_region and view is not None and move.kind == "chip":
            return _empty_region(move.count, view, board, seat)
        return None

    def wants(self, move: Move, board: Board) -> bool:
        """The step asks for this very move (so taking it back returns to this step)."""
        return bool(self.expect) and _matches(format_move(move, board), self.expect)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    steps: tuple[Step, ...]
    position: str = ""
    seed: int = 0
    follows: bool = False  # after the chapter before, it goes on in the game played there
    carry: tuple[str, ...] = ()  # what a jump takes along from the game left (CARRIED)

    def new_game(self, left: GameState | None = None) -> Game:
        """The chapter's game: its position (with what it carries from the game the player
        `left`, if any) or the set-up of its seed (a chapter that follows another without a
        position of its own is started at the chapter before it)."""
        if self.position:
            state = position_from_text(self.position)
            if left is not None:
                state = carried(state, left, self.carry)
            return Game.from_position(state, self.seed)
        return Game.new(self.seed, 3)


# What a chapter may carry into its prepared position from the game the player left.
CARRIED = ("genes",)


def carried(state: GameState, left: GameState, carry: tuple[str, ...]) -> GameState:
    """`state` with what `carry` names taken from the position the player left (as the player
    sees it: public fields only). The genes travel with the display; the deck keeps the
    prepared order of the genes still to come, so every gene is in the game once."""
    if "genes" not in carry:
        return state
    new = state.clone()
    new.genes = list(left.genes)
    new.display = list(left.display)
    taken = set(new.display).union(*(genes_in(mask) for mask in new.genes))
    every = [*state.deck, *state.display, *(g for m in state.genes for g in genes_in(m))]
    new.deck = [gene for gene in every if gene not in taken]
    return new


@dataclass(frozen=True)
class Script:
    seats: tuple[Seat, ...]
    chapters: tuple[Chapter, ...] = field(default=())

    @property
    def step_count(self) -> int:
        return sum(len(c.steps) for c in self.chapters)

    def first_step_number(self, chapter: int) -> int:
        """The number (from 1) of a chapter's first step in the whole tutorial."""
        return 1 + sum(len(c.steps) for c in self.chapters[:chapter])

    def start_of(self, chapter: int) -> int:
        """Where playing `chapter` starts: a chapter that follows another goes on in the game
        played there, so that one is played first (an unknown chapter: the beginning)."""
        start = chapter if 0 <= chapter < len(self.chapters) else 0
        while start > 0 and self.chapters[start].follows:
            start -= 1
        return start

    def openings(self) -> list[int]:
        """The chapters a player may start at (each with those that follow it)."""
        return [index for index, chapter in enumerate(self.chapters) if not chapter.follows]

    def session(self, chapter: int, left: GameState | None = None) -> Session:
        """A fresh session at the start of a chapter (it saves nothing); `left`: the position
        the player left in the chapter before, for what the chapter carries from it."""
        seats = [Seat(s.name, s.colour, s.kind) for s in self.seats]
        return Session(self.chapters[chapter].new_game(left), seats)


def _empty_region(chip: int, view: PlayerView, board: Board, seat: int) -> str | None:
    """The hint for a region chip laid where the player has no Ichto (None: they have some)."""
    state = view.state
    if state.count(board.parse_area(str(chip)), seat):
        return None
    return fmt("{colour} has nothing in region {region}: lay the chip of a region where you "
               "have Ichtos.", colour=colour_word(state.colours[seat]), region=chip)


def _matches(notation: str, expected: str) -> bool:
    """`land O1 2 x1` matches `land O1 2`; `retreat 4:1` matches `retreat 4`."""
    said, want = notation.split(), expected.split()
    if len(said) < len(want):
        return False
    *head, last = want
    return said[:len(head)] == head and (said[len(head)] == last
                                         or said[len(head)].startswith(last + ":"))


def _step(raw: dict[str, Any]) -> Step:
    arrow = tuple(str(raw["arrow"]).split()) if raw.get("arrow") else None
    label = Label(str(raw["label"]["at"]), str(raw["label"]["text"])) if raw.get("label") \
        else None
    return Step(id=str(raw["id"]), text=str(raw["text"]), next=bool(raw.get("next", False)),
                expect=str(raw.get("expect", "")), until=str(raw.get("until", "")),
                nudge=str(raw.get("nudge", "")), arrow=arrow,  # type: ignore[arg-type]
                glow=tuple(str(a) for a in raw.get("glow", ())),
                button=str(raw.get("button", "")), label=label, tell=str(raw.get("tell", "")),
                watch=str(raw.get("watch", "")), own_region=bool(raw.get("own_region", False)),
                dialogs=tuple((str(d["dialog"]), str(d["text"])) for d in raw.get("dialogs", ())))


def _carry(raw: dict[str, Any]) -> tuple[str, ...]:
    carry = tuple(str(what) for what in raw.get("carry", ()))
    unknown = [what for what in carry if what not in CARRIED]
    if unknown:
        raise ValueError(f"chapter {raw.get('id')}: cannot carry {', '.join(unknown)}")
    return carry


@lru_cache(maxsize=1)
def load_script() -> Script:
    """The tutorial's chapters; a damaged file raises UserFileError with a clear message."""
    path = asset_path("texts", "tutorial.yaml")
    data = read_yaml(path)
    try:
        seats = tuple(Seat(str(s["name"]), int(s["colour"]), str(s["kind"]))
                      for s in data["seats"])
        chapters = tuple(Chapter(str(c["id"]), str(c["title"]),
                                 tuple(_step(s) for s in c["steps"]),
                                 str(c.get("position", "")), int(c.get("seed", 0)),
                                 bool(c.get("follows", False)), _carry(c))
                         for c in data["chapters"])
    except (KeyError, TypeError, ValueError) as exc:
        raise UserFileError(f"tutorial.yaml: damaged ({exc}).") from None
    return Script(seats, chapters)
