"""A token bucket that refuses instead of slowing down: so many a second on average, so many at
once. Room policy (chat lines, guesses of room codes and tokens) is built on it; the clock is
handed in, so tests need not wait."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Allowance:
    rate: float  # per second, on average
    burst: int  # at once
    clock: Callable[[], float] = time.monotonic
    tokens: float = -1.0  # -1: full
    last: float = field(default=-1.0)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = float(self.burst)
        if self.last < 0:
            self.last = self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = now

    def take(self) -> bool:
        """True (and one token spent) when allowed now; False when the allowance is spent."""
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def seconds_to_next(self) -> float:
        """How long until one more is allowed (0: now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    @property
    def full(self) -> bool:
        """Nothing spent (an entry that may be forgotten)."""
        self._refill()
        return self.tokens >= self.burst


class Allowances:
    """One allowance per key (a seat, an address, a room), forgetting the full ones when many."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 keep: int = 1000) -> None:
        self.rate, self.burst, self.clock, self.keep = rate, burst, clock, keep
        self.by_key: dict[object, Allowance] = {}

    def of(self, key: object) -> Allowance:
        if key not in self.by_key and len(self.by_key) >= self.keep:
            self.by_key = {k: a for k, a in self.by_key.items() if not a.full}
        return self.by_key.setdefault(key, Allowance(self.rate, self.burst, self.clock))

    def take(self, key: object) -> bool:
        return self.of(key).take()
