"""The third-party licences every download carries, generated from the build's own packages.

    python packaging/licenses.py python-packages OUT.json   # run by the build's own Python
    python packaging/licenses.py bundle FOLDER [--packages-json OUT.json]
    python packaging/licenses.py repository --packages-json OUT.json

`python-packages` finds what the game needs at run time (pyproject.toml's dependencies and
theirs, plus PyInstaller, whose bootloader starts every program) in the Python it runs in, and
asks `pip-licenses` for their versions, licences and texts. `bundle` writes
FOLDER/THIRD-PARTY-LICENSES.txt: those packages, CPython, and every native library found in the
folder (packaging/license_catalog.py names the component of each; an unknown one stops the
build), each with its notice, then the full licence texts. `repository` writes the copy at the
root of the repository, THIRD-PARTY-LICENSES.md, for the packages pinned in
packaging/windows-requirements.txt (`make dist-windows` runs it) and every component any bundle
may carry.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import textwrap
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

# the Windows build runs this file in an embeddable CPython, whose ._pth file leaves the
# script's own folder off sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))
import license_catalog as catalog

ROOT = Path(__file__).resolve().parent.parent
TEXTS = ROOT / "packaging" / "licenses"
BUNDLE_FILE = "THIRD-PARTY-LICENSES.txt"
REPOSITORY_FILE = ROOT / "THIRD-PARTY-LICENSES.md"
# started by PyInstaller's bootloader, which every built program carries
BUILD_PACKAGES = ("pyinstaller",)
# packages whose metadata holds no licence file: the full text appended at the end stands for it
KNOWN_TEXTS = {"pygame-ce": "LGPL-2.1"}


class LicenceError(Exception):
    """The licences of a bundle cannot be written; the message says which file or package."""


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    licence: str
    url: str
    text: str


def canonical(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def runtime_package_names() -> list[str]:
    """The game's run-time dependencies and theirs, as installed in this Python, and PyInstaller."""
    from packaging.requirements import Requirement

    with (ROOT / "pyproject.toml").open("rb") as f:
        wanted = [Requirement(line) for line in tomllib.load(f)["project"]["dependencies"]]
    found: dict[str, str] = {}
    while wanted:
        requirement = wanted.pop()
        if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
            continue
        key = canonical(requirement.name)
        if key in found:
            continue
        found[key] = metadata.distribution(requirement.name).metadata["Name"]
        wanted.extend(Requirement(line) for line in metadata.requires(requirement.name) or [])
    for name in BUILD_PACKAGES:
        found.setdefault(canonical(name), metadata.distribution(name).metadata["Name"])
    return sorted(found.values(), key=canonical)


def query_packages(out: Path) -> None:
    """pip-licenses' answer for the run-time packages of this Python, written to `out`."""
    names = runtime_package_names()
    command = [sys.executable, "-m", "piplicenses", "--packages", *names, "--with-urls",
               "--with-license-file", "--no-license-path", "--format=json"]
    answer = subprocess.run(command, capture_output=True, check=False)
    if answer.returncode != 0:
        raise LicenceError(f"pip-licenses failed: {answer.stderr.decode(errors='replace')}")
    packages = json.loads(answer.stdout.decode("utf-8"))
    missing = {canonical(n) for n in names} - {canonical(p["Name"]) for p in packages}
    if missing:
        raise LicenceError(f"pip-licenses found no {', '.join(sorted(missing))}")
    out.write_text(json.dumps({"python": platform.python_version(), "packages": packages},
                              indent=1, ensure_ascii=False), encoding="utf-8")


def read_packages(path: Path) -> tuple[str, list[Package]]:
    """The CPython version and the packages of a `python-packages` answer."""
    data = json.loads(path.read_text(encoding="utf-8"))
    packages = []
    for item in data["packages"]:
        text = item.get("LicenseText", "UNKNOWN")
        if text == "UNKNOWN":
            fallback = KNOWN_TEXTS.get(canonical(item["Name"]))
            if fallback is None:
                raise LicenceError(f"{item['Name']} has no licence text in its metadata")
            text = f"{item['Name']} is under the {fallback}; its full text is at the end.\n"
        packages.append(Package(item["Name"], item["Version"], item["License"],
                                item.get("URL", ""), text))
    return data["python"], sorted(packages, key=lambda p: canonical(p.name))


def is_python_extension(relative: Path) -> bool:
    name = relative.name.lower()
    return name.endswith(".pyd") or ".cpython-" in name or ".abi3." in name


def native_components(folder: Path) -> dict[catalog.Component, list[str]]:
    """Each component found in the bundle, with its files; an unknown library is an error."""
    found: dict[catalog.Component, list[str]] = {catalog.CPYTHON: []}
    unknown = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if not path.is_file() or not catalog.is_native_library(path.name):
            continue
        if is_python_extension(relative):
            continue  # a module of CPython or of one of the packages above
        component = catalog.component_of(path.name)
        if component is None:
            unknown.append(relative.as_posix())
        else:
            found.setdefault(component, []).append(relative.as_posix())
    if unknown:
        raise LicenceError("no licence is known for " + ", ".join(unknown)
                           + ": name its component in packaging/license_catalog.py")
    return {c: found[c] for c in catalog.COMPONENTS if c in found}


def notice(key: str) -> str:
    return (TEXTS / f"{key}.txt").read_text(encoding="utf-8").rstrip() + "\n"


@dataclass
class Writer:
    """Plain text for the bundles, Markdown for the repository copy."""

    markdown: bool
    parts: list[str]

    def heading(self, text: str, level: int = 2) -> None:
        if self.markdown:
            self.parts.append(f"\n{'#' * level} {text}\n\n")
        else:
            rule = "=" if level <= 2 else "-"
            self.parts.append(f"\n\n{text}\n{rule * len(text)}\n\n")

    def line(self, text: str) -> None:
        self.parts.append(f"- {text}\n" if self.markdown else f"  {text}\n")

    def block(self, text: str) -> None:
        self.parts.append(f"```text\n{text}```\n" if self.markdown else text)


INTRO_START = ("Urland is built with the programs and libraries below, the work of their authors "
               "under their own licences (Urland's own code has no licence yet). Each is listed "
               "with its licence; its notice and licence text follow. ")
# Several notices were written for Debian and point to /usr/share/common-licenses/NAME; what
# that means depends on the system the text is read on
WHERE_FULL_TEXTS = {
    "linux": ("Where a notice points to /usr/share/common-licenses/NAME (a Debian folder), the "
              "full texts of the LGPL-2.1, GPL-2, GPL-3 and Apache-2.0 are at the end; "),
    "windows": ("Some notices were written for Linux and point to a folder "
                "/usr/share/common-licenses that Windows does not have: the full texts of the "
                "LGPL-2.1, GPL-2, GPL-3 and Apache-2.0 they mean are at the end of this file, "
                "THIRD-PARTY-LICENSES.txt in Urland's folder; "),
}
INTRO_END = ("the other licences named there cover parts of those projects (build scripts, "
             "documentation) that Urland does not carry.\n")


def intro(system: str) -> str:
    """The opening paragraph, in the words of the system the bundle is for."""
    return INTRO_START + WHERE_FULL_TEXTS[system] + INTRO_END


def render(title: str, python: str, packages: list[Package],
           components: dict[catalog.Component, list[str]], markdown: bool,
           system: str = "linux") -> str:
    opening = intro(system)
    opening = opening if markdown else textwrap.fill(opening, 78) + "\n"
    out = Writer(markdown, [f"# {title}\n\n" if markdown else f"{title}\n{'=' * len(title)}\n\n",
                            opening])
    out.heading("Python packages")
    for p in packages:
        out.line(f"{p.name} {p.version}: {p.licence}" + (f" ({p.url})" if p.url else ""))
    out.heading("CPython and the native libraries")
    for component, files in components.items():
        version = f" {python}" if component is catalog.CPYTHON else ""
        out.line(f"{component.name}{version}: {component.licence}")
        for name in files:
            out.parts.append(f"  - `{name}`\n" if markdown else f"      {name}\n")
    out.heading("Notices and licence texts")
    for p in packages:
        out.heading(f"{p.name} {p.version}", 3)
        out.block(p.text.rstrip() + "\n")
    for component in components:
        out.heading(component.name, 3)
        out.block(notice(component.key))
    out.heading("Full licence texts")
    for key in catalog.FULL_TEXTS:
        out.heading(key, 3)
        out.block(notice(key))
    return "".join(out.parts)


def write_bundle(folder: Path, packages_json: Path, version: str,
                 target: Path | None = None) -> Path:
    """The licences of the bundle in FOLDER, into FOLDER/THIRD-PARTY-LICENSES.txt (or `target`)."""
    python, packages = read_packages(packages_json)
    windows = _for_windows(folder)
    text = render(f"Third-party licences of Urland {version}", python, packages,
                  native_components(folder), markdown=False,
                  system="windows" if windows else "linux")
    target = target or folder / BUNDLE_FILE
    target.write_text(text, encoding="utf-8", newline="\r\n" if windows else "\n")
    return target


def _for_windows(folder: Path) -> bool:
    return any(folder.glob("*.exe"))


def repository_text(python: str, packages: list[Package]) -> str:
    components: dict[catalog.Component, list[str]] = {c: [] for c in catalog.COMPONENTS}
    return render("Third-party licences", python, packages, components, markdown=True)


def write_repository(packages_json: Path) -> Path:
    python, packages = read_packages(packages_json)
    REPOSITORY_FILE.write_text(repository_text(python, packages), encoding="utf-8")
    return REPOSITORY_FILE


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)["project"]["version"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("python-packages").add_argument("out", type=Path)
    bundle = sub.add_parser("bundle")
    bundle.add_argument("folder", type=Path)
    bundle.add_argument("--packages-json", type=Path)
    bundle.add_argument("--out", type=Path, help="where the file goes (default: in FOLDER)")
    sub.add_parser("repository").add_argument("--packages-json", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "python-packages":
            query_packages(args.out)
        elif args.command == "bundle":
            answer = args.packages_json or ROOT / "build" / "python-packages.json"
            if args.packages_json is None:
                answer.parent.mkdir(parents=True, exist_ok=True)
                query_packages(answer)
            print(f"{write_bundle(args.folder, answer, project_version(), args.out)}")
        else:
            print(f"{write_repository(args.packages_json)}")
    except LicenceError as err:
        print(f"licences: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
