"""The downloads the release workflow (.github/workflows/release.yml) makes on each runner.

    python packaging/release_assets.py windows          # after PyInstaller on Windows
    python packaging/release_assets.py macos ARCH       # after PyInstaller on macOS (arm64, x86_64)
    python packaging/release_assets.py checksums DIR    # DIR/SHA256SUMS of every file in DIR

`windows` puts PyInstaller's dist/urland/ beside the launcher in dist/windows/urland/, writes
the licences there, zips it (dist/urland-<version>-windows.zip) and makes the setup program with
NSIS, as `make dist-windows` does under Wine.
`macos` writes the licences into Urland.app/Contents/Resources/ and packs the app, the licences
and a link to /Applications into dist/urland-<version>-macos-<ARCH>.dmg (hdiutil).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import licenses
from archives import project_version, zip_folder

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def windows(version: str) -> list[Path]:
    import build_windows  # NSIS and the installer's art (Pillow): only this step needs them

    made = DIST / "urland"
    if not (made / build_windows.PROGRAM_EXE).exists():
        raise SystemExit(f"dist/urland/{build_windows.PROGRAM_EXE} is missing: "
                         "run PyInstaller first")
    program = DIST / "windows" / "urland"
    build_windows.assemble(made, program, version)  # the launcher beside program/
    if licenses.main(["bundle", str(program)]) != 0:
        raise SystemExit(1)
    archive = zip_folder(program, DIST / f"urland-{version}-windows.zip")
    return [archive, build_windows.installer(version, program)]


def macos(version: str, arch: str) -> list[Path]:
    app = DIST / "Urland.app"
    if not (app / "Contents" / "MacOS" / "urland").exists():
        raise SystemExit("dist/Urland.app is missing: run PyInstaller first")
    inside = app / "Contents" / "Resources" / licenses.BUNDLE_FILE
    if licenses.main(["bundle", str(app), "--out", str(inside)]) != 0:
        raise SystemExit(1)
    stage = ROOT / "build" / "dmg"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    subprocess.run(["ditto", str(app), str(stage / "Urland.app")], check=True)
    shutil.copy(inside, stage / licenses.BUNDLE_FILE)
    (stage / "Applications").symlink_to("/Applications")
    image = DIST / f"urland-{version}-macos-{arch}.dmg"
    image.unlink(missing_ok=True)
    subprocess.run(["hdiutil", "create", "-volname", "Urland", "-srcfolder", str(stage),
                    "-fs", "HFS+", "-format", "UDZO", "-ov", str(image)], check=True)
    return [image]


def checksums(folder: Path) -> Path:
    """SHA256SUMS in the format `sha256sum -c` reads."""
    lines = []
    for path in sorted(p for p in folder.iterdir() if p.is_file() and p.name != "SHA256SUMS"):
        lines.append(f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.name}\n")
    target = folder / "SHA256SUMS"
    target.write_text("".join(lines), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("windows")
    sub.add_parser("macos").add_argument("arch", choices=["arm64", "x86_64"])
    sub.add_parser("checksums").add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "checksums":
        made = [checksums(args.folder)]
    elif args.command == "windows":
        made = windows(project_version())
    else:
        made = macos(project_version(), args.arch)
    for path in made:
        print(f"{path}: {path.stat().st_size / 2**20:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
