"""Who plays a seat, in one vocabulary: a person at this computer, a person at another one, or
a bot of a level (bots/registry.BOTS).

Files, wire messages and the command line keep their words ("human", "online", the rooms'
"remote", the command line's "ai" for the default bot, or a level); `seat_kind` reads any of
them, and the rest of the game asks the `SeatKind` instead of comparing the words.
"""

from __future__ import annotations

from dataclasses import dataclass

from urland.bots.registry import BOTS, DEFAULT_BOT, HUMAN, ONLINE

REMOTE = "remote"  # a room's word (master/room.py) for a seat a person plays from elsewhere
ANY_BOT = "ai"  # the command line's word for the default bot
STAND_IN = DEFAULT_BOT  # the level that plays a missing player's seat once the host allows it


@dataclass(frozen=True)
class SeatKind:
    """A kind of seat: `key` is how files and messages write it."""

    key: str
    is_person: bool
    here: bool  # played at this computer (a person here, or a bot run here)

    @property
    def bot(self) -> str | None:
        """The bot's level, for a bot; None for a person."""
        return None if self.is_person else self.key

    @property
    def label(self) -> str:
        """'' for a person, else the bot's label ('AI medium')."""
        entry = BOTS.get(self.key)
        return "" if entry is None else str(entry.label)

    @property
    def record_kind(self) -> str:
        """The kind as history records and statistics write it: "human" or the bot's level."""
        return HUMAN if self.is_person else self.key


PERSON_HERE = SeatKind(HUMAN, is_person=True, here=True)
PERSON_ONLINE = SeatKind(ONLINE, is_person=True, here=False)


def bot_elsewhere(level: str) -> SeatKind:
    """A bot of `level` playing an online seat from another computer (`join --autoplay`):
    recorded as that bot, not as a person."""
    return SeatKind(level, is_person=False, here=False)


def seat_kind(word: str) -> SeatKind:
    """The kind a file, a message or the command line names; an unknown word (a level a later
    version added) is a bot of that name, as the records keep it."""
    if word == HUMAN:
        return PERSON_HERE
    if word in (ONLINE, REMOTE):
        return PERSON_ONLINE
    return SeatKind(DEFAULT_BOT if word == ANY_BOT else word, is_person=False, here=True)


def is_person(word: str) -> bool:
    """Does a person (here or elsewhere) play a seat of this kind?"""
    return seat_kind(word).is_person


def plays_elsewhere(word: str) -> bool:
    """Is a seat of this kind played from another computer (a person online)?"""
    return not seat_kind(word).here
