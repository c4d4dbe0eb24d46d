"""The history: every finished game kept as a record file in `history/` beside the autosave.

A record is an ordinary save (docs/save-format.md) of a finished game, written with the engine's
save functions; a finished game has no secrets left. Its `meta` holds the seats (names and
kinds, as in the autosave), the date the game ended (UTC, ISO 8601) and the result (scores and
winner) so the list can be shown without replaying every game. Opening a record replays it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from urland.bots.registry import SEAT_KINDS
from urland.engine.errors import SaveError, UserFileError
from urland.engine.files import MAX_BYTES, parse_yaml, read_text
from urland.engine.game import Game
from urland.engine.save import FORMAT, load_game, save_game, write_atomic
from urland.engine.state import COLOUR_NAMES
from urland.texts.i18n import _, fmt
from urland.texts.words import colour_word

MAX_RECORD_BYTES = MAX_BYTES  # far above any real game (a few hundred moves, ~5 kB)
SUFFIX = ".yaml"


@dataclass(frozen=True)
class RecordSummary:
    """What the history list shows of one record, read from its meta."""

    path: Path
    date: datetime | None  # when the game ended (aware, UTC); None when the record has none
    names: tuple[str, ...]
    kinds: tuple[str, ...]  # per seat: "human" or a bot (bots/registry.SEAT_KINDS)
    colours: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int
    seed: int

    @property
    def winner_name(self) -> str:
        return self.names[self.winner]

    def local_date(self) -> str:
        if self.date is None:
            return _("date unknown")
        return self.date.astimezone().strftime("%Y-%m-%d %H:%M")


def record_meta(game: Game, seats: list[dict[str, str]], when: datetime | None = None
                ) -> dict[str, Any]:
    when = (when or datetime.now(UTC)).astimezone(UTC)
    return {
        "seats": seats,
        "date": when.isoformat(timespec="seconds"),
        "result": {"scores": list(game.state.track), "winner": game.state.winner},
    }


def _file_name(game: Game, when: datetime) -> str:
    return f"{when.strftime('%Y-%m-%d_%H%M%S')}_seed{game.seed}"


def write_record(game: Game, seats: list[dict[str, str]], folder: Path,
                 when: datetime | None = None) -> Path:
    """Keep a finished game in `folder`; returns the new record's path (never overwrites)."""
    if not game.over:
        raise ValueError(_("Only a finished game goes into the history."))
    when = (when or datetime.now(UTC)).astimezone(UTC)
    stem = _file_name(game, when)
    path = folder / f"{stem}{SUFFIX}"
    k = 2
    while path.exists():
        path = folder / f"{stem}-{k}{SUFFIX}"
        k += 1
    save_game(game, path, record_meta(game, seats, when))
    return path


def _read_text(path: Path) -> str:
    """The record's text through the bounded reader; SaveError for any problem."""
    try:
        return read_text(path, MAX_RECORD_BYTES)
    except UserFileError as exc:
        if exc.missing:
            raise SaveError(fmt("{file}: no such record.", file=path.name),
                            missing=True) from None
        raise SaveError(str(exc)) from None


def _parse_date(value: Any) -> datetime | None:
    if isinstance(value, datetime):  # YAML may read an unquoted timestamp as one
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if not isinstance(value, str):
        return None
    try:
        date = datetime.fromisoformat(value)
    except ValueError:
        return None
    return date if date.tzinfo else date.replace(tzinfo=UTC)


def summarise(path: Path) -> RecordSummary:
    """The record's summary from its meta; a record without a result is replayed once."""
    # The moves come last and are not needed for a summary: reading only what comes before
    # them keeps a long history quick to list.
    try:
        doc = parse_yaml(_read_text(path).split("\nmoves:", 1)[0], path.name)
    except UserFileError as exc:
        raise SaveError(str(exc)) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(fmt("{file}: not an Urland game record.", file=path.name))
    meta = doc.get("meta") if isinstance(doc.get("meta"), dict) else {}
    players = doc.get("players")
    colours = doc.get("colours")
    if not isinstance(players, int) or not isinstance(colours, list) or len(colours) != players:
        raise SaveError(fmt("{file}: damaged (players or colours).", file=path.name))
    result = meta.get("result") if isinstance(meta.get("result"), dict) else {}
    scores, winner = result.get("scores"), result.get("winner")
    if not (isinstance(scores, list) and len(scores) == players
            and all(isinstance(v, int) for v in scores)
            and isinstance(winner, int) and 0 <= winner < players):
        game, _ = load_game(path)
        if not game.over:
            raise SaveError(fmt("{file}: the game is not finished.", file=path.name))
        scores, winner = list(game.state.track), game.state.winner
    names, kinds = seats_from_meta(meta, [int(c) for c in colours])
    seed = doc.get("seed") if isinstance(doc.get("seed"), int) else 0
    return RecordSummary(path, _parse_date(meta.get("date")), tuple(names), tuple(kinds),
                         tuple(int(c) for c in colours), tuple(scores), winner, seed)


def seats_from_meta(meta: dict, colours: list[int]) -> tuple[list[str], list[str]]:
    """Seat names and kinds from a save's meta; colour names and "human" where it has none."""
    raw = meta.get("seats") if isinstance(meta, dict) else None
    names, kinds = [], []
    for i, colour in enumerate(colours):
        entry = raw[i] if isinstance(raw, list) and i < len(raw) and isinstance(
            raw[i], dict) else {}
        kinds.append(entry.get("kind") if entry.get("kind") in SEAT_KINDS else "human")
        fallback = (colour_word(colour) if 0 <= colour < len(COLOUR_NAMES)
                    else fmt("Seat {number}", number=i + 1))
        names.append(str(entry.get("name") or fallback)[:24])
    return names, kinds


def list_records(folder: Path) -> tuple[list[RecordSummary], list[str]]:
    """Every readable record, newest first, and a message for each file that could not be read."""
    if not folder.is_dir():
        return [], []
    records, problems = [], []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            records.append(summarise(path))
        except SaveError as exc:
            problems.append(str(exc))
    oldest = datetime.min.replace(tzinfo=UTC)
    records.sort(key=lambda r: (r.date or oldest, r.path.name), reverse=True)
    return records, problems


def load_record(path: Path) -> tuple[Game, dict]:
    """The finished game of a record, replayed; SaveError when it is damaged or unfinished."""
    game, meta = load_game(path)
    if not game.over:
        raise SaveError(fmt("{file}: the game is not finished, so it cannot be replayed (its "
                            "secrets are still secret).", file=path.name))
    return game, meta


def delete_record(path: Path) -> None:
    path.unlink(missing_ok=True)


_UNSAFE = re.compile(r"[^\w.-]+")


def export_record(path: Path, folder: str | Path) -> Path:
    """Copy a record into `folder` (which must exist); returns the copy's path.

    Raises ValueError with a message for the player when the folder is not usable."""
    text = str(folder).strip()
    if not text:
        raise ValueError(_("Type the folder to export to."))
    target_dir = Path(text).expanduser()
    if not target_dir.is_dir():
        raise ValueError(fmt("There is no folder {folder}.", folder=target_dir))
    target = target_dir / _UNSAFE.sub("_", path.name)
    if target.resolve() == path.resolve():
        raise ValueError(_("That is the history folder itself: choose another folder."))
    try:
        write_atomic(target, _read_text(path))
    except (OSError, SaveError) as exc:
        raise ValueError(fmt("Could not export: {why}", why=exc)) from exc
    return target
