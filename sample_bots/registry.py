"""Sample bots by name, each a command the harness runs as its own process.

Every installed game brings its own sample bots (``GamePlugin.sample_bots``: short name ->
Python module), known here as ``<game>-<short name>``; the Node bots, which play any game,
are known by their own names. A game whose engine offers ``resample`` and ``state_from_view``
also gets ``<game>-ismcts``, the generic ISMCTS bot (``sample_bots.ismcts``), unless it
names an ``ismcts`` bot of its own. A short name (``random``) is completed with the game's
name.
"""

from __future__ import annotations

import functools
import shutil
import sys
from pathlib import Path

from referee.games.registry import game_names, get_plugin

_HERE = Path(__file__).resolve().parent
ISMCTS = "ismcts"
GENERIC_ISMCTS = "sample_bots.ismcts"
SEARCH_MODEL = ("resample", "state_from_view")
"""What an engine offers (``referee.games.base.Resampling``) for the generic ISMCTS bot."""


def searchable_games() -> tuple[str, ...]:
    """Return the installed games whose engines offer the generic ISMCTS bot's forward model."""
    return tuple(
        game
        for game in game_names()
        if all(hasattr(get_plugin(game).engine, name) for name in SEARCH_MODEL)
    )


def _python_module(module: str) -> tuple[str, ...]:
    return (sys.executable, "-m", module)


def _node_script(script: str) -> tuple[str, ...]:
    return (shutil.which("node") or "node", str(_HERE / "node" / script))


@functools.cache
def sample_bots() -> dict[str, tuple[str, ...]]:
    """Return every sample bot: full name -> command line."""
    bots = {
        "node-random": _node_script("random_bot.js"),
        "node-greedy": _node_script("greedy_bot.js"),
    }
    searchable = searchable_games()
    for game in game_names():
        modules = dict(get_plugin(game).sample_bots)
        if game in searchable:
            modules.setdefault(ISMCTS, GENERIC_ISMCTS)
        for short, module in modules.items():
            bots[f"{game}-{short}"] = _python_module(module)
    return bots


def sample_names() -> list[str]:
    """Return every full sample-bot name."""
    return sorted(sample_bots())


def sample_command(name: str, game: str) -> tuple[str, ...]:
    """Return the command of sample bot ``name`` for ``game``; raise KeyError if unknown."""
    bots = sample_bots()
    for candidate in (name, f"{game}-{name}"):
        if candidate in bots:
            return bots[candidate]
    known = ", ".join(sample_names_for(game))
    raise KeyError(f"unknown sample bot {name!r} for {game}; known: {known}")


def sample_names_for(game: str) -> list[str]:
    """Return the full names of the sample bots that play ``game``: its own and the Node bots."""
    return [name for name in sample_names() if name.startswith((f"{game}-", "node-"))]
