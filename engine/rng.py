"""A small seeded PRNG whose whole state is one integer kept inside the game state.

SplitMix64: tiny, fast, good enough for shuffles, and trivially serialisable. Rules never
use the module-level `random`, so the same seed and moves always give the same game.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _limit(n: int) -> int:
    """Where `below(n)` starts rejecting: the largest multiple of n up to 2**64."""
    return (1 << 64) - ((1 << 64) % n)


class Rng:
    """SplitMix64 generator. Read `.state` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a user-facing seed (any int, mixed so nearby seeds diverge)."""
        rng = cls(seed ^ 0x5DEECE66D)
        rng.next64()
        return rng

    @classmethod
    def stream(cls, seed: int, name: str) -> Rng:
        """An independent generator for one purpose of a game ("hidden", "public", ...).

        SplitMix64 can be run backwards from its outputs, so draws everyone sees must not come
        from the stream that shuffles hidden cards: each purpose gets its own seed, hashed."""
        digest = hashlib.blake2b(f"{seed}:{name}".encode(), digest_size=8).digest()
        return cls.from_seed(int.from_bytes(digest, "big"))

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in [0, n) by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        state = self.state
        while True:  # next64's steps written out: a playout draws once a move
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            # Every draw up to 2**64 - n is below the rejection limit: look it up only above.
            if z <= _MASK - n or z < _limit(n):
                self.state = state
                return z % n

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place: `below(i + 1)` for i from the end, its steps written out
        (a shuffle is most of a game's setup, and setups are most of a short playout)."""
        state, mask = self.state, _MASK
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                state = (state + 0x9E3779B97F4A7C15) & mask
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                z ^= z >> 31
                if z <= mask - n or z < _limit(n):
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: list[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
