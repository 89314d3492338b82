"""The ratings' bootstrap intervals for the leaderboard, fitted in a separate process.

A bootstrap refits the whole field ``resamples`` times, which takes far longer than a page may:
:class:`IntervalFits` hands it to one ``spawn`` process of its own at low priority (so neither
the pages nor a run playing beside them wait on it; it dies with the server's process, even by
``kill -9``), when none is running and the matches have
grown by a quarter since the last one (or there was none). The leaderboard shows the last
intervals with the number of matches they cover.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from tournaments.processes import die_with_parent
from tournaments.ratings import RatedGame, fit_joint_ratings

GROWTH = 4
"""The intervals are refitted once the matches have grown by 1/GROWTH since the last fit."""
NICENESS = 10
"""How much lower than the server the fitting process runs."""


@dataclass(frozen=True)
class Intervals:
    """Each bot's 95% interval (lower, upper) as fitted on the first ``results`` matches."""

    results: int
    bounds: dict[str, tuple[float | None, float | None]]


def fit_intervals(
    bots: Sequence[str], games: Sequence[RatedGame], anchor: str | None, resamples: int
) -> Intervals:
    """Return the bootstrap intervals of the joint ratings of ``games``."""
    fitted = fit_joint_ratings(bots, games, anchor, resamples)
    return Intervals(len(games), {r.name: (r.lower, r.upper) for r in fitted.ratings})


def _start_fitting(parent: int) -> None:
    """Start the fitting process: it dies with the server's, and runs below it."""
    die_with_parent(parent)
    os.nice(NICENESS)


class IntervalFits:
    """The last intervals of a growing list of matches, refitted in the background."""

    def __init__(self, bots: Sequence[str], anchor: str | None, resamples: int) -> None:
        self.bots = tuple(bots)
        self.anchor = anchor
        self.resamples = resamples
        self.latest: Intervals | None = None
        self._running: Future[Intervals] | None = None
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def due(self, count: int) -> bool:
        """Return whether ``count`` matches call for a new fit (none running)."""
        with self._lock:
            if self.resamples == 0 or self._running is not None or count == 0:
                return False
            last = 0 if self.latest is None else self.latest.results
            return last == 0 or count - last >= max(1, last // GROWTH)

    def start(self, games: Callable[[], list[RatedGame]]) -> None:
        """Fit the intervals of ``games()`` in the background process."""
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    1, context, initializer=_start_fitting, initargs=(os.getpid(),)
                )
            future = self._pool.submit(
                fit_intervals, self.bots, games(), self.anchor, self.resamples
            )
            self._running = future
        future.add_done_callback(self._finished)

    def _finished(self, future: Future[Intervals]) -> None:
        with self._lock:
            self._running = None
            if not future.cancelled() and future.exception() is None:
                self.latest = future.result()

    def close(self) -> None:
        """Stop the fitting process (a fit under way is abandoned)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
