"""Pure rules engines (standard library only) and the registry of installed games."""

from __future__ import annotations

from referee.games.registry import UnknownGame, game_names, get_game, get_plugin

__all__ = ["UnknownGame", "game_names", "get_game", "get_plugin"]
