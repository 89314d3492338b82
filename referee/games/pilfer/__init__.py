"""Pilfer rules engine: ``GAME`` satisfies referee.games.base.Game."""

from __future__ import annotations

from referee.games.pilfer.config import Config, make_config
from referee.games.pilfer.engine import PilferGame

GAME = PilferGame()

__all__ = ["GAME", "Config", "PilferGame", "make_config"]
