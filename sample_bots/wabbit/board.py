"""The Wabbit Wampage farm as a bot sees it: zones, doors and walking distances.

Built from the static map of ``MatchStart`` (a dict keyed like ``WabbitStaticMap``). Two
neighbouring cells are connected when they are in the same zone (outside, or the same
standing building) or a door joins them (rules H7); distances count steps on foot.
"""

from __future__ import annotations

from collections import deque
from typing import Any

Cell = tuple[int, int]
STEPS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def cell_of(item: dict[str, Any]) -> Cell:
    """Return the cell of anything with ``x`` and ``y`` keys."""
    return (int(item.get("x", 0)), int(item.get("y", 0)))


class Farm:
    """Static farm facts plus walking distances, cached per (goal, standing buildings)."""

    def __init__(self, static_map: dict[str, Any]) -> None:
        self.width = int(static_map.get("width", 14))
        self.height = int(static_map.get("height", 10))
        self.building_of: dict[Cell, str] = {}
        self.doors: set[frozenset[Cell]] = set()
        for building in static_map.get("buildings", []):
            for cell in building.get("cells", []):
                self.building_of[cell_of(cell)] = building.get("id", "")
            for door in building.get("doors", []):
                self.doors.add(frozenset({cell_of(door["inside"]), cell_of(door["outside"])}))
        self.carrot_patch = {cell_of(c) for c in static_map.get("carrot_patch", [])}
        self.mailbox = cell_of(static_map.get("mailbox", {}))
        self._distances: dict[tuple[Cell, frozenset[str]], dict[Cell, int]] = {}

    def connected(self, a: Cell, b: Cell, standing: frozenset[str]) -> bool:
        """Return whether a character may step from ``a`` to the neighbour ``b``."""
        if not (0 <= b[0] < self.width and 0 <= b[1] < self.height):
            return False
        zone_a = self.building_of.get(a) if self.building_of.get(a) in standing else None
        zone_b = self.building_of.get(b) if self.building_of.get(b) in standing else None
        return zone_a == zone_b or frozenset({a, b}) in self.doors

    def distances(self, goal: Cell, standing: frozenset[str]) -> dict[Cell, int]:
        """Return the walking distance from every reachable cell to ``goal``."""
        key = (goal, standing)
        cached = self._distances.get(key)
        if cached is not None:
            return cached
        result = {goal: 0}
        queue = deque([goal])
        while queue:
            cell = queue.popleft()
            for dx, dy in STEPS.values():
                other = (cell[0] + dx, cell[1] + dy)
                if other not in result and self.connected(other, cell, standing):
                    result[other] = result[cell] + 1
                    queue.append(other)
        self._distances[key] = result
        return result
