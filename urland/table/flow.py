"""What happens next at the table, without pygame: `TurnFlow.next()` returns one `Step`.

The flow owns who acts next: the dialog a seat played here answers (behind a hand-over curtain
where a secret would show at a shared screen), the private looks owed to those seats (the dead
player's two chips), the bid reveal and the hint. The flow plays no bot: a game at this
computer is a room of the master, which plays its bots, their moves arriving as news, and the
flow holds the room (`TableDoor.hold`) while the table shows a move or a page, so that no bot
plays ahead of what the players have seen. A game held elsewhere has its bots played there,
and a seat a bot plays from here (`join --autoplay` in a window) is played by its link, as
`join --autoplay` plays it without a window. It reaches the game only through the table's
door (`urland.table.door.TableDoor`), so a game held elsewhere flows the same way. A scene
answers each step: it opens a dialog by name, shows a curtain or a move, or the game's end.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from urland.bots.loop import Thinker
from urland.engine import Decision, Event, Move, PlayerView
from urland.table.door import TableDoor
from urland.table.now import TableNow
from urland.texts.i18n import N_

# The dialog that asks a seat played here each decision that is not made on the board.
DIALOG_OF = {"choose_chip": "choose_chip", "bid": "auction", "buy": "auction_buy",
             "panic_ears": "ears"}
# Private events that a seat played here must be shown (behind a curtain at a shared screen):
# the dialog that shows them, and what the curtain says everybody else must not see ({name}:
# the player the screen goes to), translated when drawn.
PRIVATE_LOOKS = {"chips_received": ("peek", N_("the two chips passed to {name}"))}
HANDOVER_WHAT = {"choose_chip": N_("{name}'s three chips"), "bid": N_("{name}'s secret bid")}
HINT_SECONDS = 0.8  # how long a hint's judge weighs a decision other than an Ichto action


@dataclass(frozen=True)
class Wait:
    """Nothing to do this frame: a show is playing, a bot or someone else decides."""


@dataclass(frozen=True)
class Ask:
    """A seat played here decides `kind`: open `dialog`, or (None) let it act on the board."""

    seat: int
    kind: str
    dialog: str | None


@dataclass(frozen=True)
class HandOver:
    """Pass the shared screen to `seat` before its secret decision; `what` is the untranslated
    sentence of what everybody else must not see ({name}: that seat's player)."""

    seat: int
    what: str


@dataclass(frozen=True)
class Look:
    """Show `seat` something private in `dialog`, behind a curtain first when `curtain`."""

    seat: int
    dialog: str
    what: str
    curtain: bool


@dataclass(frozen=True)
class Reveal:
    """The secret bids are turned over: show them, the ranking, and the track that breaks ties."""

    bids: tuple[int, ...]
    ranking: tuple[int, ...]
    track: tuple[int, ...]


@dataclass(frozen=True)
class Moved:
    """A move was made elsewhere (a game held on another computer): show its events."""

    events: tuple[Event, ...]


@dataclass(frozen=True)
class Over:
    """The game has ended: show its end."""


Step = Wait | Ask | HandOver | Look | Reveal | Moved | Over
WAIT = Wait()


class TurnFlow:
    """Who acts next at one table."""

    def __init__(self, door: TableDoor) -> None:
        self.door = door
        now = door.now()
        self.computers = set(now.bots_here)  # the seats a computer plays on this side
        self.holding = False  # the game's bots are held: the table shows a move or a page
        self._hold(True)  # until the first frame has shown what it must
        self.known = now.position  # the position the table was last shown
        self.thinker = Thinker()
        self.asked: Hashable | None = None  # the decision last asked of a seat played here
        self.unlocked: int | None = None  # the seat whose secrets a curtain last unlocked
        self.reveal: Event | None = None  # the bids to reveal once the show is over
        self.looks = pending_looks(door)  # (seat, event kind): private looks still owed
        self.news: list[Event] = []  # public events since the last curtain (a shared screen)
        # For each seat played here: the table's log length and view just after its last
        # decision (before its first, or where the door does not know: when the table
        # opened), where "what happened since" starts.
        self.last_decision: dict[int, tuple[int, PlayerView]] = {}
        for seat in now.here:
            known = door.last_decided(seat)
            if known is None:
                self._decided(seat)
            else:
                self.last_decision[seat] = known

    @property
    def now(self) -> TableNow:
        """The door's snapshot of the position (built once per position)."""
        return self.door.now()

    # --- the next step ----------------------------------------------------------------------

    def next(self, busy: bool = False, held: bool = False) -> Step:
        """The next thing to happen. `busy`: the table is still showing the last move's events;
        `held`: a guide (the tutorial) keeps the table waiting while the player reads. Until
        the table has shown all it must, the game's bots are held."""
        if busy:
            return self._held(WAIT)
        arrived = self.door.arrived()  # (held or not as the last frame left the game)
        if self._moved_here() or arrived:
            self._note(arrived)
            return self._held(Moved(tuple(arrived)))
        now = self.now
        if not now.settled or now.waiting:
            return WAIT
        if self.reveal is not None:
            data, self.reveal = self.reveal.data, None
            track = tuple(now.view.state.track)
            return self._held(Reveal(tuple(data["bids"]), tuple(data["ranking"]), track))
        if now.over:  # the chips passed on no longer matter: no look at them
            self.looks = []
        if self.looks:
            seat, kind = self.looks.pop(0)
            dialog, what = PRIVATE_LOOKS[kind]
            return self._held(Look(seat, dialog, what, now.shared_screen))
        if held:
            return self._held(WAIT)
        if now.over:
            return Over()
        self._hold(False)
        decision = now.decision
        if decision.seat in now.here:
            return self._ask(decision)
        return WAIT  # a bot, or a seat played elsewhere, decides: its move arrives as news

    def _moved_here(self) -> bool:
        """The game's own bots played a move this side sees no event of (a secret bid): the
        table is shown the new position all the same."""
        now = self.now
        if not now.plays_bots or now.position == self.known:
            return False
        self.known = now.position
        return True

    def _held(self, step: Step) -> Step:
        self._hold(True)
        return step

    def _hold(self, held: bool) -> None:
        """Hold the game's bots while the table shows something first, or let them play."""
        self.holding = held
        self.door.hold(held)

    def _ask(self, decision: Decision) -> Step:
        """Ask a seat played here, once per position."""
        now = self.now
        key = (now.position, decision.kind, decision.seat)
        if self.asked == key:
            return WAIT
        self.asked = key
        if now.shared_screen and decision.private and self.unlocked != decision.seat:
            return HandOver(decision.seat, HANDOVER_WHAT[decision.kind])
        return Ask(decision.seat, decision.kind, DIALOG_OF.get(decision.kind))

    # --- what the table does ------------------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """Play the pending decision's move here (IllegalMoveError leaves everything as it
        was); the events it caused."""
        mover = self.now.decision.seat
        self._hold(True)  # the table shows this move before a bot plays on
        events = self.door.play(move)
        now = self.now
        self.known = now.position
        if self.unlocked == mover:
            self.unlocked = None  # the secret decision is made: the curtain comes down again
        if mover in now.here:
            self._decided(mover)
        self._note(events)
        return events

    def _decided(self, seat: int) -> None:
        now = self.now
        self.last_decision[seat] = (len(now.log), now.view)

    def whose_news(self) -> int | None:
        """The seat played here that "since my turn" speaks for: the one deciding, else the
        only one (None when nobody plays here)."""
        now = self.now
        if now.deciding_here:
            return now.decision.seat
        return now.here[0] if len(now.here) == 1 else None

    def since_last_decision(self, seat: int | None = None) -> tuple[PlayerView, list[Event]]:
        """What happened since `seat`'s last decision (default `whose_news()`): the table's
        view just after it, and the events since, as the table may see them. Nothing when
        that decision was taken back or nobody plays here."""
        seat = self.whose_news() if seat is None else seat
        now = self.now
        if seat is None or seat not in self.last_decision:
            return now.view, []
        length, view = self.last_decision[seat]
        if length > len(now.log):  # taken back: start again from here
            self._decided(seat)
            return now.view, []
        return view, list(now.log[length:])

    def _note(self, events: list[Event]) -> None:
        """What a move's events leave to do: bids to reveal, private looks for seats played
        here."""
        self.asked = None
        now = self.now
        if now.shared_screen:
            self.news += [e for e in events if e.visible_to is None]
        self.reveal = next((e for e in events if e.kind == "bids_revealed"), self.reveal)
        for event in events:
            if event.kind == "turn":  # a look belongs to its turn: one not shown by now is stale
                self.looks = []
            elif event.kind in PRIVATE_LOOKS:
                self.looks += [(seat, event.kind) for seat in now.here
                               if event.visible(seat)]

    def undo(self) -> Move | None:
        """Take back the last action of the seat played here that decides, if it may."""
        undone = self.door.undo()
        self.known = self.now.position
        return undone

    def acting_here(self) -> bool:
        """A seat played here decides now."""
        return self.now.acting_here

    def computer_deciding(self) -> bool:
        """A computer seat run at this table decides now (its moves come one after another)."""
        now = self.now
        return not now.over and now.decision.seat in self.computers

    def computer_held(self) -> bool:
        """A computer run here is to decide but the table holds the game (a dialog over it,
        a tutorial page, a show still playing), so it is not thinking. (A seat's own bot
        online plays whatever the table shows: never held.)"""
        return self.now.plays_bots and self.computer_deciding() and self.holding

    def ask_again(self) -> None:
        """Ask the pending decision again (a dialog was turned away or a curtain lifted)."""
        self.asked = None

    def take_news(self) -> list[Event]:
        """The public events since the last curtain, for the next curtain to repeat."""
        news, self.news = self.news, []
        return news

    def handed_over(self, seat: int) -> None:
        """The curtain is lifted for `seat`: its secrets may show until it has decided, and
        its decision is asked (again) now."""
        self.unlocked = seat
        self.asked = None

    def looked(self) -> None:
        """A private look is over: the secret is hidden again."""
        self.unlocked = None

    # --- hints --------------------------------------------------------------------------------

    def ask_hint(self) -> bool:
        """Start the advice for the seat played here that decides, from its own view: the
        move the game review's judge rates best (so the review agrees with the hints). False
        when there is nothing to ask (not its decision, or already thinking)."""
        now = self.now
        key = now.position
        if not now.acting_here or self.thinker.asked("hint", key):
            return False
        from urland.bots.hints import judged_hint
        from urland.records.review import review_seed

        seed = review_seed(now.moves_played)  # the review's samples for this decision
        self.thinker.ask("hint", key, lambda seen: judged_hint(seen, HINT_SECONDS, seed),
                         self.door.view(now.decision.seat))
        return True

    def hint(self) -> Any:
        """The advice for the current position once it is ready (a `Hint`), else None."""
        ready, advice = self.thinker.answer("hint", self.now.position)
        return advice if ready else None

    def shutdown(self) -> None:
        """Stop thinking: the table is left."""
        self.thinker.shutdown()


def pending_looks(door: TableDoor) -> list[tuple[int, str]]:
    """Private looks to offer again when a game is resumed: (seat played here, event kind).

    The dead player's look at the two chips passed this turn is offered again, behind its
    curtain, as long as the turn it belongs to is still being played and that seat is still
    the dead player (a Panic at the start of the next turn comes before that turn is logged,
    when the dead player of the last one has become the environment player).
    """
    now = door.now()
    if now.over:
        return []
    looks = []
    dead = now.view.state.dead
    for seat in now.here:
        if seat != dead:
            continue
        for event in reversed(door.log(seat)):
            if event.kind == "turn":
                break
            if event.kind in PRIVATE_LOOKS:
                looks.append((seat, event.kind))
                break
    return looks
