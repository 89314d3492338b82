"""Deterministic schedules: a function of (definition, results so far) to the matches to play.

The runner calls :func:`next_matches` after every batch. Round-robin and gauntlet schedules are
known up front; knockout and Swiss release games as results arrive. The answer depends only on
the definition and the finished results, so a resumed run sees the same keys, seats and seeds.
An empty answer means the tournament is over. Matches already in flight are returned again
until their results are recorded; the runner skips those it is running.

For knockout, :func:`bracket` gives the series and their winners (the last one is the final);
for Swiss, :func:`swiss_byes` gives the byes that standings count as one point each. With
``[sprt]`` (round-robin of two bots, gauntlet), :func:`sequential_tests` follows the tests, and
the matches of a pairing whose test has decided are no longer handed out.
"""

from __future__ import annotations

from tournaments.definition import TournamentDefinition
from tournaments.schedule.gauntlet import gauntlet_matches
from tournaments.schedule.knockout import Series, bracket, knockout_matches
from tournaments.schedule.match import Finished, Match, unfinished
from tournaments.schedule.progress import KnownTotal, RunProgress, known_total
from tournaments.schedule.roundrobin import round_robin_matches
from tournaments.schedule.sprt import PairingTest, SequentialTests, replayed_tests
from tournaments.schedule.swiss import swiss_byes, swiss_matches

__all__ = [
    "Finished",
    "KnownTotal",
    "Match",
    "PairingTest",
    "RunProgress",
    "SequentialTests",
    "Series",
    "bracket",
    "known_total",
    "next_matches",
    "planned_matches",
    "sequential_tests",
    "swiss_byes",
]


def planned_matches(definition: TournamentDefinition) -> int | None:
    """Return the total number of matches when known up front (round-robin, gauntlet)."""
    if definition.format in ("round-robin", "double-round-robin", "gauntlet"):
        return len(_up_front(definition))
    return None


def sequential_tests(
    definition: TournamentDefinition, finished: Finished
) -> SequentialTests | None:
    """Return the ``[sprt]`` tests after ``finished`` (in the order recorded); None without."""
    if definition.sprt is None:
        return None
    return replayed_tests(definition, _up_front(definition), finished)


def next_matches(definition: TournamentDefinition, finished: Finished) -> list[Match]:
    """Return the unfinished matches that can be played now, ordered by round then key."""
    if definition.format in ("round-robin", "double-round-robin", "gauntlet"):
        matches = _up_front(definition)
        left = unfinished(matches, finished)
        if definition.sprt is None:
            return left
        tests = replayed_tests(definition, matches, finished)
        return [match for match in left if tests.needed(match)]
    if definition.format == "knockout":
        return knockout_matches(definition, finished)
    return swiss_matches(definition, finished)


def _up_front(definition: TournamentDefinition) -> list[Match]:
    """Return the whole schedule of a round-robin or a gauntlet."""
    if definition.format == "gauntlet":
        return gauntlet_matches(definition)
    return round_robin_matches(definition)
