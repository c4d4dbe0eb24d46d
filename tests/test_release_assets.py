"""The release workflow's checksum file: what a player checks a download against."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "packaging"))

import release_assets


def test_sha256sums_names_every_download_with_its_digest(tmp_path):
    (tmp_path / "urland-1.0-windows.zip").write_bytes(b"zip")
    (tmp_path / "urland-1.0-linux.tar.gz").write_bytes(b"tar")
    sums = release_assets.checksums(tmp_path)
    assert sums.read_text().splitlines() == [
        f"{hashlib.sha256(b'tar').hexdigest()}  urland-1.0-linux.tar.gz",
        f"{hashlib.sha256(b'zip').hexdigest()}  urland-1.0-windows.zip"]
    release_assets.checksums(tmp_path)  # made again, it does not list itself
    assert "SHA256SUMS" not in sums.read_text()


def test_sha256sum_accepts_the_file(tmp_path):
    if subprocess.run(["sha256sum", "--version"], capture_output=True).returncode != 0:
        pytest.skip("no sha256sum here")
    (tmp_path / "urland-1.0-macos-arm64.dmg").write_bytes(b"dmg")
    release_assets.checksums(tmp_path)
    check = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60)
    assert check.returncode == 0 and "urland-1.0-macos-arm64.dmg: OK" in check.stdout
