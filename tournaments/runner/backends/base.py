"""What a backend is: the plugin that names it and owns its options, and the running
:class:`Backend` a run plays its matches on.

A running backend starts the bots, plays :class:`~tournaments.runner.worker.MatchTask`
objects and hands back :class:`~tournaments.runner.pool.Completion` objects; the run loop
records every result itself, so resume, standings and verify work the same on any backend.
Before the first match the run asks the backend for its bots' preflight
(:mod:`tournaments.runner.preflight`), which looks at the bots where the matches will reach
them.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from referee.sandbox import Level
from tournaments.definition import TournamentDefinition
from tournaments.runner.layout import RunFolder
from tournaments.runner.pool import Completion
from tournaments.runner.preflight import PreflightProblem
from tournaments.runner.worker import MatchTask, SeatEndpoint

OptionsT = TypeVar("OptionsT")
"""A backend's own options object."""


class BackendError(Exception):
    """A backend that cannot be used here (not installed, unknown, no cluster at the address)."""


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


@dataclass(frozen=True)
class BackendOption:
    """One option a backend takes, ``--backend-option NAME=VALUE`` on the command line
    (``address=HOST:PORT`` for ``ray``)."""

    name: str
    help: str
    metavar: str = "VALUE"


class BackendPlugin(ABC, Generic[OptionsT]):
    """A place where matches can run. A package gives one instance of a subclass in the
    ``ruckus.backends`` entry-point group, under the backend's :attr:`name` (docs/backends.md).

    The plugin module stays light: it is loaded to list backends and to read their options,
    so what a backend needs to run (Ray, for ``ray``) is imported in :meth:`open`.
    """

    name: str
    """What ``--backend`` and a definition's ``backend`` call it (``local``)."""
    summary: str
    """One line: where its matches run."""
    takes: tuple[BackendOption, ...] = ()
    """The options it takes (none by default)."""

    def unavailable(self) -> str | None:
        """Return why the backend cannot run here (and how to fix it), or None when it can."""
        return None

    def default_concurrency(self) -> int:
        """Return how many matches run at once when neither the command line nor the definition
        says (0: as many as the backend has room for); by default the cores of this machine."""
        return os.cpu_count() or 1

    def parse_options(self, given: Mapping[str, str]) -> OptionsT:
        """Return the backend's options from ``given`` (option name -> value; absent ones take
        their defaults); raise BackendError for a name it does not take or a bad value."""
        known = [option.name for option in self.takes]
        for name in given:
            if name not in known:
                choices = f"its options: {', '.join(known)}" if known else "it takes none"
                raise BackendError(f"backend {self.name!r} has no option {name!r}; {choices}")
        return self.build_options(given)

    @abstractmethod
    def build_options(self, given: Mapping[str, str]) -> OptionsT:
        """Return the backend's options from ``given``, whose names are all of :attr:`takes`;
        raise BackendError for a bad value."""

    @abstractmethod
    def open(
        self,
        definition: TournamentDefinition,
        folder: RunFolder,
        concurrency: int,
        notify: Callable[[str], None],
        options: OptionsT,
    ) -> Backend:
        """Start the backend for the run in ``folder``: its bots started, ready for matches,
        at most ``concurrency`` at once; ``notify`` takes one-line notices for the user."""
