"""Backends: where a run's matches are played, each one a plugin of the ``ruckus.backends``
entry-point group.

A backend is a :class:`~tournaments.runner.backends.base.BackendPlugin`: a name, a summary,
whether it can run here, its own options, and ``open`` that starts the running
:class:`~tournaments.runner.backends.base.Backend` a run hands its matches to. Ruckus ships
``local`` (:mod:`tournaments.runner.backends.local`) and ``ray``
(:mod:`tournaments.runner.backends.ray`) and registers them the way any package registers
its own (docs/backends.md); :mod:`tournaments.runner.backends.registry` loads them, and
:mod:`tournaments.runner.backends.placement` opens the one a run asks for.

The names are read here from the packages' metadata, without loading any backend, so a
definition's ``backend`` field is checked without importing the runner.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points

ENTRY_POINT_GROUP = "ruckus.backends"


@functools.cache
def backend_names() -> tuple[str, ...]:
    """Return the name of every installed backend, sorted (read once per process)."""
    return tuple(sorted({point.name for point in entry_points(group=ENTRY_POINT_GROUP)}))
