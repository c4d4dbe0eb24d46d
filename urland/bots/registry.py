"""The one catalogue of computer players: how each is made, what it is called, what it is like.

The command line (`--seats`, `--bots`), New game's seat choices, the table's seats, the saved
records, the remembered set-up, the statistics and the tournament all read `BOTS`. A new bot is
its module and one entry here (then `make catalogs` for its words).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from urland.engine import Move, PlayerView
from urland.texts.i18n import L_, Lazy


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move: ...


@dataclass(frozen=True)
class BotEntry:
    key: str  # the name on the command line and in files
    make: Callable[[int], Bot]  # seed -> bot
    label: Lazy  # what a seat it plays is called, everywhere ("AI medium")
    line: Lazy | None = None  # one line on what playing against it is like (New game)
    offered: bool = True  # offered as a seat in New game (the random bot is a tool)
    timed: Callable[[int, float], Bot] | None = None  # (seed, seconds a decision) -> bot


def _random(seed: int) -> Bot:
    from urland.bots.random_bot import RandomBot

    return RandomBot(seed)


def _easy(seed: int) -> Bot:
    from urland.bots.greedy import EasyBot

    return EasyBot(seed)


def _medium(seed: int) -> Bot:
    from urland.bots.greedy import GreedyBot

    return GreedyBot(seed)


def _hard(seed: int) -> Bot:
    from urland.bots.ismcts import HardBot

    return HardBot(seed)


def _expert(seed: int) -> Bot:
    from urland.bots.expert import ExpertBot

    return ExpertBot(seed)


def _expert_timed(seed: int, seconds: float) -> Bot:
    from urland.bots.expert import ExpertBot

    return ExpertBot(seed, seconds=seconds)


BOTS: dict[str, BotEntry] = {e.key: e for e in (
    BotEntry("easy", _easy, L_("AI easy"), L_("A beginner who knows the rules.")),
    BotEntry("medium", _medium, L_("AI medium"), L_("A solid player.")),
    BotEntry("hard", _hard, L_("AI hard"),
             L_("Thinks ahead with search, up to a second a move.")),
    BotEntry("expert", _expert, L_("AI expert"),
             L_("Looks ahead over whole turns, as long as you let it think."),
             timed=_expert_timed),
    BotEntry("random", _random, L_("AI random"), offered=False),
)}
DEFAULT_BOT = "medium"  # what `--seats ai` plays
HUMAN = "human"
ONLINE = "online"  # a person at another computer, in a game hosted from New game
SEAT_KINDS = (HUMAN, *BOTS)  # every kind a seat may be: in saves, records and on the table
# New game's choices, in the order it offers them: people first (here, then joining from
# elsewhere), then the bots it offers from the weakest to the strongest
OFFERED_KINDS = (HUMAN, ONLINE, *(k for k, e in BOTS.items() if e.offered))


# How a table makes the bot of a seat: (kind, seed), or (kind, seed, seconds a decision) for a
# bot given its thinking time; `make_bot(*plan)` makes it.
BotPlan = tuple[str, int] | tuple[str, int, float]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot playing `seat` in the game of `game_seed`, wherever the game runs (at
    this computer, hosted or served, a stand-in too): the same bot draws the same numbers."""
    return game_seed * 31 + seat


def seat_kind_word(kind: str) -> str:
    """'' for a human seat, else the computer player's label ('AI medium')."""
    entry = BOTS.get(kind)
    return "" if entry is None else str(entry.label)


def takes_thinking_time(kind: str) -> bool:
    """Whether the bot `kind` is made with a thinking time a player may choose (the expert)."""
    entry = BOTS.get(kind)
    return entry is not None and entry.timed is not None


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, seed: int, seconds: float | None = None) -> Bot:
    """The bot `name`; `seconds` sets the thinking time of a bot that has one (the expert)."""
    try:
        entry = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}") from None
    if seconds is not None and entry.timed is not None:
        return entry.timed(seed, seconds)
    return entry.make(seed)
