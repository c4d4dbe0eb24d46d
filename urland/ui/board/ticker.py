"""The clock the board's living art runs on: waves, smoke, glowing lava.

The App advances it by each frame's time, so in headless autoplay (frames counted as 1/60 s)
the sea moves exactly as it would on screen, only sooner, and screenshots are repeatable.
"""

from __future__ import annotations

_now = 0.0


def advance(dt: float) -> None:
    global _now
    _now += max(0.0, dt)


def now() -> float:
    """Seconds of animation time since the program started."""
    return _now
