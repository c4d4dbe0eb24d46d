"""The game's one random source: SplitMix64 on a single integer kept in the game state.

A plain integer makes the generator part of the state for free: cloning a state clones its
future draws, and a save needs only the seed because every draw is replayed.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (seed * GOLDEN + 0x2545F4914F6CDD1D) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: returns (new state, 64 random bits)."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n): returns (new state, value). The bias for n < 2**32 is nil."""
    state, bits = next_u64(state)
    return state, bits % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
