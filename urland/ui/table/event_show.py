"""The show of events: what the engine says happened, played back in order on the board.

Every event carries its seats, areas and counts, so the show never guesses what moved: each
event becomes a beat — Ichtos gliding (between areas, or to and from a reserve), a callout that
explains an important moment, or a marker stepping along the track space by space.

The show is the table's one clock: while beats are pending, what is drawn is the position before
the decision with every beat played so far applied to it (`drawn`): Ichtos that have arrived,
markers that have stepped, reserves that have grown. Only when the last beat is over (or the
show is skipped, with a click or Space) does the table draw the position after the decision:
merged regions, chips laid, genes changing hands. A log line appears when its beat plays
(`unplayed`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

from urland.engine import (
    EVENT_DATA,
    GENES,
    Event,
    GameState,
    PlayerView,
    event_data,
    join_regions,
    player_move_kinds,
)
from urland.ui import art
from urland.ui.board.board_view import ICON, BoardView
from urland.ui.sound import EVENT_SOUNDS

RESERVE = -1  # the virtual area of a seat's reserve

CALLOUT_KINDS = {"score", "panic", "panic_move", "eruption", "volcano_loss", "epoch_end",
                 "mutation", "bids_revealed", "buy", "cannot_pay", "no_sale", "auction_closed",
                 "game_ends",
                 "final_total", "final_land", "winner", "setup_volcano", "ears_dive",
                 "ears_stay", "new_epoch", "panic_drawn", "reveal"}
# The moves a player makes (not their consequences): played slowly when made by someone else.
FOLLOWED = player_move_kinds()
GLIDE_SECONDS = 0.5  # at normal speed
FOLLOW_GLIDE_SECONDS = 1.1  # a move made by someone else: slow enough to follow with the eye
CALLOUT_SECONDS = 1.7
STEP_SECONDS = 0.09  # per track space
FLIP_SECONDS = 0.7


@dataclass
class Glide:
    seat: int
    src: int
    dst: int
    count: int
    start: tuple[int, int] | None = None  # screen point, when the glide starts off the board


@dataclass
class Beat:
    duration: float
    glides: list[Glide] = field(default_factory=list)
    text: str = ""
    marker: tuple[int, int, int] | None = None  # seat, from, to
    sound: str = ""  # the effect heard as the beat begins
    flip: int = -1  # a chip turned face up (the scoring chip revealed)
    upto: int = 0  # how many of the show's events have been reached once this beat plays
    merge: tuple[int, int] | None = None  # (region, root): an eruption joins the two lands
    spots: tuple[int, ...] = ()  # the areas its caption is about, marked on the board


def spots_of(event: Event) -> tuple[int, ...]:
    """The areas an event's caption is about (the region scored, the one that panics and
    the ocean its Ichtos flee to, a volcano's region), marked while it plays."""
    d = event.data
    if event.kind == "panic":
        return tuple(d.get("candidates", ()))
    if event.kind in ("panic_move", "ears_stay", "ears_dive"):
        return (d["region"], d["ocean"])
    if event.kind in ("score", "eruption", "setup_volcano", "volcano_loss"):
        return (d["region"],)
    return ()


def glides_of(event: Event, focus_ocean: int = -1) -> list[Glide]:
    """The Ichtos an event moves, from its data (an empty list for events that move none)."""
    d = event.data
    kind = event.kind
    if EVENT_DATA.get(kind) is event_data.Moved:  # land, swim, walk, fly ...
        return [Glide(d["seat"], d["src"], d["dst"], d.get("count", 1))]
    if kind == "proliferate":
        return [Glide(s, RESERVE, d["ocean"], g) for s, g in d["gains"].items()]
    if kind == "retreat":
        return [Glide(d["seat"], a, RESERVE, k) for a, k in d["picks"]]
    if kind == "assimilate":
        return ([Glide(s, d["area"], RESERVE, 1) for s in d["targets"]]
                + [Glide(d["seat"], RESERVE, d["area"], 1)])
    if kind == "egg":
        return [Glide(d["seat"], RESERVE, d["dst"], 1)]
    if kind == "stink":
        return [Glide(d["target"], d["src"], d["dst"], d["count"])]
    if kind == "bite":
        return [Glide(d["target"], d["area"], RESERVE, 1)]
    if kind == "score":
        return [Glide(s, d["region"], RESERVE, k) for s, k in d["removed"].items()]
    if kind == "panic_move":
        return [Glide(s, d["region"], d["ocean"], k) for s, k in d.get("fled", {}).items()]
    if kind == "ears_stay" and d.get("fled"):
        return [Glide(d["seat"], d["region"], d["ocean"], d["fled"])]
    if kind == "volcano_loss":
        return [Glide(d["seat"], d["region"], RESERVE, d["count"])]
    if kind == "ears_dive":
        return [Glide(d["seat"], d["region"], d["ocean"], d["count"])]
    if kind == "buy":
        return [Glide(d["seat"], a, RESERVE, k) for a, k in d.get("picks", ())]
    return []


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def _marker_moves(event: Event) -> bool:
    return event.kind == "track" and event.data["end"] != event.data["start"]


def fact_of(event: Event) -> Callable[[GameState], None] | None:
    """What `event` changes on the position drawn beyond the board's pieces and markers: a
    turn's number and roles, an epoch, a gene bought or the display refilled (None: nothing)."""
    d = event.data
    if event.kind == "turn":
        def began(s: GameState) -> None:
            s.turn, s.env = d["turn"], d["env"]
        return began
    if event.kind == "new_epoch":
        def epoch_began(s: GameState) -> None:
            s.epoch = d["epoch"]
        return epoch_began
    if event.kind == "buy":
        def bought(s: GameState) -> None:
            s.genes[d["seat"]] |= 1 << GENES.index(d["gene"])
            s.display = [g for g in s.display if g != d["gene"]]
        return bought
    if event.kind == "refill":
        def refilled(s: GameState) -> None:
            s.display = [*s.display, *d["genes"]]
        return refilled
    return None


class EventShow:
    def __init__(self, view: BoardView, reserve_point: Callable[[int], tuple[int, int]],
                 play_sound: Callable[[str], object] = lambda name: None) -> None:
        self.view = view
        self.reserve_point = reserve_point
        self.play_sound = play_sound
        self._heard: Beat | None = None  # the beat whose sound has been played
        self.beats: list[Beat] = []
        self.t = 0.0  # time into the first beat
        self.track: list[int] = []  # marker positions as the show has reached them
        self.before: PlayerView | None = None  # the position the show started from
        self.drawn: PlayerView | None = None  # that position with the finished beats applied
        self.moved: dict[tuple[int, int], int] = {}  # (area, seat): Ichtos that have left (+)
        self.added = 0  # events queued since the show started (those that play in the log)
        # What the show's events change beyond the board: (number of the event, the change),
        # each made on the position drawn once the show reaches it, so the turn, the roles,
        # the epoch and the genes follow the captions (a replay spans turns and auctions).
        self.facts: list[tuple[int, Callable[[GameState], None]]] = []
        self.facts_done = 0

    # --- filling ---------------------------------------------------------------------------

    @staticmethod
    def plays(event: Event) -> bool:
        """Does `event` get a beat of its own (what `add` shows: a chip turned, a caption,
        Ichtos gliding, a marker moving)? A turn's start or a chip laid face down does not."""
        return (event.kind == "reveal" or event.kind in CALLOUT_KINDS or bool(glides_of(event))
                or _marker_moves(event))

    def add(self, events: list[Event], track_before: list[int], speed: float,
            sentence: Callable[[Event], str], dropped_at: tuple[int, int] | None = None,
            before: PlayerView | None = None, follow: bool = False) -> None:
        """Queue the events of one decision. `dropped_at`: the screen point where the player
        let go of the Ichtos the decision moved, so they settle from there. `before`: the
        position drawn until the show is over (the one the events start from). `follow`: a
        move made by someone else, its Ichtos glide slowly enough to be followed."""
        if speed <= 0:
            return
        if not self.beats:
            self.track = track_before[:]
            self.before, self.moved, self.added = before, {}, 0
            self.facts, self.facts_done = [], 0
            self._redraw()
        scoring, scored = False, ()
        for event in events:
            self.added += 1
            fact = fact_of(event)
            if fact is not None:
                self.facts.append((self.added, fact))
            first = len(self.beats)
            glides = glides_of(event)
            sound = EVENT_SOUNDS.get(event.kind, "")
            if glides and dropped_at is not None:
                glides[0].start = dropped_at
                dropped_at = None
            if event.kind == "reveal":
                self.beats.append(Beat(FLIP_SECONDS / speed, flip=event.data["chip"],
                                       sound=sound))
                sound = ""
            if event.kind in CALLOUT_KINDS:
                merge = ((event.data["region"], event.data["root"])
                         if event.kind == "eruption" and event.data.get("joined") else None)
                self.beats.append(Beat(CALLOUT_SECONDS / speed, text=sentence(event),
                                       sound=sound, merge=merge))
                sound = ""
            if glides:
                glide = FOLLOW_GLIDE_SECONDS if follow and event.kind in FOLLOWED else GLIDE_SECONDS
                self.beats.append(Beat(glide / speed, glides, sound=sound))
            if _marker_moves(event):
                d = event.data
                steps = abs(d["end"] - d["start"])
                # A marker that jumps others goes further than its points: said as it hops.
                jumps = d.get("jumped", 0) > 0
                self.beats.append(Beat(
                    (CALLOUT_SECONDS if jumps else min(1.6, STEP_SECONDS * steps)) / speed,
                    text=sentence(event) if jumps else "",
                    marker=(d["seat"], d["start"], d["end"]), sound="hop"))
            spots = spots_of(event)
            if event.kind == "score":
                scored = spots
            elif event.kind == "track" and scoring:
                spots = scored  # the markers it moves: the region is still being scored
            scoring = event.kind in ("score", "track")
            for beat in self.beats[first:]:
                beat.upto, beat.spots = self.added, spots
        self._redraw()  # a turn begun before the first beat shows from the start
        self._sound_current()

    def _sound_current(self) -> None:
        beat = self.beats[0] if self.beats else None
        if beat is not None and beat is not self._heard:
            self._heard = beat
            if beat.sound:
                self.play_sound(beat.sound)

    # --- time ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return bool(self.beats)

    @property
    def unplayed(self) -> int:
        """How many of the queued events the show has not reached yet (their log lines wait)."""
        return self.added - self.beats[0].upto if self.beats else 0

    @property
    def callout(self) -> str:
        return self.beats[0].text if self.beats else ""

    def spots(self, state: GameState, between: tuple[int, ...] = ()) -> set[int]:
        """The areas the beat playing now is about (a region as its whole land in `state`,
        the position drawn); `between`, when no show plays (what the pending choice is about)."""
        if not self.beats:
            return set(between)
        return {_root(state, area) for area in self.beats[0].spots}

    def update(self, dt: float) -> None:
        self.t += dt
        while self.beats and self.t >= self.beats[0].duration:
            self.t -= self.beats[0].duration
            self._finish(self.beats.pop(0))
        if not self.beats:
            self._end()
        self._sound_current()

    def skip(self) -> None:
        """Jump to the end of the show: the position after the decision at once."""
        while self.beats:
            self._finish(self.beats.pop(0))
        self._end()

    def _end(self) -> None:
        self.t = 0.0
        self.before = self.drawn = None
        self.moved, self.added = {}, 0

    def _finish(self, beat: Beat) -> None:
        if beat.marker is not None:
            seat, _, end = beat.marker
            self.track[seat] = end
        if self.before is None:
            return
        state = (self.drawn or self.before).state
        for g in beat.glides:
            if g.src != RESERVE:
                key = (_root(state, g.src), g.seat)
                self.moved[key] = self.moved.get(key, 0) + g.count
            if g.dst != RESERVE:
                key = (_root(state, g.dst), g.seat)
                self.moved[key] = self.moved.get(key, 0) - g.count
        self._redraw(beat)

    def _redraw(self, beat: Beat | None = None) -> None:
        """The position drawn now: the one before the decision, with the markers and reserves
        as far as the beats played so far have moved them."""
        if self.before is None:
            self.drawn = None
            return
        base = self.drawn or self.before
        state = base.state.clone()
        state.track = self.track[:] if len(self.track) == state.n else state.track
        reached = self.beats[0].upto if self.beats else self.added  # up to the beat playing
        while self.facts_done < len(self.facts) and self.facts[self.facts_done][0] <= reached:
            self.facts[self.facts_done][1](state)
            self.facts_done += 1
        for g in beat.glides if beat is not None else ():
            if g.src == RESERVE:
                state.reserve[g.seat] -= g.count
            if g.dst == RESERVE:
                state.reserve[g.seat] += g.count
        if beat is not None and beat.merge is not None:
            self._merge(state, *beat.merge)
        self.drawn = replace(base, state=state)

    def _merge(self, state: GameState, region: int, root: int) -> None:
        """The eruption's beat: the region's land joins `root`'s, as the engine joined them
        (its Ichtos counted there; those still to arrive or leave are kept under the new root)."""
        mine = state.root(region)
        if mine == root:
            return
        join_regions(state, mine, root)
        for (area, seat), n in list(self.moved.items()):
            if area == mine:
                del self.moved[(area, seat)]
                self.moved[(root, seat)] = self.moved.get((root, seat), 0) + n

    # --- what the board shows meanwhile ------------------------------------------------------

    def pending(self, after: GameState) -> dict[tuple[int, int], int]:
        """{(area, seat): n} for BoardView.draw's `hidden`, over the position drawn now
        (`drawn`, else `after`): Ichtos that have left are hidden (n > 0), Ichtos that have
        arrived are added (n < 0); the current beat's Ichtos are in the air."""
        if self.before is None:
            return self._pending_after(after)
        state = (self.drawn or self.before).state
        out = dict(self.moved)
        for g in self.beats[0].glides if self.beats else ():
            if g.src != RESERVE:
                key = (_root(state, g.src), g.seat)
                out[key] = out.get(key, 0) + g.count
        return {k: n for k, n in out.items() if n}

    def _pending_after(self, after: GameState) -> dict[tuple[int, int], int]:
        """The same over the position after the decision (a show without its start)."""
        out: dict[tuple[int, int], int] = {}
        for i, beat in enumerate(self.beats):
            for g in beat.glides:
                if g.dst != RESERVE:
                    key = (_root(after, g.dst), g.seat)
                    out[key] = out.get(key, 0) + g.count
                if g.src != RESERVE and i > 0:  # the first beat's Ichtos are in the air
                    key = (_root(after, g.src), g.seat)
                    out[key] = out.get(key, 0) - g.count
        return out

    def markers(self) -> list[float] | None:
        if not self.beats:
            return None
        positions = [float(p) for p in self.track]
        beat = self.beats[0]
        if beat.marker is not None:
            seat, start, end = beat.marker
            f = min(1.0, self.t / beat.duration) if beat.duration else 1.0
            steps = abs(end - start)
            done = f * steps
            whole = int(done)
            part = _ease(done - whole)
            direction = 1 if end >= start else -1
            positions[seat] = start + direction * (whole + part)
        return positions

    def draw(self, surface: pygame.Surface, after: GameState) -> None:
        """The Ichtos in flight in the current beat, or the chip turning over."""
        if not self.beats:
            return
        beat = self.beats[0]
        if beat.flip >= 0:
            self._draw_flip(surface, beat)
            return
        if not beat.glides:
            return
        f = _ease(min(1.0, self.t / beat.duration) if beat.duration else 1.0)
        size = self.view.px(ICON)
        font = self.view.px(17)
        for g in beat.glides:
            start = g.start or self._point(after, g.src, g.seat)
            end = self._point(after, g.dst, g.seat)
            x = start[0] + (end[0] - start[0]) * f
            y = start[1] + (end[1] - start[1]) * f - size * 0.8 * (4 * f * (1 - f))
            BoardView.draw_stack(surface, after.colours[g.seat], g.count, (round(x), round(y)),
                                 size, font, glow=True)

    def _draw_flip(self, surface: pygame.Surface, beat: Beat) -> None:
        """The scoring chip turns over in the middle of the board: its back, then its face."""
        f = min(1.0, self.t / beat.duration) if beat.duration else 1.0
        size = self.view.px(120)
        image = art.chip(beat.flip, size, face_down=f < 0.5)
        width = max(1, round(size * abs(math.cos(f * math.pi))))
        turned = pygame.transform.smoothscale(image, (width, image.get_height()))
        lift = round(math.sin(f * math.pi) * self.view.px(24))
        centre = self.view.rect.center
        surface.blit(turned, turned.get_rect(center=(centre[0], centre[1] - lift)))

    def _point(self, after: GameState, area: int, seat: int) -> tuple[int, int]:
        if area == RESERVE:
            return self.reserve_point(seat)
        return self.view.to_screen(self.view.anchor(_root(after, area)))


def _root(state: GameState, area: int) -> int:
    return state.root(area) if area < state.board.n_regions else area
