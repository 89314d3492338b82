"""The tournament runner: a bot fleet, the backends that play matches, and the loop that
records results.

:func:`start_run` and :func:`resume_run` are the entry points; observers (the live view, the
plain printer) follow a run through :class:`RunObserver`. Matches run on a backend
(:mod:`tournaments.runner.backends`): a local pool of ``spawn`` workers, each carrying several
matches, Ray tasks on a Ray cluster (Ray imported only when asked for), or any installed one.

The names below are imported on first use: a match worker imports
:mod:`tournaments.runner.worker` alone, and so loads the referee but not the definitions,
schedules and statistics the runner itself needs (tens of megabytes per worker).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tournaments.runner.backends.base import BackendError
    from tournaments.runner.fleet import BotFleet, FleetError
    from tournaments.runner.layout import RunFolder
    from tournaments.runner.pool import PoolError
    from tournaments.runner.run import (
        RunContext,
        RunnerError,
        RunObserver,
        RunSummary,
        SilentObserver,
        run_tournament,
    )
    from tournaments.runner.session import resume_run, start_run

_HOMES = {
    "BackendError": "backends.base",
    "BotFleet": "fleet",
    "FleetError": "fleet",
    "PoolError": "pool",
    "RunContext": "run",
    "RunFolder": "layout",
    "RunObserver": "run",
    "RunSummary": "run",
    "RunnerError": "run",
    "SilentObserver": "run",
    "resume_run": "session",
    "run_tournament": "run",
    "start_run": "session",
}

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
    "SilentObserver",
    "resume_run",
    "run_tournament",
    "start_run",
]


def __getattr__(name: str) -> Any:
    """Import the runner's public ``name`` from its module when it is first asked for."""
    module = _HOMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
