"""Where matches run: the local pool (the default) or a Ray cluster (``backend = "ray"``).

A backend starts the bots, plays :class:`~tournaments.runner.worker.MatchTask` objects and hands
back :class:`~tournaments.runner.pool.Completion` objects; the run loop records every result
itself, so resume, standings and verify work the same on either. Before the first match the run
asks the backend for its bots' preflight (:mod:`tournaments.runner.preflight`), which looks at
the bots where the matches will reach them. The Ray backend lives in
:mod:`tournaments.runner.ray_backend` and is imported only when asked for: Ray is an optional
extra.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from typing import Protocol

from referee.sandbox import Level, Sandbox, sandbox_line
from referee.sandbox import resolve as resolve_level
from tournaments.definition import BACKENDS, TournamentDefinition
from tournaments.runner.fleet import BotFleet
from tournaments.runner.layout import RunFolder
from tournaments.runner.pool import Completion, WorkerPool
from tournaments.runner.preflight import PreflightProblem
from tournaments.runner.worker import MatchTask, SeatEndpoint

__all__ = ["BACKENDS", "Backend", "BackendError", "LocalBackend", "check_backend", "open_backend"]

RAY_MISSING = "the Ray backend needs Ray: pip install 'ruckus-arena[ray]'"


class BackendError(Exception):
    """A backend that cannot be used here (Ray not installed, no cluster at the address)."""


class Backend(Protocol):
    """Runs matches somewhere, ``idle()`` more at a time."""

    sandbox: Level
    """The sandbox level the bots run in."""

    @property
    def capacity(self) -> int:
        """How many matches run at once."""
        ...

    def check(self) -> None:
        """Restart bots that died since the last check."""
        ...

    def preflight(self) -> list[PreflightProblem]:
        """Ask every bot once whether it is ready to play; return the problems of those that
        are not (see :mod:`tournaments.runner.preflight`)."""
        ...

    def seats(self, names: Sequence[str]) -> tuple[SeatEndpoint, ...]:
        """Return where the bots ``names`` answer for their next match (empty when the
        machine that plays the match finds them itself)."""
        ...

    def idle(self) -> int:
        """Return how many more matches can start now."""
        ...

    def submit(self, task: MatchTask, seconds: float) -> None:
        """Start ``task``; it has ``seconds`` to finish."""
        ...

    def wait(self, timeout: float) -> list[Completion]:
        """Wait up to ``timeout`` seconds; return the tasks that came back."""
        ...

    def quarantined(self) -> list[str]:
        """Return the names of the bots quarantined so far."""
        ...

    def close(self) -> None:
        """Stop every process the backend started."""
        ...


class LocalBackend:
    """Bots spawned once on this machine, matches played in a local :class:`WorkerPool`."""

    def __init__(
        self,
        definition: TournamentDefinition,
        folder: RunFolder,
        concurrency: int,
        notify: Callable[[str], None],
    ) -> None:
        sandbox = Sandbox(resolve_level(definition.sandbox), definition.limits)
        self.sandbox = sandbox.level
        self.concurrency = concurrency
        notify(sandbox_line(sandbox.level))
        self.fleet = BotFleet(definition, folder.bots, notify, sandbox)
        try:
            self.fleet.start()
            self.pool = WorkerPool(concurrency, definition.game)
        except BaseException:
            self.fleet.stop()
            raise

    @property
    def capacity(self) -> int:
        """How many matches the pool plays at once."""
        return self.concurrency

    def check(self) -> None:
        """Restart the bots that died."""
        self.fleet.check()

    def preflight(self) -> list[PreflightProblem]:
        """Ask the fleet's bots where the pool's workers will reach them."""
        return self.fleet.preflight()

    def seats(self, names: Sequence[str]) -> tuple[SeatEndpoint, ...]:
        """Return the fleet's endpoints of ``names``."""
        return tuple(self.fleet.endpoint(name) for name in names)

    def idle(self) -> int:
        """Return the pool's free slots."""
        return self.pool.idle()

    def submit(self, task: MatchTask, seconds: float) -> None:
        """Give ``task`` to the pool."""
        self.pool.submit(task, seconds)

    def wait(self, timeout: float) -> list[Completion]:
        """Wait for the pool."""
        return self.pool.wait(timeout)

    def quarantined(self) -> list[str]:
        """Return the fleet's quarantined bots."""
        return self.fleet.quarantined()

    def close(self) -> None:
        """Stop the workers, then the bots."""
        try:
            self.pool.close()
        finally:
            self.fleet.stop()


def check_backend(name: str) -> None:
    """Raise BackendError if backend ``name`` cannot run here (Ray is not installed)."""
    if name == "ray" and importlib.util.find_spec("ray") is None:
        raise BackendError(RAY_MISSING)


def open_backend(
    name: str,
    definition: TournamentDefinition,
    folder: RunFolder,
    concurrency: int,
    notify: Callable[[str], None],
    ray_address: str | None = None,
) -> Backend:
    """Start backend ``name`` (``local`` or ``ray``) for the run in ``folder``."""
    check_backend(name)
    if name == "ray":
        from tournaments.runner.ray_backend import RayBackend

        return RayBackend(definition, folder, concurrency, notify, ray_address)
    return LocalBackend(definition, folder, concurrency, notify)
