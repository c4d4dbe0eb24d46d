"""Check that the built Linux program runs on glibc 2.31: no ELF file in the bundle may ask for a
newer glibc symbol version, and none of the libraries the player's system must provide may be in it.

    python packaging/check_glibc.py [dist/urland] [--max 2.31]

It prints the highest GLIBC_x.y that any file asks for (the ceiling) and the file that asks for
it, and ends with exit code 1 when that is above --max or a system library was bundled.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerNeedSection

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "packaging" / "linux" / "launcher.c"
GLIBC = re.compile(r"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?")
# the libraries a bundle must leave to the player's system (see packaging/pyinstaller.spec)
SYSTEM_LIBRARIES = re.compile(r"(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|libGL"
                              r"|libGLX|libEGL|libX11|libxcb)\.so(\..*)?")

Version = tuple[int, ...]


@dataclass(frozen=True)
class Need:
    """The highest glibc version one file asks for."""

    version: Version
    path: Path


def parse_version(text: str) -> Version:
    return tuple(int(part) for part in text.split("."))


def shown(version: Version) -> str:
    return ".".join(str(part) for part in version)


def launcher_minimum() -> Version:
    """The glibc version the launcher asks the player's system for (its REQUIRED_GLIBC)."""
    match = re.search(r'^#define REQUIRED_GLIBC "([\d.]+)"$', LAUNCHER.read_text(), re.MULTILINE)
    if match is None:
        raise SystemExit(f"{LAUNCHER.name} has no REQUIRED_GLIBC line")
    return parse_version(match.group(1))


def glibc_needs(path: Path) -> Version | None:
    """The highest GLIBC_x.y among the versions the ELF file at `path` needs, or None when it
    is no ELF file or needs no versioned glibc symbol."""
    with path.open("rb") as stream:
        if stream.read(4) != b"\x7fELF":
            return None
        stream.seek(0)
        try:
            elf = ELFFile(stream)
            highest: Version | None = None
            for section in elf.iter_sections():
                if not isinstance(section, GNUVerNeedSection):
                    continue
                for _needed, auxiliaries in section.iter_versions():
                    for auxiliary in auxiliaries:
                        match = GLIBC.fullmatch(auxiliary.name)
                        if match:
                            version = tuple(int(g) for g in match.groups() if g is not None)
                            highest = max(highest or version, version)
            return highest
        except ELFError:
            return None


def ceiling(folder: Path) -> Need | None:
    """The highest glibc version any file under `folder` needs, with that file."""
    needs = [Need(version, path) for path in sorted(folder.rglob("*"))
             if path.is_file() and not path.is_symlink()
             and (version := glibc_needs(path)) is not None]
    return max(needs, key=lambda need: need.version, default=None)


def bundled_system_libraries(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if SYSTEM_LIBRARIES.fullmatch(path.name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "dist" / "urland")
    parser.add_argument("--max", type=parse_version, default=None,
                        help="the newest glibc allowed (default: the launcher's REQUIRED_GLIBC)")
    args = parser.parse_args(argv)
    allowed = args.max or launcher_minimum()
    if not args.folder.is_dir():
        print(f"{args.folder} is no folder: build it first (make dist)", file=sys.stderr)
        return 1
    problems = [f"{path.relative_to(args.folder)} belongs to the player's system, not the bundle"
                for path in bundled_system_libraries(args.folder)]
    need = ceiling(args.folder)
    if need is None:
        print(f"glibc ceiling: none (no file in {args.folder} asks for a glibc version)")
    else:
        print(f"glibc ceiling: {shown(need.version)} ({need.path.relative_to(args.folder)}); "
              f"allowed: {shown(allowed)}")
        if need.version > allowed:
            too_new = sorted(path.relative_to(args.folder) for path in args.folder.rglob("*")
                             if path.is_file() and not path.is_symlink()
                             and (glibc_needs(path) or ()) > allowed)
            problems += [f"{path} asks for a glibc newer than {shown(allowed)}" for path in too_new]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
