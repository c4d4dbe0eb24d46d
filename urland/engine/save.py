"""Saved games: a versioned YAML file holding (seed, options, moves), written atomically.

The options include the game's edition (its cards, board and rules version, `edition.py`): a
save is opened with the edition it was dealt with, whatever the data files say now, and a save
from before editions were written (formats 1 to 3) reads as the first edition.

See docs/save-format.md. Loading replays every move, so a save can never describe a position
the rules could not reach; any problem is a SaveError that says what and where.

An unfinished game keeps its seed and moves *sealed* (compressed, then base64): the seed fixes
the draw pile and the hands, and the moves hold the face-down chip and the bids, so a player who
opens the autosave in a text editor must not read them. This is a screen against peeking at the
table, not cryptography. A finished game has no secrets left and is written in plain text.
The last line, `end: N` (the number of moves), shows the file was written to the end.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from pathlib import Path
from typing import Any

import yaml

from urland.engine.board import Board, standard_board
from urland.engine.edition import (
    FIRST_EDITION,
    Edition,
    EditionProblem,
    check_playable,
    current_edition,
    edition_from_doc,
    edition_to_doc,
)
from urland.engine.errors import NewerSaveError, Refusal, SaveError, UrlandError, UserFileError
from urland.engine.files import display_name, parse_yaml, read_text, write_atomic
from urland.engine.game import Game, GameOptions
from urland.engine.moves import Move, parse_move
from urland.engine.state import ACTION

END = Move("end")

FORMAT = "urland-save"
VERSION = 4  # 4: the edition; 3: the player ends every Ichto turn with an explicit "end" move
MAX_MOVES = 20_000  # a long game has a few hundred; more is damage
_SEALED_LINE = 64  # base64 characters per line of the sealed record
_SEALED_MAX = 4 * 1024 * 1024  # the unsealed record is never bigger than this
_SEED = re.compile(r"-?[0-9]{1,18}")


def dumps(game: Game, meta: dict[str, Any] | None = None) -> str:
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": game.options.players,
        "colours": list(game.options.resolved_colours()),
        "edition": edition_to_doc(game.options.edition or current_edition(game.board)),
    }
    if meta:
        doc["meta"] = meta
    if game.over:
        doc["seed"] = game.seed
        doc["moves"] = game.notation()
    else:
        doc["sealed"] = seal(game.seed, game.notation())
    doc["end"] = len(game.moves)
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def seal(seed: int, moves: list[str]) -> list[str]:
    """The seed and the moves, compressed and base64-encoded, in lines of 64 characters."""
    record = "\n".join([str(seed), *moves]).encode("utf-8")
    text = base64.b64encode(zlib.compress(record, 9)).decode("ascii")
    return [text[i:i + _SEALED_LINE] for i in range(0, len(text), _SEALED_LINE)]


def unseal(lines: Any, name: str) -> tuple[int, list[str]]:
    """Inverse of `seal`; SaveError when the record is not one `seal` wrote."""
    damaged = SaveError(Refusal("{name}: damaged (the sealed record cannot be read).", name=name))
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise damaged
    try:
        packed = base64.b64decode("".join(lines), validate=True)
        unpacker = zlib.decompressobj()
        record = unpacker.decompress(packed, _SEALED_MAX)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise damaged
        seed_text, *moves = record.decode("utf-8").split("\n")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise damaged from None
    if not _SEED.fullmatch(seed_text):
        raise damaged
    return int(seed_text), moves


def save_game(game: Game, path: str | Path, meta: dict[str, Any] | None = None) -> None:
    """Write the game atomically; OSError when the file cannot be written."""
    write_atomic(path, dumps(game, meta))


def loads(text: str, name: str = "save", board: Board | None = None) -> tuple[Game, dict]:
    """Rebuild a game from save text; returns (game, meta)."""
    try:
        doc = parse_yaml(text, name)
    except UserFileError as exc:
        raise SaveError(exc.args[0]) from None
    version = _version(doc, name)
    seed, moves = _seed_and_moves(doc, name)
    if version >= 2 and (not _is_int(doc["end"]) or doc["end"] != len(moves)):
        raise SaveError(Refusal("{name}: damaged or truncated (it holds {count} moves, its "
                                "closing line says {end}).", name=name, count=len(moves),
                                end=repr(doc["end"])))
    players, colours = doc.get("players"), doc.get("colours")
    if not _is_int(players) or not isinstance(colours, list) or not all(
            _is_int(c) for c in colours):
        raise SaveError(Refusal("{name}: damaged (players or colours of the wrong type).",
                                name=name))
    if len(moves) > MAX_MOVES:
        raise SaveError(Refusal("{name}: damaged (far too many moves).", name=name))
    edition = _edition(doc, version, name, board or standard_board())
    try:
        game = Game.new(seed, players, colours, board, edition)
    except (ValueError, TypeError) as exc:
        raise SaveError(f"{name}: damaged ({exc})") from exc
    _replay(game, moves, version, name, sealed="sealed" in doc)
    if version < 3:
        end_turn_the_old_way(game)
    meta = doc.get("meta") or {}
    if not isinstance(meta, dict):
        raise SaveError(Refusal("{name}: damaged ('meta' is not a mapping).", name=name))
    return game, meta


def _version(doc: Any, name: str) -> int:
    """The save format of a document that says it is a save, and reads as a whole one."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(Refusal("{name}: not an Urland save.", name=name))
    version = doc.get("version")
    if not _is_int(version) or version < 1:
        raise SaveError(Refusal("{name}: damaged (no format version).", name=name))
    if version > VERSION:
        raise NewerSaveError(Refusal(
            "{name}: made by a newer version of Urland (save format {version}); this version "
            "reads formats 1 to {newest}.", name=name, version=version, newest=VERSION))
    if version >= 2 and "end" not in doc:
        raise SaveError(Refusal("{name}: damaged or truncated (the closing line is missing).",
                                name=name))
    return version


def _edition(doc: dict, version: int, name: str, board: Board) -> Edition:
    """The edition the saved game was dealt with, checked playable here. Formats 1 to 3 name
    none: they were dealt with the first edition."""
    if version < 4:
        edition = FIRST_EDITION
    else:
        try:
            edition = edition_from_doc(doc.get("edition"))
        except EditionProblem:
            raise SaveError(Refusal("{name}: damaged (the edition it was dealt with, its cards "
                                    "and board, cannot be read).", name=name)) from None
    try:
        check_playable(edition, board)
    except EditionProblem as exc:
        raise NewerSaveError(edition_refusal(name, edition, exc)) from None
    return edition


def edition_refusal(name: str, edition: Edition, problem: EditionProblem) -> Refusal:
    """Why this version cannot play a game of `edition`, in words for the player."""
    if problem.unplayable == "card":
        return Refusal("{name}: made by another version of Urland: this version does not know "
                       "its gene card {card} as that game knew it.", name=name, card=problem.card)
    if problem.unplayable == "rules":
        return Refusal("{name}: made by a newer version of Urland (rules version {version}).",
                       name=name, version=edition.rules)
    return Refusal("{name}: played on a board this version of Urland does not have.", name=name)


def _replay(game: Game, moves: list, version: int, name: str, sealed: bool) -> None:
    """Play the saved moves; SaveError naming the first that cannot be played. For a sealed
    save only its number is named: the move and the refusal could show a face-down chip or a
    bid to whoever looks at the screen."""
    for i, text_move in enumerate(moves, start=1):
        if not isinstance(text_move, str | int):
            raise SaveError(Refusal("{name}: move {number} is not a move.", name=name, number=i))
        try:
            move = parse_move(str(text_move), game.board)
            if version < 3:
                end_turn_the_old_way(game)
            game.play(move)
        except UrlandError as exc:
            if sealed:
                raise SaveError(Refusal("{name}: damaged (move {number} cannot be replayed).",
                                        name=name, number=i)) from None
            raise SaveError(Refusal("{name}: move {number} ({move}) cannot be replayed: {why}",
                                    name=name, number=i, move=repr(str(text_move)[:40]),
                                    why=exc.args[0] if exc.args else exc)) from exc


def end_turn_the_old_way(game: Game) -> None:
    """Formats 1 and 2 come from before the player confirmed the end of a turn: a turn ended
    by itself once no action and no double-turn chip was left, so such a save goes on without
    the "end" the rules now wait for there. It is played for it."""
    s = game.state
    while s.phase == ACTION and s.actions_left == 0 and (
            s.double_used or not s.double_chips[s.actor]):
        game.play(END)
        s = game.state


def _is_int(value: Any) -> bool:
    return type(value) is int


def _seed_and_moves(doc: dict, name: str) -> tuple[int, list]:
    """The seed and the move texts, from the sealed record or the plain fields."""
    if "sealed" in doc:
        return unseal(doc["sealed"], name)
    for key in ("seed", "players", "colours", "moves"):
        if key not in doc:
            raise SaveError(Refusal("{name}: damaged or truncated (no '{key}').", name=name,
                                    key=key))
    seed, moves = doc["seed"], doc["moves"]
    if not _is_int(seed) or not isinstance(moves, list):
        raise SaveError(Refusal("{name}: damaged (seed or moves of the wrong type).", name=name))
    return seed, moves


def load_game(path: str | Path, board: Board | None = None) -> tuple[Game, dict]:
    """Read a save through the bounded reader and replay it; SaveError for any problem."""
    path = Path(path)
    name = display_name(path)
    try:
        text = read_text(path)
    except UserFileError as exc:
        if exc.missing:
            raise SaveError(Refusal("{name}: no such save.", name=name), missing=True) from None
        raise SaveError(exc.args[0]) from None
    return loads(text, name, board)


__all__ = ["FORMAT", "VERSION", "GameOptions", "dumps", "load_game", "loads", "save_game",
           "seal", "unseal", "write_atomic"]
