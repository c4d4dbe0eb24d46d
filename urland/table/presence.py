"""Who is where, in the table's words: the note beside each seat in the player list ("you",
"online", "away") and the banner while a seat played elsewhere decides. One sentence per seat
at a time: a person online who decides is "deciding online", a person whose connection is
lost is waited for; never both, and never "thinking" (that is for the computer)."""

from __future__ import annotations

import math

from urland.engine import Decision
from urland.table.now import TableNow
from urland.texts.i18n import _, fmt
from urland.texts.prompts import prompt_text, thinking_text

ONLINE, AWAY, TO_JOIN, STAND_IN = "online", "away", "to join", "stand-in"


def seat_notes(now: TableNow) -> list[str]:
    """The note beside each seat: a game with people elsewhere, or held on a server, marks
    the seats played here ("you"; "here" when several share this screen) and the people
    elsewhere (a room whose only person is this player, among AI seats, marks "you" too)."""
    count = len(now.seats)
    statuses = [s.status for s in now.seats]
    if not any(statuses) and not now.online:
        return [""] * count
    mine = now.here or ((now.viewer,) if now.viewer is not None else ())
    here_word = _("you") if len(mine) == 1 else _("here")
    words = {ONLINE: _("online"), AWAY: _("away"), TO_JOIN: _("not joined yet"),
             STAND_IN: _("away, AI plays")}
    return [here_word if i in mine else words.get(statuses[i], "") for i in range(count)]


def banner_text(now: TableNow, age: float, held: bool = False,
                decision: Decision | None = None) -> str:
    """The table's banner: what the seat deciding here is asked, or who is awaited. `held`:
    the computer to decide waits for this screen (TurnFlow.computer_held), not thinking;
    `decision`: the one to tell (default the snapshot's)."""
    decision = now.decision if decision is None else decision
    if now.waiting:
        return _("Waiting for the host to start the game.")
    if now.cut_off:  # no move can be played: said where the player looks first (and why:
        # the host closed the game, or the seat is lost for good, when it is known)
        return now.save_problem or connection_lost_text(now.host_name)
    if not decision.over and decision.seat not in now.here:
        return elsewhere_text(now, decision.seat, age, held)
    return prompt_text(decision.prompt, now.names)


def connection_lost_text(host: str | None) -> str:
    """The connection to the game is lost, for now: to the computer of `host` (the player
    who hosts it from the game), else to the server."""
    if host is not None:
        return fmt("The connection to {name}, the host, is lost. Trying again...", name=host)
    return _("The connection to the server is lost. Trying again...")


def minutes_and_seconds(seconds: float) -> str:
    """A countdown as a clock shows it: 4:05 (rounded up, so 0:00 only once it is over)."""
    whole = math.ceil(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def elsewhere_text(now: TableNow, seat: int, age: float, held: bool = False) -> str:
    """The banner while `seat`, not played here, decides (only its name for a `held`
    computer)."""
    name = now.names[seat]
    status = now.status(seat)
    if status == AWAY:
        seconds = now.stand_in_in(seat)
        if seconds is not None:
            return fmt("Waiting for {name} to reconnect. In {time} an AI plays for them.",
                       name=name, time=minutes_and_seconds(seconds))
        return fmt("Waiting for {name} to reconnect.", name=name)
    if status == TO_JOIN:
        return fmt("Waiting for {name} to join.", name=name)
    if status == ONLINE:
        return fmt("{name} is deciding online", name=name) + "." * (1 + int(age * 3) % 3)
    return name if held else thinking_text(name, age)  # held: named, not said to think


class ComingsAndGoings:
    """The log's lines for people elsewhere who join, lose their connection, are stood in for
    by an AI or come back: one sentence each time a seat's status changes (none for how
    things stood when the table opened).

    A restart of the server is not each seat's disconnect: the people who were online before
    it come back one by one, in silence, and one line says when all of them are back (one
    who is stood in for by an AI meanwhile is said as usual). In a game hosted from the game,
    the host is named: when it cannot be reached, and when they host it again."""

    def __init__(self) -> None:
        self.last: list[str] | None = None
        self.restarts = 0  # the server's restarts taken into account
        self.returning: set[int] = set()  # seats online before a restart, not yet back
        self.missed = False  # one of them is stood in for by an AI: not everyone is back

    def news(self, table: TableNow) -> list[str]:
        now = [s.status for s in table.seats]
        before, self.last = self.last, now
        if before is None or len(before) != len(now):
            return []
        restarts = table.server_restarts  # a game held here has none
        host = table.host_seats  # a game hosted elsewhere: the host's seats
        if restarts != self.restarts:  # (the host's are back with the game they host again)
            self.restarts = restarts
            self.returning = {i for i, was in enumerate(before) if was == ONLINE or i in host}
            self.missed = False
        lines = [line for seat, (was, new) in enumerate(zip(before, now, strict=True))
                 if was != new and not self._quiet(seat, new)
                 and (line := _change(table.names[seat], was, new, seat in host))]
        if self.returning:
            self.returning = {i for i in self.returning if now[i] != ONLINE}
            if not self.returning and not self.missed:
                lines.append(fmt("{name} hosts the game again; everyone is back.",
                                 name=table.names[host[0]]) if host else
                             _("The server restarted; everyone is back."))
        return lines

    def _quiet(self, seat: int, new: str) -> bool:
        """A seat's change not worth a line of its own: going and coming back across a
        restart of the server (an AI standing in is said)."""
        if seat not in self.returning:
            return False
        if new == STAND_IN:
            self.returning.discard(seat)
            self.missed = True
            return False
        return new in (AWAY, ONLINE)


def _change(name: str, was: str, new: str, host: bool = False) -> str:
    """`host`: the seat of the player whose computer holds the game (hosted from the game)."""
    if new == AWAY and was in (ONLINE, STAND_IN) and host:
        return fmt("{name}, the host, is out of reach: the game waits until they are back.",
                   name=name)
    if new == AWAY and was in (ONLINE, STAND_IN):
        return fmt("{name} has lost the connection.", name=name)
    if new == STAND_IN:
        return fmt("An AI plays for {name} until they come back.", name=name)
    if new == ONLINE and was == TO_JOIN:
        return fmt("{name} has joined the game.", name=name)
    if new == ONLINE and was in (AWAY, STAND_IN):
        return fmt("{name} is back.", name=name)
    return ""
