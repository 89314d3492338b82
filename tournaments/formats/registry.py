"""The registry of formats: every :class:`Format` installed in the ``ruckus.formats`` group.

Entry points are read once per process, as :mod:`referee.games.registry` reads the games'. An
entry point that fails to load, or that does not give a ``Format`` whose name is the entry
point's name, is left out and reported by :func:`load_problems` (``ruckus formats`` prints
them), so one broken package cannot take the other formats down.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points

from tournaments.formats.base import Format

ENTRY_POINT_GROUP = "ruckus.formats"


class UnknownFormat(KeyError):
    """A format name no installed plugin provides; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


@functools.cache
def _discover() -> tuple[dict[str, Format], tuple[str, ...]]:
    """Load every entry point of the group; return (formats by name, problems)."""
    formats: dict[str, Format] = {}
    problems: list[str] = []
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            plugin = point.load()
        except Exception as error:  # a broken third-party package must not stop the others
            problems.append(f"format {point.name!r} ({point.value}) failed to load: {error}")
            continue
        if not isinstance(plugin, Format) or plugin.name != point.name:
            problems.append(f"format {point.name!r} ({point.value}) is not a Format named so")
            continue
        formats.setdefault(point.name, plugin)
    return formats, tuple(problems)


def format_names() -> tuple[str, ...]:
    """Return the name of every installed format, sorted."""
    return tuple(_discover()[0])


def load_problems() -> tuple[str, ...]:
    """Return why any entry point of the group was left out (empty when all loaded)."""
    return _discover()[1]


def get_format(name: str) -> Format:
    """Return the format ``name``; raise UnknownFormat naming the known formats."""
    formats = _discover()[0]
    if name not in formats:
        known = ", ".join(formats) or "none installed"
        raise UnknownFormat(f"unknown format {name!r}; known formats: {known}")
    return formats[name]
