"""Where a run's matches go: a backend's name and that backend's own options."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tournaments.definition import TournamentDefinition
from tournaments.runner.backends.base import Backend, BackendPlugin
from tournaments.runner.backends.registry import usable_backend
from tournaments.runner.layout import RunFolder


@dataclass(frozen=True)
class Placement:
    """Where a run's matches go: ``backend`` (None: the definition's) and that backend's own
    ``options``, as its plugin parsed them (None: its defaults). Options belong to the backend
    they were parsed by, so options come with the backend's name."""

    backend: str | None = None
    options: object | None = None

    def __post_init__(self) -> None:
        if self.options is not None and self.backend is None:
            raise ValueError("a backend's options come with the backend's name")

    def resolve(self, definition: TournamentDefinition) -> str:
        """Return the name of the backend to use for ``definition``."""
        return self.backend or definition.backend

    def check(self, definition: TournamentDefinition) -> BackendPlugin[Any]:
        """Return the backend to use for ``definition``; raise BackendError if it is unknown or
        cannot run here."""
        return usable_backend(self.resolve(definition))

    def open(
        self,
        definition: TournamentDefinition,
        folder: RunFolder,
        concurrency: int,
        notify: Callable[[str], None],
    ) -> Backend:
        """Start the backend for the run in ``folder`` with its options (see
        :meth:`~tournaments.runner.backends.base.BackendPlugin.open`)."""
        plugin = self.check(definition)
        options = plugin.parse_options({}) if self.options is None else self.options
        return plugin.open(definition, folder, concurrency, notify, options)
