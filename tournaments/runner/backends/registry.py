"""The registry of backends: every ``BackendPlugin`` installed in the ``ruckus.backends``
entry-point group.

Entry points are read once per process. An entry point that fails to load, or that does not
give a ``BackendPlugin`` whose name is the entry point's name, is left out and reported by
:func:`load_problems` (``ruckus backends`` prints them), so one broken package cannot take the
other backends down; asking for it by name says why it is missing.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points
from typing import Any

from referee.games.entry_points import Loaded, load_plugins
from tournaments.runner.backends import ENTRY_POINT_GROUP
from tournaments.runner.backends.base import BackendError, BackendPlugin


class UnknownBackend(BackendError):
    """A backend name no installed plugin provides; the message lists the known ones."""


@functools.cache
def _discover() -> Loaded[BackendPlugin[Any]]:
    """Load every entry point of the group (see :mod:`referee.games.entry_points`)."""
    return load_plugins(entry_points(group=ENTRY_POINT_GROUP), BackendPlugin, "backend")


def installed_backends() -> tuple[BackendPlugin[Any], ...]:
    """Return every backend that loaded, sorted by name."""
    return tuple(_discover().plugins.values())


def load_problems() -> tuple[str, ...]:
    """Return why any entry point of the group was left out (empty when all loaded)."""
    return tuple(_discover().problems.values())


def get_backend(name: str) -> BackendPlugin[Any]:
    """Return the backend ``name``; raise UnknownBackend naming the known ones, or BackendError
    saying why an installed one did not load."""
    loaded = _discover()
    plugins, problems = loaded.plugins, loaded.problems
    if name in plugins:
        return plugins[name]
    if name in problems:
        raise BackendError(problems[name])
    known = ", ".join(plugins) or "none installed"
    raise UnknownBackend(f"unknown backend {name!r}; choose one of {known}")


def usable_backend(name: str) -> BackendPlugin[Any]:
    """Return the backend ``name`` if it can run here; else raise BackendError with the reason
    (how to install what it needs)."""
    plugin = get_backend(name)
    problem = plugin.unavailable()
    if problem is not None:
        raise BackendError(problem)
    return plugin
