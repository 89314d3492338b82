"""Head-to-head matrix: for every ordered pair of bots, the score and the games they shared.

A cell ``(bot, opponent)`` sums ``bot``'s relative places against ``opponent`` over every game
both played (1 placed above, 1/2 tied, 0 below; in 2-player games the match points), so
``score(a, b) + score(b, a) = games(a, b)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from tournaments.stats.records import MatchRecord, relative_score


@dataclass(frozen=True)
class HeadToHeadCell:
    """``bot``'s score against ``opponent`` over the ``games`` they shared."""

    bot: str
    opponent: str
    score: float
    games: int


@dataclass(frozen=True)
class HeadToHead:
    """The matrix: the bots in the order given, and a cell for every pair that shared games."""

    bots: tuple[str, ...]
    cells: tuple[HeadToHeadCell, ...]

    def cell(self, bot: str, opponent: str) -> HeadToHeadCell:
        """Return the cell of ``bot`` against ``opponent`` (zero games if they never met)."""
        for cell in self.cells:
            if (cell.bot, cell.opponent) == (bot, opponent):
                return cell
        return HeadToHeadCell(bot, opponent, 0.0, 0)

    def to_json(self) -> dict[str, Any]:
        """Return the matrix as plain JSON data."""
        return {"bots": list(self.bots), "cells": [vars(cell) for cell in self.cells]}


def head_to_head(bots: Sequence[str], records: Iterable[MatchRecord]) -> HeadToHead:
    """Return the head-to-head matrix of ``bots`` over ``records``."""
    scores: dict[tuple[str, str], float] = {}
    games: dict[tuple[str, str], int] = {}
    for record in records:
        for bot, opponent in permutations(record.seats, 2):
            key = (bot, opponent)
            scores[key] = scores.get(key, 0.0) + relative_score(record, bot, opponent)
            games[key] = games.get(key, 0) + 1
    cells = tuple(
        HeadToHeadCell(bot, opponent, scores[(bot, opponent)], games[(bot, opponent)])
        for bot, opponent in permutations(bots, 2)
        if (bot, opponent) in games
    )
    return HeadToHead(bots=tuple(bots), cells=cells)
