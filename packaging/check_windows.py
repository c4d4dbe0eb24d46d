"""Check the Windows build under Wine, as a player would use it (run by .ci/run after
`make dist-windows`):

    python packaging/check_windows.py

1. unzips dist/urland-<version>-windows.zip outside the source tree and plays a whole
   autoplayed game with its urland.exe (once more with its output sent to a file, as
   `wine urland.exe > log` does); the zip's README.txt names urland.exe; started alone, as
   Explorer starts it from inside the zip, that urland.exe must end with the launcher's
   "extract the folder first" (exit code 3);
2. installs dist/urland-<version>-windows-setup.exe silently (/S), checks the Start-menu and
   desktop shortcuts and the Apps & features entry, and plays a game with the installed program,
   once with URLAND_HOME and once in the Windows user folders;
3. uninstalls silently and checks that the program, its shortcuts and its entry are gone while
   the player's history is kept.

Each game must end with exit code 0 and leave its record in history/.
"""

from __future__ import annotations

import getpass
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import wine
from archives import project_version
from build_windows import DIST, PREFIX

UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Urland"
GAME = ["--autoplay", "--seats", "ai,ai,ai", "--seed", "2", "--quit-when-over"]


def user_folder() -> Path:
    """The Wine user's C:\\users\\<name>."""
    return PREFIX / "drive_c" / "users" / getpass.getuser()


def play_into_file(exe: Path, home: Path, where: Path) -> None:
    """A whole autoplayed game with the program's output sent to a file by the Linux shell, the
    standard handles Wine gives a Windows program without a Windows name (see launcher.nsi)."""
    env = wine.environment(PREFIX, {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                    "URLAND_HOME": wine.windows_path(home)})
    log = where / "redirected.log"
    with log.open("wb") as out:
        done = subprocess.run(["wine", str(exe), *GAME], cwd=where, env=env,
                              stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                              check=False, timeout=600)
    said = log.read_text("utf-8", "replace").strip()
    if done.returncode != 0 or not list((home / "history").glob("*.yaml")):
        raise wine.BuildError(f"with its output in a file, {exe.name} ended with exit code "
                              f"{done.returncode} and no record: {said[-300:]}")


def play(exe: Path, home: Path | None, where: Path) -> None:
    """A whole autoplayed game, headless; its record must land in `home`/history (or in the
    Windows user folder when `home` is None)."""
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if home is not None:
        env["URLAND_HOME"] = wine.windows_path(home)
    history = (home or user_folder() / "AppData" / "Local" / "Urland") / "history"
    before = set(history.glob("*.yaml"))
    started = time.monotonic()
    wine.run(PREFIX, [exe, *GAME], cwd=where, extra_env=env, timeout=600)
    records = set(history.glob("*.yaml")) - before
    if not records:
        raise wine.BuildError(f"{exe.name} ended without a record in {history}")
    print(f"  a whole game in {time.monotonic() - started:.0f} s, exit code 0, "
          f"record {history.name}/{sorted(records)[0].name}")


def registered() -> bool:
    query = subprocess.run(["wine", "reg", "query", UNINSTALL_KEY], env=wine.environment(PREFIX),
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, check=False, timeout=120)
    return query.returncode == 0 and b"UninstallString" in query.stdout


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise wine.BuildError(message)
    print(f"  ok: {message}")


def windows_subsystem(exe: Path) -> int:
    """The PE header's subsystem: 2 is a windowed program (no console), 3 a console one."""
    data = exe.read_bytes()[:4096]
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    if data[pe:pe + 4] != b"PE\0\0":
        raise wine.BuildError(f"{exe.name} is not a Windows program")
    return struct.unpack_from("<H", data, pe + 24 + 68)[0]


def launcher_code(exe: Path) -> int:
    """The exit code of the launcher `exe`, its message box replaced by exit code 3."""
    env = wine.environment(PREFIX, {"URLAND_LAUNCHER_CHECK": "1"})
    done = subprocess.run(["wine", str(exe)], cwd=exe.parent, env=env, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False,
                          timeout=120)
    return done.returncode


def holds_licences(folder: Path) -> bool:
    """THIRD-PARTY-LICENSES.txt is there and names SDL2, CPython and pygame-ce."""
    path = folder / "THIRD-PARTY-LICENSES.txt"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return all(name in text for name in ("SDL2", "CPython", "pygame-ce", "GNU LESSER GENERAL"))


def check_zip(version: str, outside: Path) -> None:
    print("the zip: unpacked outside the source tree, urland.exe plays a game")
    with zipfile.ZipFile(DIST / f"urland-{version}-windows.zip") as archive:
        archive.extractall(outside / "unzipped")
    exe = outside / "unzipped" / "urland" / "urland.exe"
    expect(windows_subsystem(exe) == 2, "urland.exe is a windowed program: no console opens")
    expect(holds_licences(exe.parent), "the zip holds the third-party licences")
    readme = exe.parent / "README.txt"
    expect(readme.exists() and "double-click urland.exe" in readme.read_text("utf-8"),
           "the zip's README.txt says which program to start")
    play(exe, outside / "zip-home", outside)
    play_into_file(exe, outside / "redirected-home", outside)
    print("  ok: with its output sent to a file, urland.exe plays a whole game")
    alone = outside / "Temp" / f"Temp1_urland-{version}-windows.zip" / "urland" / "urland.exe"
    alone.parent.mkdir(parents=True)
    shutil.copy(exe, alone)  # what Explorer runs on a double-click inside the zip
    expect(launcher_code(alone) == 3, "started from inside the zip: 'extract the folder first'")


def check_installer(version: str, outside: Path) -> None:
    print("the setup program: silent install, play, silent uninstall")
    setup = DIST / f"urland-{version}-windows-setup.exe"
    installed = user_folder() / "AppData" / "Local" / "Programs" / "Urland"
    start_menu = (user_folder() / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu"
                  / "Programs" / "Urland.lnk")
    desktop = user_folder() / "Desktop" / "Urland.lnk"
    wine.run(PREFIX, [setup, "/S"], cwd=outside)
    wine.wait_idle(PREFIX)
    exe = installed / "urland.exe"
    expect(exe.exists(), "installed into the user's programs folder, no administrator rights")
    expect(start_menu.exists(), "Start-menu shortcut")
    expect(desktop.resolve().exists(), "desktop shortcut")
    expect(registered(), "uninstaller registered in Apps & features")
    expect(holds_licences(installed), "the installed folder holds the third-party licences")
    play(exe, outside / "installed-home", outside)
    kept = user_folder() / "AppData" / "Local" / "Urland" / "history"
    # the same game recorded by an earlier check in this kept prefix would be found, not written
    # again: start from empty user folders
    shutil.rmtree(kept.parent, ignore_errors=True)
    play(exe, None, outside)  # the Windows user folders (platformdirs)

    wine.run(PREFIX, [installed / "uninstall.exe", "/S"], cwd=outside)
    wine.wait_idle(PREFIX)  # the uninstaller goes on from a copy of itself in a temporary folder
    expect(not installed.exists(), "uninstalled: the program's folder is gone")
    expect(not start_menu.exists() and not desktop.exists(), "uninstalled: the shortcuts are gone")
    expect(not registered(), "uninstalled: gone from Apps & features")
    expect(any(kept.glob("*.yaml")), "uninstalled: the player's history is kept")


def main() -> int:
    started = time.monotonic()
    version = project_version()
    outside = Path(tempfile.mkdtemp(prefix="urland-windows-check-"))
    try:
        wine.require_tools("wine")
        check_zip(version, outside)
        check_installer(version, outside)
    except wine.BuildError as err:
        print(f"Windows check failed: {err}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(outside, ignore_errors=True)
    print(f"Windows check passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
