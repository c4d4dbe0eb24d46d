"""The edition a game is dealt with: its gene cards, the board it is played on, the rules version.

A game is (seed, edition, players, moves): the seed alone does not fix the deal, because the
deck dealt from it is the edition's cards (set-up step 7), and those come from the data files,
which an update may change (a twelfth card, a card re-tuned to another table size). So every
record of a game (a save, a history record, a room, the network's record) names its edition,
and a game is opened with the edition it was dealt with, whatever the data files say now.

Of each card the edition keeps the facts the rules read: its key, the smallest table it is used
at (`min_players`) and the move only it allows. Names and texts are words, read from the data
files when shown. The board is named and identified by a digest of what the rules read of it
(not its drawing). Files written before editions were recorded (Urland 0.1.0) were dealt with
FIRST_EDITION: the eleven cards and the board of that version.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, NamedTuple

from urland.engine.board import Board, standard_board
from urland.engine.genes import GENE_INDEX, GeneCard, card, gene_cards

RULES_VERSION = 1  # goes up when a change to the rules makes an old game replay differently
BOARD_NAME = "urland"  # the one board of the game; the digest tells its versions apart


class CardFacts(NamedTuple):
    """What the rules read of one gene card."""

    key: str
    min_players: int  # 3, 4 or 5
    move: str  # the move kind only this gene allows, or ""


class BoardIdentity(NamedTuple):
    name: str
    digest: str  # the first 16 hex digits of the SHA-256 of the board's rules data


@dataclass(frozen=True)
class Edition:
    cards: tuple[CardFacts, ...]  # in card order
    board: BoardIdentity
    rules: int = RULES_VERSION

    def genes_for(self, players: int) -> list[str]:
        """The gene cards used at a table of `players`, in card order (set-up step 7)."""
        return [c.key for c in self.cards if c.min_players <= players]


class EditionProblem(ValueError):
    """An edition that cannot be read (`unplayable` empty), or that this version of Urland
    cannot deal: `unplayable` is "rules", "card" (then `card` names the first gene card it
    does not know as the edition has it) or "board"."""

    def __init__(self, why: str, unplayable: str = "", card: str = "") -> None:
        super().__init__(why)
        self.unplayable, self.card = unplayable, card


def facts_of(gene_card: GeneCard) -> CardFacts:
    return CardFacts(gene_card.key, gene_card.min_players, gene_card.move)


# What the rules never read: the names an area is shown by (a corrected name breaks no game).
SHOWN_ONLY = {"ocean_names"}


@lru_cache(maxsize=8)
def board_identity(board: Board) -> BoardIdentity:
    """The board's name and a digest of what the rules read of it: the areas and how they
    border, never their drawing nor the names they are shown by."""
    data = {f.name: getattr(board, f.name) for f in fields(board)
            if f.compare and f.init and f.name not in SHOWN_ONLY}
    data["continents"] = [cid for cid, _name in board.continents]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return BoardIdentity(BOARD_NAME, hashlib.sha256(text.encode("utf-8")).hexdigest()[:16])


def current_edition(board: Board | None = None) -> Edition:
    """The edition of the data files as they are now: a new game is dealt with it."""
    return Edition(tuple(facts_of(c) for c in gene_cards()),
                   board_identity(board or standard_board()))


# The edition of every game recorded by Urland 0.1.0, whose files do not name one: the eleven
# cards of that version (Muscles and Stinkglands not with 3 players) and its board.
FIRST_EDITION = Edition(
    cards=(CardFacts("assimilation", 3, "assimilate"), CardFacts("legs", 3, "walk"),
           CardFacts("care_of_young", 3, ""), CardFacts("egg", 3, "egg"),
           CardFacts("wings", 3, "fly"), CardFacts("muscles", 4, ""), CardFacts("ears", 3, ""),
           CardFacts("stinkglands", 4, "stink"), CardFacts("turbo", 3, ""),
           CardFacts("warm_blood", 3, ""), CardFacts("teeth", 3, "bite")),
    board=BoardIdentity(BOARD_NAME, "dd5e868074274198"),
    rules=1,
)


def check_playable(edition: Edition, board: Board) -> None:
    """EditionProblem unless this version can deal and play a game of `edition` on `board`:
    it knows every card as the edition has it, the board is the same, the rules no newer."""
    if edition.rules > RULES_VERSION:
        raise EditionProblem(f"rules version {edition.rules}", "rules")
    for facts in edition.cards:
        if facts.key not in GENE_INDEX or card(facts.key).move != facts.move:
            raise EditionProblem(f"gene card {facts.key!r}", "card", facts.key)
    if board_identity(board) != edition.board:
        raise EditionProblem("another board", "board")


# --- as written in a file -----------------------------------------------------------------

def edition_to_doc(edition: Edition) -> dict[str, Any]:
    """The edition as a save writes it (plain data: mappings, lists, texts and numbers)."""
    return {
        "rules": edition.rules,
        "board": {"name": edition.board.name, "digest": edition.board.digest},
        "cards": [{"key": c.key, "min_players": c.min_players, **({"move": c.move} if c.move
                                                                  else {})}
                  for c in edition.cards],
    }


MAX_CARDS = 64  # eleven today; more is damage


def edition_from_doc(doc: Any) -> Edition:
    """Inverse of `edition_to_doc`; EditionProblem (saying what) when it is not one."""
    if not isinstance(doc, dict):
        raise EditionProblem("not a mapping")
    rules, board, cards = doc.get("rules"), doc.get("board"), doc.get("cards")
    if type(rules) is not int or rules < 1:
        raise EditionProblem("no rules version")
    if not isinstance(board, dict) or not all(
            isinstance(board.get(k), str) and 0 < len(board[k]) <= 64 for k in ("name", "digest")):
        raise EditionProblem("no board")
    if not isinstance(cards, list) or not 0 < len(cards) <= MAX_CARDS:
        raise EditionProblem("no cards")
    facts = tuple(_card_from_doc(entry) for entry in cards)
    if len({c.key for c in facts}) != len(facts):
        raise EditionProblem("a card twice")
    return Edition(facts, BoardIdentity(board["name"], board["digest"]), rules)


def _card_from_doc(entry: Any) -> CardFacts:
    if not isinstance(entry, dict):
        raise EditionProblem("a card that is not a mapping")
    key, least, move = entry.get("key"), entry.get("min_players"), entry.get("move", "")
    if not (isinstance(key, str) and 0 < len(key) <= 40 and type(least) is int
            and 3 <= least <= 5 and isinstance(move, str) and len(move) <= 40):
        raise EditionProblem("a damaged card")
    return CardFacts(key, least, move)

