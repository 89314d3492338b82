"""Pure rules engines (standard library only) and the registry of games by name."""

from __future__ import annotations

import importlib
from typing import Any

from referee.games.base import Game

_ENGINE_MODULES = {
    "pilfer": "referee.games.pilfer",
    "wabbit": "referee.games.wabbit",
}

GAME_NAMES: tuple[str, ...] = tuple(_ENGINE_MODULES)


def get_game(name: str) -> Game[Any, Any]:
    """Return the engine registered under ``name``; raise KeyError naming the known games."""
    try:
        module_name = _ENGINE_MODULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(GAME_NAMES)}") from None
    game: Game[Any, Any] = importlib.import_module(module_name).GAME
    return game
