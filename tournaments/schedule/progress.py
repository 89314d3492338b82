"""How many matches a run will play, as far as the results so far tell (what progress counts).

Round-robin, gauntlet and Swiss play a fixed number of matches: the whole schedule, or
``swiss_rounds`` rounds of ``bots // 2`` pairings of ``games_per_pairing`` games. A
``[sprt]`` test can only cut a schedule short; :class:`RunProgress` counts what its
undecided tests still need.

A knockout's count grows as results arrive, since a series (see
:mod:`tournaments.schedule.knockout`) stops as soon as it is decided and a tied one goes on
to tiebreak pairs. Its known total is a lower bound of the final count, which never
decreases and reaches it when the final is decided. With ``N = games_per_pairing``:

* a bye plays nothing, and a decided series counts the games it played;
* a series being played counts its games so far and the fewest that could decide it in the
  segment it is in: ``min(rem, (rem - |d|) // 2 + 1)`` with ``rem`` the segment's games
  without a result and ``d`` the difference in wins (the games knockout has released);
* a series whose bots are not known yet counts the fewest games that decide a regulation
  of ``N`` games from the start: ``N // 2 + 1`` (``N`` itself for ``N`` of 1 or 2).

``more`` says the final count may be larger: some series could still play more than it
counts (a regulation of 3 or more games that is not over in the fewest, or tiebreak pairs
after a tie). When ``more`` is false the known total is the final count.

The ETA of :meth:`RunProgress.eta` assumes the run goes on at the pace of this session so far:
its results over the time since its first match began. So it assumes the matches left take as
long as those played and as many of them run at once (a knockout's later rounds have fewer
series to play side by side, so its ETA is short then), and it counts the known matches only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.definition import TournamentDefinition
from tournaments.schedule.gauntlet import gauntlet_matches
from tournaments.schedule.knockout import Series, bracket
from tournaments.schedule.match import Finished
from tournaments.schedule.roundrobin import round_robin_matches
from tournaments.schedule.sprt import SequentialTests

ETA_AFTER = 3
"""How many results of this session come before the first ETA."""


@dataclass(frozen=True)
class KnownTotal:
    """The matches a run will play as far as is known, and whether more may come."""

    matches: int
    more: bool

    def label(self, done: int) -> str:
        """Return ``done`` of the total as progress shows it: ``5/14``, or ``5/14+``."""
        return f"{done}/{self.matches}{'+' if self.more else ''}"


def known_total(definition: TournamentDefinition, finished: Finished) -> KnownTotal:
    """Return the matches the run of ``definition`` will play as far as ``finished`` tells
    (the whole schedule when it is fixed; without regard to ``[sprt]``)."""
    if definition.format == "knockout":
        return _knockout_total(definition, finished)
    if definition.format == "swiss":
        pairs = len(definition.bots) // 2
        return KnownTotal(definition.swiss_rounds * pairs * definition.games_per_pairing, False)
    if definition.format == "gauntlet":
        return KnownTotal(len(gauntlet_matches(definition)), False)
    return KnownTotal(len(round_robin_matches(definition)), False)


class RunProgress:
    """Matches done and the known total of a run, kept as results arrive.

    ``done`` starts at the results the run holds (by default, those of ``finished``): this
    session starts there. With ``tests`` (the run's ``[sprt]`` tests, which the run updates
    before each result reaches this) the total is what is done plus what the undecided tests
    still need. A knockout's results are kept (and its total recounted) only while more may
    come.
    """

    def __init__(
        self,
        definition: TournamentDefinition,
        finished: Finished,
        tests: SequentialTests | None = None,
        done: int | None = None,
    ) -> None:
        self.definition = definition
        self.tests = tests
        self.done = len(finished) if done is None else done
        self.session_start = self.done
        self.first_start: float | None = None
        """When this session's first match began (seconds of the caller's clock)."""
        self.total = known_total(definition, finished)
        self._finished = dict(finished) if self.total.more else None
        self._count_tests()

    def record(self, key: str, ranks: Sequence[int]) -> None:
        """Count the result of match ``key``."""
        self.done += 1
        if self._finished is not None:
            self._finished[key] = ranks
            self.total = known_total(self.definition, self._finished)
            if not self.total.more:
                self._finished = None
        self._count_tests()

    def left(self) -> int:
        """Return how many of the known matches have no result yet."""
        return max(0, self.total.matches - self.done)

    def began(self, now: float) -> None:
        """Note that a match is playing at ``now``; the first call starts this session's pace."""
        if self.first_start is None:
            self.first_start = now

    def eta(self, now: float) -> float | None:
        """Return the seconds the known matches left take at this session's pace (see the
        module's docstring); None before :data:`ETA_AFTER` results and with none left."""
        played = self.done - self.session_start
        left = self.left()
        if played < ETA_AFTER or not left or self.first_start is None:
            return None
        return left * (now - self.first_start) / played

    def label(self) -> str:
        """Return the progress as shown: ``5/14``, or ``5/14+`` when more may come."""
        return self.total.label(self.done)

    def _count_tests(self) -> None:
        if self.tests is not None:
            self.total = KnownTotal(self.done + self.tests.remaining(), False)


def _fewest_to_decide(rem: int, lead: int) -> int:
    """Return the fewest games that decide a series with ``rem`` games left in its segment
    and a difference of ``lead`` wins (the leader wins them all)."""
    return min(rem, (rem - lead) // 2 + 1)


def _knockout_total(definition: TournamentDefinition, finished: Finished) -> KnownTotal:
    regulation = definition.games_per_pairing
    fewest = _fewest_to_decide(regulation, 0)
    tiebreaks = definition.tiebreak_games // 2
    matches = 0
    more = False
    for series in bracket(definition, finished):
        if series.winner is not None:
            matches += series.games_played
        elif series.high is None or series.low is None:
            matches += fewest
            more = more or fewest < regulation or tiebreaks > 0
        else:
            rem, later = _open_segment(series, regulation, tiebreaks)
            counted = _fewest_to_decide(rem, abs(series.high_wins - series.low_wins))
            matches += series.games_played + counted
            more = more or counted < rem or later > 0
    return KnownTotal(matches, more)


def _open_segment(series: Series, regulation: int, tiebreaks: int) -> tuple[int, int]:
    """Return the games without a result in an open series' current segment and the tiebreak
    segments after it. Every earlier segment is complete (and tied), so the current one is
    the first that ends after the games played."""
    end = regulation
    later = tiebreaks
    while end <= series.games_played and later > 0:
        end += 2
        later -= 1
    return end - series.games_played, later
