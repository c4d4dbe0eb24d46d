"""Which third-party component each native library of a bundle belongs to, and its licence.

Every `.so`, `.dylib` and `.dll` PyInstaller puts into a bundle must match one entry here, or the
licence step stops the build by the file's name (a new library never ships without its notice).
The notices are in packaging/licenses/<key>.txt, the full licence texts they refer to beside them.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass


@dataclass(frozen=True)
class Component:
    """A native library (or family of them) shipped inside the bundles."""

    key: str  # its notice: packaging/licenses/<key>.txt
    name: str
    licence: str
    patterns: tuple[str, ...]  # lower-case file names, fnmatch style


CPYTHON = Component("cpython", "CPython (the Python interpreter and standard library)",
                    "PSF License Agreement",
                    ("libpython3*", "python3*.dll", "python3.dll", "python", "python3*.dylib"))

COMPONENTS: tuple[Component, ...] = (
    CPYTHON,
    Component("sdl2", "SDL2, SDL2_image, SDL2_mixer, SDL2_ttf", "zlib licence",
              ("libsdl2*", "sdl2*.dll")),
    Component("freetype", "FreeType", "FreeType License (FTL)",
              ("libfreetype*", "freetype*.dll")),
    Component("harfbuzz", "HarfBuzz", "MIT (\"Old MIT\")", ("libharfbuzz*", "harfbuzz*.dll")),
    Component("libpng", "libpng", "PNG Reference Library License v2", ("libpng*",)),
    Component("libjpeg-turbo", "libjpeg-turbo", "IJG, BSD-3-Clause and zlib licences",
              ("libjpeg*", "libturbojpeg*", "jpeg*.dll")),
    Component("libtiff", "LibTIFF", "libtiff licence", ("libtiff*",)),
    Component("libwebp", "libwebp (with libsharpyuv)", "BSD-3-Clause",
              ("libwebp*", "libsharpyuv*")),
    Component("flac", "FLAC", "BSD-3-Clause", ("libflac*",)),
    Component("libogg", "libogg", "BSD-3-Clause", ("libogg*",)),
    Component("libvorbis", "libvorbis", "BSD-3-Clause", ("libvorbis*",)),
    Component("opus", "Opus", "BSD-3-Clause", ("libopus-*", "libopus.*", "libopus-0.dll")),
    Component("opusfile", "opusfile", "BSD-3-Clause", ("libopusfile*",)),
    Component("mpg123", "mpg123", "LGPL-2.1", ("libmpg123*", "libout123*", "libsyn123*")),
    Component("fluidsynth", "FluidSynth", "LGPL-2.1-or-later", ("libfluidsynth*",)),
    Component("libsndfile", "libsndfile", "LGPL-2.1-or-later", ("libsndfile*", "sndfile*.dll")),
    Component("alsa-lib", "alsa-lib (libasound)", "LGPL-2.1-or-later", ("libasound*",)),
    Component("brotli", "Brotli", "MIT", ("libbrotli*",)),
    Component("portmidi", "PortMidi", "PortMidi licence (MIT-style)",
              ("libportmidi*", "portmidi*.dll")),
    Component("libxmp", "libxmp", "MIT", ("libxmp*",)),
    Component("wavpack", "WavPack", "BSD-3-Clause", ("libwavpack*",)),
    Component("zlib", "zlib", "zlib licence", ("libz.*", "libz-*", "zlib*.dll")),
    Component("bzip2", "bzip2 (libbz2)", "bzip2 licence (BSD-style)", ("libbz2*",)),
    Component("xz", "XZ Utils (liblzma)", "public domain / 0BSD", ("liblzma*",)),
    Component("libffi", "libffi", "MIT", ("libffi*",)),
    Component("openssl", "OpenSSL", "Apache-2.0",
              ("libssl*", "libcrypto*")),
    Component("expat", "Expat", "MIT", ("libexpat*",)),
    Component("sqlite", "SQLite", "public domain", ("libsqlite3*", "sqlite3.dll")),
    Component("util-linux", "libuuid (util-linux)", "BSD-3-Clause", ("libuuid*",)),
    Component("gcc-runtime", "GCC runtime libraries (libgcc_s, libstdc++)",
              "GPL-3.0 with the GCC Runtime Library Exception",
              ("libgcc_s*", "libstdc++*", "libgcc_s_seh*.dll", "libwinpthread*.dll")),
    Component("msvc-runtime", "Microsoft Visual C++ runtime (vcruntime140)",
              "Microsoft Visual C++ Redistributable licence",
              ("vcruntime140*.dll", "msvcp140*.dll")),
)

# The full licence texts the notices refer to, appended once to every licence file.
FULL_TEXTS = ("LGPL-2.1", "GPL-2", "GPL-3", "Apache-2.0")

NATIVE_SUFFIXES = (".so", ".dll", ".dylib")


def is_native_library(name: str) -> bool:
    lower = name.lower()
    return lower.endswith(NATIVE_SUFFIXES) or ".so." in lower


def component_of(file_name: str) -> Component | None:
    lower = file_name.lower()
    for component in COMPONENTS:
        if any(fnmatch.fnmatchcase(lower, pattern) for pattern in component.patterns):
            return component
    return None
