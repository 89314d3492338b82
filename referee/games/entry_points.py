"""Loading one entry-point group of plugins, for every registry of plugins (games here;
formats and backends in the tournaments).

Each entry point must load and give an object of the registry's kind whose ``name`` is the
entry point's name. One that does not is left out with a line saying why, so one broken
package cannot take the others down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib.metadata import EntryPoint
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a group gave: its plugins by name (sorted) and, by name, why any was left out."""

    plugins: dict[str, T]
    problems: dict[str, str]


def load_plugins(points: Iterable[EntryPoint], kind: type, noun: str) -> Loaded[Any]:
    """Load ``points``, each expected to give a ``kind`` (an abstract base will do) named as
    the entry point; ``noun`` names a plugin in the problems (``game 'x' (pkg:X) failed to
    load: ...``)."""
    plugins: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for point in sorted(points, key=lambda p: p.name):
        try:
            plugin = point.load()
        except Exception as error:  # a broken third-party package must not stop the others
            problems[point.name] = f"{noun} {point.name!r} ({point.value}) failed to load: {error}"
            continue
        if not isinstance(plugin, kind) or getattr(plugin, "name", None) != point.name:
            problems[point.name] = (
                f"{noun} {point.name!r} ({point.value}) is not a {kind.__name__} named so"
            )
            continue
        plugins.setdefault(point.name, plugin)
    return Loaded(plugins, problems)
