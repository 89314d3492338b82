"""The random Grid Race bot: Ruckus's own random sample bot (a uniformly random legal move,
the same one every time the same match is replayed), pointed at this game."""

from __future__ import annotations

import ruckus
from sample_bots.random_bot import RandomBot

if __name__ == "__main__":
    ruckus.run(RandomBot("grid-race"))
