"""The archives a player downloads, made from the built program folder.

    python packaging/archives.py linux     # dist/urland-<version>-linux.tar.gz (after make dist)

The Windows zip is made by packaging/build_windows.py with `zip_folder`.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

LINUX_README = """\
Urland {version} for Linux (x86-64) with glibc 2.31 or newer (Debian 11, Ubuntu 20.04 and later)

Play: run ./install.sh once, then start Urland from your desktop's menu
(./install.sh --uninstall takes it out again). Or run ./urland/urland from a terminal.

Your saved games, history and settings are kept in ~/.local/share/Urland and ~/.config/Urland;
deleting this folder never touches them.

Licences: Urland's own code has no licence yet. The programs and libraries it is built with
are each under their own licence: see urland/THIRD-PARTY-LICENSES.txt.
"""


def commit_time() -> int:
    """When the checkout's last commit was made (seconds since 1970), the date the files the
    build writes itself carry; the time of the build where git cannot tell."""
    try:
        answer = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT,
                                capture_output=True, text=True, check=True, timeout=30)
        return int(answer.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return int(time.time())


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)["project"]["version"]


def zip_folder(folder: Path, archive: Path) -> Path:
    """`folder` and everything in it, under its own name, into a zip."""
    archive.unlink(missing_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for path in sorted(folder.rglob("*")):
            z.write(path, path.relative_to(folder.parent))
    return archive


def _add_text(tar: tarfile.TarFile, name: str, text: str, mtime: int) -> None:
    data = text.encode("utf-8")
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    info.mtime = mtime
    tar.addfile(info, io.BytesIO(data))


def linux_archive(version: str, program: Path | None = None, dist: Path | None = None) -> Path:
    """dist/urland-<version>-linux.tar.gz: the program folder (dist/urland), the .desktop file,
    the icon, install.sh (the menu entry) and a short README, all in one top folder."""
    dist = dist or DIST
    program = program or dist / "urland"
    if not (program / "urland").exists():
        raise SystemExit(f"{program / 'urland'} is missing: run `make dist` first")
    top = f"urland-{version}-linux"
    archive = dist / f"{top}.tar.gz"
    partial = archive.with_name(archive.name + ".partial")  # a cut-off build leaves no archive
    with tarfile.open(partial, "w:gz") as tar:
        tar.add(program, f"{top}/urland")
        tar.add(ROOT / "packaging" / "urland.desktop", f"{top}/urland.desktop")
        tar.add(ROOT / "assets" / "sprites" / "icon.png", f"{top}/urland.png")
        tar.add(ROOT / "packaging" / "linux" / "install.sh", f"{top}/install.sh")
        _add_text(tar, f"{top}/README.txt", LINUX_README.format(version=version), commit_time())
    partial.replace(archive)
    return archive


def unpacked_size(archive: Path) -> int:
    with tarfile.open(archive) as tar:
        return sum(member.size for member in tar.getmembers())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system", choices=["linux"])
    parser.parse_args(argv)
    archive = linux_archive(project_version())
    print(f"{archive.relative_to(ROOT)}: {archive.stat().st_size / 2**20:.1f} MB, "
          f"{unpacked_size(archive) / 2**20:.1f} MB unpacked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
