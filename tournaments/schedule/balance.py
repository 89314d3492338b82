"""Equitable seat assignment for the games left over after full rotation cycles.

A group of ``k`` bots that plays ``games = c * k + r`` games plays ``c`` full cycles of rotations
(each bot once in each seat per cycle) and ``r < k`` extra games. The extra games are an edge
colouring problem: the bipartite multigraph with bots on one side, groups on the other and ``r``
edges between a group and each of its bots, coloured by seat. A colouring in which every group
has each seat exactly ``r`` times and every bot's seat counts differ by at most one always
exists (de Werra's equitable edge-colouring theorem for bipartite graphs), and this module
builds one:

1. start from the rotations ``0 .. r-1`` of each group (each group already has each seat ``r``
   times);
2. while some bot has seats ``a`` and ``b`` whose counts differ by two or more, take the edges
   coloured ``a`` or ``b``, join every bot of odd degree in them to one extra vertex on the group
   side, walk an Euler circuit of each component and recolour it alternately ``a``, ``b``. The
   graph is bipartite, so every circuit has even length and every vertex ends with as many
   ``a`` as ``b`` edges, give or take the one extra edge. Groups keep exactly ``r`` of each (their
   degree is even), and the sum of squared seat counts strictly drops, so the loop ends;
3. split each group's ``r`` seat assignments into ``r`` seat orders (an ``r``-regular bipartite
   multigraph between bots and seats is a union of ``r`` perfect matchings).

Every step is deterministic (edges and neighbours are visited in index order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import permutations

Edge = tuple[int, int]
"""One extra-game seat of a bot: (group index, bot index)."""


def extra_seat_orders(
    groups: Sequence[Sequence[int]], extra: int, bots: int
) -> list[list[tuple[int, ...]]]:
    """Return, per group, ``extra`` seat orders whose seat counts are balanced per bot."""
    if not groups or extra == 0:
        return [[] for _ in groups]
    edges: list[Edge] = []
    colours: list[int] = []
    for index, group in enumerate(groups):
        for game in range(extra):
            for seat, bot in enumerate((*group[game:], *group[:game])):
                edges.append((index, bot))
                colours.append(seat)
    while (pair := _unbalanced(edges, colours, bots, len(groups[0]))) is not None:
        _rebalance(edges, colours, *pair)
    return [
        _split(group, [(bot, colours[i]) for i, (g, bot) in enumerate(edges) if g == index], extra)
        for index, group in enumerate(groups)
    ]


def _unbalanced(
    edges: Sequence[Edge], colours: Sequence[int], bots: int, seats: int
) -> tuple[int, int] | None:
    """Return the (most, least) used seats of the first bot whose counts differ by 2 or more."""
    counts = [[0] * seats for _ in range(bots)]
    for (_, bot), colour in zip(edges, colours, strict=True):
        counts[bot][colour] += 1
    for row in counts:
        most = max(range(seats), key=row.__getitem__)
        least = min(range(seats), key=row.__getitem__)
        if row[most] - row[least] >= 2:
            return most, least
    return None


def _rebalance(edges: Sequence[Edge], colours: list[int], first: int, second: int) -> None:
    """Recolour the edges of colours ``first``/``second`` alternately along Euler circuits."""
    chosen = [i for i, colour in enumerate(colours) if colour in (first, second)]
    ends = [(("group", edges[i][0]), ("bot", edges[i][1])) for i in chosen]
    degree = Counter(vertex for pair in ends for vertex in pair)
    extra = [(("group", -1), bot) for bot in sorted(degree) if bot[0] == "bot" and degree[bot] % 2]
    all_ends = ends + extra
    for circuit in _euler_circuits(all_ends):
        for position, edge in enumerate(circuit):
            if edge < len(chosen):
                colours[chosen[edge]] = first if position % 2 == 0 else second


def _euler_circuits(ends: Sequence[tuple[object, object]]) -> list[list[int]]:
    """Return closed trails (as edge indices) covering every edge; every degree must be even."""
    incident: dict[object, list[int]] = {}
    for index, (u, v) in enumerate(ends):
        incident.setdefault(u, []).append(index)
        incident.setdefault(v, []).append(index)
    for edge_list in incident.values():
        edge_list.reverse()
    used = [False] * len(ends)
    circuits = []
    for start in range(len(ends)):
        if not used[start]:
            circuits.append(_hierholzer(ends, incident, used, ends[start][0]))
    return circuits


def _hierholzer(
    ends: Sequence[tuple[object, object]],
    incident: dict[object, list[int]],
    used: list[bool],
    start: object,
) -> list[int]:
    """Return one Euler circuit (edge indices in walking order) of the component of ``start``."""
    stack: list[tuple[object, int]] = [(start, -1)]
    circuit: list[int] = []
    while stack:
        vertex, via = stack[-1]
        pending = incident[vertex]
        while pending and used[pending[-1]]:
            pending.pop()
        if pending:
            edge = pending.pop()
            used[edge] = True
            u, v = ends[edge]
            stack.append((v if u == vertex else u, edge))
        else:
            stack.pop()
            if via >= 0:
                circuit.append(via)
    circuit.reverse()
    return circuit


def _split(
    group: Sequence[int], assignment: list[tuple[int, int]], extra: int
) -> list[tuple[int, ...]]:
    """Split (bot, seat) pairs, each seat ``extra`` times, into ``extra`` seat orders."""
    remaining = Counter(assignment)
    orders = []
    for _ in range(extra):
        for order in permutations(group):
            if all(remaining[(bot, seat)] > 0 for seat, bot in enumerate(order)):
                remaining.subtract((bot, seat) for seat, bot in enumerate(order))
                orders.append(order)
                break
    return orders
