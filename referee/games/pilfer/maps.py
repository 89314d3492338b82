"""Scenario boards (rules section 4): the Raid map, the Cars street and the Driven Out setup."""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow")
SEATS_BY_COUNT: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}

_BAG_MIX: tuple[tuple[str, int], ...] = (
    ("food_1", 8),
    ("food_2", 6),
    ("food_3", 4),
    ("sparkly", 4),
    ("cat", 4),
    ("dog", 3),
    ("trap", 4),
    ("alarm", 3),
    ("dumpster", 4),
)
BAG: tuple[str, ...] = tuple(kind for kind, count in _BAG_MIX for _ in range(count))

_STARTS: tuple[Cell, ...] = ((0, 0), (11, 0), (11, 11), (0, 11))
_BUILDINGS: tuple[tuple[str, tuple[Cell, ...]], ...] = (
    ("house_nw", ((3, 2), (4, 2), (3, 3), (4, 3))),
    ("house_ne", ((8, 3), (9, 3), (8, 4), (9, 4))),
    ("house_se", ((7, 8), (8, 8), (7, 9), (8, 9))),
    ("house_sw", ((2, 7), (3, 7), (2, 8), (3, 8))),
    ("grocery", ((5, 5), (6, 5), (5, 6), (6, 6))),
)
_TREES: tuple[Cell, ...] = ((1, 3), (8, 1), (10, 8), (3, 10), (5, 1), (10, 5), (6, 10), (1, 6))
_TOWNSFOLK_STARTS: tuple[Cell, ...] = ((5, 3), (8, 5), (6, 8), (3, 6))
_DOTS: tuple[Cell, ...] = (
    (3, 2),
    (7, 2),
    (4, 3),
    (6, 3),
    (9, 3),
    (2, 4),
    (8, 4),
    (3, 5),
    (5, 5),
    (6, 5),
    (5, 6),
    (6, 6),
    (8, 6),
    (3, 7),
    (9, 7),
    (2, 8),
    (5, 8),
    (7, 8),
    (4, 9),
    (8, 9),
)


@dataclass(frozen=True)
class Lane:
    """A car lane: its id, its cells, the arrow cell where cars enter and their heading."""

    lane_id: str
    cells: tuple[Cell, ...]
    arrow: Cell
    heading: str


@dataclass(frozen=True)
class ScenarioMap:
    """Everything about a scenario board that never changes during a match."""

    scenario: str
    width: int
    height: int
    starts: tuple[Cell, ...]
    buildings: tuple[tuple[str, tuple[Cell, ...]], ...]
    trees: frozenset[Cell]
    townsfolk_starts: tuple[Cell, ...]
    dots: tuple[Cell, ...]
    lanes: tuple[Lane, ...]
    push_off_board: bool
    end_when_all_out: bool
    building_of: dict[Cell, str]
    walls: frozenset[Edge]

    def on_board(self, x: int, y: int) -> bool:
        """Return whether ``(x, y)`` is a board cell."""
        return 0 <= x < self.width and 0 <= y < self.height


def edge(a: Cell, b: Cell) -> Edge:
    """Return the canonical (sorted) form of the edge between two adjacent cells."""
    return (a, b) if a <= b else (b, a)


def _walls(building_of: dict[Cell, str]) -> frozenset[Edge]:
    """Return every edge between a building cell and an orthogonal non-building cell (G19)."""
    walls = set()
    for (x, y), name in building_of.items():
        for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if building_of.get((nx, ny)) != name:
                walls.add(edge((x, y), (nx, ny)))
    return frozenset(walls)


def _build(
    scenario: str,
    buildings: tuple[tuple[str, tuple[Cell, ...]], ...],
    dots: tuple[Cell, ...],
    lanes: tuple[Lane, ...],
    driven_out: bool,
) -> ScenarioMap:
    """Assemble a ScenarioMap, deriving the building lookup and the wall edges."""
    building_of = {cell: name for name, cells in buildings for cell in cells}
    return ScenarioMap(
        scenario=scenario,
        width=12,
        height=12,
        starts=_STARTS,
        buildings=buildings,
        trees=frozenset(_TREES),
        townsfolk_starts=_TOWNSFOLK_STARTS,
        dots=dots,
        lanes=lanes,
        push_off_board=driven_out,
        end_when_all_out=driven_out,
        building_of=building_of,
        walls=_walls(building_of),
    )


_LANES: tuple[Lane, ...] = (
    Lane("A", tuple((x, 5) for x in range(11, -1, -1)), (11, 5), "W"),
    Lane("B", tuple((x, 6) for x in range(12)), (0, 6), "E"),
)
_GROCERY = frozenset(cell for name, cells in _BUILDINGS if name == "grocery" for cell in cells)

MAPS: dict[str, ScenarioMap] = {
    "raid": _build("raid", _BUILDINGS, _DOTS, (), False),
    "cars": _build(
        "cars",
        tuple(b for b in _BUILDINGS if b[0] != "grocery"),
        tuple(d for d in _DOTS if d not in _GROCERY),
        _LANES,
        False,
    ),
    "driven_out": _build("driven_out", _BUILDINGS, _DOTS, (), True),
}
