"""Wabbit Wampage (1985) rules engine: a farmer against wabbits, over four seasons.

The package exposes ``GAME``, an object satisfying ``referee.games.base.Game``.
"""

from referee.games.wabbit.engine import GAME, WabbitGame

__all__ = ["GAME", "WabbitGame"]
