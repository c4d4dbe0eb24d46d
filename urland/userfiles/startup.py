"""What the game checks once at start, before the window opens: leftover temporary files, the
settings file and the bundled assets. Problems become sentences for the title screen; none of
them stops the game. (Saved games are checked by the title screen through urland.table.library.)
"""

from __future__ import annotations

from urland import paths
from urland.engine import BoardError, DataError, gene_cards, standard_board
from urland.engine.files import move_aside, remove_leftover_temp_files
from urland.texts import assets as texts
from urland.texts import i18n
from urland.texts.i18n import fmt
from urland.texts.problems import problem_text
from urland.userfiles.settings import Settings, load_settings, read_settings
from urland.userfiles.tutorial_progress import check_progress


def remove_temp_files() -> list[str]:
    """Delete what an interrupted save left behind in the user's folders; the names removed."""
    folders = dict.fromkeys((paths.data_dir(), paths.saves_dir(), paths.history_dir(),
                             paths.config_dir()))
    return [name for folder in folders for name in remove_leftover_temp_files(folder)]


def settings_and_notice() -> tuple[Settings, str]:
    """The settings, and a sentence when the file was damaged (it is then moved aside)."""
    settings, problem = read_settings()
    if problem is None:
        return settings, ""
    moved = move_aside(paths.settings_path())
    if moved:
        return settings, fmt("The settings could not be read: {detail} The damaged file was kept "
                             "as {name}; the defaults are used.", detail=problem_text(problem),
                             name=moved.name)
    return settings, fmt("The settings could not be read: {detail} The damaged file could not "
                         "be moved aside; the defaults are used.", detail=problem_text(problem))


def tutorial_progress_notice() -> str:
    """A sentence when the tutorial's progress file was damaged (it is then moved aside)."""
    return check_progress()


def language_problem() -> str:
    """A sentence when the chosen language's catalogue could not be read (English is used).
    Every damaged catalogue, chosen or not, is also named in the log."""
    for code, why in i18n.DAMAGED.items():
        i18n.report_damaged(code, why)
    broken = i18n.broken_catalogue()
    if not broken:
        return ""
    return (fmt("The language file for {language} cannot be read, so Urland speaks English.",
                language=i18n.LANGUAGES.get(broken, broken)) + " " + texts.reinstall())


def board_problem() -> str:
    """'' when the board and the gene cards can be loaded, else a sentence: without them no
    game can be played (both are rules data)."""
    try:
        standard_board()
    except BoardError as exc:
        return (fmt("The board cannot be loaded: {detail} No game can start.", detail=exc)
                + " " + texts.reinstall())
    try:
        gene_cards()
    except DataError as exc:
        return (fmt("The gene cards cannot be loaded: {detail} No game can start.", detail=exc)
                + " " + texts.reinstall())
    return ""


def asset_problems() -> list[str]:
    return [p for p in (board_problem(), *texts.text_problems()) if p]


def prepare(language: str | None = None, tidy: bool = True) -> tuple[Settings, list[str]]:
    """Run every start-up check: the settings to open the window with, and the notices (in
    `language`, else the one chosen in the settings, else the system's). `tidy` False (another
    copy of the game has the folder): its files are left exactly as they are. (The finished
    games a full disk kept from their save are written by `urland.table.unsaved.recover`.)"""
    if tidy:
        remove_temp_files()
    i18n.set_language(language or i18n.system_language())  # a damaged file is told in this
    settings, notice = settings_and_notice() if tidy else (load_settings(), "")
    i18n.set_language(language or settings.language or i18n.system_language())
    progress = tutorial_progress_notice() if tidy else ""
    return settings, [n for n in (notice, progress, language_problem(), *asset_problems())
                      if n]
