"""Build the Linux program so that it starts on glibc 2.31 and newer: `make dist`.

    python packaging/build_linux.py

Each stage is done once and kept (see packaging/debian_base.py for where):
1. base: a Debian 11 (bullseye) tree made with debootstrap, with compilers and -dev packages;
2. python: CPython 3.11 built in it from Debian 12's own source package of python3.11 (the
   upstream tarball and Debian's fixes since that release; Debian's own layout patches are left
   out, as this CPython lives in /opt);
3. venv: the game's dependencies and PyInstaller, installed there by pip from PyPI (manylinux
   wheels); pip brings them up to date on every build, which costs seconds when nothing changed;
4. bundle: PyInstaller run in the base on packaging/pyinstaller.spec, into dist/urland/, and
   the third-party licences of what it holds (packaging/licenses.py, by the base's Python);
5. archive: dist/urland-<version>-linux.tar.gz (packaging/archives.py).
It prints how long each stage took.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import debian_base
from archives import linux_archive, project_version, unpacked_size

ROOT = Path(__file__).resolve().parent.parent
PYTHON_PREFIX = "/opt/python3.11"
VENV = "/opt/urland-venv"
PYTHON_READY = f"{PYTHON_PREFIX}/.urland-python-ready"
# Debian's series first holds its own patches (install layout, multiarch, ...), then, from
# this one on, the fixes taken from upstream CPython (crashes, then every CVE).
FIRST_UPSTREAM_FIX = "shutdown-deadlock.diff"

FETCH_SOURCE = """
mkdir -p /build/apt/lists/partial /build/source
echo 'deb-src [signed-by=/usr/share/keyrings/debian-archive-bookworm-stable.gpg] \
http://deb.debian.org/debian bookworm main' > /build/apt/sources.list
set -- -q -o Dir::Etc::SourceList=/build/apt/sources.list -o Dir::Etc::SourceParts=/nonexistent \
  -o Dir::State::Lists=/build/apt/lists -o Dir::Cache=/build/apt/cache -o APT::Sandbox::User=root
apt-get "$@" update > /dev/null
cd /build/source && rm -f python3.11_*
apt-get "$@" source --download-only python3.11 > /dev/null
ls python3.11_*.dsc
"""

BUILD_PYTHON = f"""
cd /build && rm -rf cpython && mkdir cpython && cd cpython
tar -xzf /build/source/python3.11_*.orig.tar.gz --strip-components=1
mkdir debian-source && tar -xJf /build/source/python3.11_*.debian.tar.xz -C debian-source
patches=debian-source/debian/patches
grep -qx '{FIRST_UPSTREAM_FIX}' $patches/series
for patch in $(sed -n '/^{FIRST_UPSTREAM_FIX}$/,$p' $patches/series); do
  patch -p1 -s --forward < $patches/$patch
done
# Debian's CVE-2026-4224 fix has pyexpat.c use a core header, which Debian's build allows by
# building pyexpat into the interpreter; built as a module, it needs what 3.12's pyexpat.c says
grep -q Py_BUILD_CORE_MODULE Modules/pyexpat.c ||
  sed -i '1i #ifndef Py_BUILD_CORE_BUILTIN\\n#  define Py_BUILD_CORE_MODULE 1\\n#endif' \\
    Modules/pyexpat.c
./configure --quiet --prefix={PYTHON_PREFIX} --enable-shared --with-ensurepip=install \
  LDFLAGS=-Wl,-rpath,{PYTHON_PREFIX}/lib > /dev/null
make -j"$(nproc)" > /build/cpython-make.log 2>&1 || (tail -40 /build/cpython-make.log; exit 1)
make install > /build/cpython-install.log 2>&1 || (tail -40 /build/cpython-install.log; exit 1)
{PYTHON_PREFIX}/bin/python3.11 -c \
  'import ssl, sqlite3, ctypes, lzma, bz2, zlib, uuid, readline, pyexpat, xml.etree.ElementTree'
ls /build/source/python3.11_*.dsc > {PYTHON_READY}
cd /build && rm -rf cpython
"""

MAKE_VENV = f"""
rm -rf {VENV}
{PYTHON_PREFIX}/bin/python3.11 -m venv {VENV}
{VENV}/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
"""

INSTALL_GAME = f"""
{VENV}/bin/python -m pip install --quiet --disable-pip-version-check --upgrade \
  --upgrade-strategy only-if-needed '/src[dist]'
"""

RUN_PYINSTALLER = f"""
cd /src
{VENV}/bin/python -m PyInstaller packaging/pyinstaller.spec --noconfirm --clean \
  --distpath dist --workpath build/linux --log-level WARN
{VENV}/bin/python packaging/licenses.py bundle dist/urland
"""


class Stages:
    """Runs the stages one after the other and remembers how long each took."""

    def __init__(self) -> None:
        self.times: list[tuple[str, float]] = []

    def run(self, name: str, action) -> None:
        print(f"-- {name}", flush=True)
        start = time.monotonic()
        action()
        self.times.append((name, time.monotonic() - start))

    def report(self) -> str:
        lines = [f"  {name:<34} {seconds:7.1f} s" for name, seconds in self.times]
        total = sum(seconds for _, seconds in self.times)
        return "\n".join(["Linux build stages:", *lines, f"  {'in all':<34} {total:7.1f} s"])


def python_is_built(root: Path) -> bool:
    return (root / PYTHON_READY.lstrip("/")).exists()


def build_python(root: Path) -> None:
    if python_is_built(root):
        print("   kept from an earlier build:",
              (root / PYTHON_READY.lstrip("/")).read_text().strip())
        return
    (root / "build").mkdir(exist_ok=True)
    debian_base.run_inside(root, FETCH_SOURCE)
    debian_base.run_inside(root, BUILD_PYTHON)
    # a new CPython needs a new venv
    debian_base.run_inside(root, f"rm -rf {VENV}")


def install_packages(root: Path) -> None:
    if not (root / VENV.lstrip("/") / "bin" / "python").exists():
        debian_base.run_inside(root, MAKE_VENV)
    debian_base.run_inside(root, INSTALL_GAME, src=ROOT)


def bundle(root: Path) -> None:
    debian_base.run_inside(root, RUN_PYINSTALLER, src=ROOT)


def archive() -> None:
    path = linux_archive(project_version())
    print(f"   {path.relative_to(ROOT)}: {path.stat().st_size / 2**20:.1f} MB, "
          f"{unpacked_size(path) / 2**20:.1f} MB unpacked")


def main() -> int:
    stages = Stages()
    base: list[Path] = []
    try:
        stages.run("base (Debian 11, debootstrap)", lambda: base.append(debian_base.ensure_base()))
        root = base[0]
        stages.run("python (CPython 3.11 from source)", lambda: build_python(root))
        stages.run("venv (pip, from PyPI)", lambda: install_packages(root))
        stages.run("bundle (PyInstaller)", lambda: bundle(root))
        stages.run("archive (tar.gz)", archive)
    except debian_base.BaseError as error:
        print(f"the Linux build failed: {error}", file=sys.stderr)
        return 1
    print(stages.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
