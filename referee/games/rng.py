"""A small counter-based random source that lives inside a game state.

Engines never mutate their input state, so the random source must be cheap to
copy: it is two integers (seed and counter). Each draw hashes the counter with
SplitMix64, a well-known 64-bit mixer, so a draw depends only on
``(seed, draws so far)`` and a match replays exactly from its seed and actions.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0xD1B54A32D192ED03
"""The counter's multiplier: draws hash ``seed ^ (counter * _GOLDEN_GAMMA)``."""
_LIMITS: dict[int, int] = {}
"""The rejection limit of ``below(n)`` by ``n`` (the largest multiple of ``n`` within 2**64)."""
_CACHED_BELOW = 4096
"""``_LIMITS`` keeps the limits of ``n`` up to this (counts of actions, dice, cards)."""
T = TypeVar("T")


def _splitmix64(x: int) -> int:
    """Return the SplitMix64 output for the 64-bit input ``x``."""
    z = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Rng:
    """Deterministic random source: ``Rng(seed, counter)``; copy it with :meth:`copy`."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = _splitmix64(seed & _MASK64)
        self.counter = counter

    @classmethod
    def restore(cls, mixed_seed: int, counter: int) -> Rng:
        """Rebuild a source from the values of :attr:`seed` and :attr:`counter`."""
        rng = cls.__new__(cls)
        rng.seed = mixed_seed
        rng.counter = counter
        return rng

    def copy(self) -> Rng:
        """Return an independent copy at the same position."""
        twin = Rng.__new__(Rng)
        twin.seed = self.seed
        twin.counter = self.counter
        return twin

    def next64(self) -> int:
        """Return the next 64-bit unsigned value."""
        self.counter += 1
        return _splitmix64(self.seed ^ (self.counter * _GOLDEN_GAMMA & _MASK64))

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` (rejection sampling, no bias).

        The engines draw at nearly every decision, so this is ``next64`` and ``_splitmix64``
        written out in one body, with the rejection limit of each ``n`` kept.
        """
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = (1 << 64) - ((1 << 64) % n)
            if n <= _CACHED_BELOW:
                _LIMITS[n] = limit
        seed = self.seed
        counter = self.counter
        while True:
            counter += 1
            z = ((seed ^ (counter * _GOLDEN_GAMMA & _MASK64)) + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                self.counter = counter
                return z % n

    def d6(self) -> int:
        """Roll one six-sided die (1..6)."""
        return self.below(6) + 1

    def dice(self, count: int) -> list[int]:
        """Roll ``count`` six-sided dice, in order."""
        return [self.below(6) + 1 for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def state(self) -> tuple[int, int]:
        """Return ``(mixed_seed, counter)``: enough to digest or restore the source."""
        return (self.seed, self.counter)


class SharedSource:
    """Mixed into a ``SlotState`` whose ``rng`` slot is ``SHARED``: copies of a state share one
    random source until one of them draws, which most decisions never do."""

    __slots__ = ()
    rng: Rng

    def draw_source(self) -> Rng:
        """Return the random source to draw from, made this state's own first."""
        rng = self.rng.copy()
        self.rng = rng  # type: ignore[misc]  # the slot is the state class's own
        return rng
