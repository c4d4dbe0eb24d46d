"""The history: every finished game kept as a record file in `history/` beside the autosave.

A record is an ordinary save (docs/save-format.md) of a finished game, written with the engine's
save functions; a finished game has no secrets left. Its `meta` holds the seats (names and
kinds, as in the autosave), the date the game ended (UTC, ISO 8601) and the result (scores and
winner). Listing a record replays it (once: urland.records.record_check remembers the
sound ones), so a damaged or forged record is named as such and never counted in the statistics
(docs/user-files.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from urland.bots.registry import SEAT_KINDS
from urland.engine.errors import SaveError, UserFileError
from urland.engine.files import MAX_BYTES, display_name, parse_yaml, read_text
from urland.engine.game import Game
from urland.engine.save import dumps, load_game, loads, write_atomic
from urland.engine.state import COLOUR_NAMES
from urland.records.record_check import CheckedRecords, fingerprint
from urland.texts.dates import day_and_time
from urland.texts.i18n import _, fmt
from urland.texts.problems import problem_text
from urland.texts.words import colour_word
from urland.userfiles.names import drawable_name

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
        try:
            return day_and_time(self.date.astimezone())
        except (OverflowError, ValueError, OSError):  # the local time is off the calendar
            d = self.date
            return f"{d.year:04d}-{d.month:02d}-{d.day:02d} {d.hour:02d}:{d.minute:02d} UTC"


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
    text = dumps(game, record_meta(game, seats, when))
    write_atomic(path, text)
    CheckedRecords(folder).remember(fingerprint(text))  # played here: sound by construction
    return path


def find_record(game: Game, folder: Path) -> Path | None:
    """The record of this very game (same seed, same moves) in `folder`, if there is one."""
    moves = game.notation()
    try:
        candidates = sorted([*folder.glob(f"*_seed{game.seed}{SUFFIX}"),
                             *folder.glob(f"*_seed{game.seed}-*{SUFFIX}")])
    except OSError:
        return None
    for path in candidates:
        try:
            doc = parse_yaml(_read_text(path), path.name)
        except (SaveError, UserFileError):
            continue
        if (isinstance(doc, dict) and doc.get("seed") == game.seed
                and isinstance(doc.get("moves"), list)
                and [str(m) for m in doc["moves"]] == moves):
            return path
    return None


def _read_text(path: Path) -> str:
    """The record's text through the bounded reader; SaveError for any problem."""
    try:
        return read_text(path, MAX_RECORD_BYTES)
    except UserFileError as exc:
        if exc.missing:
            raise SaveError(fmt("{file}: no such record.", file=display_name(path)),
                            missing=True) from None
        raise SaveError(exc.args[0]) from None


def _parse_date(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        date = datetime.fromisoformat(value)
    except ValueError:
        return None
    date = date if date.tzinfo else date.replace(tzinfo=UTC)
    try:  # a date at the edge of the calendar cannot be moved to UTC or the local time
        return date.astimezone(UTC)
    except (OverflowError, ValueError, OSError):
        return None


def summarise(path: Path, checked: CheckedRecords | None = None) -> RecordSummary:
    """The record's summary, checked: the record is replayed and must be a finished game whose
    result is the one its meta states. A record whose text was found sound before (`checked`)
    is read from its meta alone."""
    name = display_name(path)
    text = _read_text(path)
    fp = fingerprint(text)
    if checked is not None and fp in checked:
        summary = _summary_from_meta(path, text)
        if summary is not None:
            checked.sound(fp)
            return summary
    game, meta = loads(text, name)  # every move replayed
    if not game.over:
        raise SaveError(fmt("{file}: the game is not finished.", file=name))
    result = meta.get("result") if isinstance(meta.get("result"), dict) else {}
    scores, winner = list(game.state.track), game.state.winner
    if result and (result.get("scores") != scores or result.get("winner") != winner):
        raise SaveError(fmt("{file}: damaged (its result is not the one its moves give).",
                            file=name))
    if checked is not None and result:
        checked.sound(fp)
    colours = [int(c) for c in game.options.resolved_colours()]
    return _summary(path, meta, colours, scores, winner, game.seed)


def _summary_from_meta(path: Path, text: str) -> RecordSummary | None:
    """The summary of a record already replayed and found sound, from what comes before its
    moves (a long history lists quickly); None when that part does not say it all."""
    try:
        doc = parse_yaml(text.split("\nmoves:", 1)[0], path.name)
    except UserFileError:
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("meta"), dict):
        return None
    meta, colours, seed = doc["meta"], doc.get("colours"), doc.get("seed")
    result = meta.get("result")
    if not (isinstance(colours, list) and isinstance(result, dict) and isinstance(seed, int)):
        return None
    return _summary(path, meta, colours, result.get("scores"), result.get("winner"), seed)


def _summary(path: Path, meta: dict, colours: list, scores: list, winner: int,
             seed: int) -> RecordSummary:
    names, kinds = seats_from_meta(meta, colours)
    return RecordSummary(path, _parse_date(meta.get("date")), tuple(names), tuple(kinds),
                         tuple(colours), tuple(scores), winner, seed)


def seats_from_meta(meta: dict, colours: list[int]) -> tuple[list[str], list[str]]:
    """Seat names and kinds from a save's meta; colour names and "human" where it has none (or
    a name no font can draw)."""
    raw = meta.get("seats") if isinstance(meta, dict) else None
    names, kinds = [], []
    for i, colour in enumerate(colours):
        entry = raw[i] if isinstance(raw, list) and i < len(raw) and isinstance(
            raw[i], dict) else {}
        kinds.append(entry.get("kind") if entry.get("kind") in SEAT_KINDS else "human")
        fallback = (colour_word(colour) if 0 <= colour < len(COLOUR_NAMES)
                    else fmt("Seat {number}", number=i + 1))
        names.append(drawable_name(str(entry.get("name") or ""))[:24] or fallback)
    return names, kinds


MOST_THINKING = 60.0  # seconds a decision a record may give a bot: more is not believed


def thinking_from_meta(meta: dict, players: int) -> list[float | None]:
    """Each seat's thinking time a decision, where the record gives one (a bot that takes a
    thinking time: the expert); None elsewhere, and for a value that is not a time."""
    raw = meta.get("seats") if isinstance(meta, dict) else None
    times: list[float | None] = []
    for i in range(players):
        entry = raw[i] if isinstance(raw, list) and i < len(raw) and isinstance(
            raw[i], dict) else {}
        think = entry.get("think")
        ok = type(think) in (int, float) and 0 < think <= MOST_THINKING
        times.append(float(think) if ok else None)
    return times


def list_records(folder: Path) -> tuple[list[RecordSummary], list[str]]:
    """Every readable record, newest first, and a message for each file that could not be read."""
    if not folder.is_dir():
        return [], []
    records, problems = [], []
    checked = CheckedRecords(folder)
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            records.append(summarise(path, checked))
        except SaveError as exc:
            problems.append(problem_text(exc))
    checked.save()
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
    """Copy a record into `folder` (which must exist); returns the copy's path. A file of the
    same name there is never overwritten: the copy is then named `NAME-2.yaml`, `-3`, ...

    Raises ValueError with a message for the player when the folder is not usable."""
    text = str(folder).strip()
    if not text:
        raise ValueError(_("Type the folder to export to."))
    try:
        target_dir = Path(text).expanduser()
        usable = target_dir.is_dir()
    except (RuntimeError, OSError, ValueError):  # ~nosuchuser, a folder we may not look in
        usable, target_dir = False, Path(text)
    if not usable:
        raise ValueError(fmt("There is no folder {folder} that Urland may use.", folder=text))
    try:
        if target_dir.resolve() == path.parent.resolve():
            raise ValueError(_("That is the history folder itself: choose another folder."))
        target = _free_name(target_dir, _UNSAFE.sub("_", path.stem))
        write_atomic(target, _read_text(path))
    except (OSError, RuntimeError, SaveError) as exc:
        raise ValueError(fmt("Could not export: {why}", why=exc)) from exc
    return target


def _free_name(folder: Path, stem: str) -> Path:
    """`folder/STEM.yaml`, or the first of `STEM-2.yaml`, `STEM-3.yaml`, ... not yet taken."""
    for k in range(1, 1000):
        target = folder / (f"{stem}{SUFFIX}" if k == 1 else f"{stem}-{k}{SUFFIX}")
        if not (target.exists() or target.is_symlink()):
            return target
    raise OSError(_("every name for the copy is taken"))
