"""The tournament runner: a bot fleet, the backends that play matches, and the loop that
records results.

:func:`start_run` and :func:`resume_run` are the entry points; observers (the live view, the
plain printer) follow a run through :class:`RunObserver`. Matches run in a local pool of
``spawn`` workers, each carrying several matches, or as Ray tasks on a Ray cluster
(:mod:`tournaments.runner.ray_backend`, imported only when asked for).
"""

from tournaments.runner.backend import BackendError
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
    "BackendError",
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
