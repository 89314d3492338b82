"""The Pilfer board as a bot sees it: walls, buildings, start spaces and path costs.

Built from the static map of ``MatchStart`` (a dict keyed like the ``PilferStaticMap``
message). Path costs count one per step; crossing a closed building wall costs the
expected number of OPEN actions it takes first (a Weasel walks through walls).
"""

from __future__ import annotations

import heapq
from typing import Any

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
    "NE": (1, -1),
    "SE": (1, 1),
    "SW": (-1, 1),
    "NW": (-1, -1),
}
ORTHOGONAL = ("N", "E", "S", "W")
DIAGONAL_MOVERS = frozenset({"goose", "fox", "wolf"})
DICE: dict[str, int] = {
    "squirrel": 1,
    "goose": 1,
    "weasel": 1,
    "skunk": 1,
    "turtle": 1,
    "raccoon": 2,
    "fox": 2,
    "boar": 2,
    "wolf": 3,
    "buck": 3,
}
"""Base dice of each critter type: its cost, size and OPEN dice (rules 2.5, G6)."""
SCUFFLE_BONUS = frozenset({"skunk", "boar", "buck"})


def edge(a: Cell, b: Cell) -> Edge:
    """Return the canonical (sorted) form of the edge between two adjacent cells."""
    return (a, b) if a <= b else (b, a)


def scuffle_dice(kind: str) -> int:
    """Return a critter type's scuffle dice (base dice, +1 for Skunk, Boar and Buck)."""
    return DICE[kind] + (1 if kind in SCUFFLE_BONUS else 0)


def open_chance(kind: str) -> float:
    """Return the chance that one OPEN by this critter type succeeds (Raccoon: always)."""
    return 1.0 if kind == "raccoon" else 1.0 - 0.5 ** DICE[kind]


class Board:
    """Static board facts plus path-cost maps, cached per (goal, critter, owner, openings)."""

    def __init__(self, static_map: dict[str, Any]) -> None:
        self.width = int(static_map.get("width", 12))
        self.height = int(static_map.get("height", 12))
        self.starts: dict[int, Cell] = {
            int(s.get("seat", 0)): (int(s.get("x", 0)), int(s.get("y", 0)))
            for s in static_map.get("seats", [])
        }
        self.start_owner = {cell: seat for seat, cell in self.starts.items()}
        self.building_of: dict[Cell, str] = {
            (int(c.get("x", 0)), int(c.get("y", 0))): b.get("name", "")
            for b in static_map.get("buildings", [])
            for c in b.get("cells", [])
        }
        self.walls: frozenset[Edge] = frozenset(_edge_of(w) for w in static_map.get("walls", []))
        self.trees = frozenset(_cell(c) for c in static_map.get("trees", []))
        self.lane_cells = frozenset(
            _cell(c) for lane in static_map.get("lanes", []) for c in lane.get("cells", [])
        )
        self._costs: dict[tuple[Any, ...], dict[Cell, float]] = {}

    def on_board(self, cell: Cell) -> bool:
        """Return whether ``cell`` is on the board."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def step_cost(
        self, a: Cell, b: Cell, kind: str, owner: int, openings: frozenset[Edge]
    ) -> float | None:
        """Return the cost of moving a critter from ``a`` to the neighbour ``b``; None if never."""
        if not self.on_board(b) or self.start_owner.get(b, owner) != owner:
            return None
        if a[0] != b[0] and a[1] != b[1]:
            if kind not in DIAGONAL_MOVERS:
                return None
            return 1.0 if self.building_of.get(a) == self.building_of.get(b) else None
        wall = edge(a, b)
        if wall not in self.walls or wall in openings or kind == "weasel":
            return 1.0
        return 1.0 + 1.0 / open_chance(kind)

    def costs_from(
        self, goal: Cell, kind: str, owner: int, openings: frozenset[Edge]
    ) -> dict[Cell, float]:
        """Return the path cost from every reachable cell to ``goal`` (moves are symmetric)."""
        key = (goal, kind, owner, openings)
        cached = self._costs.get(key)
        if cached is not None:
            return cached
        directions = DIRECTIONS.values() if kind in DIAGONAL_MOVERS else _orthogonal()
        costs: dict[Cell, float] = {goal: 0.0}
        queue: list[tuple[float, Cell]] = [(0.0, goal)]
        while queue:
            cost, cell = heapq.heappop(queue)
            if cost > costs[cell]:
                continue
            for dx, dy in directions:
                other = (cell[0] + dx, cell[1] + dy)
                step = self.step_cost(other, cell, kind, owner, openings)
                if step is not None and cost + step < costs.get(other, float("inf")):
                    costs[other] = cost + step
                    heapq.heappush(queue, (cost + step, other))
        if len(self._costs) > 4096:
            self._costs.clear()
        self._costs[key] = costs
        return costs


def _orthogonal() -> list[tuple[int, int]]:
    """Return the four orthogonal steps."""
    return [DIRECTIONS[d] for d in ORTHOGONAL]


def _cell(data: dict[str, Any]) -> Cell:
    """Return ``{"x", "y"}`` as a cell."""
    return (int(data.get("x", 0)), int(data.get("y", 0)))


def _edge_of(data: dict[str, Any]) -> Edge:
    """Return ``{"x1", "y1", "x2", "y2"}`` as a canonical edge."""
    a = (int(data.get("x1", 0)), int(data.get("y1", 0)))
    b = (int(data.get("x2", 0)), int(data.get("y2", 0)))
    return edge(a, b)


def openings_of(observation: dict[str, Any]) -> frozenset[Edge]:
    """Return the opened wall edges of an observation."""
    return frozenset(_edge_of(o) for o in observation.get("openings", []))


def chebyshev(a: Cell, b: Cell) -> int:
    """Return the king-move distance between two cells."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
