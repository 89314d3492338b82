"""``ruckus replay verify`` on every core: the logs a verification plans are checked by a pool
of worker processes, and their verdicts come back in the plan's order.

A few logs are checked in this process (starting workers would cost more than it saves). The
workers are started with ``spawn``, so they share nothing with this process but the runs they
are handed once, when each starts.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tournaments.replay.checks import Verdict
from tournaments.replay.runs import LogCheck, RunRecord, judge, plan_paths

PARALLEL_FROM = 24
"""The fewest logs worth starting worker processes for."""
_CHUNK = 8
"""Logs handed to a worker at a time."""
_RUNS: Mapping[Path, RunRecord] = {}
"""The runs a worker's checks belong to (set once in each worker)."""


def _remember(runs: Mapping[Path, RunRecord]) -> None:
    """Keep the runs in this worker."""
    global _RUNS
    _RUNS = runs


def _judge_here(check: LogCheck) -> Verdict:
    """Verify one log in a worker."""
    return judge(check, _RUNS)


def verify_paths(paths: Sequence[Path], workers: int | None = None) -> Iterator[Verdict]:
    """Verify each run folder and log file in ``paths`` in order, one verdict per log, on
    ``workers`` processes (default: one per core).

    Raise NotARunFolder, before verifying anything, for a folder with nothing to verify.
    """
    plan, runs = plan_paths(paths)
    checks = [item for item in plan if isinstance(item, LogCheck)]
    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(checks) < PARALLEL_FROM:
        for item in plan:
            yield judge(item, runs) if isinstance(item, LogCheck) else item
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, context, initializer=_remember, initargs=(runs,)) as pool:
        verdicts = pool.map(_judge_here, checks, chunksize=_CHUNK)
        for item in plan:
            yield next(verdicts) if isinstance(item, LogCheck) else item
