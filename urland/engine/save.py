"""Saved games: a versioned YAML file holding (seed, options, moves), written atomically.

See docs/save-format.md. Loading replays every move, so a save can never describe a position
the rules could not reach; any problem is a SaveError that says what and where.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from urland.engine.board import Board
from urland.engine.errors import SaveError, UrlandError
from urland.engine.game import Game, GameOptions
from urland.engine.moves import parse_move

FORMAT = "urland-save"
VERSION = 1


def dumps(game: Game, meta: dict[str, Any] | None = None) -> str:
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "players": game.options.players,
        "colours": list(game.options.resolved_colours()),
    }
    if meta:
        doc["meta"] = meta
    doc["moves"] = game.notation()
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def write_atomic(path: str | Path, text: str) -> None:
    """Write to a temporary file beside `path`, flush it to disk, then rename over `path`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_game(game: Game, path: str | Path, meta: dict[str, Any] | None = None) -> None:
    write_atomic(path, dumps(game, meta))


def loads(text: str, name: str = "save", board: Board | None = None) -> tuple[Game, dict]:
    """Rebuild a game from save text; returns (game, meta)."""
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise SaveError(f"{name}: damaged (not valid YAML).") from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{name}: not an Urland save.")
    version = doc.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{name}: damaged (no format version).")
    if version > VERSION:
        raise SaveError(f"{name}: made by a newer version of Urland (save format {version}); "
                        f"this version reads format {VERSION}.")
    for key in ("seed", "players", "colours", "moves"):
        if key not in doc:
            raise SaveError(f"{name}: damaged or truncated (no '{key}').")
    seed, players, colours, moves = doc["seed"], doc["players"], doc["colours"], doc["moves"]
    if not isinstance(seed, int) or not isinstance(players, int) or not isinstance(
            colours, list) or not isinstance(moves, list):
        raise SaveError(f"{name}: damaged (seed, players, colours or moves of the wrong type).")
    try:
        game = Game.new(seed, players, colours, board)
    except (ValueError, TypeError) as exc:
        raise SaveError(f"{name}: damaged ({exc})") from exc
    for i, text_move in enumerate(moves, start=1):
        try:
            game.play(parse_move(str(text_move), game.board))
        except (ValueError, UrlandError) as exc:
            raise SaveError(f"{name}: move {i} ({text_move!r}) cannot be replayed: {exc}") from exc
    meta = doc.get("meta") or {}
    if not isinstance(meta, dict):
        raise SaveError(f"{name}: damaged ('meta' is not a mapping).")
    return game, meta


def load_game(path: str | Path, board: Board | None = None) -> tuple[Game, dict]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise SaveError(f"{path.name}: no such save.") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path.name}: cannot be read ({exc}).") from exc
    return loads(text, path.name, board)


__all__ = ["FORMAT", "VERSION", "GameOptions", "dumps", "load_game", "loads", "save_game",
           "write_atomic"]
