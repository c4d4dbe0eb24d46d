"""How long the title screen and the start-up checks take over each hostile file.

    python benchmarks/hostile_files_bench.py

Puts each file of tests/hostile/ (and a 40 MB file, a FIFO, a symlink to /dev/zero, made here)
in a temporary URLAND_HOME as autosave.yaml, then as settings.yaml, and times the code the title
screen and the start-up run (library.scan, startup.prepare). Prints figures; asserts nothing.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "hostile"


def make(name: str, path: Path) -> None:
    if name == "40-megabytes":
        with path.open("wb") as f:
            f.truncate(40_000_000)
    elif name == "fifo":
        os.mkfifo(path)
    elif name == "symlink-to-dev-zero":
        path.symlink_to("/dev/zero")
    else:
        shutil.copy(CORPUS / name, path)


def main() -> None:
    names = [*sorted(p.name for p in CORPUS.glob("*.yaml")), "40-megabytes", "fifo",
             "symlink-to-dev-zero"]
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["URLAND_HOME"] = tmp
        from urland.table import library
        from urland.userfiles import startup

        print(f"{'file':32} {'as autosave':>12} {'as settings':>12}")
        for name in names:
            times = []
            for target, read in (("autosave.yaml", library.scan),
                                 ("settings.yaml", startup.prepare)):
                for p in Path(tmp).iterdir():
                    p.unlink()
                make(name, Path(tmp) / target)
                began = time.perf_counter()
                read()
                times.append(time.perf_counter() - began)
            print(f"{name:32} {times[0] * 1000:9.1f} ms {times[1] * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
