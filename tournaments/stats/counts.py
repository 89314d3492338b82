"""Counts per pairing: W/D/L, the pentanomial over seed pairs, and unit counts for any game.

For a bot against an opponent, over the games both played (relative places, see
:mod:`tournaments.stats.records`):

* :class:`WDL` counts single games: wins, draws (shared rank) and losses.
* :class:`Pentanomial` counts complete seed pairs of 2-player games by the bot's two results:
  LL, LD (a loss and a draw, in either order), DD, WL (a win and a loss), WD, WW — the five
  totals 0, 1/2, 1, 3/2, 2 of fastchess's pentanomial statistics, with DD and WL kept apart
  for the report and merged for the statistics.
* :class:`UnitCounts` counts complete units of ``k`` games by twice the bot's total relative
  score, ``0 .. 2k``: for two players exactly the pentanomial vector (LL, LD, DD+WL, WD, WW),
  for three and four players the seven or nine totals of a seat-rotated cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from tournaments.stats.records import (
    MatchRecord,
    is_complete_cycle,
    relative_score,
    seed_units,
    shared_games,
)


@dataclass(frozen=True)
class WDL:
    """Single-game results of a bot against an opponent."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """The number of games counted."""
        return self.wins + self.draws + self.losses

    def counts(self) -> tuple[int, int, int]:
        """Return the result vector (L, D, W), worst first."""
        return (self.losses, self.draws, self.wins)

    def to_json(self) -> dict[str, Any]:
        """Return the counts as plain JSON data."""
        return {**asdict(self), "games": self.games}


@dataclass(frozen=True)
class Pentanomial:
    """Complete seed pairs of a bot against an opponent, by the bot's two results."""

    ll: int = 0
    ld: int = 0
    dd: int = 0
    wl: int = 0
    wd: int = 0
    ww: int = 0

    @property
    def pairs(self) -> int:
        """The number of pairs counted."""
        return self.ll + self.ld + self.dd + self.wl + self.wd + self.ww

    def counts(self) -> tuple[int, int, int, int, int]:
        """Return the result vector (LL, LD, DD+WL, WD, WW), worst first."""
        return (self.ll, self.ld, self.dd + self.wl, self.wd, self.ww)

    def to_json(self) -> dict[str, Any]:
        """Return the counts as plain JSON data."""
        return {**asdict(self), "pairs": self.pairs}


@dataclass(frozen=True)
class UnitCounts:
    """Complete units of ``games_per_unit`` games, counted by twice the bot's total score.

    ``unused_games`` are shared games outside complete units (an unfinished cycle, or a game
    after the last full cycle): the paired statistics leave them out."""

    games_per_unit: int
    counts: tuple[int, ...]
    unused_games: int

    @property
    def units(self) -> int:
        """The number of complete units counted."""
        return sum(self.counts)

    def to_json(self) -> dict[str, Any]:
        """Return the counts as plain JSON data."""
        return {**asdict(self), "counts": list(self.counts), "units": self.units}


def wdl_counts(records: Iterable[MatchRecord], bot: str, opponent: str) -> WDL:
    """Return ``bot``'s relative-place W/D/L against ``opponent`` over their shared games."""
    games = shared_games(records, bot, opponent)
    scores = [relative_score(record, bot, opponent) for record in games]
    return WDL(wins=scores.count(1.0), draws=scores.count(0.5), losses=scores.count(0.0))


def unit_counts(
    records: Iterable[MatchRecord], bot: str, opponent: str, players: int
) -> UnitCounts:
    """Return ``bot``'s unit counts against ``opponent`` in their ``players``-seat games."""
    games = [game for game in shared_games(records, bot, opponent) if len(game.seats) == players]
    counts = [0] * (2 * players + 1)
    used = 0
    for unit in seed_units(games):
        if is_complete_cycle(unit):
            counts[round(2 * sum(relative_score(record, bot, opponent) for record in unit))] += 1
            used += len(unit)
    return UnitCounts(games_per_unit=players, counts=tuple(counts), unused_games=len(games) - used)


def pentanomial_counts(records: Iterable[MatchRecord], bot: str, opponent: str) -> Pentanomial:
    """Return ``bot``'s pentanomial against ``opponent`` over complete 2-player seed pairs."""
    games = [record for record in shared_games(records, bot, opponent) if len(record.seats) == 2]
    tally = dict.fromkeys(("ll", "ld", "dd", "wl", "wd", "ww"), 0)
    for unit in seed_units(games):
        if is_complete_cycle(unit):
            results = sorted(relative_score(record, bot, opponent) for record in unit)
            tally[_PAIR_NAMES[(results[0], results[1])]] += 1
    return Pentanomial(**tally)


_PAIR_NAMES = {
    (0.0, 0.0): "ll",
    (0.0, 0.5): "ld",
    (0.5, 0.5): "dd",
    (0.0, 1.0): "wl",
    (0.5, 1.0): "wd",
    (1.0, 1.0): "ww",
}
