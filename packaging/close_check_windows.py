"""Start the built Windows program under Wine and close it, many times, counting the crashes.

    python packaging/close_check_windows.py [--times 100]     (after make dist-windows)

Each round starts the game itself, dist/windows/urland/program/urland-program.exe (the process
that owns the window; the launcher beside program/ only waits for it), in a real window on a private
X server (Xvfb), waits for its first frame, closes it the way the window's close button does
(a WM_CLOSE, sent by Wine's `taskkill` without /F) and waits for it to end. A round that ends
with any exit code but 0, or whose output holds Wine's crash report, is a crash. Wine's crash
dialog is turned off in the prefix so a crash ends the round instead of waiting for a click.
Every wait is bounded.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import wine
from build_windows import PREFIX, PROGRAM_DIR, PROGRAM_EXE

DISPLAY = ":73"
START_TIMEOUT = 180  # seconds for the first frame on a busy machine
CLOSE_TIMEOUT = 60
CRASH_SIGNS = ("Unhandled page fault", "Unhandled exception", "starting debugger")


class Round:
    """One start and close of the program; its output is read on a thread of its own."""

    def __init__(self, exe: Path, home: Path, env: dict[str, str]) -> None:
        self.output: list[str] = []
        self.first_frame = threading.Event()
        self.proc = subprocess.Popen(
            ["wine", str(exe)], cwd=home, env={**env, "URLAND_HOME": wine.windows_path(home)},
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace")
            self.output.append(line)
            if "FIRST-FRAME" in line:
                self.first_frame.set()

    def crashed(self) -> bool:
        text = "".join(self.output)
        return self.proc.returncode != 0 or any(sign in text for sign in CRASH_SIGNS)


def close(env: dict[str, str]) -> None:
    subprocess.run(["wine", "taskkill", "/IM", PROGRAM_EXE], env=env, check=False,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=CLOSE_TIMEOUT)


def one_round(exe: Path, home: Path, env: dict[str, str]) -> str:
    """'ok', 'crash' or 'stuck' (no first frame, or no end after the close)."""
    game = Round(exe, home, env)
    if not game.first_frame.wait(START_TIMEOUT):
        game.proc.kill()
        game.proc.wait()
        return "stuck"
    close(env)
    try:
        game.proc.wait(CLOSE_TIMEOUT)
    except subprocess.TimeoutExpired:
        game.proc.kill()
        game.proc.wait()
        return "stuck"
    game.reader.join(CLOSE_TIMEOUT)  # its last lines
    return "crash" if game.crashed() else "ok"


def no_crash_dialog(env: dict[str, str]) -> None:
    subprocess.run(["wine", "reg", "add", r"HKCU\Software\Wine\WineDbg", "/v",
                    "ShowCrashDialog", "/t", "REG_DWORD", "/d", "0", "/f"], env=env,
                   check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=120)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=100)
    args = parser.parse_args(argv)
    exe = PROGRAM_DIR / "program" / PROGRAM_EXE
    if not exe.exists() or shutil.which("Xvfb") is None:
        print(f"needs {exe} (make dist-windows) and Xvfb", file=sys.stderr)
        return 1
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = wine.environment(PREFIX, {"DISPLAY": DISPLAY, "SDL_AUDIODRIVER": "dummy",
                                    "URLAND_TIMING": "1"})
    env.pop("SDL_VIDEODRIVER", None)
    counts = {"ok": 0, "crash": 0, "stuck": 0}
    started = time.monotonic()
    try:
        no_crash_dialog(env)
        with tempfile.TemporaryDirectory(prefix="urland-closes-") as home:
            for n in range(1, args.times + 1):
                result = one_round(exe, Path(home), env)
                counts[result] += 1
                if result != "ok" or n % 10 == 0:
                    print(f"  {n} closes: {counts['crash']} crashed, {counts['stuck']} stuck",
                          flush=True)
    finally:
        subprocess.run(["wineserver", "-k"], env=env, check=False, timeout=60)
        xvfb.terminate()
        xvfb.wait(30)
    print(f"{args.times} starts and closes under Wine: {counts['crash']} crashed, "
          f"{counts['stuck']} stuck, {counts['ok']} clean, in {time.monotonic() - started:.0f} s")
    return 0 if counts["ok"] == args.times else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
