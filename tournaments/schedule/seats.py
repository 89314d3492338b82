"""Seat rotation: seat orders for the games of pairings and of 3- and 4-player groups.

A *group* is a tuple of bot indices in a base seat order. A group of ``k`` bots that plays
``games = c * k + r`` games plays ``c`` full cycles first: game ``i`` of a cycle seats the group
rotated left by ``i``, so each cycle puts each bot in each seat once (a cyclic Latin square).
The ``r`` extra games come from :mod:`tournaments.schedule.balance`, chosen across all groups so
that every bot's seat counts differ by at most one.

**Which way round** (the definition's ``seat_rotation``,
:data:`tournaments.formats.base.SEAT_ROTATIONS`). Rotation alone puts a bot ``d`` seats after
another in every game of every cycle: A in seat ``s`` meets B in seat ``s + d`` (mod ``k``) and
never the other way round. For two players that is both orders,
but for three and four a seat's advantage does not cancel: under Plackett–Luce with seat
strengths, A finishes above B with chance ``L(Δ + σ_s - σ_{s+d})``, and the three or four
terms of a cycle do not average to ``L(Δ)`` (seats of +87, 0 and -87 Elo make two equal bots
score 3 Elo apart). So under ``alternating``, the rotation of the runs created now, every odd
cycle of a group of three or four seats plays the orders of an even one with the seats reversed
(seat ``s`` becomes seat ``k - 1 - s``), which seats A in ``s`` and B in ``s - d``: over an even
and an odd cycle every two bots meet in every pair of seats both ways round, the chances add
to ``L(Δ + x) + L(Δ - x)`` and at ``Δ = 0`` to exactly 1. (For three bots the two cycles are
all six seat orders.) ``cyclic`` rotates every cycle the same way; runs whose definitions were
hashed before ``seat_rotation`` existed keep it (:func:`tournaments.definition.as_stored`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TypeVar

from tournaments.formats.base import SeatRotation
from tournaments.schedule.balance import extra_seat_orders

T = TypeVar("T")


def rotate(group: Sequence[T], shift: int) -> tuple[T, ...]:
    """Return ``group`` rotated left by ``shift`` seats."""
    shift %= len(group)
    return tuple(group[shift:]) + tuple(group[:shift])


def circle_pairs(n: int) -> list[tuple[int, int, int]]:
    """Return ``(round, first, second)`` for every pair of ``n`` bots, rounds from 1.

    Rounds come from the circle method: for odd ``m`` bots, round ``r`` (0-based) pairs
    ``r + j`` with ``r - j`` (mod ``m``) for ``j = 1 .. (m-1)/2`` and gives ``r`` a rest, so
    pair ``{i, j}`` plays in round ``(i + j) * (m + 1) / 2 mod m``. For even ``n`` the circle
    runs on the first ``n - 1`` bots and the last bot plays whoever rests.

    Seat order: among the odd circle, ``i`` sits first against ``j`` when ``(j - i) mod m`` is
    at most ``(m - 1) / 2``, so each of them sits first exactly ``(m - 1) / 2`` times. The extra
    bot of an even ``n`` sits first against even-numbered bots. Hence every bot's first-seat and
    second-seat counts differ by at most one, and are equal when it plays an even number of games.
    """
    m = n if n % 2 else n - 1
    half = (m + 1) // 2
    pairs = []
    for i, j in combinations(range(m), 2):
        first, second = (i, j) if (j - i) % m <= (m - 1) // 2 else (j, i)
        pairs.append(((i + j) * half % m + 1, first, second))
    if n % 2 == 0:
        for i in range(m):
            first, second = (n - 1, i) if i % 2 == 0 else (i, n - 1)
            pairs.append((i + 1, first, second))
    return sorted(pairs)


def cycle_orders(group: Sequence[T], cycle: int, rotation: SeatRotation) -> list[tuple[T, ...]]:
    """Return the seat orders of full cycle ``cycle`` (from 0) of ``group`` under ``rotation``."""
    orders = [rotate(group, game) for game in range(len(group))]
    if rotation == "alternating" and len(group) > 2 and cycle % 2:
        return [order[::-1] for order in orders]
    return orders


def seat_plans(
    groups: Sequence[Sequence[int]], games: int, bots: int, rotation: SeatRotation
) -> list[list[tuple[int, ...]]]:
    """Return, per group, the seat order of each of its ``games`` games under ``rotation``."""
    if not groups:
        return []
    seats = len(groups[0])
    extras = extra_seat_orders(groups, games % seats, bots)
    return [
        [order for cycle in range(games // seats) for order in cycle_orders(group, cycle, rotation)]
        + extra
        for group, extra in zip(groups, extras, strict=True)
    ]
