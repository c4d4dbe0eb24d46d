"""The Linux download as a player meets it: the launcher that says when the system is too old,
install.sh's menu entry, and the check that keeps the bundle on glibc 2.31.

The build itself (a Debian 11 base, PyInstaller) runs in .ci/run; these run the shell scripts
for real, in scratch folders, with stand-ins for the system tools whose answers they read.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux download")

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"
sys.path.insert(0, str(PACKAGING))

import archives  # noqa: E402
import check_glibc  # noqa: E402

LAUNCHER_SOURCE = PACKAGING / "linux" / "launcher.c"
SYSTEM_PATH = "/usr/bin:/bin"
# a stand-in for the system's C library: gnu_get_libc_version answers what GLIBC_SAYS holds
FAKE_GLIBC = r"""
#include <stdlib.h>
const char *gnu_get_libc_version(void) { return getenv("GLIBC_SAYS"); }
"""


def _tool(folder: Path, name: str, body: str) -> None:
    """A stand-in for a system tool: a shell script on the front of PATH."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    """The launcher compiled as the build compiles it, and the stand-in C library."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    folder = tmp_path_factory.mktemp("launcher")
    (folder / "fake_glibc.c").write_text(FAKE_GLIBC)
    subprocess.run([compiler, "-O2", "-s", "-o", str(folder / "urland"), str(LAUNCHER_SOURCE)],
                   check=True)
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(folder / "fake_glibc.so"),
                    str(folder / "fake_glibc.c")], check=True)
    return {"launcher": folder / "urland", "fake_glibc": folder / "fake_glibc.so"}


def _program_folder(folder: Path, launcher: Path) -> Path:
    """An unpacked urland/ folder: the real launcher beside a stand-in for the program that
    writes down how it was started."""
    folder.mkdir(parents=True)
    shutil.copy(launcher, folder / "urland")
    _tool(folder, "urland-bin",
          'printf "%s\\n" "started" "$SDL_VIDEO_X11_WMCLASS" "$@" > "$STARTED"')
    return folder


def _launch(tmp_path: Path, built: dict[str, Path], glibc_says: str | None, *args: str,
            path: str | None = None, **env: str):
    program = tmp_path / "urland"
    if not program.exists():
        _program_folder(program, built["launcher"])
    variables = {"PATH": path or f"{tmp_path / 'tools'}:{SYSTEM_PATH}", "HOME": str(tmp_path),
                 "STARTED": str(tmp_path / "started.txt"), **env}
    if glibc_says is not None:
        variables |= {"LD_PRELOAD": str(built["fake_glibc"]), "GLIBC_SAYS": glibc_says}
    return subprocess.run([str(program / "urland"), *args], env=variables, capture_output=True,
                          text=True, timeout=30, check=False)


def test_the_file_a_player_double_clicks_is_a_program_not_a_script(built):
    # a file manager runs an ELF program on a double-click; a script it opens in an editor
    assert built["launcher"].read_bytes()[:4] == b"\x7fELF"


def test_on_a_new_enough_glibc_the_launcher_starts_the_program_with_the_players_arguments(
        tmp_path, built):
    result = _launch(tmp_path, built, "2.35", "--seed", "2")
    assert result.returncode == 0, result.stderr
    # the window keeps the class the menu entry is matched by
    assert (tmp_path / "started.txt").read_text().splitlines() == [
        "started", "urland", "--seed", "2"]


def test_the_oldest_glibc_allowed_starts_the_program_and_this_system_does_too(tmp_path, built):
    assert _launch(tmp_path, built, "2.31").returncode == 0
    (tmp_path / "started.txt").unlink()
    # no stand-in: the build machine's own glibc
    assert _launch(tmp_path, built, None).returncode == 0
    assert (tmp_path / "started.txt").exists()


def test_on_an_old_glibc_the_player_reads_why_on_stderr_and_the_program_is_not_started(
        tmp_path, built):
    result = _launch(tmp_path, built, "2.28")
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "Urland needs a Linux system with the GNU C library (glibc) 2.31 or newer, such as "
        "Debian 11, Ubuntu 20.04 or later; this system has glibc 2.28.")
    assert not (tmp_path / "started.txt").exists()


def test_glibc_2_4_is_older_than_2_31_and_3_0_is_newer(tmp_path, built):
    assert _launch(tmp_path, built, "2.4").returncode == 1
    assert _launch(tmp_path, built, "3.0").returncode == 0
    assert _launch(tmp_path, built, "2.35.1").returncode == 0


def test_on_a_desktop_the_sentence_also_opens_in_a_window(tmp_path, built):
    _tool(tmp_path / "tools", "zenity", 'printf "%s\\n" "$@" > "$HOME/zenity.txt"')
    result = _launch(tmp_path, built, "2.28", DISPLAY=":0")
    assert result.returncode == 1
    shown = (tmp_path / "zenity.txt").read_text().splitlines()
    assert "--error" in shown
    assert "--title=Urland" in shown
    assert any(line.startswith("--text=Urland needs") and "2.31" in line for line in shown)


def test_xmessage_shows_it_where_neither_zenity_nor_kdialog_is_there(tmp_path, built):
    tools = tmp_path / "tools"
    _tool(tools, "xmessage", 'printf "%s\\n" "$@" > "$HOME/xmessage.txt"')
    (tools / "sh").symlink_to(shutil.which("sh"))  # for the stand-in itself
    result = _launch(tmp_path, built, "2.17", path=str(tools), WAYLAND_DISPLAY="wayland-0")
    assert result.returncode == 1
    assert "glibc 2.17" in (tmp_path / "xmessage.txt").read_text()


def test_the_sentence_follows_the_players_language(tmp_path, built):
    result = _launch(tmp_path, built, "2.28", LANG="de_DE.UTF-8")
    assert result.stderr.strip() == (
        "Urland braucht ein Linux mit der GNU-C-Bibliothek (glibc) 2.31 oder neuer, etwa "
        "Debian 11, Ubuntu 20.04 oder später; dein System hat glibc 2.28.")
    french = _launch(tmp_path, built, "2.28", LANG="de_DE.UTF-8", LC_ALL="fr_FR.UTF-8")
    # vous, as the game's French; a no-break space before the semicolon (docs/glossary.md)
    assert french.stderr.strip().endswith(" ou ultérieur\u00a0; votre système a la glibc 2.28.")


def test_the_launcher_finds_the_program_when_started_through_a_link(tmp_path, built):
    program = _program_folder(tmp_path / "Téléchargements" / "mon urland", built["launcher"])
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "urland").symlink_to(program / "urland")
    result = subprocess.run([str(tmp_path / "bin" / "urland")], capture_output=True, text=True,
                            env={"PATH": SYSTEM_PATH, "STARTED": str(tmp_path / "started.txt")},
                            timeout=30, check=False)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "started.txt").read_text().startswith("started")


def test_the_launcher_asks_only_for_old_glibc_symbols(built):
    # it must load (and say its sentence) on systems older than the program needs; built in
    # the Debian 11 base it asks for 2.2.5 only; here, the build machine's start-up code
    # (__libc_start_main) may ask for this machine's version, and nothing else may
    libc_start = re.compile(rb"__libc_start_main")
    assert libc_start.search(built["launcher"].read_bytes())
    needs = subprocess.run(["objdump", "-T", str(built["launcher"])], capture_output=True,
                           text=True, check=False).stdout if shutil.which("objdump") else ""
    newer = [line for line in needs.splitlines()
             if "GLIBC_" in line and "GLIBC_2.2.5" not in line
             and "__libc_start_main" not in line]
    assert newer == []


# install.sh: the menu entry


def _desktop_exec(entry: Path) -> list[str]:
    """The command line of a .desktop file's Exec= key, as a menu reads it (the Desktop Entry
    specification: the string's escapes, then quoting, then %% for %)."""
    value = next(line[5:] for line in entry.read_text().splitlines() if line.startswith("Exec="))
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    value = re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), value)
    return [argument.replace("%%", "%") for argument in shlex.split(value)]


@pytest.fixture
def unpacked(tmp_path, monkeypatch) -> Path:
    """The Linux tar.gz as archives.py makes it, unpacked into a download folder whose name
    has spaces, accents, an apostrophe and a percent sign; its program writes down that it
    was started."""
    program = tmp_path / "build" / "urland"
    program.mkdir(parents=True)
    _tool(program, "urland", 'echo started > "$HOME/started.txt"')
    monkeypatch.setattr(archives, "DIST", tmp_path / "build")
    archive = archives.linux_archive("9.8.7")
    downloads = tmp_path / "home" / "Mes téléchargements" / "l'Ürland 100%"
    downloads.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        tar.extractall(downloads, filter="data")
    return downloads / "urland-9.8.7-linux"


def _install(folder: Path, *args: str, **env: str):
    variables = {"PATH": SYSTEM_PATH, "HOME": str(folder.parents[2]), **env}
    return subprocess.run([str(folder / "install.sh"), *args], env=variables, cwd="/",
                          capture_output=True, text=True, timeout=30, check=False)


def test_the_menu_entry_starts_the_program_at_once_whatever_path_the_session_has(unpacked):
    home = unpacked.parents[2]
    result = _install(unpacked)
    assert result.returncode == 0, result.stderr
    entry = home / ".local" / "share" / "applications" / "urland.desktop"
    assert str(entry) in result.stdout
    command = _desktop_exec(entry)
    assert command == [str(unpacked / "urland" / "urland")]
    # started as a menu starts it: no PATH to find it by
    subprocess.run(command, env={"HOME": str(home), "PATH": ""}, check=True, timeout=30)
    assert (home / "started.txt").read_text() == "started\n"
    text = entry.read_text()
    assert "Name=Urland\n" in text
    assert "Icon=urland\n" in text
    assert f"TryExec={unpacked / 'urland' / 'urland'}\n" in text
    icon = home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps" / "urland.png"
    assert icon.read_bytes() == (unpacked / "urland.png").read_bytes()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils is not installed")
def test_the_installed_entry_is_a_valid_desktop_file(unpacked):
    _install(unpacked)
    entry = unpacked.parents[2] / ".local" / "share" / "applications" / "urland.desktop"
    result = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout


def test_an_absolute_xdg_data_home_is_where_the_entry_goes(unpacked, tmp_path):
    data = tmp_path / "data"
    assert _install(unpacked, XDG_DATA_HOME=str(data)).returncode == 0
    assert (data / "applications" / "urland.desktop").exists()
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / "urland.png").exists()


def test_uninstall_takes_the_entry_and_icon_away_and_keeps_the_saved_games(unpacked):
    home = unpacked.parents[2]
    saved = home / ".local" / "share" / "Urland" / "autosave.yaml"
    saved.parent.mkdir(parents=True)
    saved.write_text("turn: 3\n")
    _install(unpacked)
    result = _install(unpacked, "--uninstall")
    assert result.returncode == 0, result.stderr
    assert not (home / ".local" / "share" / "applications" / "urland.desktop").exists()
    assert not list((home / ".local" / "share" / "icons").rglob("urland.png"))
    assert saved.read_text() == "turn: 3\n"


def test_an_unknown_option_says_how_to_use_it_and_writes_nothing(unpacked):
    result = _install(unpacked, "--help-me")
    assert result.returncode == 2
    assert "usage: ./install.sh [--uninstall]" in result.stderr
    assert not (unpacked.parents[2] / ".local").exists()


def test_the_readme_tells_how_to_get_the_menu_entry(unpacked):
    readme = (unpacked / "README.txt").read_text()
    assert "run ./install.sh once, then start Urland from your desktop's menu" in readme
    assert "./install.sh --uninstall" in readme
    assert "Or run ./urland/urland from a terminal." in readme
    assert "urland/THIRD-PARTY-LICENSES.txt" in readme
    assert "glibc 2.31" in readme


# the glibc ceiling of the bundle


def _ceiling_by_bytes(path: Path) -> tuple[int, ...]:
    """The highest GLIBC_2.x named anywhere in the file: a rough reading of the same thing."""
    found = re.findall(rb"GLIBC_(\d+)\.(\d+)", path.read_bytes())
    return max((int(major), int(minor)) for major, minor in found)


def test_the_check_prints_the_ceiling_and_fails_above_the_allowed_glibc(tmp_path, capsys):
    bundle = tmp_path / "urland"
    bundle.mkdir()
    shutil.copy("/bin/ls", bundle / "ls")
    (bundle / "README.txt").write_text("not a program")
    expected = ".".join(map(str, _ceiling_by_bytes(bundle / "ls")))
    assert check_glibc.main([str(bundle), "--max", "9.0"]) == 0
    assert capsys.readouterr().out == f"glibc ceiling: {expected} (ls); allowed: 9.0\n"
    assert check_glibc.main([str(bundle), "--max", "2.1"]) == 1
    assert "ls asks for a glibc newer than 2.1" in capsys.readouterr().err


def test_a_bundled_libstdcxx_fails_the_check(tmp_path, capsys):
    bundle = tmp_path / "urland" / "_internal"
    bundle.mkdir(parents=True)
    (bundle / "libstdc++.so.6").write_bytes(b"\x7fELF")  # not parsable: named all the same
    assert check_glibc.main([str(bundle.parent), "--max", "9.0"]) == 1
    out = capsys.readouterr()
    assert "glibc ceiling: none" in out.out
    assert "_internal/libstdc++.so.6 belongs to the player's system" in out.err


def test_the_readme_is_dated_as_the_commit_it_was_built_from(unpacked):
    committed = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=PACKAGING.parent,
                               capture_output=True, text=True, check=True).stdout.strip()
    assert int((unpacked / "README.txt").stat().st_mtime) == int(committed)


def test_the_check_allows_what_the_launcher_asks_the_system_for():
    assert check_glibc.launcher_minimum() == (2, 31)


def test_a_missing_bundle_says_to_build_it_first(tmp_path, capsys):
    assert check_glibc.main([str(tmp_path / "dist" / "urland")]) == 1
    assert "build it first (make dist)" in capsys.readouterr().err



# the Debian 11 base the program is built in


def test_the_base_is_kept_in_the_users_cache_outside_the_clone(monkeypatch, tmp_path):
    import debian_base

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert debian_base.base_dir().parent == tmp_path / "cache" / "urland-build"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert debian_base.base_dir().parent == tmp_path / ".cache" / "urland-build"


def test_a_new_package_list_makes_a_new_base_instead_of_patching_the_old_one(monkeypatch):
    import debian_base

    before = debian_base.base_dir()
    monkeypatch.setattr(debian_base, "PACKAGES", (*debian_base.PACKAGES, "libgl1"))
    assert debian_base.base_dir() != before
    assert debian_base.base_dir().name.startswith("bullseye-")


def test_without_root_the_build_says_what_to_do_instead(monkeypatch, tmp_path):
    import debian_base

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(debian_base.os, "geteuid", lambda: 1000)
    with pytest.raises(debian_base.BaseError, match=r"needs root .*`make dist-host`"):
        debian_base.ensure_base()
    assert not list(tmp_path.iterdir())
