"""The greedy Grid Race bot: heads for the nearest food along moves that stay safe.

A move is safe when its cell is on the board, in no body (a tail that moves away counts as
free) and not next to the head of a snake at least as long (which might move there too). Among
safe moves it takes the one that ends nearest to food (Manhattan distance), the first in
N, E, S, W order on a tie; with no safe move it takes the first legal one. It keeps no state
between decisions and reads only the observation, as any bot that answers requests may.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ruckus
from ruckus.v1 import bot_pb2

STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


Cells = set[tuple[int, int]]


def _blocked(observation: Mapping[str, Any], me: int) -> tuple[Cells, Cells]:
    """Return the cells in bodies (tails aside) and the cells a longer or equal head may take."""
    bodies: Cells = set()
    threats: Cells = set()
    mine = observation["snakes"][me]["length"]
    for seat, snake in enumerate(observation["snakes"]):
        cells = [tuple(cell) for cell in snake["body"]]
        bodies.update(cells[:-1])
        if seat != me and cells and snake["length"] >= mine:
            x, y = cells[0]
            threats.update((x + dx, y + dy) for dx, dy in STEPS.values())
    return bodies, threats


def choose_index(observation: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> int:
    """Return the index of the move to play, from the observation and the actions' data."""
    me = observation["you"]
    head = observation["snakes"][me]["body"][0]
    bodies, threats = _blocked(observation, me)
    food = [tuple(cell) for cell in observation["food"]]
    best, best_key = 0, None
    for index, action in enumerate(actions):
        dx, dy = STEPS[action["direction"]]
        cell = (head[0] + dx, head[1] + dy)
        on_board = 0 <= cell[0] < observation["width"] and 0 <= cell[1] < observation["height"]
        if not on_board or cell in bodies:
            continue
        distance = min((abs(cell[0] - x) + abs(cell[1] - y) for x, y in food), default=0)
        key = (cell in threats, distance)
        if best_key is None or key < best_key:
            best, best_key = index, key
    return best


class GreedyBot(ruckus.Bot):
    """Heads for the nearest food along safe moves."""

    name = "grid-race-greedy"
    version = "1.0"
    author = "Ruckus samples"
    games = ("grid-race",)

    def decide(self, request: bot_pb2.DecisionRequest) -> int:
        """Read the observation and actions as dicts and take the greedy move."""
        observation = ruckus.game_data(request.observation)
        actions = [ruckus.game_data(legal.action) for legal in request.legal_actions]
        return choose_index(observation, actions)


if __name__ == "__main__":
    ruckus.run(GreedyBot())
