"""The third-party licences every download carries (packaging/licenses.py) and the repository's
copy of them, THIRD-PARTY-LICENSES.md."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import build_windows  # noqa: E402
import license_catalog  # noqa: E402
import licenses  # noqa: E402


def fake_answer(tmp_path: Path) -> Path:
    """What `licenses.py python-packages` writes, for two packages."""
    answer = tmp_path / "python-packages.json"
    answer.write_text(json.dumps({"python": "3.11.9", "packages": [
        {"Name": "pygame-ce", "Version": "2.5.8", "License": "LGPL", "URL": "https://pyga.me",
         "LicenseText": "UNKNOWN"},
        {"Name": "PyYAML", "Version": "6.0.3", "License": "MIT License", "URL": "",
         "LicenseText": "Copyright (c) 2017-2021 Ingy dot Net\n"}]}))
    return answer


def test_a_bundle_lists_every_native_library_it_holds_with_its_licence(tmp_path):
    program = tmp_path / "urland"
    libs = program / "_internal" / "pygame_ce.libs"
    libs.mkdir(parents=True)
    for name in ("libSDL2-2-50d19f93.0.so.0.3200.10", "libfluidsynth-2d6ca569.so.3.5.6"):
        (libs / name).write_bytes(b"\x7fELF")
    (program / "_internal" / "libpython3.11.so.1.0").write_bytes(b"\x7fELF")
    (program / "_internal" / "yaml").mkdir()
    (program / "_internal" / "yaml" / "_yaml.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")

    target = licenses.write_bundle(program, fake_answer(tmp_path), "0.1.0")

    text = target.read_text(encoding="utf-8")
    assert target == program / "THIRD-PARTY-LICENSES.txt"
    assert "pygame-ce 2.5.8: LGPL" in text and "PyYAML 6.0.3: MIT License" in text
    assert "CPython (the Python interpreter and standard library) 3.11.9" in text
    assert "_internal/pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10" in text
    assert "FluidSynth: LGPL-2.1-or-later" in text
    assert "Copyright (c) 2017-2021 Ingy dot Net" in text  # PyYAML's own text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text  # stands for pygame-ce's and FluidSynth's
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text
    assert "HarfBuzz" not in text  # not in this bundle


def test_a_library_with_no_known_licence_stops_the_build_by_its_name(tmp_path):
    program = tmp_path / "urland"
    (program / "_internal").mkdir(parents=True)
    (program / "_internal" / "libmystery-1a2b.so.3").write_bytes(b"\x7fELF")
    with pytest.raises(licenses.LicenceError, match=re.escape("libmystery-1a2b.so.3")):
        licenses.write_bundle(program, fake_answer(tmp_path), "0.1.0")


def test_a_package_with_no_licence_text_and_no_stand_in_stops_the_build(tmp_path):
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"python": "3.11.9", "packages": [
        {"Name": "mystery", "Version": "1", "License": "?", "LicenseText": "UNKNOWN"}]}))
    with pytest.raises(licenses.LicenceError, match="mystery"):
        licenses.read_packages(answer)


def test_the_windows_libraries_each_belong_to_a_component():
    built = ["SDL2.dll", "SDL2_mixer.dll", "VCRUNTIME140.dll", "freetype.dll", "libcrypto-3.dll",
             "libffi-8.dll", "libjpeg-62.dll", "libogg-0.dll", "libopus-0.dll",
             "libopusfile-0.dll", "libpng16-16.dll", "libssl-3.dll", "libtiff-5.dll",
             "libwavpack-1.dll", "libwebp-7.dll", "libwebpdemux-2.dll", "libxmp.dll",
             "portmidi.dll", "python311.dll"]
    owners = {name: license_catalog.component_of(name) for name in built}
    assert None not in owners.values(), owners
    assert owners["libopus-0.dll"].key == "opus" and owners["libopusfile-0.dll"].key == "opusfile"


def test_every_notice_and_full_text_is_in_the_repository():
    keys = [c.key for c in license_catalog.COMPONENTS] + list(license_catalog.FULL_TEXTS)
    for key in keys:
        assert (licenses.TEXTS / f"{key}.txt").stat().st_size > 200, key


def repository_packages() -> dict[str, str]:
    text = licenses.REPOSITORY_FILE.read_text(encoding="utf-8")
    listed = text.split("## Python packages", 1)[1].split("\n## ", 1)[0]
    return dict(re.findall(r"^- (\S+) (\S+): ", listed, flags=re.MULTILINE))


def test_the_repository_copy_is_current_for_the_pinned_packages():
    pins = dict(pin.split("==") for pin in build_windows.pinned_requirements())
    listed = repository_packages()
    with (ROOT / "pyproject.toml").open("rb") as f:
        direct = {re.split(r"[<>=!~ ;\[]", d, maxsplit=1)[0].lower()
                  for d in tomllib.load(f)["project"]["dependencies"]}
    assert direct | {"pyinstaller"} <= {name.lower() for name in listed}
    for name, version in listed.items():
        assert pins.get(name) == version, f"{name} {version} is pinned at {pins.get(name)}"


def test_the_repository_copy_names_every_component_any_bundle_may_carry():
    text = licenses.REPOSITORY_FILE.read_text(encoding="utf-8")
    for component in license_catalog.COMPONENTS:
        assert f"- {component.name}" in text and f"### {component.name}" in text


def test_the_project_claims_no_licence_of_its_own_yet():
    with (ROOT / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)["project"]
    assert "license" not in project
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "has no licence yet" in readme and "THIRD-PARTY-LICENSES.md" in readme
    assert "MIT" not in (ROOT / "packaging" / "pyinstaller.spec").read_text()


def test_the_windows_licences_speak_of_windows_files_and_the_linux_ones_of_debian(tmp_path):
    windows = tmp_path / "windows" / "urland"
    (windows / "program" / "_internal").mkdir(parents=True)
    (windows / "urland.exe").write_bytes(b"MZ")
    (windows / "program" / "_internal" / "python311.dll").write_bytes(b"MZ")
    linux = tmp_path / "linux" / "urland"
    (linux / "_internal").mkdir(parents=True)
    (linux / "_internal" / "libpython3.11.so.1.0").write_bytes(b"\x7fELF")

    def opening(folder):
        text = licenses.write_bundle(folder, fake_answer(tmp_path), "0.1.0").read_text("utf-8")
        return " ".join(text.split("Python packages")[0].split())

    on_windows = opening(windows)
    assert "a folder /usr/share/common-licenses that Windows does not have" in on_windows
    assert "THIRD-PARTY-LICENSES.txt in Urland's folder" in on_windows
    assert "(a Debian folder)" not in on_windows
    assert "/usr/share/common-licenses/NAME (a Debian folder)" in opening(linux)
