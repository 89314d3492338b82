"""What the statistics read from a match: seats, ranks and seed, and how games form units.

Any object with ``seats`` (bot names in seat order), ``ranks`` (per seat, 1 is best, tied seats
share a rank) and ``seed`` is a :class:`MatchRecord`; the store's ``MatchResult`` is one.

**Relative place.** In a game both bots played, a bot scores 1 against an opponent placed below
it, 1/2 when they share a rank and 0 when placed above it. In 2-player games this is the usual
win, draw and loss.

**Units.** The schedules give every cycle of a pairing or group one seed and rotate the seats
(:mod:`tournaments.schedule.seats`): two games with the seats swapped for two players, ``k``
games with every bot in every seat once for ``k`` players (every other cycle with the seats
reversed, so that seat advantages cancel between any two bots). A *unit* is the set of games
with one seed among one set of bots; it is *complete* when it is such a cycle. Complete units are
independent of each other, while the games inside one are not (they share the seed's luck),
which is why the paired statistics count units rather than games.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Protocol


class MatchRecord(Protocol):
    """A finished match as the statistics need it."""

    @property
    def seats(self) -> Sequence[str]:
        """Bot names in seat order."""
        ...

    @property
    def ranks(self) -> Sequence[int]:
        """Rank per seat: 1 is best, tied seats share a rank."""
        ...

    @property
    def seed(self) -> int:
        """The match seed, shared by the games of one cycle."""
        ...


class RoundRecord(MatchRecord, Protocol):
    """A finished match with the round it was played in (Swiss tiebreaks need it)."""

    @property
    def round(self) -> int:
        """The round, from 1."""
        ...


def relative_score(record: MatchRecord, bot: str, opponent: str) -> float:
    """Return ``bot``'s relative place against ``opponent`` in ``record``: 1, 1/2 or 0."""
    seats = list(record.seats)
    mine, theirs = record.ranks[seats.index(bot)], record.ranks[seats.index(opponent)]
    if mine == theirs:
        return 0.5
    return 1.0 if mine < theirs else 0.0


def shared_games(records: Iterable[MatchRecord], bot: str, opponent: str) -> list[MatchRecord]:
    """Return the records in which both ``bot`` and ``opponent`` played."""
    return [record for record in records if bot in record.seats and opponent in record.seats]


def canonical_order(record: MatchRecord) -> tuple[int, tuple[str, ...], tuple[int, ...]]:
    """Return a sort key that orders records the same way whatever order they came in."""
    return (record.seed, tuple(record.seats), tuple(record.ranks))


def seed_units(records: Iterable[MatchRecord]) -> list[list[MatchRecord]]:
    """Group records by seed and set of bots, in canonical order (units and their games)."""
    units: dict[tuple[frozenset[str], int], list[MatchRecord]] = defaultdict(list)
    for record in sorted(records, key=canonical_order):
        units[(frozenset(record.seats), record.seed)].append(record)
    return [units[key] for key in sorted(units, key=lambda key: (key[1], sorted(key[0])))]


def is_complete_cycle(unit: Sequence[MatchRecord]) -> bool:
    """Return whether ``unit`` holds one game per seat with every bot in every seat once."""
    seats = len(unit[0].seats)
    if len(unit) != seats:
        return False
    return all(len({record.seats[seat] for record in unit}) == seats for seat in range(seats))
