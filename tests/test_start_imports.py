"""A later start shows the title's first frame quickly: what only a game online, a bot's search,
a review or a server needs is imported where it is used, never on the way to the title screen
(benchmarks/ui_bench.py --start-only times it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

# Modules the title screen's first frame does without, each a noticeable part of a start-up.
HEAVY = (
    "websockets", "asyncio", "ssl", "zeroconf", "psycopg", "numpy", "babel",
    "urland.net.client", "urland.net.link", "urland.net.discovery", "urland.net.server",
    "urland.store", "urland.cluster",
    "urland.bots.expert", "urland.bots.ismcts", "urland.bots.turn_search", "urland.bots.loop",
    "urland.records.review", "urland.records.stats", "urland.records.story",
    "urland.scenes.table",
)

# The modules `python -m urland` imports before the window opens, and the title screen's.
START_PATH = ("urland.cli", "urland.ui.crash", "urland.app", "urland.scenes.title")

IMPORT_ONLY = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""

# The game started as a player starts it, up to its first frame on the title screen.
TO_FIRST_FRAME = """
import json, sys
from urland import app as app_module
step = app_module.App.step

def first_frame_then_quit(self, dt):
    step(self, dt)
    if self.first_frame_at is not None and self.running:
        print(json.dumps({"scene": self.scene.name, "modules": sorted(sys.modules)}))
        self.quit()

app_module.App.step = first_frame_then_quit
sys.argv = ["urland", "--size", "960x540"]
from urland.cli import run
sys.exit(run())
"""


def _heavy_among(modules: list[str]) -> list[str]:
    return [m for m in modules if m in HEAVY or m.startswith(tuple(f"{h}." for h in HEAVY))]


def _last_json_line(out: str) -> object:
    return json.loads(out.strip().splitlines()[-1])


def _env(home) -> dict[str, str]:
    return dict(os.environ, URLAND_HOME=str(home), SDL_VIDEODRIVER="dummy",
                SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def test_the_start_path_imports_none_of_the_heavy_modules(tmp_path):
    done = subprocess.run([sys.executable, "-c", IMPORT_ONLY, *START_PATH], env=_env(tmp_path),
                          capture_output=True, text=True, timeout=60, check=True)
    assert _heavy_among(_last_json_line(done.stdout)) == []


@pytest.mark.integration
def test_the_title_screens_first_frame_is_drawn_without_the_heavy_modules(tmp_path):
    done = subprocess.run([sys.executable, "-c", TO_FIRST_FRAME], env=_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    shown = _last_json_line(done.stdout)
    assert shown["scene"] == "title"
    assert _heavy_among(shown["modules"]) == []
