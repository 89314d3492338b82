"""A random bot that listens on loopback TCP only (``127.0.0.1:$RUCKUS_PORT``), never on
``RUCKUS_ADDRESS``: under sandbox ``strict``, which has no network, it cannot be reached; under
``basic`` it plays."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

import ruckus


class TcpOnlyBot(ruckus.Bot):
    """Plays a random legal action."""

    name = "tcp-only"
    games = ("pilfer", "wabbit")

    def choose(self, observation: Any, actions: Sequence[Any]) -> int:
        return random.randrange(len(actions))


if __name__ == "__main__":
    os.environ.pop("RUCKUS_ADDRESS", None)
    ruckus.run(TcpOnlyBot())
