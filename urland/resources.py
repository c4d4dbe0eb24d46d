"""Where the game's bundled files live, from the source tree and from a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    """The `assets/` folder: beside the package in a checkout, inside the bundle when frozen."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
