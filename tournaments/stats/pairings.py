"""Per-pairing statistics: counts, Elo and nElo from single games and from seed units, LOS.

For each pair of bots that shared games, from the first named bot's side:

* ``wdl`` and ``trinomial``: single games, as if independent (cutechess's view);
* ``pentanomial`` (2-player games only): the seed pairs, LL, LD, DD, WL, WD, WW;
* ``units`` and ``paired``: the complete seed units (pairs, or cycles of 3- and 4-player
  groups), whose statistics account for the luck the games of a seed share — the ones to quote.

The figures themselves are those of :mod:`tournaments.stats.elo`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tournaments.stats.counts import (
    WDL,
    Pentanomial,
    UnitCounts,
    pentanomial_counts,
    unit_counts,
    wdl_counts,
)
from tournaments.stats.elo import PairwiseElo, pairwise_elos
from tournaments.stats.records import MatchRecord, shared_games


@dataclass(frozen=True)
class PairingStats:
    """The statistics of ``bot`` against ``opponent``."""

    bot: str
    opponent: str
    wdl: WDL
    trinomial: PairwiseElo | None
    pentanomial: Pentanomial | None
    units: UnitCounts
    paired: PairwiseElo | None

    def to_json(self) -> dict[str, Any]:
        """Return the statistics as plain JSON data."""
        return {
            "bot": self.bot,
            "opponent": self.opponent,
            "wdl": self.wdl.to_json(),
            "trinomial": self.trinomial.to_json() if self.trinomial else None,
            "pentanomial": self.pentanomial.to_json() if self.pentanomial else None,
            "units": self.units.to_json(),
            "paired": self.paired.to_json() if self.paired else None,
        }


def pairing_stats(
    records: Iterable[MatchRecord], bot: str, opponent: str, players: int
) -> PairingStats:
    """Return the statistics of ``bot`` against ``opponent`` in ``players``-seat games."""
    return opponents_stats({opponent: list(records)}, bot, players)[0]


def opponents_stats(
    shared: Mapping[str, Sequence[MatchRecord]], bot: str, players: int
) -> list[PairingStats]:
    """Return the statistics of ``bot`` against each opponent of ``shared`` (opponent ->
    records), in its order; the Elo figures of all of them are worked out together
    (:func:`~tournaments.stats.elo.pairwise_elos`)."""
    counted = []
    for opponent, records in shared.items():
        games = [g for g in shared_games(records, bot, opponent) if len(g.seats) == players]
        wdl = wdl_counts(games, bot, opponent)
        pentanomial = pentanomial_counts(games, bot, opponent) if players == 2 else None
        counted.append((opponent, wdl, pentanomial, unit_counts(games, bot, opponent, players)))
    figures = pairwise_elos(
        [wdl.counts() for _, wdl, _, _ in counted] + [units.counts for *_, units in counted]
    )
    return [
        PairingStats(
            bot=bot,
            opponent=opponent,
            wdl=wdl,
            trinomial=figures[index],
            pentanomial=pentanomial,
            units=units,
            paired=figures[len(counted) + index],
        )
        for index, (opponent, wdl, pentanomial, units) in enumerate(counted)
    ]


def all_pairings(
    bots: Sequence[str], records: Iterable[MatchRecord], players: int
) -> list[PairingStats]:
    """Return the statistics of every pair of ``bots`` that shared games, in the bots' order
    (the earlier bot first)."""
    games = [record for record in records if len(record.seats) == players]
    met = {frozenset(pair) for record in games for pair in combinations(record.seats, 2)}
    return [
        pairing_stats(games, bot, opponent, players)
        for bot, opponent in combinations(bots, 2)
        if frozenset((bot, opponent)) in met
    ]
