"""Deterministic schedules: a function of (definition, results so far) to the matches to play.

The runner calls :func:`next_matches` after every batch. Round-robin and gauntlet schedules are
known up front; knockout and Swiss release games as results arrive. The answer depends only on
the definition and the finished results, so a resumed run sees the same keys, seats and seeds.
An empty answer means the tournament is over. Matches already in flight are returned again
until their results are recorded; the runner skips those it is running.

For knockout, :func:`bracket` gives the series and their winners (the last one is the final);
for Swiss, :func:`swiss_byes` gives the byes that standings count as one point each.
"""

from __future__ import annotations

from tournaments.definition import TournamentDefinition
from tournaments.schedule.gauntlet import gauntlet_matches
from tournaments.schedule.knockout import Series, bracket, knockout_matches
from tournaments.schedule.match import Finished, Match, unfinished
from tournaments.schedule.roundrobin import round_robin_matches
from tournaments.schedule.swiss import swiss_byes, swiss_matches

__all__ = [
    "Finished",
    "Match",
    "Series",
    "bracket",
    "next_matches",
    "planned_matches",
    "swiss_byes",
]


def planned_matches(definition: TournamentDefinition) -> int | None:
    """Return the total number of matches when known up front (round-robin, gauntlet)."""
    if definition.format in ("round-robin", "double-round-robin"):
        return len(round_robin_matches(definition))
    if definition.format == "gauntlet":
        return len(gauntlet_matches(definition))
    return None


def next_matches(definition: TournamentDefinition, finished: Finished) -> list[Match]:
    """Return the unfinished matches that can be played now, ordered by round then key."""
    if definition.format in ("round-robin", "double-round-robin"):
        return unfinished(round_robin_matches(definition), finished)
    if definition.format == "gauntlet":
        return unfinished(gauntlet_matches(definition), finished)
    if definition.format == "knockout":
        return knockout_matches(definition, finished)
    return swiss_matches(definition, finished)
