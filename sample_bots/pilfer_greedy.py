"""A Pilfer bot with a real heuristic: food and points per risk, scuffle odds, safe paths.

Written against the SDK only: it reads the typed observation as a dict and follows the
greedy policy of ``sample_bots.pilfer.policy`` (see there for how it decides).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ruckus
from ruckus.v1 import bot_pb2

from sample_bots.pilfer.board import Board
from sample_bots.pilfer.policy import choose
from sample_bots.support import as_dict


class PilferGreedy(ruckus.Bot):
    """Takes the best immediate gain, else walks to the goal with the best value per risk."""

    name = "pilfer-greedy"
    version = "1.0"
    author = "Ruckus samples"
    games = ("pilfer",)

    def __init__(self) -> None:
        self.boards: dict[tuple[str, int], Board] = {}

    def start(self, start: bot_pb2.MatchStart) -> None:
        """Remember the board of this scenario (the same for every match of it)."""
        static = as_dict(ruckus.game_message(start.static_map))
        self.boards[(start.scenario, start.players)] = Board(static)

    def map_for(self, observation: dict[str, Any]) -> Board:
        """Return the board of the observation's scenario (an open board if never announced)."""
        key = (str(observation.get("scenario", "")), int(observation.get("players", 2)))
        return self.boards.get(key) or Board({})

    def choose(self, observation: Any, actions: Sequence[bot_pb2.LegalAction]) -> int:
        """Return the greedy choice."""
        seen = as_dict(observation)
        data = [as_dict(ruckus.game_message(a.action)) for a in actions]
        return choose(seen, data, self.map_for(seen), int(seen.get("viewer", 0)))


if __name__ == "__main__":
    ruckus.run(PilferGreedy())
