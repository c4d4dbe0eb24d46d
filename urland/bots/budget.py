"""A bot's thinking time: processor seconds of its own thread, with a cap on the clock.

A busy machine shares its cores among many programs, so a second on the clock may hold only a
fraction of a second of thinking. A budget of processor time (`time.thread_time()`: what the
thinking thread itself has run) is the same on a quiet and on a busy machine, so the bot makes
the same search and plays as well wherever it runs. A machine so starved that the thread hardly
runs would then keep a player waiting for ever; the clock's cap (`wall_factor` budgets on the
clock) makes the bot answer anyway, with what it has found by then.

The clocks are passed in, so that a test can drive them (a search stops on its budget, and never
on the clock below the cap).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


@dataclass(frozen=True)
class Budget:
    """`cpu_seconds` of the thread's processor time a decision (None: no such limit), and at
    most `wall_seconds` on the clock (math.inf: none)."""

    cpu_seconds: float | None
    wall_seconds: float = math.inf
    cpu_clock: Clock = time.thread_time
    wall_clock: Clock = time.perf_counter

    @classmethod
    def processor(cls, seconds: float, wall_factor: float, cpu_clock: Clock = time.thread_time,
                  wall_clock: Clock = time.perf_counter) -> Budget:
        """`seconds` of processor time, at most `wall_factor` times that on the clock."""
        return cls(seconds, wall_factor * seconds, cpu_clock, wall_clock)

    @classmethod
    def clock(cls, seconds: float) -> Budget:
        """`seconds` on the clock only (the hard bot's own limit)."""
        return cls(None, seconds)

    def share(self, fraction: float) -> Budget:
        """`fraction` of the processor time, under the same cap on the clock: the part of a
        decision one stage of its search may take."""
        cpu = None if self.cpu_seconds is None else fraction * self.cpu_seconds
        return Budget(cpu, self.wall_seconds, self.cpu_clock, self.wall_clock)

    def start(self) -> Deadline:
        """The deadline of a decision that begins now."""
        cpu_end = (math.inf if self.cpu_seconds is None
                   else self.cpu_clock() + self.cpu_seconds)
        wall_end = (math.inf if math.isinf(self.wall_seconds)
                    else self.wall_clock() + self.wall_seconds)
        return Deadline(self, cpu_end, wall_end)


@dataclass
class Deadline:
    """The end of one decision's budget; `reason` says which limit ended it ('' while not)."""

    budget: Budget
    cpu_end: float
    wall_end: float
    reason: str = ""

    def over(self) -> bool:
        """Whether the budget is spent: the processor time, or the clock's cap."""
        if not math.isinf(self.cpu_end) and self.budget.cpu_clock() >= self.cpu_end:
            self.reason = "processor"
        elif not math.isinf(self.wall_end) and self.budget.wall_clock() >= self.wall_end:
            self.reason = "clock"
        return bool(self.reason)
