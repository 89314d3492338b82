"""A Wabbit bot that plays a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import ruckus


class WabbitRandom(ruckus.Bot):
    """Picks any legal action at random."""

    name = "wabbit-random"
    version = "1.0"
    author = "Ruckus samples"
    games = ("wabbit",)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        """Return a random index."""
        return self.rng.randrange(len(actions))


if __name__ == "__main__":
    ruckus.run(WabbitRandom())
