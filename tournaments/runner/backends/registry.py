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

from tournaments.runner.backends import ENTRY_POINT_GROUP
from tournaments.runner.backends.base import BackendError, BackendPlugin


class UnknownBackend(BackendError):
    """A backend name no installed plugin provides; the message lists the known ones."""


@functools.cache
def _discover() -> tuple[dict[str, BackendPlugin[Any]], dict[str, str]]:
    """Load every entry point of the group; return (plugins by name, problems by name)."""
    plugins: dict[str, BackendPlugin[Any]] = {}
    problems: dict[str, str] = {}
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            plugin = point.load()
        except Exception as error:  # a broken third-party package must not stop the others
            problems[point.name] = f"backend {point.name!r} ({point.value}) failed to load: {error}"
            continue
        if not isinstance(plugin, BackendPlugin) or plugin.name != point.name:
            problems[point.name] = (
                f"backend {point.name!r} ({point.value}) is not a BackendPlugin named so"
            )
            continue
        plugins.setdefault(point.name, plugin)
    return plugins, problems


def installed_backends() -> tuple[BackendPlugin[Any], ...]:
    """Return every backend that loaded, sorted by name."""
    return tuple(_discover()[0].values())


def load_problems() -> tuple[str, ...]:
    """Return why any entry point of the group was left out (empty when all loaded)."""
    return tuple(_discover()[1].values())


def get_backend(name: str) -> BackendPlugin[Any]:
    """Return the backend ``name``; raise UnknownBackend naming the known ones, or BackendError
    saying why an installed one did not load."""
    plugins, problems = _discover()
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
