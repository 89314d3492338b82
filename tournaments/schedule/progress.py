"""How many matches a run will play, as far as the results so far tell (what progress counts).

The definition's format gives its known total (:meth:`tournaments.formats.Format.known_total`):
the whole schedule when it is fixed (round-robin, gauntlet, Swiss), or, for a knockout, a lower
bound that grows as results arrive, ``more`` saying the final count may be larger
(:mod:`tournaments.formats.knockout` says how it is counted). A ``[sprt]`` test can only cut a
schedule short; :class:`RunProgress` counts what its undecided tests still need.

The ETA of :meth:`RunProgress.eta` assumes the run goes on at the pace of this session so far:
its results over the time since its first match began. So it assumes the matches left take as
long as those played and as many of them run at once (a knockout's later rounds have fewer
series to play side by side, so its ETA is short then), and it counts the known matches only.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.definition import TournamentDefinition
from tournaments.formats import KnownTotal, get_format
from tournaments.schedule.match import Finished
from tournaments.schedule.sprt import SequentialTests

ETA_AFTER = 3
"""How many results of this session come before the first ETA."""


def known_total(definition: TournamentDefinition, finished: Finished) -> KnownTotal:
    """Return the matches the run of ``definition`` will play as far as ``finished`` tells
    (the whole schedule when it is fixed; without regard to ``[sprt]``)."""
    return get_format(definition.format).known_total(definition, finished)


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
