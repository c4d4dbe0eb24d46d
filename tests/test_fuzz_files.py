"""The fuzz corpus of user files: for each kind of file the game reads (settings, the remembered
New game set-up, the tutorial's progress, saved games, history records), a real file written by
the game is damaged every way a disk or a person can: cut at every byte, and 1 to 4 bytes
overwritten at random (seeded, so every run sees the same files). Each damaged file goes through
the code the screens use to read it, and its names and dates through the code that draws them.

The outcome is always one of two: the file is used (what is in it is sound), or the player gets a
sentence naming it and the file is set aside (a save from a newer Urland and a history record
stay where they are). Never an exception. How long the corpus takes is printed by
`pytest --durations` (about 2,000+ files per kind, well under a minute in all on one core).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from urland import paths
from urland.bots.random_bot import random_move
from urland.records import history
from urland.records.record_check import CHECKED_FILE
from urland.records.stats import statistics
from urland.table import library
from urland.table.session import Seat, Session
from urland.ui.caches import clear_caches
from urland.ui.text import render
from urland.userfiles import setup_memory, startup, tutorial_progress
from urland.userfiles.settings import Settings, save_settings

PER_KIND = 2_000  # at least this many damaged files of each kind
SEATS = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "medium"), Seat("Dan", 3)]


def mutations(data: bytes, seed: int) -> Iterator[bytes]:
    """Every truncation of `data`, then random overwrites of 1 to 4 bytes, PER_KIND in all at
    least. Overwrites favour the bytes that break readers: control characters, NUL, bytes that
    are not UTF-8, YAML's own punctuation and digits."""
    for n in range(len(data)):
        yield data[:n]
    rng = random.Random(seed)
    nasty = [*range(0, 32), 127, 0x80, 0xC3, 0xFF, *b":-[]{}&*!|>'\"#%@`,?0123456789 \n"]
    for _ in range(max(PER_KIND - len(data), PER_KIND // 2)):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(damaged))
            damaged[at] = rng.choice(nasty) if rng.random() < 0.7 else rng.randrange(256)
        yield bytes(damaged)


def draw_names(names: list[str] | tuple[str, ...]) -> None:
    """What the screens do with names read from a file: draw them."""
    for name in names:
        render(name, 20, (0, 0, 0))


def played(seed: int, moves: int | None, autosave: Path) -> Session:
    session = Session.new(list(SEATS), seed, autosave)
    rng = random.Random(seed)
    while not session.game.over and (moves is None or len(session.game.moves) < moves):
        session.play(random_move(session.game.legal_options(), rng))
    return session


# --- each kind: a sound file, and the screens' way of reading it --------------------------------

def settings_file(home: Path) -> tuple[Path, bytes]:
    save_settings(Settings(window_width=1600, window_height=900, language="fr", muted=True))
    return paths.settings_path(), paths.settings_path().read_bytes()


def read_settings_as_at_start(path: Path) -> tuple[bool, str]:
    settings, notice = startup.settings_and_notice()  # what prepare() does before the window
    assert 960 <= settings.window_width <= 7680 and 540 <= settings.window_height <= 4320
    return notice == "", notice


def setup_file(home: Path) -> tuple[Path, bytes]:
    setup = setup_memory.Setup(players=5)
    setup.seats[2].name, setup.seats[3].kind = "Zoë", "hard"
    setup_memory.save_setup(setup)
    return paths.setup_path(), paths.setup_path().read_bytes()


def read_setup_as_new_game(path: Path) -> tuple[bool, str]:
    setup, message = setup_memory.read_setup()  # what the New game screen does
    assert len({s.colour for s in setup.seats}) == setup_memory.SEATS
    draw_names([s.name for s in setup.seats])
    return message == "", message


def progress_file(home: Path) -> tuple[Path, bytes]:
    tutorial_progress.save_chapter(3)
    return paths.data_dir() / tutorial_progress.PROGRESS_FILE, (
        paths.data_dir() / tutorial_progress.PROGRESS_FILE).read_bytes()


def read_progress_as_at_start(path: Path) -> tuple[bool, str]:
    notice = tutorial_progress.check_progress()  # at start-up, then Learn to play
    assert tutorial_progress.saved_chapter() >= 0
    return notice == "", notice


def save_file(home: Path) -> tuple[Path, bytes]:
    session = played(4, 60, paths.autosave_path())  # a sealed game in play
    return session.autosave, session.autosave.read_bytes()


def read_save_as_title(path: Path) -> tuple[bool, str]:
    library._described.clear()
    games, notices = library.scan()  # the title screen: every save, Continue, Load game
    for game in games:
        draw_names(game.names)
        render(game.status_text(), 20, (0, 0, 0))
        render(game.saved_at.strftime("%Y-%m-%d %H:%M"), 20, (0, 0, 0))
    assert len(games) + len(notices) == 1
    return bool(games), " ".join(notices)


def record_file(home: Path) -> tuple[Path, bytes]:
    session = played(7, None, home / "game.yaml")
    return session.record, session.record.read_bytes()


def read_record_as_history(path: Path) -> tuple[bool, str]:
    (path.parent / CHECKED_FILE).unlink(missing_ok=True)  # no record found sound before
    records, problems = history.list_records(path.parent)  # the History screen
    statistics(records)
    for record in records:
        draw_names(record.names)
        render(record.local_date(), 20, (0, 0, 0))
        render(record.winner_name, 20, (0, 0, 0))
    assert len(records) + len(problems) == 1
    return bool(records), " ".join(problems)


KINDS: dict[str, tuple[Callable, Callable, bool]] = {
    # kind: (the sound file, how the screens read it, whether a damaged one is set aside)
    "settings": (settings_file, read_settings_as_at_start, True),
    "new_game": (setup_file, read_setup_as_new_game, True),
    "tutorial": (progress_file, read_progress_as_at_start, True),
    "save": (save_file, read_save_as_title, True),
    "record": (record_file, read_record_as_history, False),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_damaged_file_gives_a_sentence_or_a_sound_file_never_a_crash(kind, user_home):
    pygame.font.init()
    clear_caches()  # fonts of an earlier test's window died with it
    make, read, sets_aside = KINDS[kind]
    user_home.mkdir(parents=True, exist_ok=True)
    path, sound = make(user_home)
    folder = path.parent
    others = {p.name for p in folder.iterdir()} - {path.name}
    crashes: list[str] = []
    used = told = 0
    for i, data in enumerate(mutations(sound, seed=sum(kind.encode()))):
        path.write_bytes(data)
        try:
            ok, sentence = read(path)
        except Exception as exc:
            crashes.append(f"case {i} ({data[:60]!r}...): {type(exc).__name__}: {exc}")
            ok, sentence = True, ""
        if ok:
            used += 1
        else:
            told += 1
            assert sentence, f"case {i}: refused without a word"
            newer = "newer version of Urland" in sentence
            if sets_aside and not newer and data:
                assert not path.exists(), f"case {i}: not set aside: {sentence}"
        for extra in folder.iterdir():  # tidy up for the next file: set-aside copies, records
            if extra.name not in others and extra.is_file():
                extra.unlink()
        for sub in ("history", "saves"):
            if (user_home / sub).is_dir() and kind != "record":
                for extra in (user_home / sub).iterdir():
                    extra.unlink()
    total = used + told
    print(f"{kind}: {total} damaged files, {used} used, {told} refused with a sentence, "
          f"{len(crashes)} crashes")
    assert total >= PER_KIND
    assert crashes == [], "\n".join(crashes[:5])
    assert told > 0  # the corpus reached the readers' refusals
