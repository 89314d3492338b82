"""A Wabbit Wampage bot with a real heuristic: hit chances, seasonal scoring and items.

Written against the SDK only: it reads the typed observation as a dict and plays the
action with the most expected victory points (``sample_bots.wabbit.policy``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ruckus
from ruckus.v1 import bot_pb2

from sample_bots.support import as_dict
from sample_bots.wabbit.board import Farm
from sample_bots.wabbit.policy import choose


class WabbitGreedy(ruckus.Bot):
    """Scores every legal action in expected VP and plays the best one."""

    name = "wabbit-greedy"
    version = "1.0"
    author = "Ruckus samples"
    games = ("wabbit",)

    def __init__(self) -> None:
        self.farms: dict[tuple[str, int], Farm] = {}

    def start(self, start: bot_pb2.MatchStart) -> None:
        """Remember the farm of this scenario (the same for every match of it)."""
        static = as_dict(ruckus.game_message(start.static_map))
        self.farms[(start.scenario, start.players)] = Farm(static)

    def map_for(self, observation: dict[str, Any]) -> Farm:
        """Return the farm of the observation's scenario (an open farm if never announced)."""
        key = (str(observation.get("scenario", "")), int(observation.get("players", 2)))
        return self.farms.get(key) or Farm({})

    def choose(self, observation: Any, actions: Sequence[bot_pb2.LegalAction]) -> int:
        """Return the greedy choice."""
        seen = as_dict(observation)
        data = [as_dict(ruckus.game_message(a.action)) for a in actions]
        return choose(seen, data, self.map_for(seen), int(seen.get("viewer", 0)))


if __name__ == "__main__":
    ruckus.run(WabbitGreedy())
