"""Room policy for chat: how fast a seat may speak, and the lines a newcomer is shown.

A seat may say `rate` lines a second on average and `burst` at once (a token bucket per seat,
kept across reconnects); a line past that is refused to its sender with a sentence, and never
reaches the others. Every line said in a room gets a running number, so a client that comes
back after a drop and is sent the last lines again can tell the ones it has already had
(docs/network-protocol.md, "Chat").
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from urland.engine import Game
from urland.net.allowance import Allowances

CHAT_RATE = 1.0  # lines a second a seat may say, on average ...
CHAT_BURST = 5  # ... and at once
KEPT_LINES = 50  # lines a room keeps for those who come (back)
SENT_AGAIN = 20  # of them, sent after each welcome
TOLD_IN_A_ROW = 10  # refused lines a seat is told of in a row; past that, refused unanswered
TOO_FAST = ("You are chatting too fast: that line was not sent to the others. Wait a moment "
            "and say it again.")
TOO_FAST_CODE = "chat-rate"


@dataclass(frozen=True)
class Said:
    number: int  # running number in the room, from 1
    seat: int
    name: str
    text: str
    at: int = 0  # its place: the moves played when it was said

    def message(self, room_chat: str, log: int | None = None) -> dict:
        """The line on the wire; `log`: the receiving seat's events before it (a line sent
        again after a welcome, which its client places there, not at the end)."""
        said = {"type": "chat", "n": self.number, "chat": room_chat, "seat": self.seat,
                "name": self.name, "text": self.text, "at": self.at}
        return said if log is None else {**said, "log": log}


def places_in_log(game: Game, seat: int, ats: list[int]) -> list[int]:
    """For each position `at` (moves played), how many events of `seat`'s log came before it
    (one pass over the log, however many lines are placed)."""
    starts = game.move_log_start
    cuts = [starts[at] if 0 <= at < len(starts) else len(game.log) for at in ats]
    counts: dict[int, int] = {}
    seen = 0
    wanted = sorted(set(cuts))
    for i, event in enumerate(game.log):
        while wanted and wanted[0] == i:
            counts[wanted.pop(0)] = seen
        seen += event.visible(seat)
    for cut in wanted:
        counts[cut] = seen
    return [counts[cut] for cut in cuts]


@dataclass
class RoomChat:
    """What a room's seats have said (the last KEPT_LINES), and each seat's allowance."""

    rate: float = CHAT_RATE
    burst: int = CHAT_BURST
    clock: Callable[[], float] = time.monotonic
    # Names this chat: its numbers start again when a server starts, and a client that sees
    # another name knows its count is not this one's.
    name: str = field(default_factory=lambda: secrets.token_hex(4))
    lines: list[Said] = field(default_factory=list)
    said: int = 0
    allowances: Allowances | None = None
    refused_in_a_row: dict[int, int] = field(default_factory=dict)  # per seat, since its last line

    def __post_init__(self) -> None:
        if self.allowances is None:
            self.allowances = Allowances(self.rate, self.burst, self.clock)
        if self.lines:  # read back from the room's chat file: numbers go on from there
            self.said = max(self.said, self.lines[-1].number)

    def say(self, seat: int, name: str, text: str, at: int = 0) -> Said | None:
        """The line said, numbered, with its place (`at`: moves played); None when the seat
        is chatting too fast (refused)."""
        assert self.allowances is not None
        if not self.allowances.take(seat):
            self.refused_in_a_row[seat] = self.refused_in_a_row.get(seat, 0) + 1
            return None
        self.refused_in_a_row.pop(seat, None)
        self.said += 1
        line = Said(self.said, seat, name, text, at)
        self.lines = [*self.lines[-(KEPT_LINES - 1):], line]
        return line

    def again(self) -> list[Said]:
        """The last lines, for a seat that has just been welcomed (again)."""
        return self.lines[-SENT_AGAIN:]

    def to_tell(self, seat: int) -> bool:
        """Whether the seat is told its line was refused: the first TOLD_IN_A_ROW refusals in
        a row are; a flood past them costs no answer (a person has been told by then)."""
        return self.refused_in_a_row.get(seat, 0) <= TOLD_IN_A_ROW

    @staticmethod
    def too_fast() -> dict:
        return {"type": "chat-refused", "code": TOO_FAST_CODE, "message": TOO_FAST}
