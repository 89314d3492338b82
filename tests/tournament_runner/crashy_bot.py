"""A random Pilfer bot whose process dies after a few decisions: ``python crashy_bot.py N``."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Sequence
from typing import Any

import ruckus


class CrashyBot(ruckus.Bot):
    """Plays random actions, then ends its whole process in the middle of a match."""

    name = "crashy"
    games = ("pilfer", "wabbit")

    def __init__(self, after: int) -> None:
        self.after = after
        self.count = 0

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        self.count += 1
        if self.count > self.after:
            os._exit(3)
        return random.randrange(len(actions))


if __name__ == "__main__":
    ruckus.run(CrashyBot(int(sys.argv[1])))
