"""A Pilfer bot that plays a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import ruckus


class PilferRandom(ruckus.Bot):
    """Picks any legal action at random."""

    name = "pilfer-random"
    version = "1.0"
    author = "Ruckus samples"
    games = ("pilfer",)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        """Return a random index."""
        return self.rng.randrange(len(actions))


if __name__ == "__main__":
    ruckus.run(PilferRandom())
