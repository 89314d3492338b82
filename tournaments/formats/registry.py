"""The registry of formats: every :class:`Format` installed in the ``ruckus.formats`` group.

Entry points are read once per process, as :mod:`referee.games.registry` reads the games'. An
entry point that fails to load, or that does not give a ``Format`` whose name is the entry
point's name, is left out and reported by :func:`load_problems` (``ruckus formats`` prints
them), so one broken package cannot take the other formats down.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points

from referee.games.entry_points import Loaded, load_plugins
from tournaments.formats.base import Format

ENTRY_POINT_GROUP = "ruckus.formats"


class UnknownFormat(KeyError):
    """A format name no installed plugin provides; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


@functools.cache
def _discover() -> Loaded[Format]:
    """Load every entry point of the group (see :mod:`referee.games.entry_points`)."""
    return load_plugins(entry_points(group=ENTRY_POINT_GROUP), Format, "format")


def format_names() -> tuple[str, ...]:
    """Return the name of every installed format, sorted."""
    return tuple(_discover().plugins)


def load_problems() -> tuple[str, ...]:
    """Return why any entry point of the group was left out (empty when all loaded)."""
    return tuple(_discover().problems.values())


def get_format(name: str) -> Format:
    """Return the format ``name``; raise UnknownFormat naming the known formats."""
    formats = _discover().plugins
    if name not in formats:
        known = ", ".join(formats) or "none installed"
        raise UnknownFormat(f"unknown format {name!r}; known formats: {known}")
    return formats[name]
