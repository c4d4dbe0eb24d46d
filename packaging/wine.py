"""Running Windows programs under Wine for the Windows build and its checks.

Every call gets its own Wine prefix (kept in the build cache, never the user's ~/.wine), no Wine
Mono/Gecko install prompts, no desktop entries written into the Linux menus, and standard streams
that are pipes: Windows CPython under Wine stops at start-up ("init_sys_streams") when they are
files or /dev/null.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

INSTALL_HINT = ("On Debian or Ubuntu, as root:\n"
                "    apt-get update && apt-get install -y wine wine64 nsis")


class BuildError(Exception):
    """A step of the Windows build or check failed; the message says which and why."""


def require_tools(*names: str) -> None:
    """Stop with the install command when wine or makensis is missing."""
    missing = [name for name in names if shutil.which(name) is None]
    if missing:
        raise BuildError(f"{', '.join(missing)} not found. {INSTALL_HINT}")


def environment(prefix: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "WINEPREFIX": str(prefix),
        "WINEDEBUG": "-all",
        "WINEARCH": "win64",
        # no Mono/Gecko download prompt, no .desktop files for the shortcuts the setup makes
        "WINEDLLOVERRIDES": "mscoree,mshtml=;winemenubuilder.exe=d",
        "PYTHONUTF8": "1",
    })
    env.update(extra or {})
    return env


def windows_path(path: Path) -> str:
    """A Linux path as Windows programs under Wine see it (drive Z: is the Linux root)."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def run(prefix: Path, args: Sequence[str | Path], *, cwd: Path | None = None,
        extra_env: dict[str, str] | None = None, timeout: float = 900,
        echo: bool = True, hide: tuple[str, ...] = ()) -> str:
    """Run `wine args...`, streams as pipes, echoing its output (but lines holding any of
    `hide`); raise BuildError on failure."""
    command = ["wine", *map(str, args)]
    proc = subprocess.Popen(command, cwd=cwd, env=environment(prefix, extra_env),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.close()
    output = []
    try:
        for raw in proc.stdout:
            line = raw.decode("utf-8", "replace")
            output.append(line)
            if echo and not any(part in line for part in hide):
                sys.stdout.write(line)
                sys.stdout.flush()
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired as err:
        proc.kill()
        raise BuildError(f"timed out after {timeout:.0f} s: {' '.join(command)}") from err
    if code != 0:
        raise BuildError(f"exit code {code}: {' '.join(command)}")
    return "".join(output)


def wait_idle(prefix: Path) -> None:
    """Wait until every Windows process of the prefix has ended (e.g. an uninstaller that
    copied itself to a temporary folder and went on from there)."""
    subprocess.run(["wineserver", "-w"], env=environment(prefix), check=False, timeout=300)
