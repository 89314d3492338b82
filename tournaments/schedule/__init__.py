"""Deterministic schedules: a function of (definition, results so far) to the matches to play.

The runner calls :func:`next_matches` after every batch; the definition's format
(:mod:`tournaments.formats`) says which matches those are. Some formats know their whole
schedule up front (round-robin, gauntlet); others release games as results arrive (knockout,
Swiss). The answer depends only on the definition and the finished results, so a resumed run
sees the same keys, seats and seeds. An empty answer means the tournament is over. Matches
already in flight are returned again until their results are recorded; the runner skips those
it is running.

With ``[sprt]`` (where the format tests pairings: a round-robin of two bots, a gauntlet),
:func:`sequential_tests` follows the tests, and the matches of a pairing whose test has decided
are no longer handed out.
"""

from __future__ import annotations

from tournaments.definition import TournamentDefinition
from tournaments.formats import KnownTotal, get_format
from tournaments.schedule.match import Finished, Match
from tournaments.schedule.progress import RunProgress, known_total
from tournaments.schedule.sprt import PairingTest, SequentialTests, replayed_tests

__all__ = [
    "Finished",
    "KnownTotal",
    "Match",
    "PairingTest",
    "RunProgress",
    "SequentialTests",
    "known_total",
    "next_matches",
    "planned_matches",
    "sequential_tests",
]


def planned_matches(definition: TournamentDefinition) -> int | None:
    """Return the total number of matches when the format knows them up front."""
    schedule = get_format(definition.format).schedule(definition)
    return None if schedule is None else len(schedule)


def sequential_tests(
    definition: TournamentDefinition, finished: Finished
) -> SequentialTests | None:
    """Return the ``[sprt]`` tests after ``finished`` (in the order recorded); None without."""
    if definition.sprt is None:
        return None
    schedule = get_format(definition.format).schedule(definition)
    if schedule is None:
        raise ValueError(f"format {definition.format!r} tests pairings but has no schedule")
    return replayed_tests(definition, schedule, finished)


def next_matches(definition: TournamentDefinition, finished: Finished) -> list[Match]:
    """Return the unfinished matches that can be played now, ordered by round then key; with
    ``[sprt]``, those that an undecided test still needs."""
    matches = get_format(definition.format).next_matches(definition, finished)
    tests = sequential_tests(definition, finished)
    if tests is None:
        return matches
    return [match for match in matches if tests.needed(match)]
