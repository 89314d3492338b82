"""The registry of games: every ``GamePlugin`` installed in the ``ruckus.games`` entry-point group.

Entry points are read once per process, and a game asked for by name is loaded alone (listing
the games loads them all). An entry point that fails to load, or that does not give a
``GamePlugin`` whose engine name is the entry point's name, is left out and reported by
:func:`load_problems` (``ruckus doctor`` and ``ruckus games`` print them), so one broken
package cannot take the other games down.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from importlib import resources
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from referee.games.base import Game
from referee.games.entry_points import Loaded, load_plugins
from referee.games.plugin import GamePlugin

ENTRY_POINT_GROUP = "ruckus.games"


class UnknownGame(KeyError):
    """A game name no installed plugin provides; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


@functools.cache
def _discover() -> Loaded[GamePlugin]:
    """Load every entry point of the group (see :mod:`referee.games.entry_points`)."""
    return load_plugins(entry_points(group=ENTRY_POINT_GROUP), GamePlugin, "game")


def game_names() -> tuple[str, ...]:
    """Return the name of every installed game, sorted."""
    return tuple(_discover().plugins)


def load_problems() -> tuple[str, ...]:
    """Return why any entry point of the group was left out (empty when all loaded)."""
    return tuple(_discover().problems.values())


@functools.cache
def _discover_one(name: str) -> Loaded[GamePlugin]:
    """Load only the entry points named ``name``: a process that plays one game (a match
    worker, a bot that models its game) imports that game alone."""
    points = [point for point in entry_points(group=ENTRY_POINT_GROUP) if point.name == name]
    return load_plugins(points, GamePlugin, "game")


def get_plugin(name: str) -> GamePlugin:
    """Return the plugin of game ``name``; raise UnknownGame naming the known games."""
    plugin = _discover_one(name).plugins.get(name)
    if plugin is None:
        known = ", ".join(_discover().plugins) or "none installed"
        raise UnknownGame(f"unknown game {name!r}; known games: {known}")
    return plugin


def get_game(name: str) -> Game[Any, Any]:
    """Return the engine of game ``name``; raise UnknownGame naming the known games."""
    return get_plugin(name).engine


def load_reference(reference: str) -> Any:
    """Return the object a ``"module:attribute"`` reference of a plugin names."""
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"bad plugin reference {reference!r}; expected 'module:attribute'")
    return getattr(importlib.import_module(module_name), attribute)


def docs_location(plugin: GamePlugin) -> str:
    """Return where bot authors read about the game: the plugin's ``docs`` URL as it is, the
    installed file a ``"package:file"`` reference names, a path in Ruckus's source for a
    built-in game, or empty when the plugin names none."""
    docs = plugin.docs
    if not docs or "://" in docs or ":" not in docs:
        return docs
    package, _, name = docs.partition(":")
    return str(resources.files(package).joinpath(name))


@functools.cache
def plugin_folders() -> tuple[Path, ...]:
    """Return the folders the installed game packages are imported from (an editable install's
    source folder included), so a sandboxed bot can import the engine it models the game with.

    Only the entry points' metadata and import specs are read: no plugin is loaded.
    """
    folders: list[Path] = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        top = point.module.partition(".")[0]
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            continue
        if spec is not None and spec.submodule_search_locations is not None:
            folders.extend(Path(location) for location in spec.submodule_search_locations)
    return tuple(folders)
