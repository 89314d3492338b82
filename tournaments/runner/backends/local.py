"""The ``local`` backend (the default): bots spawned once on this machine, matches played in a
local :class:`~tournaments.runner.pool.WorkerPool` of ``spawn`` workers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from referee.sandbox import Sandbox, sandbox_line
from referee.sandbox import resolve as resolve_level
from tournaments.definition import TournamentDefinition
from tournaments.runner.backends.base import Backend, BackendPlugin
from tournaments.runner.fleet import BotFleet
from tournaments.runner.layout import RunFolder
from tournaments.runner.pool import Completion, WorkerPool
from tournaments.runner.preflight import PreflightProblem
from tournaments.runner.worker import MatchTask, SeatEndpoint


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


class LocalPlugin(BackendPlugin[None]):
    """The ``local`` backend: it works everywhere and takes no options."""

    name = "local"
    summary = "a pool of worker processes on this machine (the default)"

    def build_options(self, given: Mapping[str, str]) -> None:
        """Return None: the local backend has no options."""
        return None

    def open(
        self,
        definition: TournamentDefinition,
        folder: RunFolder,
        concurrency: int,
        notify: Callable[[str], None],
        options: None,
    ) -> Backend:
        """Start the bots and the pool's workers."""
        return LocalBackend(definition, folder, concurrency, notify)


PLUGIN = LocalPlugin()
"""The entry point of ``local`` (``ruckus.backends``)."""
