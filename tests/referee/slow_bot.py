"""A random bot that takes its time: ``python slow_bot.py MS`` sleeps MS ms before each answer."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import ruckus


class SlowBot(ruckus.Bot):
    """Plays a random legal action after sleeping ``delay`` seconds."""

    name = "slow"
    games = ("pilfer", "wabbit")

    def __init__(self, delay: float) -> None:
        self.delay = delay

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        time.sleep(self.delay)
        return random.randrange(len(actions))


if __name__ == "__main__":
    ruckus.run(SlowBot(int(sys.argv[1]) / 1000.0))
