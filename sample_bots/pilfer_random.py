"""A Pilfer bot that plays a uniformly random legal action (see :mod:`sample_bots.random_bot`)."""

from __future__ import annotations

import ruckus

from sample_bots.random_bot import RandomBot

if __name__ == "__main__":
    ruckus.run(RandomBot("pilfer"))
