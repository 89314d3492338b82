"""A Grid Race bot that takes its time: ``python slow_racer.py MS`` sleeps MS ms, then plays
the greedy sample bot's move (so its snake stays in for a while)."""

from __future__ import annotations

import sys
import time

import ruckus
from ruckus.v1 import bot_pb2
from ruckus_grid_race.bots.greedy import GreedyBot


class SlowRacer(GreedyBot):
    """The greedy Grid Race bot, ``delay`` seconds slower."""

    name = "slow-racer"

    def __init__(self, delay: float) -> None:
        self.delay = delay

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Sleep, then take the greedy move."""
        time.sleep(self.delay)
        return super().decide(request)


if __name__ == "__main__":
    ruckus.run(SlowRacer(int(sys.argv[1]) / 1000.0))
