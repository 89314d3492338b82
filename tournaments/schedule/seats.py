"""Seat rotation: seat orders for the games of pairings and of 3- and 4-player groups.

A *group* is a tuple of bot indices in a base seat order. A group of ``k`` bots that plays
``games = c * k + r`` games plays ``c`` full cycles first: game ``g < c * k`` seats the group
rotated left by ``g``, so each cycle puts each bot in each seat once (a cyclic Latin square).
The ``r`` extra games come from :mod:`tournaments.schedule.balance`, chosen across all groups so
that every bot's seat counts differ by at most one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TypeVar

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


def seat_plans(
    groups: Sequence[Sequence[int]], games: int, bots: int
) -> list[list[tuple[int, ...]]]:
    """Return, per group, the seat order of each of its ``games`` games."""
    if not groups:
        return []
    seats = len(groups[0])
    full = games - games % seats
    extras = extra_seat_orders(groups, games % seats, bots)
    return [
        [rotate(group, game) for game in range(full)] + extra
        for group, extra in zip(groups, extras, strict=True)
    ]
