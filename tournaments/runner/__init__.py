"""The tournament runner: a bot fleet, a local process pool, and the loop that records results.

:func:`start_run` and :func:`resume_run` are the entry points; observers (the live view, the
plain printer) follow a run through :class:`RunObserver`. Matches run in a local pool of
``spawn`` workers; a Ray backend is not part of this package.
"""

from tournaments.runner.fleet import BotFleet, FleetError
from tournaments.runner.layout import RunFolder
from tournaments.runner.pool import PoolError
from tournaments.runner.run import (
    RunContext,
    RunnerError,
    RunObserver,
    RunSummary,
    expected_total,
    run_tournament,
)
from tournaments.runner.session import resume_run, start_run

__all__ = [
    "BotFleet",
    "FleetError",
    "PoolError",
    "RunContext",
    "RunFolder",
    "RunObserver",
    "RunSummary",
    "RunnerError",
    "expected_total",
    "resume_run",
    "run_tournament",
    "start_run",
]
