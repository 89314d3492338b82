"""The 14 x 10 farm: terrain, buildings, doors, holes, and precomputed geometry.

Cells are numbered ``y * WIDTH + x``. Geometry that depends on which buildings are
still standing (zones, connectivity, same-zone distances) is precomputed once for
each of the 16 standing/destroyed combinations and indexed by a bit mask
(bit ``i`` set means building ``i`` is rubble).
"""

from __future__ import annotations

from collections import deque

WIDTH = 14
HEIGHT = 10
CELLS = WIDTH * HEIGHT

OPEN = "open"
FIELD = "field"
HIGHWAY = "highway"
POND = "pond"
HOLE = "hole"
BUILDING = "building"

OUTSIDE = -1

DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("N", 0, -1),
    ("E", 1, 0),
    ("S", 0, 1),
    ("W", -1, 0),
)

# One letter per cell, north row first. Letters: . yard, = highway, f field,
# c carrot patch (a field that starts ploughed and planted), ~ pond, O hole,
# # Farmhouse, F Farmer's home in the Farmhouse, % Barn, H Hired Hand's home in
# the Barn, & Tool Shed, $ Outhouse, X mailbox, A/B/C the three warrens.
_ROWS = (
    "A.....C......B",
    ".ffff...ffff..",
    ".ffff.O.ffffO.",
    "O..O...cc....$",
    ".~~...Occ.%%%.",
    ".~~.####..%%%.",
    "&&.O#F##..%H%.",
    "&&..####.O%%%.",
    ".......X....O.",
    "==============",
)


def cell_of(x: int, y: int) -> int:
    """Return the cell number of ``(x, y)``."""
    return y * WIDTH + x


def xy_of(cell: int) -> tuple[int, int]:
    """Return the ``(x, y)`` of a cell number."""
    return cell % WIDTH, cell // WIDTH


XY: tuple[tuple[int, int], ...] = tuple(xy_of(cell) for cell in range(CELLS))
"""The ``(x, y)`` of every cell number."""


def _letter(cell: int) -> str:
    """Return the map letter of a cell."""
    x, y = xy_of(cell)
    return _ROWS[y][x]


BUILDING_IDS: tuple[str, ...] = ("farmhouse", "barn", "tool_shed", "outhouse")
BUILDING_NAMES: tuple[str, ...] = ("Farmhouse", "Barn", "Tool Shed", "Outhouse")
_BUILDING_LETTERS = ("#F", "%H", "&", "$")
BARN = 1
FARMHOUSE = 0

BUILDING_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(CELLS) if _letter(c) in letters) for letters in _BUILDING_LETTERS
)
BUILDING_OF: tuple[int, ...] = tuple(
    next((b for b, cells in enumerate(BUILDING_CELLS) if c in cells), OUTSIDE) for c in range(CELLS)
)

DOORS: tuple[tuple[int, int], ...] = (
    (cell_of(5, 5), cell_of(5, 4)),
    (cell_of(6, 7), cell_of(6, 8)),
    (cell_of(10, 5), cell_of(9, 5)),
    (cell_of(10, 6), cell_of(9, 6)),
    (cell_of(1, 7), cell_of(2, 7)),
    (cell_of(13, 3), cell_of(13, 4)),
)
_DOOR_EDGES = frozenset(frozenset(edge) for edge in DOORS)

_BASE_TERRAIN = {"=": HIGHWAY, "f": FIELD, "c": FIELD, "~": POND, "O": HOLE}
BASE_TERRAIN: tuple[str, ...] = tuple(
    BUILDING if BUILDING_OF[c] != OUTSIDE else _BASE_TERRAIN.get(_letter(c), OPEN)
    for c in range(CELLS)
)
START_HOLES: frozenset[int] = frozenset(c for c in range(CELLS) if _letter(c) == "O")
CARROT_PATCH: tuple[int, ...] = tuple(c for c in range(CELLS) if _letter(c) == "c")
POND_CELLS: tuple[int, ...] = tuple(c for c in range(CELLS) if _letter(c) == "~")
HIGHWAY_CELLS: tuple[int, ...] = tuple(c for c in range(CELLS) if _letter(c) == "=")
FIELD_CELLS: tuple[int, ...] = tuple(c for c in range(CELLS) if _letter(c) in "fc")
MAILBOX = cell_of(7, 8)
WARRENS: dict[str, int] = {"a": cell_of(0, 0), "b": cell_of(13, 0), "c": cell_of(6, 0)}
FARMER_HOME = cell_of(5, 6)
HAND_HOME = cell_of(11, 6)

ADJACENT: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (d, cell_of(x + dx, y + dy))
        for d, (_, dx, dy) in enumerate(DIRECTIONS)
        if 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT
    )
    for x, y in (xy_of(c) for c in range(CELLS))
)
NEAR_POND: frozenset[int] = frozenset(
    c for c in range(CELLS) if c in POND_CELLS or any(n in POND_CELLS for _, n in ADJACENT[c])
)
BUILDING_REACH: tuple[frozenset[int], ...] = tuple(
    frozenset(cells) | frozenset(n for c in cells for _, n in ADJACENT[c])
    for cells in BUILDING_CELLS
)


def _manhattan(a: int, b: int) -> int:
    """Return the Manhattan distance between two cells (computed)."""
    ax, ay = xy_of(a)
    bx, by = xy_of(b)
    return abs(ax - bx) + abs(ay - by)


MANHATTAN: tuple[tuple[int, ...], ...] = tuple(
    tuple(_manhattan(a, b) for b in range(CELLS)) for a in range(CELLS)
)


def manhattan(a: int, b: int) -> int:
    """Return the Manhattan distance between two cells."""
    return MANHATTAN[a][b]


class Geometry:
    """Zones, connectivity and same-zone distances for one standing/destroyed mask."""

    __slots__ = ("mask", "zone", "neighbors", "melee", "zone_dist")

    def __init__(self, mask: int) -> None:
        self.mask = mask
        self.zone: tuple[int, ...] = tuple(
            OUTSIDE if b == OUTSIDE or mask >> b & 1 else b for b in BUILDING_OF
        )
        self.neighbors: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((d, n) for d, n in ADJACENT[c] if self.connected(c, n)) for c in range(CELLS)
        )
        self.melee: tuple[frozenset[int], ...] = tuple(
            frozenset((c, *(n for _, n in self.neighbors[c]))) for c in range(CELLS)
        )
        """Per cell, the cells in melee reach (H7): itself and its connected neighbours."""
        self.zone_dist: tuple[dict[int, int], ...] = tuple(
            self._zone_bfs(c, 3) for c in range(CELLS)
        )

    def connected(self, a: int, b: int) -> bool:
        """Return whether adjacent cells a and b share a zone or a door."""
        return self.zone[a] == self.zone[b] or frozenset((a, b)) in _DOOR_EDGES

    def _zone_bfs(self, start: int, limit: int) -> dict[int, int]:
        """Return same-zone shortest path lengths up to ``limit`` from ``start``."""
        zone = self.zone[start]
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if dist[cell] == limit:
                continue
            for _, n in ADJACENT[cell]:
                if n not in dist and self.zone[n] == zone:
                    dist[n] = dist[cell] + 1
                    queue.append(n)
        return dist


GEOMETRY: tuple[Geometry, ...] = tuple(Geometry(mask) for mask in range(1 << len(BUILDING_IDS)))


def cut_cells(geometry: Geometry, holes: frozenset[int]) -> frozenset[int] | None:
    """Return the non-hole cells a hole would cut the board at: those without which the other
    non-hole cells could no longer all reach one another on foot (the articulation points of
    the foot graph, Hopcroft and Tarjan's depth-first search, written without recursion).
    None when the non-hole cells cannot all reach one another already."""
    root = next(c for c in range(CELLS) if c not in holes)
    order = {root: 0}
    low = {root: 0}
    parent = {root: -1}
    cuts = set()
    root_children = 0
    stack = [(root, iter(geometry.neighbors[root]))]
    while stack:
        cell, rest = stack[-1]
        for _, n in rest:
            if n in holes:
                continue
            if n not in order:
                parent[n] = cell
                order[n] = low[n] = len(order)
                root_children += cell == root
                stack.append((n, iter(geometry.neighbors[n])))
                break
            if n != parent[cell]:
                low[cell] = min(low[cell], order[n])
        else:
            stack.pop()
            if stack:
                above = stack[-1][0]
                low[above] = min(low[above], low[cell])
                if above != root and low[cell] >= order[above]:
                    cuts.add(above)
    if len(order) != CELLS - len(holes):
        return None
    if root_children > 1:
        cuts.add(root)
    return frozenset(cuts)


def foot_connected_without_holes(geometry: Geometry, holes: frozenset[int]) -> bool:
    """Return whether every non-hole cell reaches every other on foot without entering a hole."""
    cells = [c for c in range(CELLS) if c not in holes]
    seen = {cells[0]}
    queue = deque([cells[0]])
    while queue:
        cell = queue.popleft()
        for _, n in geometry.neighbors[cell]:
            if n not in seen and n not in holes:
                seen.add(n)
                queue.append(n)
    return len(seen) == len(cells)
